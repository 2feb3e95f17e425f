import { timelineResponseSchema } from '@kadry/shared/schemas/absence-reports';
import {
  workCalendarResponseSchema,
  workCalendarsResponseSchema,
} from '@kadry/shared/schemas/absence-settings';
import { absencePreviewResponseSchema, absentTodayResponseSchema } from '@kadry/shared/schemas/absences';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../../test/db';
import type { Company } from '../../../db/schema/companies';
import { teams } from '../../../db/schema/teams';
import { type AuthTestApp, createAuthTestApp } from '../../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
  seedTeam,
} from '../../permissions/permissions-test-support';

// Team work calendars (team_calendars): a person counts days on their own calendar, else on their
// nearest team's (walking up the teams tree; at the same distance the lowest team id), else on the
// company default — the same answer from the request engine (preview), the timeline's non-working
// days, absent today's time zone and the settings' people count (calendar-resolution.queries.ts).

const S = '/api/v1/absences/settings';
/** Monday 4 – Sunday 10 August 2031. */
const WEEK = { from: '2031-08-04', to: '2031-08-10' };

let t: AuthTestApp;
let company: Company;
let otherCompany: Company;
let owner: StaffMember;
let employee: StaffMember;
let otherOwner: StaffMember;
const people: Record<'alice' | 'bob' | 'carol' | 'dave' | 'erin', StaffMember> = {} as never;
const team: Record<'eng' | 'backend' | 'api' | 'sales' | 'ops', number> = {} as never;
const calendar: Record<'five' | 'four' | 'six' | 'three', number> = {} as never;

function call(who: StaffMember, method: StaffMethod, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

async function insertTeam(name: string, parentId: number | null): Promise<number> {
  const [row] = await t.database.db
    .insert(teams)
    .values({ companyId: company.id, name, parentId })
    .returning({ id: teams.id });
  if (!row) throw new Error('no team');
  return row.id;
}

async function join(who: StaffMember, teamId: number): Promise<void> {
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: who.user.id });
}

async function createCalendar(name: string, weekdays: number[], timeZone = 'Europe/Kyiv'): Promise<number> {
  const response = await call(owner, 'POST', `${S}/calendars`, {
    name,
    country_code: null,
    time_zone: timeZone,
    working_weekdays: weekdays,
  });
  expect(response.statusCode, response.body).toBe(201);
  return workCalendarResponseSchema.parse(response.json()).data.id;
}

async function assign(calendarId: number, body: { employee_ids: number[]; team_ids?: number[] }) {
  const response = await call(owner, 'PUT', `${S}/calendars/${calendarId}/assignments`, body);
  expect(response.statusCode, response.body).toBe(200);
  return workCalendarResponseSchema.parse(response.json()).data;
}

/** Days the request engine counts for the week (working days of home work, nothing written). */
async function engineDays(who: StaffMember): Promise<number> {
  const response = await call(owner, 'POST', '/api/v1/employee-request/requests/preview', {
    absence_type: 'home_work',
    employee_id: who.user.employeeId,
    date_from: WEEK.from,
    date_to: WEEK.to,
  });
  expect(response.statusCode, response.body).toBe(200);
  return absencePreviewResponseSchema.parse(response.json()).data.days;
}

/** Working days of the week per the timeline's non-working days (the reports' resolution). */
async function timelineDays(): Promise<Map<number, number>> {
  const response = await call(owner, 'GET', '/api/v1/absences/timeline?from=2031-08&to=2031-08&per_page=100');
  expect(response.statusCode, response.body).toBe(200);
  const timeline = timelineResponseSchema.parse(response.json()).data;
  return new Map(
    timeline.people.map((person) => [
      person.id,
      7 - person.non_working_days.filter((day) => day >= WEEK.from && day <= WEEK.to).length,
    ]),
  );
}

/** Each named person's working days in the week, checking the engine and the timeline agree. */
async function weekOf(): Promise<Record<keyof typeof people, number>> {
  const timeline = await timelineDays();
  const result = {} as Record<keyof typeof people, number>;
  for (const [name, who] of Object.entries(people) as [keyof typeof people, StaffMember][]) {
    const days = await engineDays(who);
    expect(timeline.get(who.user.employeeId), name).toBe(days);
    result[name] = days;
  }
  return result;
}

async function peopleCounts(): Promise<Map<number, number>> {
  const response = await call(owner, 'GET', `${S}/calendars`);
  expect(response.statusCode, response.body).toBe(200);
  return new Map(
    workCalendarsResponseSchema
      .parse(response.json())
      .data.map((item) => [item.id, item.people_count] as [number, number]),
  );
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  otherCompany = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  employee = await seedStaff(t, company, 'employee');
  otherOwner = await seedStaff(t, otherCompany, 'owner');
  for (const name of ['alice', 'bob', 'carol', 'dave', 'erin'] as const) {
    people[name] = await seedStaff(t, company, 'employee');
  }
  // eng ⊃ backend ⊃ api; sales and ops side by side (sales has the lower id).
  team.eng = await insertTeam('Engineering', null);
  team.backend = await insertTeam('Backend', team.eng);
  team.api = await insertTeam('API', team.backend);
  team.sales = await insertTeam('Sales', null);
  team.ops = await insertTeam('Operations', null);
  await join(people.dave, team.eng);
  await join(people.alice, team.backend);
  await join(people.bob, team.api);
  await join(people.carol, team.sales);
  await join(people.carol, team.ops);
  // erin is in no team. The first calendar is the company default.
  calendar.five = await createCalendar('Five days', [1, 2, 3, 4, 5]);
  calendar.four = await createCalendar('Four days', [1, 2, 3, 4]);
  calendar.six = await createCalendar('Six days', [1, 2, 3, 4, 5, 6], 'Pacific/Kiritimati');
  calendar.three = await createCalendar('Three days', [1, 2, 3]);
});

afterAll(async () => {
  await t?.close();
});

describe('team calendars', () => {
  it('start everyone on the default calendar', async () => {
    expect(await weekOf()).toEqual({ alice: 5, bob: 5, carol: 5, dave: 5, erin: 5 });
  });

  it("reach the team's members, its sub-teams and whoever joins later, and own overrides team", async () => {
    const four = await assign(calendar.four, { employee_ids: [], team_ids: [team.eng] });
    expect(four).toMatchObject({
      employees: [],
      teams: [{ id: team.eng, name: 'Engineering' }],
      employees_count: 0,
      teams_count: 1,
    });
    // A joiner after the assignment counts on the team's calendar (nothing was copied).
    const frank = await seedStaff(t, company, 'employee');
    await join(frank, team.backend);
    expect(await engineDays(frank)).toBe(4);
    expect((await timelineDays()).get(frank.user.employeeId)).toBe(4);
    // dave in eng, alice in its sub-team, bob two levels down: all on it; the others on the default.
    expect(await weekOf()).toEqual({ alice: 4, bob: 4, carol: 5, dave: 4, erin: 5 });
    // Her own calendar wins over her team's.
    const six = await assign(calendar.six, { employee_ids: [people.alice.user.employeeId] });
    expect(six.employees.map((person) => person.id)).toEqual([people.alice.user.employeeId]);
    expect(six.teams).toEqual([]);
    // The nearest team with a calendar wins: bob's api is under backend (1 up) under eng (2 up).
    await assign(calendar.three, { employee_ids: [], team_ids: [team.backend] });
    expect(await engineDays(frank)).toBe(3);
    expect(await weekOf()).toEqual({ alice: 6, bob: 3, carol: 5, dave: 4, erin: 5 });
    const counts = await peopleCounts();
    expect(counts.get(calendar.four)).toBe(1);
    expect(counts.get(calendar.six)).toBe(1);
    expect(counts.get(calendar.three)).toBe(2);
    // owner, employee, carol, erin.
    expect(counts.get(calendar.five)).toBe(4);
  });

  it('take the lowest team id among teams at the same distance', async () => {
    // carol is in sales and ops; a team moves from one calendar to another when assigned.
    await assign(calendar.four, { employee_ids: [], team_ids: [team.eng, team.ops] });
    expect((await weekOf()).carol).toBe(4);
    await assign(calendar.six, { employee_ids: [people.alice.user.employeeId], team_ids: [team.sales] });
    expect((await weekOf()).carol).toBe(6);
    const moved = await assign(calendar.three, {
      employee_ids: [],
      team_ids: [team.backend, team.sales],
    });
    expect(moved.teams.map((item) => item.id).sort((a, b) => a - b)).toEqual(
      [team.backend, team.sales].sort((a, b) => a - b),
    );
    const six = await call(owner, 'GET', `${S}/calendars/${calendar.six}`);
    expect(workCalendarResponseSchema.parse(six.json()).data.teams).toEqual([]);
    expect((await weekOf()).carol).toBe(3);
  });

  it("count today in the zone of the person's team calendar for absent today", async () => {
    // 10:30 UTC on 10 March is already 00:30 on the 11th in Kiritimati (UTC+14), still the 10th in Kyiv.
    await assign(calendar.three, { employee_ids: [], team_ids: [team.backend] });
    await assign(calendar.six, { employee_ids: [], team_ids: [team.sales] });
    t.clock.now = new Date('2031-03-10T10:30:00Z');
    for (const who of [people.carol, people.erin]) {
      const entered = await call(owner, 'POST', '/api/v1/employee-request/requests', {
        absence_type: 'business_trip',
        employee_id: who.user.employeeId,
        date_from: '2031-03-11',
        date_to: '2031-03-11',
      });
      expect(entered.statusCode, entered.body).toBe(201);
    }
    const response = await call(owner, 'GET', '/api/v1/dashboard/absent-today');
    expect(response.statusCode, response.body).toBe(200);
    const list = absentTodayResponseSchema.parse(response.json());
    expect(list.data.map((row) => [row.employee_id, row.today])).toEqual([
      [people.carol.user.employeeId, '2031-03-11'],
    ]);
  });

  it('fall back to the default when unassigned, and when the team goes', async () => {
    await assign(calendar.three, { employee_ids: [], team_ids: [] });
    await assign(calendar.six, { employee_ids: [], team_ids: [] });
    expect(await weekOf()).toEqual({ alice: 4, bob: 4, carol: 4, dave: 4, erin: 5 });
    await assign(calendar.four, { employee_ids: [], team_ids: [team.eng] });
    expect((await weekOf()).carol).toBe(5);
    // Deleting the assigned team's calendar puts its people back on the default.
    expect((await call(owner, 'DELETE', `${S}/calendars/${calendar.four}`)).statusCode).toBe(204);
    expect(await weekOf()).toEqual({ alice: 5, bob: 5, carol: 5, dave: 5, erin: 5 });
  });

  it("refuse another company's teams and duplicates under team_ids, and whoever lacks the settings", async () => {
    const theirs = await seedTeam(t.database.db, otherCompany.id, 'Theirs');
    const foreign = await call(owner, 'PUT', `${S}/calendars/${calendar.three}/assignments`, {
      employee_ids: [],
      team_ids: [theirs],
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json()).toHaveProperty(['errors', 'team_ids']);
    const twice = await call(owner, 'PUT', `${S}/calendars/${calendar.three}/assignments`, {
      employee_ids: [],
      team_ids: [team.eng, team.eng],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toHaveProperty(['errors', 'team_ids']);
    const denied = await call(employee, 'PUT', `${S}/calendars/${calendar.three}/assignments`, {
      employee_ids: [],
      team_ids: [team.eng],
    });
    expect(denied.statusCode).toBe(403);
    // Another company's owner cannot see the calendar (404), nor assign to it.
    const hidden = await call(otherOwner, 'PUT', `${S}/calendars/${calendar.three}/assignments`, {
      employee_ids: [],
      team_ids: [],
    });
    expect(hidden.statusCode).toBe(404);
    const unchanged = await call(owner, 'GET', `${S}/calendars/${calendar.three}`);
    expect(workCalendarResponseSchema.parse(unchanged.json()).data.teams).toEqual([]);
  });
});
