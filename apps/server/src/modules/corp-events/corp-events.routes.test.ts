import { setActionLevel } from '@kadry/shared/permissions/permission-state';
import { createdAbsenceFeedResponseSchema } from '@kadry/shared/schemas/absence-reports';
import {
  type CorpEvent,
  corpEventResponseSchema,
  corpEventsResponseSchema,
  corpEventsWidgetResponseSchema,
} from '@kadry/shared/schemas/corp-events';
import { notificationsResponseSchema } from '@kadry/shared/schemas/notifications';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { teams } from '../../db/schema/teams';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// Corporate events (issue 15; docs/decisions/025-questions-to-hr.md) through app.inject: validation,
// the audience rule (a team's sub-teams are in its audience), the CorpEvent permission matrix, the
// widget, notifications of the audience and the iCal feeds. The app's clock: 2031-03-10 09:00 UTC.

const EVENTS = '/api/v1/corp-events';
const WIDGET = '/api/v1/dashboard/corp-events';

let t: AuthTestApp;
let company: Company;
let other: Company;
let atsOnly: Company;
let owner: StaffMember;
let hr: StaffMember;
let manager: StaffMember;
let employee: StaffMember;
let outsider: StaffMember;
let recruiter: StaffMember;
let otherOwner: StaffMember;
let atsOwner: StaffMember;
let root: number;
let sub: number;
let side: number;
let otherTeam: number;
/** Everyone, 12 March 10:00–11:00 in Kyiv. */
let forEveryone: CorpEvent;
/** All day 15–16 March for the root team (and so its sub-team). */
let forRoot: CorpEvent;
/** 1 April for the side team. */
let forSide: CorpEvent;

function event(overrides: Record<string, unknown> = {}) {
  return {
    title: 'Town hall',
    description: 'Quarterly results',
    place: 'Main hall',
    all_day: false,
    start_date: '2031-03-12',
    end_date: '2031-03-12',
    start_time: '10:00',
    end_time: '11:00',
    time_zone: 'Europe/Kyiv',
    audience: 'everyone',
    ...overrides,
  };
}

async function create(who: StaffMember, body: Record<string, unknown>): Promise<CorpEvent> {
  const response = await callAs(t, who, 'POST', EVENTS, body);
  expect(response.statusCode, response.body).toBe(201);
  return corpEventResponseSchema.parse(response.json()).data;
}

async function list(who: StaffMember, query = ''): Promise<CorpEvent[]> {
  const response = await callAs(t, who, 'GET', `${EVENTS}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return corpEventsResponseSchema.parse(response.json()).data;
}

async function widget(who: StaffMember): Promise<CorpEvent[]> {
  const response = await callAs(t, who, 'GET', WIDGET);
  expect(response.statusCode, response.body).toBe(200);
  return corpEventsWidgetResponseSchema.parse(response.json()).data;
}

const titles = (events: CorpEvent[]) => events.map((item) => item.title);

async function addChildTeam(name: string, parentId: number): Promise<number> {
  const [row] = await t.database.db
    .insert(teams)
    .values({ companyId: company.id, name, parentId })
    .returning({ id: teams.id });
  if (!row) throw new Error('no team');
  return row.id;
}

/** The VEVENT UIDs of a feed read as a calendar app reads it (no session, the secret URL only). */
async function feedUids(who: StaffMember, body: Record<string, unknown>): Promise<string[]> {
  const created = await callAs(t, who, 'POST', '/api/v1/absences/feeds', { name: 'Feed', ...body });
  expect(created.statusCode, created.body).toBe(201);
  const { pathname } = new URL(createdAbsenceFeedResponseSchema.parse(created.json()).data.url);
  const response = await t.app.inject({
    method: 'GET',
    url: pathname,
    headers: { host: company.hosts[0] ?? '' },
  });
  expect(response.statusCode).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(response.body));
  return calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component).uid);
}

beforeAll(async () => {
  t = await createAuthTestApp();
  const db = t.database.db;
  company = await seedCompany(db);
  other = await seedCompany(db);
  atsOnly = await seedCompany(db, { tariffs: ['ats'] });
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  outsider = await seedStaff(t, company, 'employee');
  recruiter = await seedStaff(t, company, 'recruiter');
  otherOwner = await seedStaff(t, other, 'owner');
  atsOwner = await seedStaff(t, atsOnly, 'owner');
  root = await seedTeam(db, company.id, 'Root');
  sub = await addChildTeam('Sub', root);
  side = await seedTeam(db, company.id, 'Side');
  otherTeam = await seedTeam(db, other.id, 'Elsewhere');
  await addTeamMember(db, { companyId: company.id, teamId: root, userId: manager.user.id, isManager: true });
  await addTeamMember(db, { companyId: company.id, teamId: sub, userId: employee.user.id });
  await addTeamMember(db, { companyId: company.id, teamId: side, userId: outsider.user.id });
  // Managers announce events to their own teams: create for my team, change and delete their own.
  let settings = setActionLevel(null, 'view', 'only_my');
  settings = setActionLevel(settings, 'create', 'only_my_and_my_team');
  settings = setActionLevel(settings, 'update', 'only_my');
  settings = setActionLevel(settings, 'delete', 'only_my');
  const edit = await callAs(t, owner, 'PUT', `/api/v1/roles/${manager.user.roleId}`, {
    permissions: { CorpEvent: { visibilitySettings: settings } },
  });
  expect(edit.statusCode, edit.body).toBe(200);

  forEveryone = await create(hr, event());
  forRoot = await create(
    hr,
    event({
      title: 'Team offsite',
      all_day: true,
      start_date: '2031-03-15',
      end_date: '2031-03-16',
      start_time: null,
      end_time: null,
      audience: 'teams',
      team_ids: [root],
    }),
  );
  forSide = await create(
    hr,
    event({
      title: 'Side lunch',
      start_date: '2031-04-01',
      end_date: '2031-04-01',
      start_time: '12:00',
      end_time: '13:00',
      time_zone: 'UTC',
      audience: 'teams',
      team_ids: [side],
    }),
  );
});

afterAll(async () => {
  await t.close();
});

describe('POST corpEvents.all: validation', () => {
  it('answers 422 in the one error shape for every bad field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...event(), title: '  ' }, 'title'],
      [event({ end_date: '2031-03-11' }), 'end_date'],
      [event({ start_time: null }), 'start_time'],
      [event({ end_time: '09:00' }), 'end_time'],
      [event({ start_time: '25:00' }), 'start_time'],
      [event({ time_zone: 'Mars/Olympus' }), 'time_zone'],
      [event({ audience: 'teams', team_ids: [] }), 'team_ids'],
      [event({ audience: 'teams', team_ids: [2_147_483_000] }), 'team_ids'],
      [event({ audience: 'teams', team_ids: [otherTeam] }), 'team_ids'],
      [event({ audience: 'teams', team_ids: [root, root] }), 'team_ids'],
      [event({ audience: 'somebody' }), 'audience'],
      [event({ end_date: '2032-06-01' }), 'end_date'],
      [event({ start_date: '2031-02-30' }), 'start_date'],
    ];
    for (const [body, field] of cases) {
      const response = await callAs(t, hr, 'POST', EVENTS, body);
      expect(response.statusCode, `${field}: ${response.body}`).toBe(422);
      const answer = response.json() as { message: string; errors: Record<string, string[]> };
      expect(typeof answer.message).toBe('string');
      expect(Object.keys(answer.errors), field).toContain(field);
    }
  });

  it('reads local times in the event’s zone after a change of clocks', async () => {
    // 30 March 2031, Kyiv: at 03:00 the clocks go to 04:00 (UTC+3), so 04:00 local is 01:00 UTC.
    const response = await callAs(
      t,
      hr,
      'POST',
      EVENTS,
      event({ start_date: '2031-03-30', end_date: '2031-03-30', start_time: '04:00', end_time: '04:30' }),
    );
    expect(response.statusCode).toBe(201);
    const created = corpEventResponseSchema.parse(response.json()).data;
    expect(created.starts_at).toBe('2031-03-30T01:00:00.000Z');
    await callAs(t, hr, 'DELETE', `${EVENTS}/${created.id}`);
  });
});

describe('the audience', () => {
  it('stores local times with their instants; an all-day event spans its days in its zone', () => {
    expect(forEveryone.starts_at).toBe('2031-03-12T08:00:00.000Z');
    expect(forEveryone.ends_at).toBe('2031-03-12T09:00:00.000Z');
    expect(forRoot).toMatchObject({
      all_day: true,
      start_time: null,
      start_date: '2031-03-15',
      end_date: '2031-03-16',
      starts_at: '2031-03-14T22:00:00.000Z',
      ends_at: '2031-03-16T22:00:00.000Z',
      teams: [{ id: root, name: 'Root' }],
      author: { id: hr.user.id, name: hr.user.name },
    });
  });

  it('reaches the members of the chosen teams and of every team below them', async () => {
    expect(titles(await list(employee))).toEqual(['Town hall', 'Team offsite']);
    expect(titles(await list(manager))).toEqual(['Town hall', 'Team offsite']);
    expect(titles(await list(outsider))).toEqual(['Town hall', 'Side lunch']);
    expect(titles(await list(recruiter))).toEqual(['Town hall']);
    expect((await list(employee)).every((item) => item.is_for_me)).toBe(true);
  });

  it('answers 404 for an event out of the audience, and for another company’s', async () => {
    expect((await callAs(t, employee, 'GET', `${EVENTS}/${forSide.id}`)).statusCode).toBe(404);
    expect((await callAs(t, outsider, 'GET', `${EVENTS}/${forRoot.id}`)).statusCode).toBe(404);
    expect((await callAs(t, otherOwner, 'GET', `${EVENTS}/${forEveryone.id}`)).statusCode).toBe(404);
    expect(await list(otherOwner)).toEqual([]);
    const seen = await callAs(t, employee, 'GET', `${EVENTS}/${forRoot.id}`);
    expect(seen.statusCode).toBe(200);
    expect(corpEventResponseSchema.parse(seen.json()).data).toMatchObject({
      can_update: false,
      can_delete: false,
    });
  });

  it('shows everything to CorpEvent view to_all, but the widget only what is for the user', async () => {
    expect(titles(await list(hr))).toEqual(['Town hall', 'Team offsite', 'Side lunch']);
    const all = await list(owner);
    expect(all.find((item) => item.id === forSide.id)?.is_for_me).toBe(false);
    expect(titles(await widget(owner))).toEqual(['Town hall']);
    expect(titles(await widget(employee))).toEqual(['Town hall', 'Team offsite']);
    const limited = await callAs(t, employee, 'GET', `${WIDGET}?per_page=1`);
    expect(corpEventsWidgetResponseSchema.parse(limited.json())).toMatchObject({
      data: [{ title: 'Town hall' }],
      meta: { total: 2 },
    });
  });

  it('answers 404 for ids that name nothing and 422 for bad list filters', async () => {
    for (const id of ['abc', '0', '99999999999', '2147483647']) {
      expect((await callAs(t, hr, 'GET', `${EVENTS}/${id}`)).statusCode, id).toBe(404);
    }
    expect((await callAs(t, hr, 'GET', `${EVENTS}?period=month`)).statusCode).toBe(422);
    expect((await callAs(t, hr, 'GET', `${EVENTS}?period=month&month=2031-13`)).statusCode).toBe(422);
    expect((await callAs(t, hr, 'GET', `${EVENTS}?period=soon`)).statusCode).toBe(422);
    expect((await callAs(t, hr, 'GET', `${WIDGET}?per_page=500`)).statusCode).toBe(422);
  });
});

describe('periods', () => {
  it('lists past events latest first and a month’s events by their local dates', async () => {
    const past = await create(
      hr,
      event({ title: 'Kick-off', start_date: '2031-03-01', end_date: '2031-03-01' }),
    );
    expect(titles(await list(hr, '?period=past'))).toEqual(['Kick-off']);
    expect(titles(await list(hr))).not.toContain('Kick-off');
    expect(titles(await list(employee, '?period=month&month=2031-03'))).toEqual([
      'Kick-off',
      'Town hall',
      'Team offsite',
    ]);
    expect(titles(await list(hr, '?period=month&month=2031-04'))).toEqual(['Side lunch']);
    const page = await callAs(t, hr, 'GET', `${EVENTS}?period=month&month=2031-03&per_page=2&page=2`);
    expect(corpEventsResponseSchema.parse(page.json())).toMatchObject({
      data: [{ title: 'Team offsite' }],
      meta: { current_page: 2, last_page: 2, per_page: 2, total: 3 },
    });
    expect((await callAs(t, hr, 'DELETE', `${EVENTS}/${past.id}`)).statusCode).toBe(204);
  });
});

describe('notifications', () => {
  it('tells the audience (never the author) about a new event, linking to it', async () => {
    const read = async (who: StaffMember) => {
      const response = await callAs(t, who, 'GET', '/api/v1/notifications');
      expect(response.statusCode, response.body).toBe(200);
      return notificationsResponseSchema
        .parse(response.json())
        .data.filter((item) => item.kind === 'corp_event_created');
    };
    const forEmployee = await read(employee);
    expect(forEmployee.map((item) => ('title' in item ? item.title : ''))).toEqual(
      expect.arrayContaining(['Town hall', 'Team offsite']),
    );
    expect(forEmployee.find((item) => 'title' in item && item.title === 'Team offsite')).toMatchObject({
      actor_name: hr.user.name,
      link: `/app/corp-events/${forRoot.id}`,
      target: { type: 'corp_event', id: forRoot.id },
    });
    const forOutsider = (await read(outsider)).map((item) => ('title' in item ? item.title : ''));
    expect(forOutsider).toContain('Side lunch');
    expect(forOutsider).not.toContain('Team offsite');
    expect(await read(hr)).toEqual([]);
  });
});

describe('the CorpEvent permission matrix', () => {
  it('needs a session, the plan and a level', async () => {
    const anonymous = await t.app.inject({
      method: 'GET',
      url: EVENTS,
      headers: { host: company.hosts[0] ?? '' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await callAs(t, atsOwner, 'GET', EVENTS)).statusCode).toBe(403);
    expect((await callAs(t, atsOwner, 'GET', WIDGET)).statusCode).toBe(403);
    expect((await callAs(t, atsOwner, 'POST', EVENTS, event())).statusCode).toBe(403);
  });

  it('refuses every write to an employee (view only)', async () => {
    expect((await callAs(t, employee, 'POST', EVENTS, event())).statusCode).toBe(403);
    expect((await callAs(t, employee, 'PUT', `${EVENTS}/${forRoot.id}`, event())).statusCode).toBe(403);
    expect((await callAs(t, employee, 'DELETE', `${EVENTS}/${forRoot.id}`)).statusCode).toBe(403);
    // Out of sight stays 404 whatever the action.
    expect((await callAs(t, employee, 'DELETE', `${EVENTS}/${forSide.id}`)).statusCode).toBe(404);
    expect((await callAs(t, employee, 'GET', `${EVENTS}/${forRoot.id}`)).statusCode).toBe(200);
  });

  it('lets a create level below to_all announce only to the user’s own teams', async () => {
    const everyone = await callAs(t, manager, 'POST', EVENTS, event());
    expect(everyone.statusCode).toBe(422);
    expect(Object.keys(everyone.json().errors)).toEqual(['audience']);
    const sideTeam = await callAs(t, manager, 'POST', EVENTS, event({ audience: 'teams', team_ids: [side] }));
    expect(sideTeam.statusCode).toBe(422);
    expect(Object.keys(sideTeam.json().errors)).toEqual(['team_ids']);

    const mine = await create(manager, event({ title: 'Sub retro', audience: 'teams', team_ids: [sub] }));
    expect(mine).toMatchObject({ can_update: true, can_delete: true, author: { id: manager.user.id } });
    expect(titles(await list(employee))).toContain('Sub retro');
    expect(titles(await list(outsider))).not.toContain('Sub retro');

    // Their level reaches their own events only: HR's offsite (which they see) is not theirs to change.
    expect((await callAs(t, manager, 'PUT', `${EVENTS}/${forRoot.id}`, event())).statusCode).toBe(403);
    expect((await callAs(t, manager, 'DELETE', `${EVENTS}/${forRoot.id}`)).statusCode).toBe(403);

    const renamed = await callAs(
      t,
      manager,
      'PUT',
      `${EVENTS}/${mine.id}`,
      event({ title: 'Sub retrospective', audience: 'teams', team_ids: [root] }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(corpEventResponseSchema.parse(renamed.json()).data).toMatchObject({
      title: 'Sub retrospective',
      teams: [{ id: root, name: 'Root' }],
    });
    expect((await callAs(t, manager, 'DELETE', `${EVENTS}/${mine.id}`)).statusCode).toBe(204);
    expect((await callAs(t, manager, 'GET', `${EVENTS}/${mine.id}`)).statusCode).toBe(404);
  });

  it('lets to_all change and delete anyone’s event, in the one error shape for bad input', async () => {
    const changed = await callAs(
      t,
      hr,
      'PUT',
      `${EVENTS}/${forEveryone.id}`,
      event({ place: 'Roof terrace', description: '' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(corpEventResponseSchema.parse(changed.json()).data.place).toBe('Roof terrace');
    const bad = await callAs(t, hr, 'PUT', `${EVENTS}/${forEveryone.id}`, event({ end_date: '2031-01-01' }));
    expect(bad.statusCode).toBe(422);
    expect((await callAs(t, hr, 'PUT', `${EVENTS}/2147483000`, event())).statusCode).toBe(404);
    expect((await callAs(t, otherOwner, 'PUT', `${EVENTS}/${forEveryone.id}`, event())).statusCode).toBe(404);
    expect((await callAs(t, otherOwner, 'DELETE', `${EVENTS}/${forEveryone.id}`)).statusCode).toBe(404);
  });
});

describe('iCal feeds', () => {
  it('carry the events of the feed’s audience', async () => {
    const uid = (item: CorpEvent) => `corp-event-${item.id}@kadry`;
    const person = await feedUids(hr, { scope: 'person', employee_id: employee.user.employeeId });
    expect(person).toEqual(expect.arrayContaining([uid(forEveryone), uid(forRoot)]));
    expect(person).not.toContain(uid(forSide));

    const team = await feedUids(hr, { scope: 'team', team_id: side });
    expect(team).toEqual(expect.arrayContaining([uid(forEveryone), uid(forSide)]));
    expect(team).not.toContain(uid(forRoot));

    const whole = await feedUids(hr, { scope: 'company' });
    expect(whole).toEqual(expect.arrayContaining([uid(forEveryone), uid(forRoot), uid(forSide)]));

    // A person's own feed: only what they may see themselves.
    const own = await feedUids(outsider, { scope: 'person' });
    expect(own).toEqual(expect.arrayContaining([uid(forEveryone), uid(forSide)]));
    expect(own).not.toContain(uid(forRoot));
  });
});
