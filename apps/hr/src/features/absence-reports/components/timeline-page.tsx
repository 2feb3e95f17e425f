import { route } from '@kadry/shared/routes';
import type { TimelineAbsence, TimelinePerson } from '@kadry/shared/schemas/absence-reports';
import { ABSENCE_TYPE_CODES, type AbsenceType } from '@kadry/shared/schemas/absences';
import { type CSSProperties, useId, useMemo, useRef, useState } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import {
  defineListFilters,
  type FilterField,
  idFilter,
  oneOfFilter,
  useUrlFilters,
} from '../../../lib/list-filters';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useAbsenceTypes, useTimeline, useVisibleTeams } from '../api/absence-reports-api';
import { PersonReportDialog } from './person-report-dialog';
import {
  currentMonth,
  ReportsNav,
  shiftMonth,
  useDateLabel,
  useMonthLabel,
  useTypeName,
} from './reports-nav';
import { TimelineImportDialog } from './timeline-import-dialog';

/** People per page of the timeline. */
const PER_PAGE = 50;

const monthFilter: FilterField<string> = {
  read: (raw) => (/^\d{4}-(0[1-9]|1[0-2])$/.test(raw) ? raw : undefined),
  write: (value) => value,
};

const timelineFilters = defineListFilters({
  month: monthFilter,
  team_id: idFilter,
  type: oneOfFilter(ABSENCE_TYPE_CODES),
});

/** Every date of a month (YYYY-MM-DD). */
function datesOfMonth(month: string): string[] {
  const [year, number] = month.split('-').map(Number);
  const days = new Date(Date.UTC(year ?? 1970, number ?? 1, 0)).getUTCDate();
  return Array.from({ length: days }, (_, index) => `${month}-${String(index + 1).padStart(2, '0')}`);
}

/** The absence a person has on a date, if any (the first when two halves share the day). */
function absenceOn(person: TimelinePerson, date: string): TimelineAbsence | undefined {
  return person.absences.find((absence) => absence.date_from <= date && date <= absence.date_to);
}

/**
 * The absence timeline: a month of a team's (or the company's) people, a row each and a column per
 * day, cells coloured by type (pending hatched), each person's weekends and holidays shaded. The name
 * opens the person's report. On a phone the grid scrolls in its own region, the names staying put.
 */
export function TimelinePage() {
  const t = useT();
  const locale = useLocale();
  const permissions = usePermissions();
  const { filters, applyFilters, selectFilter, setPage } = useUrlFilters(timelineFilters);
  const month = filters.month ?? currentMonth();
  const typeCodes = filters.type ? [filters.type] : undefined;
  const query = {
    from: month,
    to: month,
    ...(filters.team_id ? { team_id: filters.team_id } : {}),
    ...(typeCodes ? { type_codes: typeCodes } : {}),
    page: filters.page,
    per_page: PER_PAGE,
  };
  const timeline = useTimeline(query);
  const types = useAbsenceTypes();
  const teams = useVisibleTeams();
  const monthLabel = useMonthLabel();
  const typeName = useTypeName();
  const dateLabel = useDateLabel();
  const [openPerson, setOpenPerson] = useState<TimelinePerson | null>(null);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const importButton = useRef<HTMLButtonElement>(null);
  const captionId = useId();
  const canImportExport = permissions.canDo('Timeline', 'absence_report_import_export');
  const canImport = canImportExport && permissions.canDo('AbsenceRequest', 'create_absence');

  const typeByCode = useMemo(
    () => new Map((types.data ?? []).map((type) => [type.code, type] as const)),
    [types.data],
  );
  const dates = datesOfMonth(month);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  const fullDate = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  });
  const toUtc = (date: string) => new Date(`${date}T00:00:00Z`);
  const people = timeline.data?.data.people ?? [];
  const legendTypes = (types.data ?? []).filter((type) => type.is_enabled);

  const summaryOf = (person: TimelinePerson): string => {
    if (person.absences.length === 0) return t('hr.absenceReports.timeline.no_absences');
    return person.absences
      .map((absence) => {
        const name = typeName(typeByCode.get(absence.absence_type), absence.absence_type);
        const dates =
          absence.date_from === absence.date_to
            ? dateLabel(absence.date_from)
            : `${dateLabel(absence.date_from)} – ${dateLabel(absence.date_to)}`;
        const status = absence.status === 'pending' ? `, ${t('hr.absenceReports.status.pending')}` : '';
        return `${name}: ${dates}${status}`;
      })
      .join('; ');
  };

  return (
    <section>
      <PageHeading>{t('hr.absenceReports.timeline.title')}</PageHeading>
      <ReportsNav />
      <search aria-label={t('hr.absenceReports.filters')}>
        <form className="filters" onSubmit={(event) => event.preventDefault()}>
          <div className="timeline-month">
            <button
              type="button"
              onClick={() => applyFilters({ month: shiftMonth(month, -1) })}
              aria-label={t('hr.absenceReports.timeline.previous_month')}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <output aria-live="polite" className="timeline-month__label">
              {monthLabel(month)}
            </output>
            <button
              type="button"
              onClick={() => applyFilters({ month: shiftMonth(month, 1) })}
              aria-label={t('hr.absenceReports.timeline.next_month')}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
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
            {t('hr.absenceReports.type')}
            <select value={filters.type ?? ''} onChange={(event) => selectFilter('type', event.target.value)}>
              <option value="">{t('hr.absenceReports.all_types')}</option>
              {legendTypes.map((type) => (
                <option key={type.code} value={type.code}>
                  {typeName(type, type.code)}
                </option>
              ))}
            </select>
          </label>
        </form>
      </search>
      {canImportExport ? (
        <div className="absence-reports-actions">
          <a
            className="button"
            href={route('absences.timeline.export', {
              from: month,
              to: month,
              ...(filters.team_id ? { team_id: filters.team_id } : {}),
              ...(typeCodes ? { type_codes: typeCodes } : {}),
            })}
            download
          >
            {t('hr.absenceReports.export_xlsx')}
          </a>
          {canImport ? (
            <button type="button" ref={importButton} onClick={() => setIsImportOpen(true)}>
              {t('hr.absenceReports.import.open')}
            </button>
          ) : null}
        </div>
      ) : null}
      <Legend types={legendTypes} typeName={typeName} />
      <QueryState
        isPending={timeline.isPending}
        isError={timeline.isError}
        onRetry={() => timeline.refetch()}
      >
        {people.length === 0 ? (
          <p role="status">{t('hr.absenceReports.timeline.empty')}</p>
        ) : (
          <section
            className="timeline"
            aria-labelledby={captionId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region takes focus to scroll by keyboard (axe scrollable-region-focusable).
            tabIndex={0}
          >
            <table className="timeline__table">
              <caption id={captionId} className="visually-hidden">
                {t('hr.absenceReports.timeline.caption', { month: monthLabel(month) })}
              </caption>
              <thead>
                <tr>
                  <th scope="col" className="timeline__name">
                    {t('hr.absenceReports.report.person')}
                  </th>
                  {dates.map((date) => (
                    <th key={date} scope="col" className="timeline__day" abbr={fullDate.format(toUtc(date))}>
                      <span aria-hidden="true">
                        {Number(date.slice(8))}
                        <br />
                        <small>{weekday.format(toUtc(date))}</small>
                      </span>
                      <span className="visually-hidden">{fullDate.format(toUtc(date))}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {people.map((person) => {
                  const offDays = new Set(person.non_working_days);
                  const summaryId = `${captionId}-p${person.id}`;
                  return (
                    <tr key={person.id}>
                      <th scope="row" className="timeline__name">
                        <button
                          type="button"
                          className="link-button"
                          aria-describedby={summaryId}
                          onClick={() => setOpenPerson(person)}
                        >
                          {person.name}
                        </button>
                        <span id={summaryId} className="visually-hidden">
                          {summaryOf(person)}
                        </span>
                      </th>
                      {dates.map((date) => (
                        <DayCell
                          key={date}
                          date={date}
                          absence={absenceOn(person, date)}
                          isOff={offDays.has(date)}
                          types={typeByCode}
                          typeName={typeName}
                        />
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        )}
        <Pagination page={filters.page} lastPage={timeline.data?.meta.last_page ?? 1} onChange={setPage} />
      </QueryState>
      <PersonReportDialog
        person={openPerson}
        year={Number(month.slice(0, 4))}
        onClose={() => setOpenPerson(null)}
      />
      {canImport ? (
        <TimelineImportDialog
          open={isImportOpen}
          onClose={() => setIsImportOpen(false)}
          finalFocus={importButton}
        />
      ) : null}
    </section>
  );
}

function Legend({ types, typeName }: { types: AbsenceType[]; typeName: ReturnType<typeof useTypeName> }) {
  const t = useT();
  return (
    <ul className="timeline-legend" aria-label={t('hr.absenceReports.timeline.legend')}>
      {types.map((type) => (
        <li key={type.code}>
          <span className="timeline-legend__swatch" style={{ '--cell-color': type.color } as CSSProperties} />
          {typeName(type, type.code)}
        </li>
      ))}
      <li>
        <span className="timeline-legend__swatch timeline-legend__swatch--pending" />
        {t('hr.absenceReports.status.pending_label')}
      </li>
      <li>
        <span className="timeline-legend__swatch timeline-legend__swatch--off" />
        {t('hr.absenceReports.timeline.non_working_label')}
      </li>
    </ul>
  );
}

function DayCell({
  date,
  absence,
  isOff,
  types,
  typeName,
}: {
  date: string;
  absence: TimelineAbsence | undefined;
  isOff: boolean;
  types: ReadonlyMap<string, AbsenceType>;
  typeName: ReturnType<typeof useTypeName>;
}) {
  const t = useT();
  const classes = ['timeline__cell'];
  if (isOff) classes.push('timeline__cell--off');
  if (!absence) return <td className={classes.join(' ')} />;
  const type = types.get(absence.absence_type);
  classes.push('timeline__cell--absent');
  if (absence.status === 'pending') classes.push('timeline__cell--pending');
  const halfStart = absence.half_day_start && date === absence.date_from;
  const halfEnd = absence.half_day_end && date === absence.date_to;
  if (halfStart) classes.push('timeline__cell--half-start');
  if (halfEnd) classes.push('timeline__cell--half-end');
  const label = [
    typeName(type, absence.absence_type),
    halfStart || halfEnd ? t('hr.absenceReports.timeline.half_day') : null,
    absence.status === 'pending' ? t('hr.absenceReports.status.pending') : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <td
      className={classes.join(' ')}
      style={{ '--cell-color': type?.color ?? '#9e9e9e' } as CSSProperties}
      title={label}
    >
      <span className="visually-hidden">{label}</span>
    </td>
  );
}
