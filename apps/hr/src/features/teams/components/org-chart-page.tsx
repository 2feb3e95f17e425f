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

/** Pixels drawn per CSS pixel: sharp when printed and on high-density screens. */
const PIXEL_RATIO = 2;
/** Longest canvas side drawn, in pixels: browsers refuse or blank canvases past about 16,384. */
const CANVAS_MAX_SIDE = 16_000;
/** The largest PDF page, in points, turned to the chart's orientation: A3 (1191 × 842 pt). */
const PDF_PAGE_LONG_SIDE = 1190;
const PDF_PAGE_SHORT_SIDE = 842;
/** Points per CSS pixel (72 pt and 96 px to the inch). */
const POINTS_PER_PX = 0.75;

type ChartDrawing = { dataUrl: string; pixelRatio: number };

/**
 * Draws the whole chart, the part scrolled out of view too, as a PNG with html-to-image (loaded only
 * when asked). A large chart gets fewer pixels per CSS pixel, so the canvas stays within the browser's
 * limit and the chart stays whole.
 */
async function drawChart(chart: HTMLElement): Promise<ChartDrawing> {
  const { toPng } = await import('html-to-image');
  const width = chart.scrollWidth;
  const height = chart.scrollHeight;
  const pixelRatio = Math.min(PIXEL_RATIO, CANVAS_MAX_SIDE / Math.max(width, height, 1));
  const dataUrl = await toPng(chart, {
    backgroundColor: '#ffffff',
    pixelRatio,
    cacheBust: true,
    width,
    height,
    style: { overflow: 'visible' },
  });
  return { dataUrl, pixelRatio };
}

/**
 * One page holding the drawing, shaped like it: its CSS size in points, scaled down to fit A3 (in
 * the chart's orientation) when larger. pdf-lib is loaded only when asked.
 */
async function buildChartPdf(drawing: ChartDrawing, title: string): Promise<Uint8Array<ArrayBuffer>> {
  const { PDFDocument } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(title, { showInWindowTitleBar: true });
  pdf.setCreationDate(new Date());
  const image = await pdf.embedPng(drawing.dataUrl);
  const width = image.width / drawing.pixelRatio;
  const height = image.height / drawing.pixelRatio;
  const [maxWidth, maxHeight] =
    width >= height ? [PDF_PAGE_LONG_SIDE, PDF_PAGE_SHORT_SIDE] : [PDF_PAGE_SHORT_SIDE, PDF_PAGE_LONG_SIDE];
  const scale = Math.min(POINTS_PER_PX, maxWidth / width, maxHeight / height);
  const page = pdf.addPage([width * scale, height * scale]);
  page.drawImage(image, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  // pdf-lib types its bytes as any buffer's; they are a plain ArrayBuffer's, which Blob takes.
  return new Uint8Array(await pdf.save());
}

/** Hands a file to the browser under a name, as a clicked download link would. */
function saveFile(href: string, name: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.click();
}

/**
 * The org chart: the teams tree the user sees, drawn top-down with managers and members (initials
 * for avatars). Printed on its own (print CSS hides the rest of the app) by "Print / Save as PDF";
 * "Download PNG" and "Download PDF" draw it as an image (one page of a PDF) without the print dialog.
 */
export function OrgChartPage() {
  const t = useT();
  const query = useTeamTree({ withMembers: true });
  const tree = useMemo(() => buildTree(query.data ?? []), [query.data]);
  const chartRef = useRef<HTMLDivElement>(null);
  const [isExporting, setIsExporting] = useState(false);

  /** Draws the chart and saves it; one export at a time, a failure told in a snackbar. */
  const exportChart = async (
    save: (drawing: ChartDrawing) => Promise<void> | void,
    failedKey: 'hr.teams.chart.png_failed' | 'hr.teams.chart.pdf_failed',
  ) => {
    const chart = chartRef.current;
    if (!chart || isExporting) return;
    setIsExporting(true);
    try {
      await save(await drawChart(chart));
    } catch (error) {
      snackbar.error(t(failedKey, { message: getRequestErrorMessage(error) }));
    } finally {
      setIsExporting(false);
    }
  };

  const downloadPng = () =>
    exportChart((drawing) => saveFile(drawing.dataUrl, 'org-chart.png'), 'hr.teams.chart.png_failed');

  const downloadPdf = () =>
    exportChart(async (drawing) => {
      const bytes = await buildChartPdf(drawing, t('hr.teams.chart.title'));
      const url = URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' }));
      saveFile(url, 'org-chart.pdf');
      // The click has started the download; the URL can go once the event loop has moved on.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    }, 'hr.teams.chart.pdf_failed');

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
            <button type="button" onClick={downloadPdf} disabled={isExporting} aria-busy={isExporting}>
              {t('hr.teams.chart.pdf')}
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
