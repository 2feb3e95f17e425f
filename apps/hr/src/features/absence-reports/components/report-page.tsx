import { route } from '@kadry/shared/routes';
import { REPORT_GROUPINGS, REPORT_PERIODS } from '@kadry/shared/schemas/absence-reports';
import { useId, useMemo } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import {
  defineListFilters,
  type FilterField,
  idFilter,
  oneOfFilter,
  useUrlFilters,
} from '../../../lib/list-filters';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useAbsenceTypes, useHrReport, useVisibleTeams } from '../api/absence-reports-api';
import { currentMonth, ReportsNav, useAmount, useMonthLabel, useTypeName } from './reports-nav';

const yearFilter: FilterField<number> = {
  read: (raw) => (/^\d{4}$/.test(raw) ? Number(raw) : undefined),
  write: String,
};

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1);

const reportFilters = defineListFilters({
  period: oneOfFilter(REPORT_PERIODS),
  year: yearFilter,
  month: oneOfFilter(MONTHS),
  team_id: idFilter,
  group_by: oneOfFilter(REPORT_GROUPINGS),
});

/**
 * The HR absence report: approved days per person (or team) and type in a month or a year, for a
 * team (with the teams below it) or the company, with totals, and its XLSX export.
 */
export function ReportPage() {
  const t = useT();
  const permissions = usePermissions();
  const { filters, selectFilter } = useUrlFilters(reportFilters);
  const [thisYear, thisMonth] = currentMonth().split('-').map(Number);
  const period = filters.period ?? 'month';
  const year = filters.year ?? thisYear ?? 2000;
  const month = filters.month ?? thisMonth ?? 1;
  const groupBy = filters.group_by ?? 'person';
  const query = {
    period,
    year,
    ...(period === 'month' ? { month } : {}),
    ...(filters.team_id ? { team_id: filters.team_id } : {}),
    group_by: groupBy,
  };
  const report = useHrReport(query);
  const types = useAbsenceTypes();
  const teams = useVisibleTeams();
  const typeName = useTypeName();
  const amount = useAmount();
  const monthLabel = useMonthLabel();
  const captionId = useId();
  const typeByCode = useMemo(
    () => new Map((types.data ?? []).map((type) => [type.code, type] as const)),
    [types.data],
  );
  const years = Array.from({ length: 7 }, (_, index) => (thisYear ?? 2000) - 4 + index);
  if (!years.includes(year)) years.push(year);
  const data = report.data;
  const periodLabel =
    period === 'year' ? String(year) : monthLabel(`${year}-${String(month).padStart(2, '0')}`);

  return (
    <section>
      <PageHeading>{t('hr.absenceReports.report.title')}</PageHeading>
      <ReportsNav />
      <search aria-label={t('hr.absenceReports.filters')}>
        <form className="filters" onSubmit={(event) => event.preventDefault()}>
          <label>
            {t('hr.absenceReports.report.period')}
            <select value={period} onChange={(event) => selectFilter('period', event.target.value)}>
              <option value="month">{t('hr.absenceReports.report.period_month')}</option>
              <option value="year">{t('hr.absenceReports.report.period_year')}</option>
            </select>
          </label>
          <label>
            {t('hr.absenceReports.report.year')}
            <select value={year} onChange={(event) => selectFilter('year', event.target.value)}>
              {years.map((item) => (
                <option key={item} value={item}>
                  {item}
                </option>
              ))}
            </select>
          </label>
          {period === 'month' ? (
            <label>
              {t('hr.absenceReports.report.month')}
              <select value={month} onChange={(event) => selectFilter('month', event.target.value)}>
                {MONTHS.map((item) => (
                  <option key={item} value={item}>
                    {monthLabel(`${year}-${String(item).padStart(2, '0')}`)}
                  </option>
                ))}
              </select>
            </label>
          ) : null}
          <label>
            {t('hr.absenceReports.team')}
            <select
              value={filters.team_id ?? ''}
              onChange={(event) => selectFilter('team_id', event.target.value)}
            >
              <option value="">{t('hr.absenceReports.all_company')}</option>
              {(teams.data ?? []).map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('hr.absenceReports.report.group_by')}
            <select value={groupBy} onChange={(event) => selectFilter('group_by', event.target.value)}>
              <option value="person">{t('hr.absenceReports.report.by_person')}</option>
              <option value="team">{t('hr.absenceReports.report.by_team')}</option>
            </select>
          </label>
        </form>
      </search>
      {permissions.canDo('Timeline', 'absence_report_import_export') ? (
        <div className="absence-reports-actions">
          <a className="button" href={route('absences.report.export', query)} download>
            {t('hr.absenceReports.export_xlsx')}
          </a>
        </div>
      ) : null}
      <QueryState isPending={report.isPending} isError={report.isError} onRetry={() => report.refetch()}>
        {!data || data.rows.length === 0 ? (
          <p role="status">{t('hr.absenceReports.report.empty', { period: periodLabel })}</p>
        ) : (
          <section
            className="table-scroll report-table"
            aria-labelledby={captionId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region takes focus to scroll by keyboard (axe scrollable-region-focusable).
            tabIndex={0}
          >
            <table>
              <caption id={captionId}>
                {t('hr.absenceReports.report.caption', { period: periodLabel })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    {t(
                      groupBy === 'team'
                        ? 'hr.absenceReports.report.team'
                        : 'hr.absenceReports.report.person',
                    )}
                  </th>
                  {data.types.map((code) => {
                    const type = typeByCode.get(code);
                    return (
                      <th key={code} scope="col" className="number">
                        {typeName(type, code)}
                        {type?.unit === 'hours' ? ` (${t('hr.absenceReports.unit.hours')})` : null}
                      </th>
                    );
                  })}
                  <th scope="col" className="number">
                    {t('hr.absenceReports.report.total_days')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <tr key={row.id ?? 'none'}>
                    <th scope="row">{row.id === null ? t('hr.absenceReports.report.no_team') : row.name}</th>
                    {data.types.map((code) => (
                      <td key={code} className="number">
                        {amount(row.amounts[code] ?? 0)}
                      </td>
                    ))}
                    <td className="number">{amount(row.total_days)}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">{t('hr.absenceReports.report.totals')}</th>
                  {data.types.map((code) => (
                    <td key={code} className="number">
                      {amount(data.totals.amounts[code] ?? 0)}
                    </td>
                  ))}
                  <td className="number">{amount(data.totals.total_days)}</td>
                </tr>
              </tfoot>
            </table>
          </section>
        )}
      </QueryState>
    </section>
  );
}
