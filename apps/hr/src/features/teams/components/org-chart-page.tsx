import type { TeamTreePerson } from '@kadry/shared/schemas/teams';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useTeamTree } from '../api/get-team-tree';
import { buildTree, type TreeItem } from '../tree/tree-model';
import './org-chart.css';

/** How many members a card names before "+N more". */
const MEMBERS_SHOWN = 8;

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toLocaleUpperCase() ?? '')
    .join('');
}

function Person({ person, isManager }: { person: TeamTreePerson; isManager?: boolean }) {
  return (
    <li className={isManager ? 'org-chart__person is-manager' : 'org-chart__person'}>
      <span className="org-chart__avatar" aria-hidden="true">
        {initialsOf(person.name)}
      </span>
      <span>{person.name}</span>
    </li>
  );
}

function OrgChartBranch({ item }: { item: TreeItem }) {
  const t = useT();
  const { node } = item;
  const members = node.members ?? [];
  const more = members.length - MEMBERS_SHOWN;
  return (
    <li className="org-chart__branch">
      <section className="org-chart__card" aria-label={node.name}>
        <h2 className="org-chart__name">
          {node.name}
          {node.is_hidden ? <span className="chip chip--grey">{t('hr.teams.tree.hidden_chip')}</span> : null}
        </h2>
        <p className="org-chart__count">{t('hr.teams.tree.members_count', { count: node.members_count })}</p>
        {node.managers.length > 0 ? (
          <ul className="org-chart__people" aria-label={t('hr.teams.chart.managers_of', { name: node.name })}>
            {node.managers.map((manager) => (
              <Person key={manager.id} person={manager} isManager />
            ))}
          </ul>
        ) : (
          <p className="org-chart__count">{t('hr.teams.no_managers')}</p>
        )}
        {members.length > 0 ? (
          <ul className="org-chart__people" aria-label={t('hr.teams.chart.members_of', { name: node.name })}>
            {members.slice(0, MEMBERS_SHOWN).map((member) => (
              <Person key={member.id} person={member} />
            ))}
            {more > 0 ? (
              <li className="org-chart__more">{t('hr.teams.chart.more', { count: more })}</li>
            ) : null}
          </ul>
        ) : null}
      </section>
      {item.children.length > 0 ? (
        <ul className="org-chart__children">
          {item.children.map((child) => (
            <OrgChartBranch key={child.node.id} item={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The org chart: the teams tree the user sees, drawn top-down with managers and members (initials
 * for avatars). Printed on its own (print CSS hides the rest of the app), so "Print / Save as PDF"
 * is the PDF export; "Download PNG" draws the chart with html-to-image, loaded only when asked.
 */
export function OrgChartPage() {
  const t = useT();
  const query = useTeamTree({ withMembers: true });
  const tree = useMemo(() => buildTree(query.data ?? []), [query.data]);
  const chartRef = useRef<HTMLDivElement>(null);
  const [isExporting, setIsExporting] = useState(false);

  const downloadPng = async () => {
    const chart = chartRef.current;
    if (!chart || isExporting) return;
    setIsExporting(true);
    try {
      const { toPng } = await import('html-to-image');
      const url = await toPng(chart, { backgroundColor: '#ffffff', pixelRatio: 2, cacheBust: true });
      const link = document.createElement('a');
      link.href = url;
      link.download = 'org-chart.png';
      link.click();
    } catch (error) {
      snackbar.error(t('hr.teams.chart.png_failed', { message: getRequestErrorMessage(error) }));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <section className="org-chart-page">
      <PageHeading
        actions={
          <div className="org-chart-page__actions">
            <Link href="/teams">{t('hr.teams.chart.back')}</Link>
            <button type="button" onClick={() => window.print()}>
              {t('hr.teams.chart.print')}
            </button>
            <button type="button" onClick={downloadPng} disabled={isExporting} aria-busy={isExporting}>
              {t('hr.teams.chart.png')}
            </button>
          </div>
        }
      >
        {t('hr.teams.chart.title')}
      </PageHeading>
      <QueryState isPending={query.isPending} isError={query.isError} onRetry={() => query.refetch()}>
        {tree.roots.length === 0 ? (
          <p role="status">{t('hr.teams.empty')}</p>
        ) : (
          // A wide tree scrolls sideways inside its box: keyboard users reach it to scroll (axe
          // scrollable-region-focusable).
          <div
            className="org-chart"
            ref={chartRef}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus to scroll by keyboard
            tabIndex={0}
          >
            <ul className="org-chart__roots">
              {tree.roots.map((item) => (
                <OrgChartBranch key={item.node.id} item={item} />
              ))}
            </ul>
          </div>
        )}
      </QueryState>
    </section>
  );
}
