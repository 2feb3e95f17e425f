import type { Birthday, WidgetParams, WorkAnniversary } from '@kadry/shared/schemas/dashboard';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useBirthdays, useMyCandidates, useProbation, useWorkAnniversaries } from '../api/dashboard-api';
import {
  LimitField,
  TeamsField,
  useFormatDay,
  useSayWhen,
  WidgetSettings,
  WidgetState,
} from './widget-parts';

// The people widgets: birthdays, work anniversaries, employees on probation, the user's candidates.

function PersonLink({ id, name }: { id: number; name: string }) {
  const permissions = usePermissions();
  // Only users who open the directory get a link; the server answers 404 for the rest anyway.
  if (!permissions.can('Employee', 'view')) return name;
  return <Link href={`/employees/${id}`}>{name}</Link>;
}

type UpcomingWidget = 'birthdays' | 'workAnniversaries';

function UpcomingSettings({
  widget,
  params,
}: {
  widget: UpcomingWidget;
  params: WidgetParams<UpcomingWidget>;
}) {
  const t = useT();
  return (
    <WidgetSettings widget={widget} params={params}>
      {(draft, change, id) => (
        <>
          <LimitField id={id} value={draft.limit} onChange={(limit) => change({ limit })} />
          <div className="field">
            <label htmlFor={`${id}-days`}>{t('hr.dashboard.days_ahead')}</label>
            <select
              id={`${id}-days`}
              value={draft.days}
              onChange={(event) => change({ days: Number(event.target.value) })}
            >
              {[...new Set([7, 14, 30, 60, 90, draft.days])]
                .sort((a, b) => a - b)
                .map((days) => (
                  <option key={days} value={days}>
                    {t('hr.dashboard.days_count', { count: days })}
                  </option>
                ))}
            </select>
          </div>
          <TeamsField id={id} value={draft.team_ids} onChange={(team_ids) => change({ team_ids })} />
        </>
      )}
    </WidgetSettings>
  );
}

function UpcomingList({
  rows,
  note,
}: {
  rows: (Birthday | WorkAnniversary)[];
  note?: (row: WorkAnniversary) => string;
}) {
  const formatDay = useFormatDay({ day: 'numeric', month: 'long' });
  const sayWhen = useSayWhen();
  return (
    <ul className="dashboard-widget__list">
      {rows.map((row) => (
        <li key={`${row.employee.id}-${row.date}`} className="dashboard-widget__row">
          <span className="dashboard-widget__primary">
            <PersonLink id={row.employee.id} name={row.employee.name} />
          </span>
          <span className="dashboard-widget__secondary">
            <time dateTime={row.date}>{formatDay(row.date)}</time> · {sayWhen(row.days_until)}
            {note && 'years' in row ? ` · ${note(row)}` : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function BirthdaysWidget({ params }: { params: WidgetParams<'birthdays'> }) {
  const t = useT();
  const query = useBirthdays(params);
  return (
    <>
      <UpcomingSettings widget="birthdays" params={params} />
      <WidgetState
        query={query}
        isEmpty={(data) => data.data.length === 0}
        empty={t('hr.dashboard.birthdays.empty', { count: params.days })}
      >
        {(data) => <UpcomingList rows={data.data} />}
      </WidgetState>
    </>
  );
}

export function WorkAnniversariesWidget({ params }: { params: WidgetParams<'workAnniversaries'> }) {
  const t = useT();
  const query = useWorkAnniversaries(params);
  return (
    <>
      <UpcomingSettings widget="workAnniversaries" params={params} />
      <WidgetState
        query={query}
        isEmpty={(data) => data.data.length === 0}
        empty={t('hr.dashboard.anniversaries.empty', { count: params.days })}
      >
        {(data) => (
          <UpcomingList
            rows={data.data}
            note={(row) => t('hr.dashboard.anniversaries.years', { count: row.years })}
          />
        )}
      </WidgetState>
    </>
  );
}

export function ProbationWidget({ params }: { params: WidgetParams<'employeesOnProbation'> }) {
  const t = useT();
  const query = useProbation(params);
  const formatDay = useFormatDay();
  return (
    <>
      <WidgetSettings widget="employeesOnProbation" params={params}>
        {(draft, change, id) => (
          <>
            <LimitField id={id} value={draft.limit} onChange={(limit) => change({ limit })} />
            <TeamsField id={id} value={draft.team_ids} onChange={(team_ids) => change({ team_ids })} />
          </>
        )}
      </WidgetSettings>
      <WidgetState
        query={query}
        isEmpty={(rows) => rows.length === 0}
        empty={t('hr.dashboard.probation.empty')}
      >
        {(rows) => (
          <ul className="dashboard-widget__list">
            {rows.map((row) => (
              <li key={row.id} className="dashboard-widget__row">
                <span className="dashboard-widget__primary">
                  <PersonLink id={row.id} name={row.name} />
                </span>
                <span className="dashboard-widget__secondary">
                  {row.position ? `${row.position} · ` : null}
                  {row.probation_period
                    ? t('hr.dashboard.probation.ends', { date: formatDay(row.probation_period) })
                    : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </WidgetState>
    </>
  );
}

export function CandidatesWidget({ params }: { params: WidgetParams<'candidates'> }) {
  const t = useT();
  const query = useMyCandidates(params);
  const formatDay = useFormatDay();
  return (
    <>
      <WidgetSettings widget="candidates" params={params}>
        {(draft, change, id) => (
          <LimitField id={id} value={draft.limit} onChange={(limit) => change({ limit })} />
        )}
      </WidgetSettings>
      <WidgetState
        query={query}
        isEmpty={(data) => data.data.length === 0}
        empty={t('hr.dashboard.candidates.empty')}
      >
        {(data) => (
          <>
            <ul className="dashboard-widget__list">
              {data.data.map((row) => (
                <li key={row.id} className="dashboard-widget__row">
                  <span className="dashboard-widget__primary">
                    <Link href={`/applications/${row.id}`}>{row.candidate.name}</Link>
                  </span>
                  <span className="dashboard-widget__secondary">
                    {row.vacancy.name} · {row.stage.name} ·{' '}
                    <time dateTime={row.created_at}>{formatDay(row.created_at.slice(0, 10))}</time>
                  </span>
                </li>
              ))}
            </ul>
            <p className="dashboard-widget__footer">
              <Link href="/applications">{t('hr.dashboard.candidates.all', { count: data.meta.total })}</Link>
            </p>
          </>
        )}
      </WidgetState>
    </>
  );
}
