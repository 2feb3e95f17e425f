import {
  absenceFeedsResponseSchema,
  createdAbsenceFeedResponseSchema,
} from '@kadry/shared/schemas/absence-reports';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../../test/db';
import { absenceFeeds } from '../../../db/schema/absences';
import type { Company } from '../../../db/schema/companies';
import { employees } from '../../../db/schema/employees';
import { teamMembers } from '../../../db/schema/teams';
import { users } from '../../../db/schema/users';
import { hashToken } from '../../../lib/tokens';
import { type AuthTestApp, createAuthTestApp } from '../../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  seedStaff,
  seedTeam,
} from '../../permissions/permissions-test-support';

// iCal feeds through app.inject: made and revoked by staff, read without a session, parsed with a
// real iCalendar parser (ical.js), showing only approved absences the creator may still see.

let t: AuthTestApp;
let company: Company;
let other: Company;
let hr: StaffMember;
let manager: StaffMember;
let employee: StaffMember;
let bob: StaffMember;
let teamA: number;

async function enter(who: StaffMember, body: Record<string, unknown>) {
  const response = await callAs(t, who, 'POST', '/api/v1/employee-request/requests', body);
  expect(response.statusCode, response.body).toBe(201);
}

async function createFeed(who: StaffMember, body: Record<string, unknown>) {
  const response = await callAs(t, who, 'POST', '/api/v1/absences/feeds', body);
  expect(response.statusCode, response.body).toBe(201);
  return createdAbsenceFeedResponseSchema.parse(response.json()).data;
}

/** Fetches a feed as a calendar app does: no cookie, no CSRF token, only the URL. */
function fetchFeed(url: string, host = company.hosts[0] ?? '') {
  const { pathname } = new URL(url);
  return t.app.inject({ method: 'GET', url: pathname, headers: { host } });
}

type ParsedEvent = { uid: string; summary: string; start: string; end: string; isDate: boolean };

function parseEvents(body: string): ParsedEvent[] {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      isDate: event.startDate.isDate && event.endDate.isDate,
    };
  });
}

beforeAll(async () => {
  t = await createAuthTestApp();
  const db = t.database.db;
  company = await seedCompany(db);
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  bob = await seedStaff(t, company, 'employee');
  teamA = await seedTeam(db, company.id, 'Alpha');
  const teamB = await seedTeam(db, company.id, 'Beta');
  await addTeamMember(db, { companyId: company.id, teamId: teamA, userId: manager.user.id, isManager: true });
  await addTeamMember(db, { companyId: company.id, teamId: teamA, userId: employee.user.id });
  await addTeamMember(db, { companyId: company.id, teamId: teamB, userId: bob.user.id });
  await db
    .update(employees)
    .set({ firstName: 'Eve', lastName: 'Employee', managerId: manager.user.employeeId })
    .where(eq(employees.id, employee.user.employeeId));
  await db
    .update(employees)
    .set({ firstName: 'Bob', lastName: 'Beta' })
    .where(eq(employees.id, bob.user.employeeId));
  // The test clock stands at 10 March 2031: these are within a feed's reach.
  await enter(hr, {
    absence_type: 'vacation',
    employee_id: employee.user.employeeId,
    date_from: '2031-04-07',
    date_to: '2031-04-09',
    half_day_end: true,
  });
  await enter(hr, {
    absence_type: 'home_work',
    employee_id: employee.user.employeeId,
    date_from: '2031-04-14',
    date_to: '2031-04-14',
  });
  await enter(hr, {
    absence_type: 'unpaid_vacation',
    employee_id: bob.user.employeeId,
    date_from: '2031-04-15',
    date_to: '2031-04-15',
  });
  // Pending: never in a feed.
  await enter(employee, { absence_type: 'sick_days', date_from: '2031-05-05', date_to: '2031-05-05' });
  other = await seedCompany(db, { name: 'Other', hosts: ['other.example.test'] });
});

afterAll(async () => {
  await t?.close();
});

describe('iCal feeds', () => {
  it('answers the secret URL once and keeps only its hash', async () => {
    const feed = await createFeed(employee, { name: 'My absences', scope: 'person' });
    expect(feed).toMatchObject({ scope: 'person', employee_id: employee.user.employeeId, type_codes: [] });
    const token = /\/api\/v1\/absences\/feeds\/([\w-]+)\.ics$/.exec(feed.url)?.[1];
    expect(token?.length).toBeGreaterThanOrEqual(40);
    const [row] = await t.database.db.select().from(absenceFeeds).where(eq(absenceFeeds.id, feed.id));
    expect(row?.tokenHash).toBe(hashToken(token ?? ''));
    expect(JSON.stringify(row)).not.toContain(token);
    const listed = await callAs(t, employee, 'GET', '/api/v1/absences/feeds');
    const feeds = absenceFeedsResponseSchema.parse(listed.json()).data;
    expect(feeds.map((item) => item.id)).toEqual([feed.id]);
    expect(JSON.stringify(feeds)).not.toContain(token);
  });

  it('serves all-day events of approved absences without a session, with stable UIDs', async () => {
    const feed = await createFeed(employee, { name: 'Eve', scope: 'person' });
    const response = await fetchFeed(feed.url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/calendar');
    const events = parseEvents(response.body);
    expect(events.map(({ summary, start, end, isDate }) => ({ summary, start, end, isDate }))).toEqual([
      {
        summary: 'Eve Employee: Vacation (until midday)',
        start: '2031-04-07',
        end: '2031-04-10',
        isDate: true,
      },
      { summary: 'Eve Employee: Working from home', start: '2031-04-14', end: '2031-04-15', isDate: true },
    ]);
    const again = parseEvents((await fetchFeed(feed.url)).body);
    expect(again.map((event) => event.uid)).toEqual(events.map((event) => event.uid));
    expect(new Set(events.map((event) => event.uid)).size).toBe(2);
    // The fetch is recorded as the feed's last use.
    const listed = absenceFeedsResponseSchema.parse(
      (await callAs(t, employee, 'GET', '/api/v1/absences/feeds')).json(),
    );
    expect(listed.data.find((item) => item.id === feed.id)?.last_used_at).toBe(t.clock.now.toISOString());
  });

  it('filters by type and by team (with what the creator sees)', async () => {
    const homeWork = await createFeed(employee, { name: 'Home', scope: 'person', type_codes: ['home_work'] });
    expect(parseEvents((await fetchFeed(homeWork.url)).body).map((event) => event.summary)).toEqual([
      'Eve Employee: Working from home',
    ]);
    const team = await createFeed(hr, { name: 'Alpha', scope: 'team', team_id: teamA });
    expect(parseEvents((await fetchFeed(team.url)).body).map((event) => event.start)).toEqual([
      '2031-04-07',
      '2031-04-14',
    ]);
    const everyone = await createFeed(hr, { name: 'All', scope: 'company', type_codes: ['unpaid_vacation'] });
    expect(parseEvents((await fetchFeed(everyone.url)).body).map((event) => event.summary)).toEqual([
      'Bob Beta: Unpaid leave',
    ]);
  });

  it('refuses a person out of reach, an unknown team, and a company feed without the to_all level', async () => {
    const hidden = await callAs(t, employee, 'POST', '/api/v1/absences/feeds', {
      name: 'Bob',
      scope: 'person',
      employee_id: bob.user.employeeId,
    });
    expect(hidden.statusCode).toBe(422);
    expect(Object.keys(hidden.json().errors)).toEqual(['employee_id']);
    const team = await callAs(t, hr, 'POST', '/api/v1/absences/feeds', {
      name: 'X',
      scope: 'team',
      team_id: 999999,
    });
    expect(team.statusCode).toBe(422);
    const noTeam = await callAs(t, hr, 'POST', '/api/v1/absences/feeds', { name: 'X', scope: 'team' });
    expect(noTeam.statusCode).toBe(422);
    const companyWide = await callAs(t, manager, 'POST', '/api/v1/absences/feeds', {
      name: 'X',
      scope: 'company',
    });
    expect(companyWide.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/absences/feeds' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('stops showing people the creator may no longer see', async () => {
    const feed = await createFeed(manager, {
      name: 'Eve',
      scope: 'person',
      employee_id: employee.user.employeeId,
    });
    expect(parseEvents((await fetchFeed(feed.url)).body)).toHaveLength(2);
    await t.database.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, teamA), eq(teamMembers.employeeId, manager.user.employeeId)));
    const after = await fetchFeed(feed.url);
    expect(after.statusCode).toBe(200);
    expect(parseEvents(after.body)).toEqual([]);
    await addTeamMember(t.database.db, {
      companyId: company.id,
      teamId: teamA,
      userId: manager.user.id,
      isManager: true,
    });
  });

  it('answers 404 once revoked, for unknown tokens, other companies and disabled creators', async () => {
    const feed = await createFeed(employee, { name: 'Temp', scope: 'person' });
    expect((await fetchFeed(feed.url, other.hosts[0])).statusCode).toBe(404);
    // Only the feed's owner may revoke it.
    expect((await callAs(t, hr, 'POST', `/api/v1/absences/feeds/${feed.id}/revoke`)).statusCode).toBe(404);
    const revoked = await callAs(t, employee, 'POST', `/api/v1/absences/feeds/${feed.id}/revoke`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revoked_at).toBe(t.clock.now.toISOString());
    expect((await fetchFeed(feed.url)).statusCode).toBe(404);
    expect((await callAs(t, employee, 'POST', `/api/v1/absences/feeds/${feed.id}/revoke`)).statusCode).toBe(
      404,
    );
    const listed = absenceFeedsResponseSchema.parse(
      (await callAs(t, employee, 'GET', '/api/v1/absences/feeds')).json(),
    );
    expect(listed.data.map((item) => item.id)).not.toContain(feed.id);
    expect(
      (await fetchFeed('http://x/api/v1/absences/feeds/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics'))
        .statusCode,
    ).toBe(404);

    const bobs = await createFeed(bob, { name: 'Bob', scope: 'person' });
    expect((await fetchFeed(bobs.url)).statusCode).toBe(200);
    await t.database.db.update(users).set({ isDisabled: true }).where(eq(users.id, bob.user.id));
    expect((await fetchFeed(bobs.url)).statusCode).toBe(404);
  });
});
