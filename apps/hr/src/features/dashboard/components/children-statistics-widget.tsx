import type { WidgetParams } from '@kadry/shared/schemas/dashboard';
import { groupChildrenByAge } from '@kadry/shared/schemas/statistics';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { useChildrenCounts } from '../api/statistics-widgets-api';
import { TeamsField, WidgetSettings, WidgetState } from './widget-parts';
import './statistics-widgets.css';

/** Children statistics (issue 15): the count by age group, of some teams or all, and a link to the page. */
export function ChildrenStatisticsWidget({ params }: { params: WidgetParams<'childrenStatistics'> }) {
  const t = useT();
  const counts = useChildrenCounts(params);
  return (
    <>
      <WidgetSettings widget="childrenStatistics" params={params}>
        {(draft, change, id) => (
          <TeamsField id={id} value={draft.team_ids} onChange={(team_ids) => change({ team_ids })} />
        )}
      </WidgetSettings>
      <WidgetState
        query={counts}
        isEmpty={(summary) => summary.total === 0}
        empty={t('hr.dashboard.children.empty')}
      >
        {(summary) => (
          <>
            <p className="dashboard-widget__total">{t('hr.statistics.total', { count: summary.total })}</p>
            <ul className="dashboard-widget__list">
              {groupChildrenByAge(summary.by_age).map((group) => (
                <li key={group.key} className="dashboard-widget__row">
                  <span className="dashboard-widget__primary">
                    {t(`hr.statistics.age_group.${group.key}`)}
                  </span>
                  <span className="dashboard-widget__secondary">{group.count}</span>
                </li>
              ))}
            </ul>
          </>
        )}
      </WidgetState>
      <p className="dashboard-widget__more">
        <Link href="/statistics/children">{t('hr.dashboard.children.open')}</Link>
      </p>
    </>
  );
}
