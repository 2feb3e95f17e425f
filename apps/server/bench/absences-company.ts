import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/tables';
import { ensureAbsenceTypes } from '../src/modules/absences/absences.queries';
import { refreshMonthAmounts } from '../src/modules/absences/month-amounts.queries';
import { generatePeopleCompany, type PeopleCompany, type PeopleCompanySpec } from './people-company';

// A generated company for the absences section of the bench (issue 14): the people company (N
// employees in T teams, an HR session) plus `years` calendar years of absences for everyone, the HR
// account's own employee included: ten per person and year (~300,000 rows for 10,000 people over three
// years), each one to three weekdays starting on a Monday, never overlapping; vacation, sick days and
// home work; approved once begun (so some are under way today), pending when still to come; one HR
// step each; and the ledger to match (a 20-day accrual per person and year, an absence entry per
// approved vacation) and the monthly amounts of the approved ones. Written with a few set-based
// INSERT … SELECT statements, not through the API:
// about a minute on PGlite for both companies, not hours.

export type AbsencesCompanySpec = PeopleCompanySpec & {
  /** The last generated year is the current one (`today`'s); the others precede it. */
  years: number;
  /** Today (YYYY-MM-DD): absences begun by then are approved, later ones pending. */
  today: string;
};

export type AbsencesCompany = PeopleCompany & {
  /** Employees with no absence in the year after `today`'s (new requests there never overlap). */
  freeEmployeeIds: number[];
  /** Approved vacations, one per employee, to revoke. */
  approvedVacationIds: number[];
  /** Generated rows. */
  requests: number;
  ledgerEntries: number;
};

/** Absences per person and calendar year. */
export const ABSENCES_PER_YEAR = 10;
/** Each year's absences sit in slots this many days apart (10 slots of 36 days fit in a year). */
const SLOT_DAYS = 36;
/** The yearly vacation accrual written for everyone. */
const YEARLY_VACATION = 20;

/**
 * The absence of one person in one slot, as the generator's SQL computes it (exported for the tests):
 * the slot's start plus a per-person offset (0–26 days), moved on to the next Monday (0–6 more), then
 * one to three weekdays. The last slot ends by day 324 + 26 + 6 + 2 = 358 of the year, so every
 * absence lies within its year and slots never overlap.
 */
export function slotOf(person: number, slot: number): { offset: number; length: number; kind: number } {
  return {
    offset: slot * SLOT_DAYS + ((person * 7 + slot) % 27),
    length: 1 + ((person + slot) % 3),
    kind: (person + slot) % 10,
  };
}

export async function generateAbsencesCompany(
  db: Db,
  spec: AbsencesCompanySpec,
  now = new Date(),
): Promise<AbsencesCompany> {
  const people = await generatePeopleCompany(db, spec, now);
  const { companyId } = people;
  const types = await ensureAbsenceTypes(db, companyId);
  const typeId = (code: string) => {
    const found = types.find((type) => type.code === code);
    if (!found) throw new Error(`generateAbsencesCompany: no ${code} type`);
    return found.id;
  };
  const vacation = typeId('vacation');
  const sick = typeId('sick_days');
  const home = typeId('home_work');
  const lastYear = Number(spec.today.slice(0, 4));
  const firstYear = lastYear - spec.years + 1;
  const [hr] = (
    await db.execute<{ id: number }>(
      sql`select id from users where company_id = ${companyId} order by id limit 1`,
    )
  ).rows;
  const hrUserId = Number(hr?.id);

  await db.execute(sql`
    insert into work_calendars (company_id, name, time_zone, is_default)
    values (${companyId}::int, 'Main', 'UTC', true)`);

  // Kinds 0–4 vacation, 5–6 sick days, 7–9 home work (the slot formula of slotOf).
  await db.execute(sql`
    insert into absence_requests (company_id, employee_id, absence_type_id, date_from, date_to, status,
      amount, amount_by_year, created_by_id, decided_at)
    select ${companyId}::int, e.id,
      case when k.kind < 5 then ${vacation}::int when k.kind < 7 then ${sick}::int else ${home}::int end,
      m.monday, m.monday + (k.len - 1),
      case when m.monday <= ${spec.today}::date then 'approved' else 'pending' end,
      k.len, jsonb_build_object(k.year::text, k.len), ${hrUserId}::int,
      case when m.monday <= ${spec.today}::date then m.monday::timestamptz end
    from (select id, row_number() over (order by id)::int as n from employees where company_id = ${companyId}) e
    cross join generate_series(0, ${spec.years * ABSENCES_PER_YEAR - 1}::int) s
    cross join lateral (
      select ${firstYear}::int + s / ${ABSENCES_PER_YEAR}::int as year,
        (s % ${ABSENCES_PER_YEAR}::int) * ${SLOT_DAYS}::int + ((e.n * 7 + s % ${ABSENCES_PER_YEAR}::int) % 27) as offset_days,
        1 + (e.n + s % ${ABSENCES_PER_YEAR}::int) % 3 as len,
        (e.n + s % ${ABSENCES_PER_YEAR}::int) % 10 as kind
    ) k
    cross join lateral (
      select make_date(k.year, 1, 1) + k.offset_days as base
    ) b
    cross join lateral (
      select b.base + ((8 - extract(isodow from b.base)::int) % 7) as monday
    ) m`);

  await db.execute(sql`
    insert into absence_request_steps (company_id, request_id, position, approver_role, status, decided_by_id, decided_at)
    select ${companyId}::int, r.id, 0, 'hr', r.status,
      case when r.status = 'approved' then ${hrUserId}::int end, r.decided_at
    from absence_requests r where r.company_id = ${companyId}`);

  await db.execute(sql`
    insert into absence_ledger_entries (company_id, employee_id, absence_type_id, period_year, kind, amount, source_key, created_by_id)
    select ${companyId}::int, e.id, ${vacation}::int, y, 'accrual', ${YEARLY_VACATION}::numeric, 'accrual:' || y, ${hrUserId}::int
    from employees e cross join generate_series(${firstYear}::int, ${lastYear}::int) y
    where e.company_id = ${companyId}`);
  await db.execute(sql`
    insert into absence_ledger_entries (company_id, employee_id, absence_type_id, period_year, kind, amount, request_id, created_by_id)
    select ${companyId}::int, r.employee_id, r.absence_type_id, extract(year from r.date_from)::int, 'absence', -r.amount, r.id, ${hrUserId}::int
    from absence_requests r
    where r.company_id = ${companyId} and r.absence_type_id = ${vacation} and r.status = 'approved'`);
  // What each approved absence counts per month (decision 029), as the server keeps it: one statement,
  // then the team totals of every month it wrote (decision 032).
  await refreshMonthAmounts(db, companyId, { kind: 'company' });
  await db.execute(sql`analyze absence_requests`);
  await db.execute(sql`analyze absence_request_steps`);
  await db.execute(sql`analyze absence_ledger_entries`);
  // Vacuumed as autovacuum would have by then, so the report reads its index alone.
  await db.execute(sql`vacuum analyze absence_month_amounts`);
  await db.execute(sql`analyze absence_team_month_totals`);

  const free = await db.execute<{ id: number }>(sql`
    select id from employees where company_id = ${companyId} order by id limit 200`);
  const approved = await db.execute<{ id: number }>(sql`
    select distinct on (employee_id) id from absence_requests
    where company_id = ${companyId} and status = 'approved' and absence_type_id = ${vacation}
    order by employee_id, id desc limit 200`);
  const [counts] = (
    await db.execute<{ requests: number; ledger: number }>(sql`
      select (select count(*)::int from absence_requests where company_id = ${companyId}) as requests,
        (select count(*)::int from absence_ledger_entries where company_id = ${companyId}) as ledger`)
  ).rows;
  return {
    ...people,
    freeEmployeeIds: free.rows.map((row) => Number(row.id)),
    approvedVacationIds: approved.rows.map((row) => Number(row.id)),
    requests: Number(counts?.requests ?? 0),
    ledgerEntries: Number(counts?.ledger ?? 0),
  };
}
