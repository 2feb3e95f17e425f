import type { AbsenceTypeCode } from '@kadry/shared/schemas/absences';
import { and, eq } from 'drizzle-orm';
import {
  ensureAbsenceTypes,
  findEmployeeCalendar,
  findPolicyFor,
  insertLedgerEntries,
  type NewLedgerEntry,
} from '../../modules/absences/absences.queries';
import { accrualEntriesDue, ensureAccruals } from '../../modules/absences/accruals';
import {
  countSpanByYear,
  type DaySpan,
  doSpansOverlap,
  fromDayNumber,
  fromHundredths,
  isoWeekday,
  toDayNumber,
  todayIn,
  toHundredths,
} from '../../modules/absences/day-count';
import { refreshMonthAmounts } from '../../modules/absences/month-amounts.queries';
import { type AbsenceTypeRow, absenceRequestSteps, absenceRequests } from '../schema/absences';
import { employees } from '../schema/employees';
import { teamMembers, teams } from '../schema/teams';
import type { Db } from '../tables';

// A year of the demo company's absences (issue 14), written as the absences module writes them: the
// days counted on each person's calendar by the module's own counting, one step per approval-chain
// role, ledger lines for approved (and revoked) vacations, and the accruals and carry-over the module
// generates (ensureAccruals). Summer and holiday vacations, sick days, days working from home,
// business trips, a revoked and a rejected request, someone away today, and four pending requests of
// Engineering people that the demo owner decides (seedDemoTeamManager names them the manager step's
// approver; the HR step is theirs as owner). Deterministic relative to `now`.

/** The demo's pending requests (awaiting the demo owner's decision); seed.test.ts holds it to that. */
export const DEMO_PENDING_REQUESTS = 4;

/** Teams whose people make the pending requests: Engineering and the teams under it. */
const PENDING_TEAMS = ['Engineering', 'Backend', 'Frontend', 'Mobile'];

type DemoPerson = {
  id: number;
  startOfWork: string | null;
  dismissalDate: string | null;
  teams: { id: number; isHidden: boolean; name: string }[];
};

type Planned = {
  person: DemoPerson;
  code: AbsenceTypeCode;
  span: DaySpan;
  status: 'approved' | 'pending' | 'rejected' | 'revoked';
  /** How many steps of the chain are decided (approved), the rest pending; all for approved. */
  decided?: number;
  comment?: string;
  reason?: string;
  byYear: Map<number, number>;
};

function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The Monday on or before a day (day numbers). */
function mondayOf(day: number): number {
  return day - (isoWeekday(day) - 1);
}

function atNoon(day: number): Date {
  return new Date(`${fromDayNumber(day)}T12:00:00Z`);
}

/**
 * Seeds the demo absences inside seedDemoData's transaction, after the people and the calendar.
 * About 400 rows in a handful of statements plus the accruals of each person.
 */
export async function seedDemoAbsences(tx: Db, companyId: number, now: Date): Promise<void> {
  const random = createRandom(14);
  const chance = (p: number) => random() < p;
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));

  const types = await ensureAbsenceTypes(tx, companyId);
  const typeOf = new Map(types.map((type) => [type.code as AbsenceTypeCode, type]));
  const vacation = typeOf.get('vacation') as AbsenceTypeRow;

  const people = await listDemoPeople(tx, companyId);
  const first = people[0];
  if (!first) return;
  // Everyone is on the default calendar; resolved as the request engine does, for the whole window.
  const calendar = await findEmployeeCalendar(tx, companyId, first.id, {
    from: fromDayNumber(toDayNumber(todayIn('UTC', now)) - 800),
    to: fromDayNumber(toDayNumber(todayIn('UTC', now)) + 400),
  });
  const todayText = todayIn(calendar.timeZone, now);
  const today = toDayNumber(todayText);
  const year = Number(todayText.slice(0, 4));
  const windowStart = today - 365;
  const windowEnd = today + 75;
  const policy = await findPolicyFor(tx, companyId, first, vacation.id);
  const holidays = [...calendar.daysOff]
    .map(toDayNumber)
    .filter((day) => day > windowStart + 3 && day < today - 3)
    .sort((a, b) => a - b);

  const planned: Planned[] = [];
  const spansOf = new Map<number, DaySpan[]>();
  /** Vacation days (hundredths) taken or asked per person and year, to stay within the allowance. */
  const usedOf = new Map<string, number>();

  const allowanceOf = (person: DemoPerson, of: number): number => {
    if (!policy) return 0;
    const due = accrualEntriesDue({
      companyId,
      employee: person,
      typeId: vacation.id,
      policy,
      year: of,
      today: `${of}-12-31`,
    });
    return due.reduce((sum, entry) => sum + toHundredths(entry.amount), 0);
  };

  /** Plans a request when it fits: inside employment and the window, no overlap, within the allowance. */
  const plan = (
    person: DemoPerson,
    code: AbsenceTypeCode,
    from: number,
    to: number,
    status: Planned['status'],
    extra: Partial<Pick<Planned, 'decided' | 'comment' | 'reason'>> & {
      halfDayStart?: boolean;
      halfDayEnd?: boolean;
    } = {},
  ): boolean => {
    const type = typeOf.get(code);
    if (!type) return false;
    const span: DaySpan = {
      dateFrom: fromDayNumber(from),
      dateTo: fromDayNumber(to),
      halfDayStart: extra.halfDayStart ?? false,
      halfDayEnd: extra.halfDayEnd ?? false,
    };
    if (from < windowStart || to > windowEnd) return false;
    if (person.startOfWork && span.dateFrom < person.startOfWork) return false;
    if (person.dismissalDate && span.dateTo > person.dismissalDate) return false;
    const taken = spansOf.get(person.id) ?? [];
    if (status !== 'rejected' && taken.some((other) => doSpansOverlap(other, span))) return false;
    const counting = (code === 'vacation' ? (policy?.counting ?? type.counting) : type.counting) as
      | 'working_days'
      | 'calendar_days';
    const byYear = countSpanByYear(calendar, span, counting);
    if (byYear.size === 0) return false;
    if (code === 'vacation' && status !== 'rejected' && status !== 'revoked') {
      for (const [of, amount] of byYear) {
        const used = (usedOf.get(`${person.id}:${of}`) ?? 0) + amount;
        // A day of the allowance is always left over: the carry-over has something to carry.
        if (used > allowanceOf(person, of) - 100) return false;
      }
      for (const [of, amount] of byYear) {
        const key = `${person.id}:${of}`;
        usedOf.set(key, (usedOf.get(key) ?? 0) + amount);
      }
    }
    if (status !== 'rejected') taken.push(span);
    spansOf.set(person.id, taken);
    const { halfDayStart: _start, halfDayEnd: _end, ...rest } = extra;
    planned.push({ person, code, span, status, byYear, ...rest });
    return true;
  };

  const summerYear = today >= toDayNumber(`${year}-06-20`) ? year : year - 1;
  const summerStart = mondayOf(toDayNumber(`${summerYear}-06-01`));
  const newYear = toDayNumber(`${today >= toDayNumber(`${year}-01-08`) ? year : year - 1}-01-01`);

  for (const [index, person] of people.entries()) {
    // Summer: one or two weeks, Monday to Friday, for most people.
    if (chance(0.8)) {
      const from = summerStart + 7 * between(0, 11);
      plan(person, 'vacation', from, from + (chance(0.4) ? 11 : 4), 'approved');
    }
    // Around the holidays: across New Year (split over the two years) or a bridge around a public
    // holiday (the holiday itself is never deducted).
    if (index % 3 === 0) plan(person, 'vacation', newYear - 3, newYear + 4, 'approved');
    else if (index % 3 === 1 && holidays.length > 0) {
      const holiday = holidays[between(0, holidays.length - 1)] as number;
      plan(person, 'vacation', holiday - 2, holiday + 2, 'approved');
    }
    // A long weekend in spring or autumn for some.
    if (chance(0.3)) {
      const from = mondayOf(windowStart + between(20, 330)) + 4;
      plan(person, 'vacation', from, from + 3, 'approved', { halfDayEnd: chance(0.5) });
    }
    // Sick days: a few short spells in the past.
    for (let spell = between(0, 2); spell > 0; spell -= 1) {
      const from = windowStart + between(10, 355);
      plan(person, 'sick_days', from, from + between(0, 3), 'approved');
    }
    // Working from home: single days, some only the morning, a few ahead.
    for (let day = between(0, 4); day > 0; day -= 1) {
      const on = today + between(-300, 20);
      plan(person, 'home_work', on, on, 'approved', { halfDayEnd: chance(0.3) });
    }
    // A business trip now and then.
    if (chance(0.15)) {
      const from = windowStart + between(30, 330);
      plan(person, 'business_trip', from, from + between(1, 4), 'approved');
    }
  }

  // Someone away today (whatever the weekday: a trip counts calendar days) and someone off sick.
  const away = people.filter((person) => !person.dismissalDate);
  for (const person of away.slice(3)) {
    if (
      plan(person, 'business_trip', today - 1, today + 2, 'approved', { comment: 'Client visit in Warsaw' })
    )
      break;
  }
  for (const person of away.slice(7)) {
    if (plan(person, 'sick_days', today, today + 1, 'approved')) break;
  }
  // A vacation approved, then revoked (its days came back), and an unpaid leave rejected.
  for (const person of away.slice(11)) {
    const from = mondayOf(today - 60);
    if (plan(person, 'vacation', from, from + 2, 'revoked', { reason: 'Moved to a later date' })) break;
  }
  for (const person of away.slice(17)) {
    const from = mondayOf(today - 40) + 1;
    if (
      plan(person, 'unpaid_vacation', from, from + 2, 'rejected', {
        comment: 'Moving flats',
        reason: 'Release week: please pick another date',
      })
    )
      break;
  }
  // Pending, awaiting the demo owner: Engineering people's requests from two weeks ahead.
  const engineers = away.filter((person) => person.teams.some((team) => PENDING_TEAMS.includes(team.name)));
  const pending: [AbsenceTypeCode, number, number, number][] = [
    // [type, first day after next Monday, length in days, steps decided]
    ['vacation', 14, 4, 1],
    ['vacation', 21, 2, 0],
    ['home_work', 16, 0, 0],
    ['unpaid_vacation', 28, 1, 0],
  ];
  const comments: Partial<Record<AbsenceTypeCode, string>> = {
    vacation: 'Family trip',
    home_work: 'Waiting for a delivery',
    unpaid_vacation: 'Exams',
  };
  for (const [position, [code, offset, length, decided]] of pending.entries()) {
    const rotated = [...engineers.slice(position), ...engineers.slice(0, position)];
    // A later start when the day is a holiday (nothing to count) or the person is away already.
    attempts: for (let shift = 0; shift < 7; shift += 1) {
      for (const person of rotated) {
        const from = mondayOf(today) + offset + shift;
        if (plan(person, code, from, from + length, 'pending', { decided, comment: comments[code] ?? '' }))
          break attempts;
      }
    }
  }

  await writePlanned(tx, companyId, planned, typeOf, today);
  // What each approved absence counts per month, for the HR report (decision 029).
  await refreshMonthAmounts(tx, companyId, { kind: 'company' });
  // The accruals and carry-over the module would generate on the first read, year by year.
  if (policy) {
    const years = new Set<number>([year - 1, year]);
    for (const entry of planned) for (const of of entry.byYear.keys()) years.add(of);
    const ordered = [...years].sort((a, b) => a - b);
    for (const person of people) {
      for (const of of ordered) {
        await ensureAccruals(tx, {
          companyId,
          employee: person,
          typeId: vacation.id,
          policy,
          year: of,
          today: todayText,
        });
      }
    }
  }
}

async function listDemoPeople(tx: Db, companyId: number): Promise<DemoPerson[]> {
  const rows = await tx
    .select({
      id: employees.id,
      startOfWork: employees.startOfWork,
      dismissalDate: employees.dismissalDate,
      teamId: teams.id,
      teamName: teams.name,
      isHidden: teams.isHidden,
    })
    .from(employees)
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.companyId, companyId), eq(teamMembers.employeeId, employees.id)),
    )
    .leftJoin(teams, and(eq(teams.companyId, companyId), eq(teams.id, teamMembers.teamId)))
    .where(eq(employees.companyId, companyId))
    .orderBy(employees.id, teams.id);
  const people = new Map<number, DemoPerson>();
  for (const row of rows) {
    const person = people.get(row.id) ?? {
      id: row.id,
      startOfWork: row.startOfWork,
      dismissalDate: row.dismissalDate,
      teams: [],
    };
    if (row.teamId !== null) {
      person.teams.push({ id: row.teamId, name: row.teamName ?? '', isHidden: row.isHidden ?? false });
    }
    people.set(row.id, person);
  }
  return [...people.values()];
}

/** Requests, their steps and their ledger lines, in three statements. */
async function writePlanned(
  tx: Db,
  companyId: number,
  planned: readonly Planned[],
  typeOf: ReadonlyMap<AbsenceTypeCode, AbsenceTypeRow>,
  today: number,
): Promise<void> {
  if (planned.length === 0) return;
  const rows = planned.map((entry) => {
    const from = toDayNumber(entry.span.dateFrom);
    // Asked one to four weeks ahead (pending ones: in the last few days), decided a day later.
    const askedOn =
      entry.status === 'pending' ? today - 1 - (from % 3) : Math.min(from - 7 - (from % 21), today);
    const amount = [...entry.byYear.values()].reduce((sum, value) => sum + value, 0);
    return {
      companyId,
      employeeId: entry.person.id,
      absenceTypeId: (typeOf.get(entry.code) as AbsenceTypeRow).id,
      dateFrom: entry.span.dateFrom,
      dateTo: entry.span.dateTo,
      halfDayStart: entry.span.halfDayStart,
      halfDayEnd: entry.span.halfDayEnd,
      status: entry.status,
      amount: fromHundredths(amount),
      amountByYear: Object.fromEntries(
        [...entry.byYear].map(([year, value]) => [String(year), fromHundredths(value)]),
      ),
      comment: entry.comment ?? null,
      decidedAt: entry.status === 'pending' ? null : atNoon(Math.min(askedOn + 1, today)),
      createdAt: atNoon(askedOn),
      updatedAt: atNoon(
        entry.status === 'revoked' ? Math.min(from - 1, today) : Math.min(askedOn + 1, today),
      ),
    };
  });
  const inserted = await tx.insert(absenceRequests).values(rows).returning({ id: absenceRequests.id });
  const steps: (typeof absenceRequestSteps.$inferInsert)[] = [];
  const ledger: NewLedgerEntry[] = [];
  for (const [index, entry] of planned.entries()) {
    const requestId = inserted[index]?.id;
    const row = rows[index];
    if (requestId === undefined || !row) continue;
    const type = typeOf.get(entry.code) as AbsenceTypeRow;
    const chain = type.needsApproval ? type.approvalChain : [];
    const stepDecidedAt = atNoon(Math.min(toDayNumber(row.createdAt.toISOString().slice(0, 10)) + 1, today));
    for (const [position, role] of chain.entries()) {
      const decided =
        entry.status === 'pending'
          ? position < (entry.decided ?? 0)
          : entry.status !== 'rejected' || position === 0;
      const rejected = entry.status === 'rejected' && position === 0;
      steps.push({
        companyId,
        requestId,
        position,
        approverRole: role,
        // Demo people have no manager or fallback approver: the step names nobody yet.
        approverEmployeeId: null,
        status: rejected
          ? 'rejected'
          : decided
            ? 'approved'
            : entry.status === 'rejected'
              ? 'skipped'
              : 'pending',
        reason: rejected ? (entry.reason ?? null) : null,
        decidedAt: decided || rejected ? stepDecidedAt : null,
      });
    }
    if (!type.countsAgainstBalance || (entry.status !== 'approved' && entry.status !== 'revoked')) continue;
    for (const [year, amount] of entry.byYear) {
      const base = {
        companyId,
        employeeId: entry.person.id,
        absenceTypeId: type.id,
        periodYear: year,
        requestId,
      };
      ledger.push({ ...base, kind: 'absence', amount: -fromHundredths(amount), note: null });
      if (entry.status === 'revoked') {
        ledger.push({
          ...base,
          kind: 'absence_reversal',
          amount: fromHundredths(amount),
          note: entry.reason ?? null,
        });
      }
    }
  }
  if (steps.length > 0) await tx.insert(absenceRequestSteps).values(steps);
  await insertLedgerEntries(tx, ledger);
}
