import { ABSENCE_STATUSES, ABSENCE_TYPE_CODES, type AbsenceTypeCode } from '@kadry/shared/schemas/absences';
import type { WidgetParams } from '@kadry/shared/schemas/dashboard';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { canManageAbsences } from '../../../lib/screens';
import { useAbsentToday, useOwnAbsenceReport, useOwnBalance, useRequests } from '../api/dashboard-api';
import {
  LimitField,
  PersonField,
  TeamField,
  useFormatDay,
  WidgetSettings,
  WidgetState,
} from './widget-parts';

// The absence widgets: who is away today, the user's balances, and requests (own or all they see).
// Their data comes from the absences module's dashboard routes.

/** An absence's dates: one day, or from – to. */
export function useFormatRange() {
  const formatDay = useFormatDay();
  return (from: string, to: string) =>
    from === to ? formatDay(from) : `${formatDay(from)} – ${formatDay(to)}`;
}

/** An amount in its unit: "3 days", "1.5 hours". */
export function useAmount() {
  const t = useT();
  const number = useFormatNumber();
  return (amount: number, unit: 'days' | 'hours' | string) =>
    t(unit === 'hours' ? 'hr.absences.amount_hours' : 'hr.absences.amount_days', {
      count: amount,
      amount: number(amount),
    });
}

/** A number the user's way, at most two decimals ("0.5", "0,5"). */
function useFormatNumber() {
  const { user } = usePageData();
  const number = new Intl.NumberFormat(user.locale, { maximumFractionDigits: 2 });
  return (value: number) => number.format(value);
}

function TypeField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: AbsenceTypeCode | null;
  onChange: (code: AbsenceTypeCode | null) => void;
}) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={`${id}-type`}>{t('hr.absences.type_label')}</label>
      <select
        id={`${id}-type`}
        value={value ?? ''}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : (event.target.value as AbsenceTypeCode))
        }
      >
        <option value="">{t('hr.dashboard.all_types')}</option>
        {ABSENCE_TYPE_CODES.map((code) => (
          <option key={code} value={code}>
            {t(`hr.absences.type.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function AbsentTodayWidget({ params }: { params: WidgetParams<'absentToday'> }) {
  const t = useT();
  const query = useAbsentToday(params);
  const formatRange = useFormatRange();
  return (
    <>
      <WidgetSettings widget="absentToday" params={params}>
        {(draft, change, id) => (
          <>
            <LimitField id={id} value={draft.limit} onChange={(limit) => change({ limit })} />
            <TypeField
              id={id}
              value={draft.absence_type}
              onChange={(absence_type) => change({ absence_type })}
            />
          </>
        )}
      </WidgetSettings>
      <WidgetState query={query} isEmpty={(data) => data.total === 0} empty={t('hr.dashboard.absent.empty')}>
        {(data) => (
          <>
            <p className="dashboard-widget__total">{t('hr.dashboard.absent.total', { count: data.total })}</p>
            <ul className="dashboard-widget__list">
              {data.rows.map((row) => (
                <li key={row.id} className="dashboard-widget__row">
                  <span className="dashboard-widget__primary">{row.employee_name}</span>
                  <span className="dashboard-widget__secondary">
                    {t(`hr.absences.type.${row.absence_type}`)} · {formatRange(row.date_from, row.date_to)}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </WidgetState>
    </>
  );
}

/**
 * The user's year by month (`dashboard.balance.absenceReport` for `current`): per type, each month it
 * touches with its days, flattened to title plus days (spec §3.2). Loaded once opened.
 */
function BalanceByMonth() {
  const t = useT();
  const query = useOwnAbsenceReport();
  const amount = useAmount();
  const formatMonth = useFormatDay({ month: 'long', year: 'numeric' });
  const formatDate = useFormatDay({ day: 'numeric', month: 'short' });
  const number = useFormatNumber();
  return (
    <WidgetState
      query={query}
      isEmpty={(report) => report.types.length === 0}
      empty={t('hr.dashboard.balance.by_month_empty')}
    >
      {(report) => (
        <>
          <p className="dashboard-widget__secondary">
            {t('hr.dashboard.balance.by_month_year', { year: report.year })}
          </p>
          {report.types.map((type) => (
            <div key={type.absence_type} className="dashboard-balance__type">
              <h3 className="dashboard-balance__type-title">{t(`hr.absences.type.${type.absence_type}`)}</h3>
              <dl className="dashboard-balance__months">
                {type.months.map((month) => (
                  <div key={month.title}>
                    <dt>{formatMonth(`${month.title}-01`)}</dt>
                    <dd>
                      <span className="dashboard-balance__month-amount">
                        {amount(month.amount, type.unit)}
                      </span>{' '}
                      <span className="dashboard-widget__secondary">
                        {month.days
                          .map((day) =>
                            day.amount === 1 || type.unit === 'hours'
                              ? formatDate(day.date)
                              : `${formatDate(day.date)} (${number(day.amount)})`,
                          )
                          .join(', ')}
                      </span>
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </>
      )}
    </WidgetState>
  );
}

export function AbsenceBalanceWidget() {
  const t = useT();
  const query = useOwnBalance();
  const amount = useAmount();
  const panelId = useId();
  const [isByMonth, setIsByMonth] = useState(false);
  return (
    <>
      <WidgetState
        query={query}
        isEmpty={(rows) => rows.length === 0}
        empty={t('hr.dashboard.balance.empty')}
      >
        {(rows) => (
          <>
            <dl className="dashboard-widget__figures">
              {rows.map((row) => (
                <div key={`${row.absence_type}-${row.year}`}>
                  <dt>{t(`hr.absences.type.${row.absence_type}`)}</dt>
                  <dd>
                    {t('hr.dashboard.balance.available', { amount: amount(row.available, row.unit) })}
                    {row.pending > 0 ? (
                      <span className="dashboard-widget__secondary">
                        {' '}
                        · {t('hr.dashboard.balance.pending', { amount: amount(row.pending, row.unit) })}
                      </span>
                    ) : null}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="dashboard-widget__footer">
              <Link href="/absences">{t('hr.dashboard.balance.open')}</Link>
            </p>
          </>
        )}
      </WidgetState>
      <div className="dashboard-balance__by-month">
        <button
          type="button"
          aria-expanded={isByMonth}
          aria-controls={panelId}
          onClick={() => setIsByMonth(!isByMonth)}
        >
          {t('hr.dashboard.balance.by_month')}
        </button>
        {isByMonth ? (
          <div id={panelId}>
            <BalanceByMonth />
          </div>
        ) : null}
      </div>
    </>
  );
}

export function RequestsWidget({ params }: { params: WidgetParams<'requests'> }) {
  const t = useT();
  const permissions = usePermissions();
  const query = useRequests(params);
  const formatRange = useFormatRange();
  const { user } = usePageData();
  // One request opens on the absences pages (`?request=ID`): one's own on "my absences", others' on
  // the requests page for whoever manages them.
  const hrefOf = (request: { id: number; employee_id: number }) => {
    if (request.employee_id === user.employeeId) return `/absences?request=${request.id}`;
    return canManageAbsences(permissions) ? `/absences/requests?request=${request.id}` : null;
  };
  // "All" differs from "my" only for users who see others' requests.
  const seesOthers = permissions.findLevel('AbsenceRequest', 'view') !== 'only_my';
  const isAll = params.scope === 'all' && seesOthers;
  return (
    <>
      <WidgetSettings widget="requests" params={params}>
        {(draft, change, id) => (
          <>
            {seesOthers ? (
              <fieldset className="dashboard-widget__scope">
                <legend>{t('hr.dashboard.requests.scope')}</legend>
                {(['my', 'all'] as const).map((scope) => (
                  <label key={scope}>
                    <input
                      type="radio"
                      name={`${id}-scope`}
                      value={scope}
                      checked={draft.scope === scope}
                      onChange={() => change({ scope })}
                    />{' '}
                    {t(`hr.dashboard.requests.scope_${scope}`)}
                  </label>
                ))}
              </fieldset>
            ) : null}
            <LimitField id={id} value={draft.limit} onChange={(limit) => change({ limit })} />
            <div className="field">
              <label htmlFor={`${id}-status`}>{t('hr.absences.status_label')}</label>
              <select
                id={`${id}-status`}
                value={draft.status ?? ''}
                onChange={(event) =>
                  change({
                    status:
                      event.target.value === ''
                        ? null
                        : (event.target.value as (typeof ABSENCE_STATUSES)[number]),
                  })
                }
              >
                <option value="">{t('hr.dashboard.any_status')}</option>
                {ABSENCE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`hr.absences.status.${status}`)}
                  </option>
                ))}
              </select>
            </div>
            {seesOthers && draft.scope === 'all' ? (
              <>
                <PersonField
                  id={id}
                  label={t('hr.dashboard.employee_filter')}
                  allLabel={t('hr.dashboard.all_employees')}
                  value={draft.employee_id}
                  onChange={(employee_id) => change({ employee_id })}
                />
                <TeamField id={id} value={draft.team_id} onChange={(team_id) => change({ team_id })} />
              </>
            ) : null}
          </>
        )}
      </WidgetSettings>
      <p className="dashboard-widget__scope-note">
        {isAll ? t('hr.dashboard.requests.scope_all') : t('hr.dashboard.requests.scope_my')}
      </p>
      <WidgetState
        query={query}
        isEmpty={(data) => data.data.length === 0}
        empty={t('hr.dashboard.requests.empty')}
      >
        {(data) => (
          <>
            <ul className="dashboard-widget__list">
              {data.data.map((row) => {
                const label = `${isAll ? `${row.employee_name} · ` : ''}${t(`hr.absences.type.${row.absence_type}`)}`;
                const href = hrefOf(row);
                return (
                  <li key={row.id} className="dashboard-widget__row">
                    <span className="dashboard-widget__primary">
                      {href ? <Link href={href}>{label}</Link> : label}
                    </span>
                    <span className="dashboard-widget__secondary">
                      {formatRange(row.date_from, row.date_to)} ·{' '}
                      <span className={`dashboard-widget__status dashboard-widget__status--${row.status}`}>
                        {t(`hr.absences.status.${row.status}`)}
                      </span>
                    </span>
                  </li>
                );
              })}
            </ul>
            <p className="dashboard-widget__footer">
              <Link href="/absences">{t('hr.dashboard.requests.open', { count: data.meta.total })}</Link>
            </p>
          </>
        )}
      </WidgetState>
    </>
  );
}
