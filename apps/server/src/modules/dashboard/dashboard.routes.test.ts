import { WIDGET_RULES } from '@kadry/shared/dashboard-widgets';
import { isModuleUnlocked } from '@kadry/shared/plans';
import {
  aboutCompanyResponseSchema,
  birthdaysResponseSchema,
  companyInfoResponseSchema,
  DASHBOARD_WIDGETS,
  type DashboardState,
  dashboardWidgetsTextSchema,
  defaultLayoutResponseSchema,
  myCandidatesResponseSchema,
  parseDashboardState,
  widgetParamsResponseSchema,
  workAnniversariesResponseSchema,
} from '@kadry/shared/schemas/dashboard';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, seedVacancy } from '../../../test/db';
import { applications, candidates } from '../../db/schema/applications';
import type { Company } from '../../db/schema/companies';
import { dashboardLayouts } from '../../db/schema/dashboard';
import { employees } from '../../db/schema/employees';
import { applicationRejections } from '../../db/schema/recruiting-mail';
import { teams } from '../../db/schema/teams';
import { vacancyRecruiters } from '../../db/schema/vacancies';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// The dashboard, part 1 (issue 15): layouts per user and company, widget parameters, company info,
// birthdays (29 February), work anniversaries and the user's candidates, with what each role may
// see. The app's clock stands at 2031-03-10 09:00 UTC (2031 has no 29 February).

const WIDGETS = '/api/v1/dashboard/widgets';
const WIDGET_PARAMS = '/api/v1/dashboard/widgets/params';
const CURRENT = '/api/v1/dashboard/layouts/current';
const CURRENT_PARAMS = '/api/v1/dashboard/layouts/current/params';
const DEFAULT = '/api/v1/dashboard/layouts/default';
const COMPANY_INFO = '/api/v1/dashboard/company-info';
const ABOUT = '/api/v1/dashboard/about-company';
const BIRTHDAYS = '/api/v1/dashboard/birthdays';
const ANNIVERSARIES = '/api/v1/dashboard/important-dates';
const CANDIDATES = '/api/v1/employees/candidates';

let t: AuthTestApp;
let company: Company;
let other: Company;
let atsOnly: Company;
let owner: StaffMember;
let hr: StaffMember;
let manager: StaffMember;
let employee: StaffMember;
let teammate: StaffMember;
let recruiter: StaffMember;
let otherOwner: StaffMember;
let otherHr: StaffMember;
let atsOwner: StaffMember;

async function state(who: StaffMember): Promise<DashboardState> {
  const response = await callAs(t, who, 'GET', WIDGETS);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toContain('application/json');
  // The answer is a JSON string (spec §7.2: a text response), whose content is the structure.
  const text: unknown = response.json();
  expect(typeof text).toBe('string');
  return parseDashboardState(dashboardWidgetsTextSchema.parse(text));
}

const namesOf = (value: DashboardState) => value.widgets.map((widget) => widget.name);

async function setPerson(who: StaffMember, values: Partial<typeof employees.$inferInsert>) {
  await t.database.db.update(employees).set(values).where(eq(employees.id, who.user.employeeId));
}

async function addEmployee(companyId: number, values: Partial<typeof employees.$inferInsert>) {
  const [row] = await t.database.db
    .insert(employees)
    .values({ companyId, firstName: 'Extra', lastName: 'Person', ...values })
    .returning({ id: employees.id });
  if (!row) throw new Error('no employee');
  return row.id;
}

async function birthdays(who: StaffMember, query = '') {
  const response = await callAs(t, who, 'GET', `${BIRTHDAYS}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return birthdaysResponseSchema.parse(response.json());
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  other = await seedCompany(t.database.db);
  atsOnly = await seedCompany(t.database.db, { tariffs: ['ats'] });
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  teammate = await seedStaff(t, company, 'employee');
  recruiter = await seedStaff(t, company, 'recruiter');
  otherOwner = await seedStaff(t, other, 'owner');
  otherHr = await seedStaff(t, other, 'hr');
  atsOwner = await seedStaff(t, atsOnly, 'owner');
  const teamId = await seedTeam(t.database.db, company.id, 'Team');
  await addTeamMember(t.database.db, {
    companyId: company.id,
    teamId,
    userId: manager.user.id,
    isManager: true,
  });
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: employee.user.id });
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: teammate.user.id });
});

afterAll(async () => {
  await t.close();
});

describe('dashboard.widgets.all and the user’s layout', () => {
  it('answers a JSON text with the built-in layout, only the widgets the role and plan allow', async () => {
    const forEmployee = await state(employee);
    expect(forEmployee.source).toBe('builtin');
    expect(forEmployee.can_edit_default).toBe(false);
    // An employee sees no candidates; everything else of the built-in layout is theirs.
    expect(forEmployee.available).not.toContain('candidates');
    // …but their interviews (issue 17): an interviewer may be of any role, as recruiting.myInterviews.
    expect(forEmployee.available).toContain('myInterviews');
    const interviews = await callAs(t, employee, 'GET', '/api/v1/my/interviews');
    expect(interviews.statusCode, interviews.body).toBe(200);
    expect(namesOf(forEmployee)).toEqual(forEmployee.available);
    expect(namesOf(forEmployee)).toContain('companyInfo');
    expect(forEmployee.widgets.find((widget) => widget.name === 'absentToday')?.params).toEqual({
      limit: 5,
      absence_type: null,
    });

    const forRecruiter = await state(recruiter);
    // A recruiter sees candidates but no birth dates (field_birth_date is not theirs).
    expect(forRecruiter.available).toContain('candidates');
    expect(forRecruiter.available).not.toContain('birthdays');

    const forOwner = await state(owner);
    expect(forOwner.can_edit_default).toBe(true);
    // Owners have every permission: every widget of the company's plan is theirs.
    expect(forOwner.available).toEqual(
      DASHBOARD_WIDGETS.filter((name) => isModuleUnlocked(company.tariffs, WIDGET_RULES[name].module)),
    );

    // A company on the ATS plan alone: no people or absence widgets.
    const forAts = await state(atsOwner);
    expect(forAts.available).toEqual(
      DASHBOARD_WIDGETS.filter((name) => isModuleUnlocked(['ats'], WIDGET_RULES[name].module)),
    );
    expect(forAts.available).toEqual(
      expect.arrayContaining(['companyInfo', 'candidates', 'ask', 'myInterviews']),
    );
    expect(forAts.available).not.toContain('corpEvents');
  });

  it('saves one user’s order without touching anyone else’s, and forgets it on reset', async () => {
    const save = await callAs(t, employee, 'PUT', CURRENT, { widgets: ['birthdays', 'companyInfo'] });
    expect(save.statusCode, save.body).toBe(204);
    const saved = await state(employee);
    expect(saved.source).toBe('own');
    expect(namesOf(saved)).toEqual(['birthdays', 'companyInfo']);

    // The same company's teammate and another company's user keep theirs.
    expect((await state(teammate)).source).toBe('builtin');
    expect((await state(otherOwner)).source).toBe('builtin');

    // Reordered as a POST with _method=PUT, as the HR app sends it.
    const reordered = await callAs(t, employee, 'POST', CURRENT, {
      _method: 'PUT',
      widgets: ['companyInfo', 'requests', 'birthdays'],
    });
    expect(reordered.statusCode, reordered.body).toBe(204);
    expect(namesOf(await state(employee))).toEqual(['companyInfo', 'requests', 'birthdays']);

    expect((await callAs(t, employee, 'DELETE', CURRENT)).statusCode).toBe(204);
    expect((await state(employee)).source).toBe('builtin');
  });

  it('refuses widgets the user may not see, repeated ones and unknown ones', async () => {
    const hidden = await callAs(t, employee, 'PUT', CURRENT, { widgets: ['candidates'] });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().message).toBe('This widget is not available to you.');
    const twice = await callAs(t, employee, 'PUT', CURRENT, { widgets: ['companyInfo', 'companyInfo'] });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.widgets).toEqual(['A widget may appear only once.']);
    const unknown = await callAs(t, employee, 'PUT', CURRENT, { widgets: ['noSuchWidget'] });
    expect(unknown.statusCode).toBe(422);
    expect((await state(employee)).source).toBe('builtin');
  });

  it('keeps a widget the user may not see now at the end of the stored layout', async () => {
    // Stored while the role still allowed it (a permission since taken away): hidden, not lost.
    await t.database.db.insert(dashboardLayouts).values({
      companyId: company.id,
      userId: teammate.user.id,
      widgets: [{ name: 'candidates' }, { name: 'companyInfo' }],
    });
    expect(namesOf(await state(teammate))).toEqual(['companyInfo']);
    const save = await callAs(t, teammate, 'PUT', CURRENT, { widgets: ['companyInfo', 'requests'] });
    expect(save.statusCode, save.body).toBe(204);
    const [row] = await t.database.db
      .select({ widgets: dashboardLayouts.widgets })
      .from(dashboardLayouts)
      .where(and(eq(dashboardLayouts.companyId, company.id), eq(dashboardLayouts.userId, teammate.user.id)));
    expect(row?.widgets.map((widget) => widget.name)).toEqual(['companyInfo', 'requests', 'candidates']);
    expect((await callAs(t, teammate, 'DELETE', CURRENT)).statusCode).toBe(204);
  });
});

describe('widget parameters', () => {
  it('replaces one widget’s parameters from JSON text and reads them back', async () => {
    const response = await callAs(t, hr, 'POST', CURRENT_PARAMS, {
      widget_name: 'employeesOnProbation',
      params: JSON.stringify({ limit: 10 }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(widgetParamsResponseSchema.parse(response.json()).data).toEqual({
      widget_name: 'employeesOnProbation',
      params: { limit: 10, team_ids: [] },
    });
    const read = await state(hr);
    expect(read.source).toBe('own');
    expect(read.widgets.find((widget) => widget.name === 'employeesOnProbation')?.params).toEqual({
      limit: 10,
      team_ids: [],
    });
    // The first save keeps the layout the user saw (the built-in one here).
    expect(namesOf(read)).toEqual(read.available);
  });

  it('answers 422 for text that is not JSON, unknown keys and values out of range', async () => {
    const notJson = await callAs(t, hr, 'POST', CURRENT_PARAMS, {
      widget_name: 'birthdays',
      params: '{limit',
    });
    expect(notJson.statusCode).toBe(422);
    expect(Object.keys(notJson.json().errors)).toEqual(['params']);
    const unknownKey = await callAs(t, hr, 'POST', CURRENT_PARAMS, {
      widget_name: 'birthdays',
      params: '{"colour":"red"}',
    });
    expect(unknownKey.statusCode).toBe(422);
    expect(Object.keys(unknownKey.json().errors)).toEqual(['params.colour']);
    const tooMany = await callAs(t, hr, 'POST', CURRENT_PARAMS, {
      widget_name: 'birthdays',
      params: '{"limit":0}',
    });
    expect(tooMany.statusCode).toBe(422);
    expect(Object.keys(tooMany.json().errors)).toEqual(['params.limit']);
    const hidden = await callAs(t, employee, 'POST', CURRENT_PARAMS, {
      widget_name: 'candidates',
      params: '{}',
    });
    expect(hidden.statusCode).toBe(403);
  });

  it('merges dashboard.widgets.params: stored, then params text, then extra fields', async () => {
    const first = await callAs(t, manager, 'POST', WIDGET_PARAMS, {
      widget_name: 'absentToday',
      params: '{"limit":3}',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await callAs(t, manager, 'POST', WIDGET_PARAMS, {
      widget_name: 'absentToday',
      absence_type: 'vacation',
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(widgetParamsResponseSchema.parse(second.json()).data.params).toEqual({
      limit: 3,
      absence_type: 'vacation',
    });
    const badExtra = await callAs(t, manager, 'POST', WIDGET_PARAMS, {
      widget_name: 'absentToday',
      absence_type: 'holiday',
    });
    expect(badExtra.statusCode).toBe(422);
  });
});

describe('the company default layout', () => {
  it('is set by owners only and shown to users without a layout of their own', async () => {
    const refused = await callAs(t, hr, 'PUT', DEFAULT, { widgets: [{ name: 'companyInfo' }] });
    expect(refused.statusCode).toBe(403);
    const set = await callAs(t, owner, 'PUT', DEFAULT, {
      widgets: [{ name: 'birthdays', params: { days: 14 } }, { name: 'candidates' }, { name: 'companyInfo' }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(defaultLayoutResponseSchema.parse(set.json()).data.is_set).toBe(true);

    // The teammate has no layout: the company's, without the candidates widget they may not see.
    const forTeammate = await state(teammate);
    expect(forTeammate.source).toBe('company');
    expect(namesOf(forTeammate)).toEqual(['birthdays', 'companyInfo']);
    expect(forTeammate.widgets[0]?.params).toEqual({ limit: 5, days: 14, team_ids: [] });
    // HR saved parameters before: their own layout stays.
    expect((await state(hr)).source).toBe('own');
    // Another company still has the built-in one.
    expect((await state(otherHr)).source).toBe('builtin');
    const otherDefault = await callAs(t, otherHr, 'GET', DEFAULT);
    expect(defaultLayoutResponseSchema.parse(otherDefault.json()).data.is_set).toBe(false);

    const bad = await callAs(t, owner, 'PUT', DEFAULT, {
      widgets: [{ name: 'birthdays', params: { days: 0 } }],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['widgets.0.params.days']);
  });
});

describe('company info', () => {
  it('counts working people and open teams, and lets owners write the about text', async () => {
    await t.database.db.insert(teams).values({ companyId: company.id, name: 'Secret', isHidden: true });
    await addEmployee(company.id, { dismissalDate: '2030-01-01' });
    const response = await callAs(t, employee, 'GET', COMPANY_INFO);
    expect(response.statusCode, response.body).toBe(200);
    const info = companyInfoResponseSchema.parse(response.json()).data;
    expect(info).toMatchObject({ name: 'Test Company', teams_count: 1, about: '', can_edit_about: false });
    const working = await t.database.db.$count(employees, eq(employees.companyId, company.id));
    expect(info.employees_count).toBe(working - 1);

    expect((await callAs(t, employee, 'PUT', ABOUT, { about: 'Hi' })).statusCode).toBe(403);
    const written = await callAs(t, owner, 'PUT', ABOUT, { about: '  We make HR software.  ' });
    expect(written.statusCode, written.body).toBe(200);
    const read = await callAs(t, employee, 'GET', ABOUT);
    expect(aboutCompanyResponseSchema.parse(read.json()).data).toEqual({
      about: 'We make HR software.',
      can_edit: false,
    });
    // The default layout the owner set keeps its widgets; another company sees none of the text.
    const defaults = defaultLayoutResponseSchema.parse((await callAs(t, owner, 'GET', DEFAULT)).json());
    expect(defaults.data.widgets.map((widget) => widget.name)).toEqual([
      'birthdays',
      'candidates',
      'companyInfo',
    ]);
    const elsewhere = companyInfoResponseSchema.parse((await callAs(t, otherHr, 'GET', COMPANY_INFO)).json());
    expect(elsewhere.data.about).toBe('');
  });
});

describe('dashboard.birthdays.list', () => {
  it('lists upcoming birthdays soonest first, only where the personal info reaches', async () => {
    await setPerson(teammate, { firstName: 'Tina', lastName: 'Mate', birthDate: '1990-03-12' });
    await setPerson(employee, { firstName: 'Emil', lastName: 'Ployee', birthDate: '1992-03-15' });
    await setPerson(manager, { firstName: 'Mia', lastName: 'Nager', birthDate: '1980-03-10' });
    await addEmployee(company.id, { firstName: 'Far', lastName: 'Away', birthDate: '1985-05-20' });
    await addEmployee(company.id, {
      firstName: 'Gone',
      lastName: 'Person',
      birthDate: '1990-03-11',
      dismissalDate: '2030-01-01',
    });
    await addEmployee(other.id, { firstName: 'Other', lastName: 'Company', birthDate: '1990-03-12' });

    const forHr = await birthdays(hr);
    expect(forHr.data.map((row) => [row.employee.name, row.date, row.days_until])).toEqual([
      ['Mia Nager', '2031-03-10', 0],
      ['Tina Mate', '2031-03-12', 2],
      ['Emil Ployee', '2031-03-15', 5],
    ]);
    expect(forHr.meta.total).toBe(3);
    // No birth year in the answer.
    expect(JSON.stringify(forHr)).not.toContain('1990');

    // The manager sees the team's records but personal info only of their own.
    expect((await birthdays(manager)).data.map((row) => row.employee.name)).toEqual(['Mia Nager']);
    // An employee: only their own birthday.
    expect((await birthdays(employee)).data.map((row) => row.employee.name)).toEqual(['Emil Ployee']);
    // A recruiter has no field_birth_date: the widget is not theirs.
    expect((await callAs(t, recruiter, 'GET', BIRTHDAYS)).statusCode).toBe(403);
    // Another company's HR sees only their own people.
    expect((await birthdays(otherHr)).data.map((row) => row.employee.name)).toEqual(['Other Company']);
    // per_page and the window.
    expect((await birthdays(hr, '?per_page=1')).data).toHaveLength(1);
    expect((await birthdays(hr, '?days=3')).data.map((row) => row.employee.name)).toEqual([
      'Mia Nager',
      'Tina Mate',
    ]);
    expect((await callAs(t, hr, 'GET', `${BIRTHDAYS}?days=400`)).statusCode).toBe(422);
  });

  it('shows a 29 February birthday on 28 February in a year without one', async () => {
    const leapling = await addEmployee(company.id, {
      firstName: 'Leap',
      lastName: 'Ling',
      birthDate: '2000-02-29',
    });
    const saved = t.clock.now;
    try {
      // Sessions are made at the moved clock (a session from another year would have expired).
      t.clock.now = new Date('2031-02-25T09:00:00Z');
      const hrIn2031 = await seedStaff(t, company, 'hr');
      const found = (await birthdays(hrIn2031, '?days=7')).data.find((row) => row.employee.id === leapling);
      expect(found).toEqual(expect.objectContaining({ date: '2031-02-28', days_until: 3 }));
      // A window that ends on the 27th does not reach it.
      const before = (await birthdays(hrIn2031, '?days=3')).data.map((row) => row.employee.id);
      expect(before).not.toContain(leapling);
      // In a leap year it is the 29th.
      t.clock.now = new Date('2032-02-25T09:00:00Z');
      const hrIn2032 = await seedStaff(t, company, 'hr');
      const leapYear = (await birthdays(hrIn2032, '?days=7')).data.find(
        (row) => row.employee.id === leapling,
      );
      expect(leapYear).toEqual(expect.objectContaining({ date: '2032-02-29', days_until: 4 }));
    } finally {
      t.clock.now = saved;
    }
  });

  it('filters by team', async () => {
    const team = await t.database.db.query.teamMembers.findFirst({
      where: (member, { eq: equals }) => equals(member.employeeId, teammate.user.employeeId),
    });
    const inTeam = await birthdays(hr, `?team_ids=${team?.teamId}`);
    expect(inTeam.data.map((row) => row.employee.name)).toEqual(['Mia Nager', 'Tina Mate', 'Emil Ployee']);
  });
});

describe('dashboard.importantDate (work anniversaries)', () => {
  it('lists completed years only, where the profile reaches', async () => {
    await setPerson(teammate, { startOfWork: '2020-03-11' });
    await setPerson(employee, { startOfWork: '2031-03-12' });
    const response = await callAs(t, hr, 'GET', ANNIVERSARIES);
    expect(response.statusCode, response.body).toBe(200);
    const rows = workAnniversariesResponseSchema.parse(response.json()).data;
    expect(rows.map((row) => [row.employee.name, row.date, row.years])).toEqual([
      ['Tina Mate', '2031-03-11', 11],
    ]);
    // The teammate's own profile reaches them; the employee (only_my) does not see the teammate's.
    const own = workAnniversariesResponseSchema.parse(
      (await callAs(t, teammate, 'GET', ANNIVERSARIES)).json(),
    );
    expect(own.data.map((row) => row.employee.name)).toEqual(['Tina Mate']);
    const notTheirs = workAnniversariesResponseSchema.parse(
      (await callAs(t, employee, 'GET', ANNIVERSARIES)).json(),
    );
    expect(notTheirs.data).toEqual([]);
  });
});

describe('upcoming dates over the month-day counts', () => {
  async function anniversaries(who: StaffMember, query = '') {
    const response = await callAs(t, who, 'GET', `${ANNIVERSARIES}${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return workAnniversariesResponseSchema.parse(response.json());
  }
  const rowsOf = (answer: { data: { employee: { name: string }; date: string; years: number }[] }) =>
    answer.data.map((row) => [row.employee.name, row.date, row.years]);

  it('totals every match however short the page, ties on the last day ordered by name', async () => {
    const saved = t.clock.now;
    try {
      // The window crosses the new year: 2031-12-20 … 2032-01-18.
      t.clock.now = new Date('2031-12-20T09:00:00Z');
      const fresh = await seedCompany(t.database.db);
      const hrThere = await seedStaff(t, fresh, 'hr');
      await addEmployee(fresh.id, { firstName: 'Bob', lastName: 'Beta', startOfWork: '2021-12-20' });
      await addEmployee(fresh.id, { firstName: 'Ann', lastName: 'Alpha', startOfWork: '2020-12-20' });
      // Started in 2031: a full year by 5 January 2032.
      await addEmployee(fresh.id, { firstName: 'Cy', lastName: 'Gamma', startOfWork: '2031-01-05' });
      // Not a full year yet, not started yet, dismissed: none of them.
      await addEmployee(fresh.id, { firstName: 'Dee', lastName: 'New', startOfWork: '2031-12-25' });
      await addEmployee(fresh.id, { firstName: 'Eve', lastName: 'Future', startOfWork: '2032-01-10' });
      await addEmployee(fresh.id, {
        firstName: 'Gil',
        lastName: 'Gone',
        startOfWork: '2010-12-21',
        dismissalDate: '2031-06-30',
      });
      const one = await anniversaries(hrThere, '?per_page=1');
      expect(rowsOf(one)).toEqual([['Ann Alpha', '2031-12-20', 11]]);
      expect(one.meta.total).toBe(3);
      const two = await anniversaries(hrThere, '?per_page=2');
      expect(rowsOf(two)).toEqual([
        ['Ann Alpha', '2031-12-20', 11],
        ['Bob Beta', '2031-12-20', 10],
      ]);
      expect(two.meta.total).toBe(3);
      const all = await anniversaries(hrThere, '?per_page=10');
      expect(rowsOf(all)).toEqual([
        ['Ann Alpha', '2031-12-20', 11],
        ['Bob Beta', '2031-12-20', 10],
        ['Cy Gamma', '2032-01-05', 1],
      ]);
      expect(all.meta.total).toBe(3);

      // Birthdays: every match in the window, whatever the page.
      await addEmployee(fresh.id, { firstName: 'Zed', lastName: 'Late', birthDate: '1990-01-02' });
      await addEmployee(fresh.id, { firstName: 'Yan', lastName: 'Tie', birthDate: '1991-12-21' });
      await addEmployee(fresh.id, { firstName: 'Xia', lastName: 'Tie', birthDate: '1992-12-21' });
      const birthday = await birthdays(hrThere, '?per_page=1');
      expect(birthday.data.map((row) => [row.employee.name, row.date])).toEqual([['Xia Tie', '2031-12-21']]);
      expect(birthday.meta.total).toBe(3);
    } finally {
      t.clock.now = saved;
    }
  });

  it('celebrates a 29 February start on 28 February, in order with that day’s others', async () => {
    const saved = t.clock.now;
    try {
      t.clock.now = new Date('2031-02-25T09:00:00Z');
      const fresh = await seedCompany(t.database.db);
      const hrThere = await seedStaff(t, fresh, 'hr');
      await addEmployee(fresh.id, { firstName: 'Bea', lastName: 'Plain', startOfWork: '2030-02-28' });
      await addEmployee(fresh.id, { firstName: 'Abe', lastName: 'Leap', startOfWork: '2028-02-29' });
      await addEmployee(fresh.id, { firstName: 'Cal', lastName: 'March', startOfWork: '2029-03-01' });
      // 28 and 29 February fall on the same day: the page of one takes the first by name.
      const one = await anniversaries(hrThere, '?per_page=1&days=7');
      expect(rowsOf(one)).toEqual([['Abe Leap', '2031-02-28', 3]]);
      expect(one.meta.total).toBe(3);
      expect(rowsOf(await anniversaries(hrThere, '?days=7'))).toEqual([
        ['Abe Leap', '2031-02-28', 3],
        ['Bea Plain', '2031-02-28', 1],
        ['Cal March', '2031-03-01', 2],
      ]);
      // In a leap year it is the 29th.
      t.clock.now = new Date('2032-02-25T09:00:00Z');
      const hrIn2032 = await seedStaff(t, fresh, 'hr');
      expect(rowsOf(await anniversaries(hrIn2032, '?days=7'))).toEqual([
        ['Bea Plain', '2032-02-28', 2],
        ['Abe Leap', '2032-02-29', 4],
        ['Cal March', '2032-03-01', 3],
      ]);
    } finally {
      t.clock.now = saved;
    }
  });
});

describe('employee.candidates', () => {
  it('lists open applications on the user’s vacancies, newest first', async () => {
    const db = t.database.db;
    const mine = await seedVacancy(db, company.id, { name: 'Mine' });
    const notMine = await seedVacancy(db, company.id, { name: 'Not mine' });
    await db
      .insert(vacancyRecruiters)
      .values({ companyId: company.id, vacancyId: mine.id, userId: recruiter.user.id });
    const [ann, bob, cid] = await db
      .insert(candidates)
      .values([
        { companyId: company.id, name: 'Ann' },
        { companyId: company.id, name: 'Bob' },
        { companyId: company.id, name: 'Cid' },
      ])
      .returning({ id: candidates.id });
    if (!ann || !bob || !cid) throw new Error('no candidates');
    const made = await db
      .insert(applications)
      .values([
        { companyId: company.id, vacancyId: mine.id, candidateId: ann.id, createdAt: new Date('2031-03-01') },
        { companyId: company.id, vacancyId: mine.id, candidateId: bob.id, createdAt: new Date('2031-03-05') },
        { companyId: company.id, vacancyId: mine.id, candidateId: cid.id, createdAt: new Date('2031-03-06') },
        {
          companyId: company.id,
          vacancyId: notMine.id,
          candidateId: ann.id,
          createdAt: new Date('2031-03-07'),
        },
      ])
      .returning({ id: applications.id });
    const rejected = made[2];
    if (!rejected) throw new Error('no application');
    await db.insert(applicationRejections).values({ companyId: company.id, applicationId: rejected.id });

    const response = await callAs(t, recruiter, 'GET', CANDIDATES);
    expect(response.statusCode, response.body).toBe(200);
    const body = myCandidatesResponseSchema.parse(response.json());
    expect(body.data.map((row) => [row.candidate.name, row.vacancy.name, row.stage.name])).toEqual([
      ['Bob', 'Mine', 'New'],
      ['Ann', 'Mine', 'New'],
    ]);
    expect(body.meta.total).toBe(2);
    // No contact fields travel with the widget.
    expect(Object.keys(body.data[0]?.candidate ?? {})).toEqual(['id', 'name']);

    // HR recruits for nothing here; an employee may not see candidates; ATS-less plans answer 403.
    expect(myCandidatesResponseSchema.parse((await callAs(t, hr, 'GET', CANDIDATES)).json()).data).toEqual(
      [],
    );
    expect((await callAs(t, employee, 'GET', CANDIDATES)).statusCode).toBe(403);
    expect((await callAs(t, otherOwner, 'GET', CANDIDATES)).json().data).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: WIDGETS, headers: { host: company.hosts[0] } });
    expect(response.statusCode).toBe(401);
  });
});
