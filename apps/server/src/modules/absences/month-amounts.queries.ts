import { type SQL, sql } from 'drizzle-orm';
import { absenceMonthAmounts } from '../../db/schema/absence-month-amounts';
import { absenceTeamMonthTotals } from '../../db/schema/absence-team-month-totals';
import {
  absencePolicies,
  absencePolicyAssignments,
  absenceRequests,
  absenceTypes,
  calendarDays,
  workCalendars,
} from '../../db/schema/absences';
import { companies } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { teamMembers } from '../../db/schema/teams';
import type { Db } from '../../db/tables';
import { resolvedCalendarsSql } from './calendar-resolution.queries';

// What each approved absence counts in each month it touches (absence_month_amounts), kept in step with
// everything the counting depends on: docs/decisions/029-absence-report-amounts.md. Every statement
// filters by company_id.

/** The database or an open transaction. */
export type Tx = Pick<Db, 'execute'>;

/** Which requests a refresh recomputes (every status: those no longer approved lose their rows). */
export type AmountScope =
  /** These requests. */
  | { kind: 'requests'; requestIds: readonly number[] }
  /** The requests of these people (their calendar, teams or policies changed). */
  | { kind: 'employees'; employeeIds: readonly number[] }
  /** The requests of a type (its unit or counting, or one of its policies, changed). */
  | { kind: 'type'; absenceTypeId: number }
  /**
   * The requests of the people counting on a calendar now, touching a range of dates when given (days
   * of that calendar changed).
   */
  | {
      kind: 'calendar';
      calendarId: number;
      from?: string | undefined;
      to?: string | undefined;
      /** People counting on it before the change (those who left it). */
      alsoEmployeeIds?: readonly number[] | undefined;
    }
  /** Every request of the company (which calendar is the default changed, a calendar went away). */
  | { kind: 'company' };

/** Arbitrary constant of the per-company advisory lock over its amounts (two-int form: this, company id). */
const MONTH_AMOUNTS_LOCK = 1_403;

function idArray(ids: readonly number[]): SQL {
  return sql`${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[]`;
}

/** The people of the company counting on a calendar now (calendar-resolution.queries.ts). */
function peopleOnCalendar(companyId: number, calendarId: number): SQL {
  return sql`select rc.employee_id from (${resolvedCalendarsSql(
    companyId,
    sql`select e.id as employee_id from ${employees} e where e.company_id = ${companyId}`,
  )}) rc where rc.calendar_id = ${calendarId}`;
}

/** The condition over `r` (absence_requests) a scope selects. */
function scopeWhere(companyId: number, scope: AmountScope): SQL {
  switch (scope.kind) {
    case 'requests':
      return sql`r.id = any(${idArray(scope.requestIds)})`;
    case 'employees':
      return sql`r.employee_id = any(${idArray(scope.employeeIds)})`;
    case 'type':
      return sql`r.absence_type_id = ${scope.absenceTypeId}`;
    case 'calendar':
      return sql`(r.employee_id in (${peopleOnCalendar(companyId, scope.calendarId)})${
        scope.alsoEmployeeIds?.length
          ? sql` or r.employee_id = any(${idArray(scope.alsoEmployeeIds)})`
          : sql``
      })${
        scope.to ? sql` and r.date_from <= ${scope.to}::date` : sql``
      }${scope.from ? sql` and r.date_to >= ${scope.from}::date` : sql``}`;
    case 'company':
      return sql`true`;
  }
}

/** The people of the company counting on a calendar now (before a change that may move them off it). */
export async function findPeopleOnCalendar(tx: Tx, companyId: number, calendarId: number): Promise<number[]> {
  const result = await tx.execute<{ employee_id: number }>(peopleOnCalendar(companyId, calendarId));
  return result.rows.map((row) => Number(row.employee_id));
}

/**
 * Takes the company's amounts lock until the transaction ends: `exclusive` for a change of what the
 * counting depends on (calendars, teams, policies), shared for a change of requests. So a refresh of
 * one always runs after the other has committed and sees it (a request approved while its person's
 * calendar changes is counted on the new calendar by one of the two).
 */
export async function lockMonthAmounts(tx: Tx, companyId: number, exclusive: boolean): Promise<void> {
  await tx.execute(
    exclusive
      ? sql`select pg_advisory_xact_lock(${MONTH_AMOUNTS_LOCK}::integer, ${companyId}::integer)`
      : sql`select pg_advisory_xact_lock_shared(${MONTH_AMOUNTS_LOCK}::integer, ${companyId}::integer)`,
  );
}

/**
 * The monthly amounts of the requests a selection of `absence_requests r` yields (`where` over r), as
 * one CTE list ending in `counted (id, employee_id, absence_type_id, month, hundredths)`: a row per
 * approved request and month from its first day's to its last day's. Each request is counted on its
 * person's calendar (calendar-resolution.queries.ts) with the counting of their policy (own, else a
 * team's, the oldest, else the type's default, else the type's), as reports-days.ts countedDaysIn and
 * countingResolver count day by day: a day off never counts; on working days only worked weekdays and
 * transferred working days; a half day at either end counts 50 in its month; an hourly request counts
 * its hours in its first day's month. Each calendar and counting is walked once over the requests'
 * span, into arrays a request reads in two places per month.
 */
function countedSql(companyId: number, where: SQL, lockRequests: boolean): SQL {
  return sql`
    scope as materialized (
      select r.id, r.employee_id, r.absence_type_id, r.date_from, r.date_to, r.half_day_start,
        r.half_day_end, r.hours, r.status
      from ${absenceRequests} r
      where r.company_id = ${companyId} and ${where}
      ${lockRequests ? sql`for update of r skip locked` : sql``}
    ),
    requests as materialized (
      select * from scope where status = 'approved'
    ),
    calendars as materialized (
      select rc.employee_id, rc.calendar_id,
        coalesce(wc.working_weekdays, '{1,2,3,4,5}'::smallint[]) as weekdays
      from (${resolvedCalendarsSql(companyId, sql`select distinct employee_id from requests`)}) rc
      left join ${workCalendars} wc on wc.company_id = ${companyId} and wc.id = rc.calendar_id
    ),
    types as materialized (
      select t.id, t.unit, t.counting from ${absenceTypes} t where t.company_id = ${companyId}
    ),
    assigned as materialized (
      select a.employee_id, a.team_id, p.id as policy_id, p.absence_type_id, p.counting
      from ${absencePolicyAssignments} a
      join ${absencePolicies} p on p.company_id = ${companyId} and p.id = a.policy_id
      where a.company_id = ${companyId}
    ),
    own_policy as materialized (
      select distinct on (employee_id, absence_type_id) employee_id, absence_type_id, counting
      from assigned where employee_id is not null
      order by employee_id, absence_type_id, policy_id
    ),
    team_policy as materialized (
      select distinct on (m.employee_id, a.absence_type_id) m.employee_id, a.absence_type_id, a.counting
      from assigned a
      join ${teamMembers} m on m.company_id = ${companyId} and m.team_id = a.team_id
      where a.team_id is not null and m.employee_id in (select employee_id from requests)
      order by m.employee_id, a.absence_type_id, a.policy_id
    ),
    default_policy as materialized (
      select distinct on (absence_type_id) absence_type_id, counting
      from ${absencePolicies}
      where company_id = ${companyId} and is_default
      order by absence_type_id, id
    ),
    resolved as materialized (
      select q.*, t.unit, k.weekdays, coalesce(k.calendar_id, 0) as calendar_key,
        coalesce(op.counting, tp.counting, dp.counting, t.counting, 'working_days') as counting
      from requests q
      join types t on t.id = q.absence_type_id
      join calendars k on k.employee_id = q.employee_id
      left join own_policy op on op.employee_id = q.employee_id and op.absence_type_id = q.absence_type_id
      left join team_policy tp on tp.employee_id = q.employee_id and tp.absence_type_id = q.absence_type_id
      left join default_policy dp on dp.absence_type_id = q.absence_type_id
    ),
    span as materialized (
      select min(date_from) as lo, max(date_to) as hi from resolved where unit <> 'hours'
    ),
    -- Each calendar and counting once: whether each day of the span counts (1 or 0) and how many have
    -- counted since the span began (cum[1] = 0 before its first day).
    day_arrays as materialized (
      select k.calendar_key, k.counting,
        array_agg(d.counted order by d.day) as counted,
        array_prepend(0, array_agg(d.cum order by d.day)) as cum
      from (
        select distinct calendar_key, weekdays, counting from resolved where unit <> 'hours'
      ) k
      cross join span
      cross join lateral (
        select g.day, f.counted, (sum(f.counted) over (order by g.day))::int as cum
        from (
          select s::date as day
          from generate_series(span.lo::timestamp, span.hi::timestamp, interval '1 day') s
        ) g
        left join ${calendarDays} x
          on x.company_id = ${companyId} and x.calendar_id = k.calendar_key and x.date = g.day
        cross join lateral (
          select case
            when x.kind is not null and x.kind <> 'working_day' then 0
            when k.counting = 'calendar_days' then 1
            when extract(isodow from g.day)::int = any(k.weekdays) or x.kind = 'working_day' then 1
            else 0 end as counted
        ) f
      ) d
      group by k.calendar_key, k.counting
    ),
    counted as materialized (
      select q.id, q.employee_id, q.absence_type_id, m.first as month,
        (case when q.unit = 'hours' then
          case when q.date_from >= m.first and q.date_from <= m.last
            then round(coalesce(q.hours, 0) * 100) else 0 end
        else
          100 * (da.cum[least(q.date_to, m.last) - span.lo + 2]
            - da.cum[greatest(q.date_from, m.first) - span.lo + 1])
          - case when q.half_day_start and q.date_from >= m.first
              and da.counted[q.date_from - span.lo + 1] = 1 then 50 else 0 end
          - case when q.half_day_end and q.date_to <= m.last
              and da.counted[q.date_to - span.lo + 1] = 1 then 50 else 0 end
        end)::int as hundredths
      from resolved q
      cross join span
      left join day_arrays da on da.calendar_key = q.calendar_key and da.counting = q.counting
      cross join lateral (
        select s::date as first, (s + interval '1 month' - interval '1 day')::date as last
        from generate_series(date_trunc('month', q.date_from::timestamp),
          date_trunc('month', q.date_to::timestamp), interval '1 month') s
      ) m
    )`;
}

/**
 * Recomputes the monthly amounts of the scope's requests in ONE statement: rows of requests no longer
 * approved, or of months they no longer touch, are deleted; the others are written (a changed amount
 * updated, an unchanged one left alone). Call it inside the transaction of the change, after
 * lockMonthAmounts. Answers how many rows were written and deleted.
 */
export async function refreshMonthAmounts(
  tx: Tx,
  companyId: number,
  scope: AmountScope,
): Promise<{ written: number; deleted: number }> {
  const isEmpty =
    (scope.kind === 'requests' && scope.requestIds.length === 0) ||
    (scope.kind === 'employees' && scope.employeeIds.length === 0);
  if (isEmpty) {
    return { written: 0, deleted: 0 };
  }
  const result = await tx.execute<{
    written: number;
    deleted: number;
    employee_ids: unknown;
    months: unknown;
    deleted_months: unknown;
  }>(sql`
    with ${countedSql(companyId, scopeWhere(companyId, scope), false)},
    deleted as (
      delete from ${absenceMonthAmounts} a
      using scope s
      where a.company_id = ${companyId} and a.request_id = s.id
        and not exists (select 1 from counted c where c.id = a.request_id and c.month = a.month)
      returning a.month
    ),
    written as (
      insert into ${absenceMonthAmounts} as a
        (company_id, request_id, month, employee_id, absence_type_id, hundredths)
      select ${companyId}, c.id, c.month, c.employee_id, c.absence_type_id, c.hundredths from counted c
      on conflict (request_id, month) do update set employee_id = excluded.employee_id,
        absence_type_id = excluded.absence_type_id, hundredths = excluded.hundredths, updated_at = now()
      where (a.employee_id, a.absence_type_id, a.hundredths)
        is distinct from (excluded.employee_id, excluded.absence_type_id, excluded.hundredths)
      returning a.employee_id, a.month
    ),
    changed as (select distinct employee_id, month from written)
    select (select count(*) from written)::int as written, (select count(*) from deleted)::int as deleted,
      (select coalesce(array_agg(employee_id), '{}') from changed) as employee_ids,
      (select coalesce(array_agg(month::text), '{}') from changed) as months,
      (select coalesce(array_agg(distinct month::text), '{}') from deleted) as deleted_months`);
  const [row] = result.rows;
  // An updated row answers its new employee: a request never changes hands, so it is its old one too.
  const changed = changedPairs(row?.employee_ids, row?.months);
  const deletedMonths = parseArray(row?.deleted_months);
  const isBroad = scope.kind === 'type' || scope.kind === 'calendar' || scope.kind === 'company';
  // Months a request no longer touches (its dates edited), whole: if the person's teams changed and the
  // announcement is not delivered yet, their former team is only found by recomputing every team.
  const wholeMonths = isBroad ? [...changed.months, ...deletedMonths] : deletedMonths;
  await refreshTeamTotals(tx, companyId, { kind: 'months', months: wholeMonths });
  if (!isBroad) await refreshTeamTotals(tx, companyId, { kind: 'pairs', ...changed });
  return { written: Number(row?.written ?? 0), deleted: Number(row?.deleted ?? 0) };
}

/** The (employee, month) pairs a statement answered as two arrays (PGlite and pg parse them alike). */
function changedPairs(employeeIds: unknown, months: unknown): { employeeIds: number[]; months: string[] } {
  const ids = parseArray(employeeIds).map(Number);
  const firsts = parseArray(months);
  return { employeeIds: ids, months: firsts };
}

function parseArray(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'string' && value.length >= 2) {
    const inner = value.slice(1, -1);
    return inner === '' ? [] : inner.split(',').map((item) => item.replace(/^"|"$/g, ''));
  }
  return [];
}

/**
 * A request changed (created approved, approved, its dates edited): its amounts recounted, under the
 * shared lock, in the caller's transaction.
 */
export async function recountRequestAmounts(tx: Tx, companyId: number, requestId: number): Promise<void> {
  await lockMonthAmounts(tx, companyId, false);
  await refreshMonthAmounts(tx, companyId, { kind: 'requests', requestIds: [requestId] });
}

/** A request is no longer approved (revoked): its amounts go, under the shared lock. */
export async function dropRequestAmounts(tx: Tx, companyId: number, requestId: number): Promise<void> {
  await lockMonthAmounts(tx, companyId, false);
  const result = await tx.execute<{ employee_id: number; month: string }>(sql`
    delete from ${absenceMonthAmounts} a where a.company_id = ${companyId} and a.request_id = ${requestId}
    returning a.employee_id, a.month::text as month`);
  await refreshTeamTotals(tx, companyId, {
    kind: 'pairs',
    employeeIds: result.rows.map((row) => Number(row.employee_id)),
    months: result.rows.map((row) => String(row.month)),
  });
}

/**
 * Writes the amounts of up to `limit` approved requests of the company that have none yet (those
 * approved before the table existed), in one statement; answers how many requests it counted (0: none
 * is left). Idempotent: a request counted meanwhile is skipped (its rows are kept), and requests
 * being changed right now are skipped too (their change writes their rows).
 */
export async function fillMissingMonthAmounts(tx: Tx, companyId: number, limit: number): Promise<number> {
  const missing = sql`r.status = 'approved' and not exists (
    select 1 from ${absenceMonthAmounts} a where a.company_id = ${companyId} and a.request_id = r.id
  ) and r.id in (
    select m.id from ${absenceRequests} m
    where m.company_id = ${companyId} and m.status = 'approved' and not exists (
      select 1 from ${absenceMonthAmounts} a where a.company_id = ${companyId} and a.request_id = m.id
    )
    order by m.id limit ${limit}
  )`;
  const result = await tx.execute<{ requests: number; months: unknown }>(sql`
    with ${countedSql(companyId, missing, true)},
    written as (
      insert into ${absenceMonthAmounts}
        (company_id, request_id, month, employee_id, absence_type_id, hundredths)
      select ${companyId}, c.id, c.month, c.employee_id, c.absence_type_id, c.hundredths from counted c
      on conflict (request_id, month) do nothing
      returning month
    )
    select (select count(*) from requests)::int as requests, (select count(*) from written)::int as written,
      (select coalesce(array_agg(distinct month::text), '{}') from written) as months`);
  const [row] = result.rows;
  await refreshTeamTotals(tx, companyId, { kind: 'months', months: parseArray(row?.months) });
  return Number(row?.requests ?? 0);
}

/** Every company's id (the start-up fill goes company by company). */
export async function listCompanyIds(db: Tx): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`select c.id from ${companies} c order by c.id`);
  return result.rows.map((row) => Number(row.id));
}

/** The companies with approved requests lacking amounts (at start-up, before filling them). */
export async function findCompaniesMissingAmounts(db: Tx, companyIds: readonly number[]): Promise<number[]> {
  const found: number[] = [];
  for (const companyId of companyIds) {
    const result = await db.execute<{ missing: boolean }>(sql`
      select exists (
        select 1 from ${absenceRequests} r
        where r.company_id = ${companyId} and r.status = 'approved' and not exists (
          select 1 from ${absenceMonthAmounts} a where a.company_id = ${companyId} and a.request_id = r.id
        )
      ) as missing`);
    if (result.rows[0]?.missing) found.push(companyId);
  }
  return found;
}

// ---------------------------------------------------------------------------------------------------
// Team totals per month (absence_team_month_totals, docs/decisions/032-absence-team-totals.md).

/** Arbitrary constant of the per-company advisory lock over its team totals (two-int form). */
const TEAM_TOTALS_LOCK = 1_404;

/** Which team totals to recompute from the amounts. */
export type TotalsTarget =
  /** The months, every team (and no team): broad amount changes, memberships changed. */
  | { kind: 'months'; months: readonly string[] }
  /** The teams (or no team) of these people in these months, pairwise (`employeeIds[i]`, `months[i]`). */
  | { kind: 'pairs'; employeeIds: readonly number[]; months: readonly string[] };

function dateArray(dates: readonly string[]): SQL {
  const clean = dates.filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date));
  return sql`${`{${clean.join(',')}}`}::date[]`;
}

/**
 * Recomputes team totals from the amounts ⋈ team_members as they are now (never by deltas, so they are
 * right whatever happened before), in the caller's transaction, after its amounts change. Serialised
 * per company by an exclusive lock held to the end of the transaction: a recompute then starts after
 * any other one has committed and sees its amounts (two approvals in one team and month both count).
 * A month with no total yet (not filled, or nothing counted) is recomputed whole, so a month has either
 * every row or none, and the start-up fill finds the months lacking them.
 */
export async function refreshTeamTotals(tx: Tx, companyId: number, target: TotalsTarget): Promise<void> {
  if (target.months.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${TEAM_TOTALS_LOCK}::integer, ${companyId}::integer)`);
  if (target.kind === 'months') {
    await recomputeMonths(tx, companyId, [...new Set(target.months)]);
    return;
  }
  const distinctMonths = [...new Set(target.months)];
  const lacking = await tx.execute<{ month: string }>(sql`
    select m::text as month from unnest(${dateArray(distinctMonths)}) m
    where not exists (
      select 1 from ${absenceTeamMonthTotals} t where t.company_id = ${companyId} and t.month = m
    )`);
  const whole = new Set(lacking.rows.map((row) => String(row.month)));
  if (whole.size > 0) await recomputeMonths(tx, companyId, [...whole]);
  const employeeIds: number[] = [];
  const months: string[] = [];
  target.months.forEach((month, index) => {
    const employeeId = target.employeeIds[index];
    if (!whole.has(month) && employeeId !== undefined) {
      employeeIds.push(employeeId);
      months.push(month);
    }
  });
  if (months.length > 0) await recomputePairs(tx, companyId, employeeIds, months);
}

/**
 * Writes the statement's `fresh (team_id, month, absence_type_id, hundredths)` and deletes the rows of
 * `targets` it lacks.
 */
function writeTotals(companyId: number, targets: SQL): SQL {
  return sql`
    written as (
      insert into ${absenceTeamMonthTotals} as t (company_id, month, team_id, absence_type_id, hundredths)
      select ${companyId}, f.month, f.team_id, f.absence_type_id, f.hundredths from fresh f
      on conflict (company_id, month, team_id, absence_type_id) do update
        set hundredths = excluded.hundredths, updated_at = now()
      where t.hundredths is distinct from excluded.hundredths
      returning 1
    ),
    deleted as (
      delete from ${absenceTeamMonthTotals} t
      where t.company_id = ${companyId} and ${targets} and not exists (
        select 1 from fresh f
        where f.month = t.month and f.team_id is not distinct from t.team_id
          and f.absence_type_id = t.absence_type_id
      )
      returning 1
    )
    select (select count(*) from written)::int as written, (select count(*) from deleted)::int as deleted`;
}

/** Every team's (and no team's) totals of these months. */
async function recomputeMonths(tx: Tx, companyId: number, months: readonly string[]): Promise<void> {
  if (months.length === 0) return;
  await tx.execute(sql`
    with fresh as materialized (
      select m.team_id, a.month, a.absence_type_id, sum(a.hundredths)::int as hundredths
      from ${absenceMonthAmounts} a
      left join ${teamMembers} m on m.company_id = ${companyId} and m.employee_id = a.employee_id
      where a.company_id = ${companyId} and a.month = any(${dateArray(months)}) and a.hundredths <> 0
      group by m.team_id, a.month, a.absence_type_id
    ),
    ${writeTotals(companyId, sql`t.month = any(${dateArray(months)})`)}`);
}

/** The totals of the teams these people are in now (or of no team) in these months. */
async function recomputePairs(
  tx: Tx,
  companyId: number,
  employeeIds: readonly number[],
  months: readonly string[],
): Promise<void> {
  await tx.execute(sql`
    with changed as materialized (
      select distinct c.employee_id, c.month
      from unnest(${idArray(employeeIds)}, ${dateArray(months)}) as c(employee_id, month)
    ),
    -- Each step looks its rows up by key (lateral), whatever the planner thinks of the tables' sizes:
    -- a person's teams, a team's members, a member's amounts in the month.
    pairs as materialized (
      select distinct m.team_id, c.month
      from changed c
      cross join lateral (
        select mm.team_id from ${teamMembers} mm
        where mm.company_id = ${companyId} and mm.employee_id = c.employee_id
        union all
        select null::int where not exists (
          select 1 from ${teamMembers} mm where mm.company_id = ${companyId} and mm.employee_id = c.employee_id
        )
      ) m
    ),
    fresh as materialized (
      select p.team_id, p.month, s.absence_type_id, s.hundredths
      from pairs p
      cross join lateral (
        select a.absence_type_id, sum(a.hundredths)::int as hundredths
        from ${teamMembers} m
        join ${absenceMonthAmounts} a
          on a.company_id = ${companyId} and a.month = p.month and a.employee_id = m.employee_id
        where m.company_id = ${companyId} and m.team_id = p.team_id and a.hundredths <> 0
        group by a.absence_type_id
      ) s
      where p.team_id is not null
      union all
      select null::int, p.month, a.absence_type_id, sum(a.hundredths)::int
      from pairs p
      join ${absenceMonthAmounts} a on a.company_id = ${companyId} and a.month = p.month
      where p.team_id is null and a.hundredths <> 0 and not exists (
        select 1 from ${teamMembers} m where m.company_id = ${companyId} and m.employee_id = a.employee_id
      )
      group by p.month, a.absence_type_id
    ),
    ${writeTotals(
      companyId,
      // The months first, so the totals' key index narrows the rows to look at to those months.
      sql`t.month = any(${dateArray(months)}) and exists (
        select 1 from pairs p where p.month = t.month and p.team_id is not distinct from t.team_id
      )`,
    )}`);
}

/**
 * People's memberships changed (or they were deleted): the totals of every month their approved or
 * revoked requests touch, company-wide (their former teams are not known any more; a request revoked
 * since the change counted for the former teams). When one of them no longer exists (deleted: their
 * requests, amounts and memberships went by cascade), every month with totals.
 */
export async function refreshTeamTotalsOfPeople(
  tx: Tx,
  companyId: number,
  employeeIds: readonly number[],
): Promise<void> {
  if (employeeIds.length === 0) return;
  const result = await tx.execute<{ month: string }>(sql`
    select distinct m::date::text as month
    from ${absenceRequests} r
    cross join lateral generate_series(date_trunc('month', r.date_from::timestamp),
      date_trunc('month', r.date_to::timestamp), interval '1 month') m
    where r.company_id = ${companyId} and r.employee_id = any(${idArray(employeeIds)})
      and r.status in ('approved', 'revoked')
    union
    select distinct t.month::text from ${absenceTeamMonthTotals} t
    where t.company_id = ${companyId} and exists (
      select 1 from unnest(${idArray(employeeIds)}) e(id)
      where not exists (select 1 from ${employees} x where x.company_id = ${companyId} and x.id = e.id)
    )`);
  await refreshTeamTotals(tx, companyId, {
    kind: 'months',
    months: result.rows.map((row) => String(row.month)),
  });
}

/**
 * The months of a company with something counted but no team total (amounts written before the totals
 * existed), oldest first, up to `limit`.
 */
export async function findMonthsLackingTotals(tx: Tx, companyId: number, limit: number): Promise<string[]> {
  const result = await tx.execute<{ month: string }>(sql`
    select month::text as month from (
      select distinct a.month from ${absenceMonthAmounts} a
      where a.company_id = ${companyId} and a.hundredths <> 0
      except
      select distinct t.month from ${absenceTeamMonthTotals} t where t.company_id = ${companyId}
    ) lacking
    order by lacking.month limit ${limit}`);
  return result.rows.map((row) => String(row.month));
}
