import type { AbsenceType, AbsenceTypeCode, DayCounting } from '@kadry/shared/schemas/absences';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../../../test/db';
import type { DatabaseHandle } from '../../../db/client';
import {
  absencePolicies,
  absencePolicyAssignments,
  absenceRequests,
  absenceTypes,
  calendarDays,
  employeeCalendars,
  teamCalendars,
  workCalendars,
} from '../../../db/schema/absences';
import type { Company } from '../../../db/schema/companies';
import { employees } from '../../../db/schema/employees';
import { teamMembers, teams } from '../../../db/schema/teams';
import { createEventBus } from '../../../lib/event-bus';
import { type Access, maskPermissionsByPlan } from '../../../plugins/access/access';
import { findRolePermissions } from '../../../plugins/access/roles';
import { findTeamReach } from '../../../plugins/access/team-reach';
import { seedUser } from '../../auth/auth-test-support';
import { listTypes } from '../absences.service';
import { fromDayNumber, fromHundredths, toDayNumber } from '../day-count';
import {
  type DateRange,
  findCalendarsOf,
  findCountingSources,
  findTeamNames,
  findTeamSubtree,
  findVisibleRequests,
} from './reports.queries';
import { getHrReport, type ReportsContext } from './reports.service';
import { countedDaysIn, countingResolver, DEFAULT_CALENDAR, monthsRange } from './reports-days';
import { absencePeopleWhere } from './visible-people';

// The HR report sums its amounts in SQL (reports.queries.ts sumApprovedAmounts). This property holds
// it to the day-by-day counting it replaced, kept here as the reference: every approved request of
// the visible people touching the period, counted day by day with countedDaysIn on the person's
// calendar (findCalendarsOf: own, nearest team's, the default) and the counting countingResolver
// picks (own policy, a team's, the type's default, the type's own), summed per person or per team
// (a person in two teams in both, once in the totals). Each run is a fresh company with random teams
// (a tree), memberships, calendars (worked weekdays, days off, transferred working days; own, team
// and default), policies with assignments and countings, and requests of day, half-day and hourly
// types with half days, across the period's edges, for a month or a year, by person or by team,
// with or without a team filter.

let handle: DatabaseHandle;

const YEAR = 2031;
const FIRST_DAY = toDayNumber('2030-11-15');
const LAST_DAY = toDayNumber('2032-01-20');
const CODES = ['vacation', 'sick_days', 'business_trip', 'overtime', 'home_work'] as const;

async function ownerContext(company: Company): Promise<ReportsContext> {
  const companyId = company.id;
  const { user } = await seedUser(handle.db, companyId, { role: 'owner' });
  const permissions = await findRolePermissions(handle.db, { id: user.roleId, key: 'owner', companyId });
  const access: Access = {
    user: {
      id: user.id,
      companyId: user.companyId,
      employeeId: user.employeeId,
      roleId: user.roleId,
      roleKey: 'owner',
      email: user.email,
      name: user.name,
      locale: user.locale,
      timezone: user.timezone,
      publicId: user.publicId,
      impersonator: null,
    },
    role: { id: user.roleId, key: 'owner' },
    permissions: maskPermissionsByPlan(permissions, company.tariffs),
    ...(await findTeamReach(handle.db, user)),
  };
  const events = createEventBus({ db: handle.db, log: { error: () => {}, warn: () => {} } });
  return { db: handle.db, access, events, now: () => new Date('2031-06-15T12:00:00Z') };
}

const dayArb = fc.integer({ min: FIRST_DAY, max: LAST_DAY });
const countingArb = fc.constantFrom<DayCounting>('working_days', 'calendar_days');

const scenarioArb = fc
  .record({
    people: fc.integer({ min: 1, max: 6 }),
    teamParents: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
    calendars: fc.array(
      fc.record({
        weekdays: fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 1 }),
        daysOff: fc.uniqueArray(dayArb, { maxLength: 25 }),
        working: fc.uniqueArray(dayArb, { maxLength: 6 }),
      }),
      { minLength: 0, maxLength: 3 },
    ),
    hasDefaultCalendar: fc.boolean(),
    seeds: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
    policies: fc.array(
      fc.record({
        code: fc.constantFrom(...CODES),
        counting: countingArb,
        target: fc.constantFrom('default' as const, 'employee' as const, 'team' as const),
        pick: fc.nat(),
      }),
      { maxLength: 6 },
    ),
    requests: fc.array(
      fc.record({
        person: fc.nat(),
        code: fc.constantFrom(...CODES),
        from: dayArb,
        length: fc.integer({ min: 0, max: 40 }),
        halfDayStart: fc.boolean(),
        halfDayEnd: fc.boolean(),
        quarterHours: fc.integer({ min: 0, max: 48 }),
      }),
      { minLength: 1, maxLength: 14 },
    ),
    period: fc.oneof(
      fc.integer({ min: 1, max: 12 }).map((month) => ({ period: 'month' as const, month })),
      fc.constant({ period: 'year' as const, month: undefined }),
    ),
    groupBy: fc.constantFrom('person' as const, 'team' as const),
    teamFilter: fc.option(fc.nat(), { nil: null }),
  })
  .filter((scenario) => scenario.calendars.length > 0 || !scenario.hasDefaultCalendar);
type Scenario = typeof scenarioArb extends fc.Arbitrary<infer T> ? T : never;

/** Writes the scenario's company; answers the owner's context. */
async function seed(scenario: Scenario): Promise<ReportsContext> {
  const { db } = handle;
  const company = await seedCompany(db);
  const companyId = company.id;
  const ctx = await ownerContext(company);
  const types = await listTypes(ctx);
  const typeId = (code: string) => types.find((type) => type.code === code)?.id ?? 0;
  let seedIndex = 0;
  const next = () => scenario.seeds[seedIndex++ % scenario.seeds.length] ?? 0;

  const teamIds: number[] = [];
  for (const [index, parent] of scenario.teamParents.entries()) {
    const parentId = index === 0 || parent % 3 === 0 ? null : (teamIds[parent % index] ?? null);
    const [team] = await db
      .insert(teams)
      .values({ companyId, name: `Team ${String.fromCharCode(90 - index)}`, parentId })
      .returning({ id: teams.id });
    teamIds.push(team?.id ?? 0);
  }
  const people: number[] = [];
  for (let index = 0; index < scenario.people; index += 1) {
    const [person] = await db
      .insert(employees)
      .values({ companyId, firstName: `P${next() % 3}`, lastName: `Person ${next() % 4}` })
      .returning({ id: employees.id });
    people.push(person?.id ?? 0);
    const memberOf = teamIds.filter(() => next() % 2 === 0);
    if (memberOf.length > 0) {
      await db
        .insert(teamMembers)
        .values(memberOf.map((teamId) => ({ companyId, teamId, employeeId: person?.id ?? 0 })));
    }
  }
  const calendarIds: number[] = [];
  for (const [index, calendar] of scenario.calendars.entries()) {
    const [row] = await db
      .insert(workCalendars)
      .values({
        companyId,
        name: `Calendar ${index}`,
        workingWeekdays: calendar.weekdays,
        isDefault: index === 0 && scenario.hasDefaultCalendar,
      })
      .returning({ id: workCalendars.id });
    const calendarId = row?.id ?? 0;
    calendarIds.push(calendarId);
    const off = new Set(calendar.daysOff.map(fromDayNumber));
    const days = [
      ...[...off].map((date, i) => ({ date, kind: i % 2 === 0 ? 'public_holiday' : 'company_day_off' })),
      ...calendar.working
        .map(fromDayNumber)
        .filter((date) => !off.has(date))
        .map((date) => ({ date, kind: 'working_day' })),
    ];
    if (days.length > 0) {
      await db.insert(calendarDays).values(days.map((day) => ({ ...day, companyId, calendarId })));
    }
  }
  if (calendarIds.length > 0) {
    for (const employeeId of people) {
      if (next() % 3 === 0) {
        const calendarId = calendarIds[next() % calendarIds.length] ?? 0;
        await db.insert(employeeCalendars).values({ companyId, employeeId, calendarId });
      }
    }
    for (const teamId of teamIds) {
      if (next() % 3 === 0) {
        const calendarId = calendarIds[next() % calendarIds.length] ?? 0;
        await db.insert(teamCalendars).values({ companyId, teamId, calendarId });
      }
    }
  }
  const defaults = new Set<string>(['vacation']);
  for (const [index, policy] of scenario.policies.entries()) {
    const absenceTypeId = typeId(policy.code);
    if (policy.target === 'default') {
      if (defaults.has(policy.code)) {
        await db
          .update(absencePolicies)
          .set({ counting: policy.counting })
          .where(
            and(eq(absencePolicies.companyId, companyId), eq(absencePolicies.absenceTypeId, absenceTypeId)),
          );
        continue;
      }
      defaults.add(policy.code);
    }
    const [row] = await db
      .insert(absencePolicies)
      .values({
        companyId,
        absenceTypeId,
        name: `Policy ${index}`,
        isDefault: policy.target === 'default',
        counting: policy.counting,
      })
      .returning({ id: absencePolicies.id });
    if (policy.target === 'default') continue;
    await db.insert(absencePolicyAssignments).values({
      companyId,
      policyId: row?.id ?? 0,
      employeeId: policy.target === 'employee' ? (people[policy.pick % people.length] ?? null) : null,
      teamId: policy.target === 'team' ? (teamIds[policy.pick % teamIds.length] ?? null) : null,
    });
  }
  // The types' own counting differs from the defaults sometimes, so the last fallback is exercised.
  if (next() % 2 === 0) {
    await db
      .update(absenceTypes)
      .set({ counting: 'calendar_days' })
      .where(and(eq(absenceTypes.companyId, companyId), eq(absenceTypes.id, typeId('sick_days'))));
  }
  for (const request of scenario.requests) {
    const hourly = request.code === 'overtime';
    const from = fromDayNumber(request.from);
    const to = fromDayNumber(Math.min(request.from + (hourly ? 0 : request.length), LAST_DAY));
    await db.insert(absenceRequests).values({
      companyId,
      employeeId: people[request.person % people.length] ?? 0,
      absenceTypeId: typeId(request.code),
      dateFrom: from,
      dateTo: to,
      halfDayStart: !hourly && request.halfDayStart,
      halfDayEnd: !hourly && request.halfDayEnd,
      hours: hourly ? request.quarterHours / 4 : null,
      status: 'approved',
      amount: 1,
    });
  }
  // Pending and revoked requests never count.
  await db.insert(absenceRequests).values({
    companyId,
    employeeId: people[0] ?? 0,
    absenceTypeId: typeId('vacation'),
    dateFrom: `${YEAR}-03-03`,
    dateTo: `${YEAR}-03-05`,
    status: 'pending',
    amount: 3,
  });
  return ctx;
}

/** The day-by-day report the SQL replaced (reports.service.ts before issue 14's scaling work). */
async function referenceReport(
  ctx: ReportsContext,
  query: {
    period: 'month' | 'year';
    month: number | undefined;
    group_by: 'person' | 'team';
    team_id?: number;
  },
) {
  const companyId = ctx.access.user.companyId;
  const range: DateRange =
    query.period === 'year'
      ? { from: `${YEAR}-01-01`, to: `${YEAR}-12-31` }
      : monthsRange(
          `${YEAR}-${String(query.month).padStart(2, '0')}`,
          `${YEAR}-${String(query.month).padStart(2, '0')}`,
        );
  const teamIds =
    query.team_id === undefined ? null : await findTeamSubtree(ctx.db, companyId, query.team_id);
  const types = await listTypes(ctx);
  const requests = await findVisibleRequests(ctx.db, companyId, {
    visible: absencePeopleWhere(ctx.access),
    teamIds,
    range,
    statuses: ['approved'],
  });
  const employeeIds = [...new Set(requests.map((request) => request.employeeId))];
  const [calendars, sources] = await Promise.all([
    findCalendarsOf(ctx.db, companyId, employeeIds, range),
    findCountingSources(ctx.db, companyId, employeeIds),
  ]);
  const typeById = new Map<number, AbsenceType>(types.map((type) => [type.id, type]));
  const countingOf = countingResolver(
    sources,
    new Map(types.map((type) => [type.id, type.counting as DayCounting])),
  );
  type Sums = Map<AbsenceTypeCode, number>;
  const byPerson = new Map<number, { name: string; sums: Sums }>();
  for (const request of requests) {
    const type = typeById.get(request.absenceTypeId);
    if (!type) continue;
    const amount = countedDaysIn(
      request,
      type.unit,
      calendars.get(request.employeeId) ?? DEFAULT_CALENDAR,
      countingOf(request.employeeId, request.absenceTypeId),
      range,
    ).reduce((sum, day) => sum + day.hundredths, 0);
    if (amount === 0) continue;
    const person = byPerson.get(request.employeeId) ?? { name: request.name, sums: new Map() };
    person.sums.set(type.code, (person.sums.get(type.code) ?? 0) + amount);
    byPerson.set(request.employeeId, person);
  }
  const hourly = new Set(types.filter((type) => type.unit === 'hours').map((type) => type.code));
  const toRow = (id: number | null, name: string, sums: Sums) => ({
    id,
    name,
    amounts: Object.fromEntries([...sums].map(([code, amount]) => [code, fromHundredths(amount)])),
    total_days: fromHundredths(
      [...sums].reduce((sum, [code, amount]) => (hourly.has(code) ? sum : sum + amount), 0),
    ),
  });
  const add = (into: Sums, from: Sums) => {
    for (const [code, amount] of from) into.set(code, (into.get(code) ?? 0) + amount);
  };
  const totals: Sums = new Map();
  for (const person of byPerson.values()) add(totals, person.sums);
  let rows: ReturnType<typeof toRow>[];
  if (query.group_by === 'team') {
    const selected = teamIds ? new Set(teamIds) : null;
    const byTeam = new Map<number | null, Sums>();
    for (const [employeeId, person] of byPerson) {
      const own = sources.memberships
        .filter((row) => row.employeeId === employeeId && (!selected || selected.has(row.teamId)))
        .map((row) => row.teamId);
      for (const teamId of own.length > 0 ? [...new Set(own)] : [null]) {
        const sums = byTeam.get(teamId) ?? new Map();
        add(sums, person.sums);
        byTeam.set(teamId, sums);
      }
    }
    const names = await findTeamNames(
      ctx.db,
      companyId,
      [...byTeam.keys()].filter((id): id is number => id !== null),
    );
    rows = [...byTeam]
      .map(([id, sums]) => toRow(id, id === null ? '' : (names.get(id) ?? ''), sums))
      .sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : a.name.localeCompare(b.name)));
  } else {
    rows = [...byPerson].map(([id, person]) => toRow(id, person.name, person.sums));
  }
  const totalRow = toRow(null, '', totals);
  return {
    date_from: range.from,
    date_to: range.to,
    types: types.filter((type) => totals.has(type.code)).map((type) => type.code),
    rows,
    totals: { amounts: totalRow.amounts, total_days: totalRow.total_days },
  };
}

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

describe('the HR report summed in SQL', () => {
  it('equals the day-by-day count over random teams, calendars, policies and requests', async () => {
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(scenarioArb, async (scenario) => {
        const ctx = await seed(scenario);
        const companyTeams = await ctx.db
          .select({ id: teams.id })
          .from(teams)
          .where(eq(teams.companyId, ctx.access.user.companyId));
        const teamId =
          scenario.teamFilter === null
            ? undefined
            : companyTeams[scenario.teamFilter % companyTeams.length]?.id;
        const query = {
          period: scenario.period.period,
          year: YEAR,
          month: scenario.period.month,
          group_by: scenario.groupBy,
          ...(teamId === undefined ? {} : { team_id: teamId }),
        };
        const expected = await referenceReport(ctx, query);
        const actual = await getHrReport(ctx, query);
        expect(actual).toEqual(expected);
        checked += expected.rows.length;
      }),
      // Each run seeds a company: shrinking would replay many, so a failure is reported as found.
      { numRuns: 40, endOnFailure: true },
    );
    // The runs are not all empty reports.
    expect(checked).toBeGreaterThan(0);
  }, 120_000);
});
