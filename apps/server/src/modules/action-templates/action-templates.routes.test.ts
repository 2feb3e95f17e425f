import {
  type ActionsTemplateResponse,
  actionsTemplateResponseSchema,
  actionTemplateResponseSchema,
  actionTemplatesResponseSchema,
  makeActionTaskResponseSchema,
  templateEventsOneResponseSchema,
  templateEventsResponseSchema,
} from '@kadry/shared/schemas/action-templates';
import { eventTemplatesResponseSchema, splitHrTemplates } from '@kadry/shared/schemas/dictionaries';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import { actionTemplates, actionTemplateTasks } from '../../db/schema/action-templates';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { tasks } from '../../db/schema/tasks';
import { teamMembers } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// HR action templates (issue 15): the dictionary, the templates' settings behind the Template entity,
// the actions each trigger produces (29 February included), who sees which, and "make it a task"
// once. The app's clock stands at 2031-03-10 09:00 UTC: next month is April 2031 (2031 has no
// 29 February, 2032 has).

const DICTIONARY = '/api/v1/dashboard/dictionaries/event-templates';
const TEMPLATES = '/api/v1/action-templates';
const GROUPS = '/api/v1/dashboard/actions/template';
const EVENTS = '/api/v1/dashboard/actions/template-events';
const MAKE_TASK = '/api/v1/dashboard/actions/tasks';

let t: AuthTestApp;
let company: Company;
let other: Company;
let owner: StaffMember;
let hr: StaffMember;
let manager: StaffMember;
let employee: StaffMember;
let otherHr: StaffMember;
let teamId: number;
/** Employees by what they are for. */
const people: Record<string, number> = {};

async function addEmployee(
  name: string,
  values: Partial<typeof employees.$inferInsert>,
  opts: { inTeam?: boolean; companyId?: number } = {},
): Promise<number> {
  const companyId = opts.companyId ?? company.id;
  const [row] = await t.database.db
    .insert(employees)
    .values({ companyId, firstName: name, lastName: 'Test', ...values })
    .returning({ id: employees.id });
  if (!row) throw new Error('no employee');
  if (opts.inTeam) await t.database.db.insert(teamMembers).values({ companyId, teamId, employeeId: row.id });
  people[name] = row.id;
  return row.id;
}

async function groups(who: StaffMember, query = ''): Promise<ActionsTemplateResponse> {
  const response = await callAs(t, who, 'GET', `${GROUPS}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return actionsTemplateResponseSchema.parse(response.json());
}

/** Every action of the groups as `template:name:date`. */
function flatten(answer: ActionsTemplateResponse): string[] {
  return answer.data.flatMap((group) =>
    group.actions.map((action) => `${group.template.id}:${action.employee.name}:${action.date}`),
  );
}

async function events(who: StaffMember, query: string) {
  const response = await callAs(t, who, 'GET', `${EVENTS}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return templateEventsResponseSchema.parse(response.json());
}

async function createTemplate(who: StaffMember, body: Record<string, unknown>) {
  const response = await callAs(t, who, 'POST', TEMPLATES, body);
  expect(response.statusCode, response.body).toBe(201);
  return actionTemplateResponseSchema.parse(response.json()).data;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  other = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  otherHr = await seedStaff(t, other, 'hr');
  teamId = await seedTeam(t.database.db, company.id, 'Team');
  await addTeamMember(t.database.db, {
    companyId: company.id,
    teamId,
    userId: manager.user.id,
    isManager: true,
  });
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: employee.user.id });

  const managerEmployee = manager.user.employeeId;
  // In the manager's team: welcome (11) on 1 April, one-to-one (5) on 10 April, probation review (7)
  // on 13 April.
  await addEmployee('Newcomer', { startOfWork: '2031-04-01', managerId: managerEmployee }, { inTeam: true });
  await addEmployee('Quarter', { startOfWork: '2031-01-10' }, { inTeam: true });
  await addEmployee('Trial', { startOfWork: '2030-10-20', probationEnd: '2031-04-20' }, { inTeam: true });
  // Outside it: adaptation (12) on 4 April, performance review (4) on 15 April (3 years), exit
  // interview (13) on 7 April, a 29 February birthday, and someone who leaves before their
  // welcome meeting.
  await addEmployee('Adapting', { startOfWork: '2031-03-05' });
  await addEmployee('Veteran', { startOfWork: '2028-04-15' });
  await addEmployee('Leaver', { startOfWork: '2020-01-01', dismissalDate: '2031-04-10' });
  await addEmployee('Leap', { birthDate: '1992-02-29', startOfWork: '2020-02-29' });
  await addEmployee('Gone', { startOfWork: '2031-04-20', dismissalDate: '2031-04-15' });
  // Another company's newcomer.
  await addEmployee('Elsewhere', { startOfWork: '2031-04-01' }, { companyId: other.id });
});

afterAll(async () => {
  await t.close();
});

describe('the event template dictionary', () => {
  it('gives every company the six standard HR templates, lazily and once, in the order of spec §9', async () => {
    const [first, second] = await Promise.all([
      callAs(t, employee, 'GET', DICTIONARY),
      callAs(t, employee, 'GET', DICTIONARY),
    ]);
    expect(first?.statusCode, first?.body).toBe(200);
    expect(second?.statusCode).toBe(200);
    const { data } = eventTemplatesResponseSchema.parse(first?.json());
    const { hr: split } = splitHrTemplates(data);
    expect(split.standard.map((entry) => entry.id)).toEqual([11, 12, 7, 5, 4, 13]);
    expect(split.standard[0]).toMatchObject({ code: 'welcome_meeting', name: 'Welcome meeting' });
    expect(split.standard[0]?.meta).toMatchObject({ template_id: 11, trigger: 'start_of_work', category: 1 });
    const rows = await t.database.db
      .select({ key: actionTemplates.templateKey })
      .from(actionTemplates)
      .where(eq(actionTemplates.companyId, company.id));
    expect(rows.map((row) => row.key).sort((a, b) => a - b)).toEqual([4, 5, 7, 11, 12, 13]);
  });

  it('names standard templates in the reader’s language and lists own ones as custom', async () => {
    const created = await createTemplate(hr, {
      names: { en: 'Birthday greeting', uk: 'Привітання з днем народження' },
      task_type: 'custom',
      assignee: 'manager',
      trigger: 'birthday',
    });
    expect(created.id).toBe(100);
    const { data } = eventTemplatesResponseSchema.parse((await callAs(t, hr, 'GET', DICTIONARY)).json());
    const { hr: split } = splitHrTemplates(data);
    expect(split.custom.map((entry) => entry.id)).toEqual([100]);
    expect(split.custom[0]?.name).toBe('Birthday greeting');

    const ukrainian = await seedStaff(t, company, 'employee');
    await t.database.db.update(users).set({ locale: 'uk' }).where(eq(users.id, ukrainian.user.id));
    const translated = eventTemplatesResponseSchema.parse(
      (await callAs(t, ukrainian, 'GET', DICTIONARY)).json(),
    );
    const { hr: theirs } = splitHrTemplates(translated.data);
    expect(theirs.standard[0]?.name).toBe('Welcome-зустріч');
    expect(theirs.custom[0]?.name).toBe('Привітання з днем народження');
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: DICTIONARY,
      headers: { host: company.hosts[0], accept: 'application/json' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('the templates’ settings (the Template entity)', () => {
  it('are read by Template view and changed by Template at to_all only', async () => {
    for (const who of [employee, manager]) {
      expect((await callAs(t, who, 'GET', TEMPLATES)).statusCode).toBe(403);
      const create = await callAs(t, who, 'POST', TEMPLATES, {
        names: { en: 'x' },
        task_type: 'call',
        assignee: 'employee',
        trigger: 'birthday',
      });
      expect(create.statusCode).toBe(403);
      expect((await callAs(t, who, 'DELETE', `${TEMPLATES}/100`)).statusCode).toBe(403);
    }
    const list = await callAs(t, owner, 'GET', TEMPLATES);
    expect(list.statusCode).toBe(200);
    const templates = actionTemplatesResponseSchema.parse(list.json()).data;
    expect(templates.map((template) => template.id)).toEqual([11, 12, 7, 5, 4, 13, 100]);
    expect(templates[0]).toMatchObject({
      is_standard: true,
      names: null,
      assignee: 'manager',
      offset_days: 0,
    });
  });

  it('edits a standard template, switches it off and back, and never deletes it', async () => {
    const body = {
      names: { en: 'Exit talk' },
      description: 'Ask why.',
      task_type: 'exit_interview',
      assignee: 'user',
      assignee_employee_id: hr.user.employeeId,
      trigger: 'dismissal',
      offset_days: -3,
      category: 3,
    };
    const changed = await callAs(t, hr, 'PUT', `${TEMPLATES}/13`, body);
    expect(changed.statusCode, changed.body).toBe(200);
    const template = actionTemplateResponseSchema.parse(changed.json()).data;
    // A standard template stays in the HR category.
    expect(template).toMatchObject({ name: 'Exit talk', category: 1, description: 'Ask why.' });
    expect(template.assignee_user).toEqual({ id: hr.user.employeeId, name: hr.user.name });

    const off = await callAs(t, hr, 'PUT', `${TEMPLATES}/13`, { ...body, is_active: false });
    expect(actionTemplateResponseSchema.parse(off.json()).data.is_active).toBe(false);
    const dictionary = eventTemplatesResponseSchema.parse((await callAs(t, hr, 'GET', DICTIONARY)).json());
    expect(splitHrTemplates(dictionary.data).hr.standard.map((entry) => entry.id)).toEqual([11, 12, 7, 5, 4]);

    // Back on, with the built-in name and description again.
    const back = await callAs(t, hr, 'PUT', `${TEMPLATES}/13`, { ...body, names: null, description: '' });
    expect(actionTemplateResponseSchema.parse(back.json()).data).toMatchObject({
      name: 'Exit interview',
      names: null,
      is_active: true,
      has_own_description: false,
    });

    const remove = await callAs(t, hr, 'DELETE', `${TEMPLATES}/13`);
    expect(remove.statusCode).toBe(422);
    errorBodySchema.parse(remove.json());
  });

  it('refuses bad bodies with 422 and an unknown or foreign id with 404', async () => {
    const noName = await callAs(t, hr, 'POST', TEMPLATES, {
      names: { en: ' ' },
      task_type: 'call',
      assignee: 'employee',
      trigger: 'birthday',
    });
    expect(noName.statusCode).toBe(422);
    const noUser = await callAs(t, hr, 'POST', TEMPLATES, {
      names: { en: 'Call' },
      task_type: 'call',
      assignee: 'user',
      trigger: 'birthday',
    });
    expect(noUser.statusCode).toBe(422);
    expect(Object.keys(errorBodySchema.parse(noUser.json()).errors ?? {})).toContain('assignee_employee_id');
    const foreignUser = await callAs(t, hr, 'POST', TEMPLATES, {
      names: { en: 'Call' },
      task_type: 'call',
      assignee: 'user',
      assignee_employee_id: otherHr.user.employeeId,
      trigger: 'birthday',
    });
    expect(foreignUser.statusCode).toBe(422);
    const tooFar = await callAs(t, hr, 'POST', TEMPLATES, {
      names: { en: 'Call' },
      task_type: 'nap',
      assignee: 'employee',
      trigger: 'birthday',
      offset_days: 400,
    });
    expect(tooFar.statusCode).toBe(422);

    // Company 100 exists here, not in the other company.
    expect((await callAs(t, otherHr, 'GET', `${TEMPLATES}/100`)).statusCode).toBe(404);
    expect((await callAs(t, otherHr, 'DELETE', `${TEMPLATES}/100`)).statusCode).toBe(404);
    expect((await callAs(t, hr, 'GET', `${TEMPLATES}/99999999999`)).statusCode).toBe(404);
    expect((await callAs(t, hr, 'GET', `${TEMPLATES}/abc`)).statusCode).toBe(404);
  });

  it('numbers own templates after the others and deletes them', async () => {
    const created = await createTemplate(hr, {
      names: { ru: 'Звонок' },
      task_type: 'call',
      assignee: 'employee',
      trigger: 'start_of_work',
      offset_days: 7,
      category: 2,
    });
    expect(created).toMatchObject({ id: 101, name: 'Звонок', category: 2 });
    expect((await callAs(t, hr, 'DELETE', `${TEMPLATES}/101`)).statusCode).toBe(204);
    expect((await callAs(t, hr, 'GET', `${TEMPLATES}/101`)).statusCode).toBe(404);
  });
});

describe('the actions of next month', () => {
  it('lists each trigger’s occurrences for HR, soonest first, grouped by template', async () => {
    const answer = await groups(hr, '?per_template=20');
    expect(answer.meta.period).toEqual({ start: '2031-04-01', end: '2031-04-30' });
    expect(answer.data.map((group) => group.template.id)).toEqual([11, 12, 7, 5, 4, 13, 100]);
    expect(flatten(answer)).toEqual([
      '11:Newcomer Test:2031-04-01',
      '12:Adapting Test:2031-04-04',
      '7:Trial Test:2031-04-13',
      '5:Quarter Test:2031-04-10',
      '4:Veteran Test:2031-04-15',
      '13:Leaver Test:2031-04-07',
      '13:Gone Test:2031-04-12',
    ]);
    // Someone dismissed before their welcome meeting gets none; another company's people never.
    expect(flatten(answer)).not.toContain('11:Gone Test:2031-04-20');
    expect(flatten(answer).join()).not.toMatch(/Elsewhere/);
    expect(answer.meta.total).toBe(7);
    const welcome = answer.data[0]?.actions[0];
    expect(welcome).toMatchObject({
      key: `11:${people.Newcomer}:2031-04-01`,
      days_until: 22,
      assignee: { kind: 'manager', person: { id: manager.user.employeeId } },
      task: null,
    });
    // The exit interview's chosen person (set above).
    expect(answer.data.find((group) => group.template.id === 13)?.actions[0]?.assignee).toEqual({
      kind: 'user',
      person: { id: hr.user.employeeId, name: hr.user.name },
    });
  });

  it('celebrates 29 February on 28 February in a common year and on the day in a leap year', async () => {
    const common = await groups(hr, '?custom_period_start=2031-02-01&custom_period_end=2031-03-05');
    expect(flatten(common).filter((item) => item.includes('Leap'))).toEqual([
      '4:Leap Test:2031-02-28',
      '100:Leap Test:2031-02-28',
    ]);
    const leap = await groups(
      hr,
      '?custom_period_start=2032-02-01&custom_period_end=2032-03-31&template_ids=100',
    );
    expect(flatten(leap)).toEqual(['100:Leap Test:2032-02-29']);
    expect(leap.data.map((group) => group.template.id)).toEqual([100]);
  });

  it('takes an empty period end as the start’s month, and refuses a reversed or too long period', async () => {
    const april = await groups(hr, '?custom_period_start=2031-04-10&custom_period_end=');
    expect(april.meta.period).toEqual({ start: '2031-04-10', end: '2031-04-30' });
    const reversed = await callAs(
      t,
      hr,
      'GET',
      `${GROUPS}?custom_period_start=2031-05-01&custom_period_end=2031-04-01`,
    );
    expect(reversed.statusCode).toBe(422);
    const long = await callAs(
      t,
      hr,
      'GET',
      `${GROUPS}?custom_period_start=2031-01-01&custom_period_end=2032-06-01`,
    );
    expect(long.statusCode).toBe(422);
    const badDate = await callAs(t, hr, 'GET', `${GROUPS}?custom_period_start=2031-02-30`);
    expect(badDate.statusCode).toBe(422);
  });

  it('filters by team, employee and template', async () => {
    const team = await groups(hr, `?team_ids=${teamId}&per_template=20`);
    expect(flatten(team).map((item) => item.split(':')[1])).toEqual([
      'Newcomer Test',
      'Trial Test',
      'Quarter Test',
    ]);
    const one = await groups(hr, `?employee_ids=${people.Veteran}&employee_ids=${people.Leaver}`);
    expect(flatten(one)).toEqual(['4:Veteran Test:2031-04-15', '13:Leaver Test:2031-04-07']);
    const list = await events(hr, 'template_ids=11&template_ids=13&per_page=1');
    expect(list.data.map((action) => action.key)).toEqual([`11:${people.Newcomer}:2031-04-01`]);
    expect(list.meta).toMatchObject({ total: 3, last_page: 3, per_page: 1, current_page: 1 });
    const page2 = await events(hr, 'template_ids=11&template_ids=13&per_page=1&page=2');
    expect(page2.data.map((action) => action.key)).toEqual([`13:${people.Leaver}:2031-04-07`]);
  });

  it('shows a manager only their team, without dates their role may not see', async () => {
    const answer = await groups(manager, '?per_template=20');
    expect(flatten(answer)).toEqual([
      '11:Newcomer Test:2031-04-01',
      '7:Trial Test:2031-04-13',
      '5:Quarter Test:2031-04-10',
    ]);
    // Birthdays sit in personal info, which reaches only the manager's own record.
    const leap = await groups(manager, '?custom_period_start=2032-02-01&custom_period_end=2032-03-31');
    expect(flatten(leap)).toEqual([]);
    // Mine: the manager does the welcome meeting of their report.
    const mine = await events(manager, 'mine=true');
    expect(mine.data.map((action) => action.employee.name)).toEqual(['Newcomer Test']);
  });

  it('shows an employee only what they do for themself, never others', async () => {
    await t.database.db
      .update(employees)
      .set({ startOfWork: '2031-04-02' })
      .where(eq(employees.id, employee.user.employeeId));
    // The welcome meeting about them is the manager's: not announced to them.
    expect(flatten(await groups(employee, '?per_template=20'))).toEqual([]);
    const own = await createTemplate(hr, {
      names: { en: 'Fill in your profile' },
      task_type: 'custom',
      assignee: 'employee',
      trigger: 'start_of_work',
      offset_days: 1,
    });
    const answer = await groups(employee, '?per_template=20');
    expect(
      answer.data.flatMap((group) => group.actions.map((action) => [action.employee.id, action.date])),
    ).toEqual([[employee.user.employeeId, '2031-04-03']]);
    expect(answer.data.find((group) => group.template.id === own.id)?.total).toBe(1);
    await callAs(t, hr, 'DELETE', `${TEMPLATES}/${own.id}`);
    await t.database.db
      .update(employees)
      .set({ startOfWork: null })
      .where(eq(employees.id, employee.user.employeeId));
  });

  it('answers one template’s actions by its id, 404 for a switched-off or unknown one', async () => {
    const response = await callAs(t, hr, 'GET', `${EVENTS}/7`);
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = templateEventsOneResponseSchema.parse(response.json());
    expect(data.template).toMatchObject({ id: 7, trigger: 'probation_end', offset_days: -7 });
    expect(data.actions.map((action) => action.date)).toEqual(['2031-04-13']);
    expect(meta.total).toBe(1);
    expect((await callAs(t, hr, 'GET', `${EVENTS}/999`)).statusCode).toBe(404);
    expect((await callAs(t, otherHr, 'GET', `${EVENTS}/100`)).statusCode).toBe(404);
  });

  it('is refused where the plan has no people (403) and to a visitor (401)', async () => {
    const atsOnly = await seedCompany(t.database.db, { tariffs: ['ats'] });
    const atsOwner = await seedStaff(t, atsOnly, 'owner');
    expect((await callAs(t, atsOwner, 'GET', GROUPS)).statusCode).toBe(403);
    expect(
      (await callAs(t, atsOwner, 'POST', MAKE_TASK, { template_id: 11, employee_id: 1, date: '2031-04-01' }))
        .statusCode,
    ).toBe(403);
    const response = await t.app.inject({
      method: 'GET',
      url: GROUPS,
      headers: { host: company.hosts[0], accept: 'application/json' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('making an action a task', () => {
  const welcome = () => ({ template_id: 11, employee_id: people.Newcomer, date: '2031-04-01' });

  it('creates the task once through the tasks module and links the action to it', async () => {
    const [first, second] = await Promise.all([
      callAs(t, hr, 'POST', MAKE_TASK, welcome()),
      callAs(t, hr, 'POST', MAKE_TASK, welcome()),
    ]);
    const statuses = [first?.statusCode, second?.statusCode].sort();
    expect(statuses, `${first?.body} ${second?.body}`).toEqual([200, 201]);
    const made = makeActionTaskResponseSchema.parse(first?.json()).data;
    const again = makeActionTaskResponseSchema.parse(second?.json()).data;
    expect(again.task).toEqual(made.task);
    expect(made.task.url).toBe(`/app/tasks/${made.task.id}`);

    const rows = await t.database.db
      .select()
      .from(tasks)
      .where(and(eq(tasks.companyId, company.id), eq(tasks.templateId, 11)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: made.task.id,
      employeeId: people.Newcomer,
      assigneeEmployeeId: manager.user.employeeId,
      allDay: true,
      name: 'Welcome meeting',
    });
    const links = await t.database.db
      .select()
      .from(actionTemplateTasks)
      .where(eq(actionTemplateTasks.companyId, company.id));
    expect(links).toHaveLength(1);

    const answer = await groups(hr);
    expect(answer.data[0]).toMatchObject({ tasks_created: 1 });
    expect(answer.data[0]?.actions[0]?.task).toEqual(made.task);
    const open = await events(hr, 'status=open&template_ids=11');
    expect(open.data).toHaveLength(0);
    const created = await events(hr, 'status=task_created');
    expect(created.data.map((action) => action.key)).toEqual([`11:${people.Newcomer}:2031-04-01`]);
  });

  it('refuses an action the templates do not produce, or about someone out of reach (404)', async () => {
    const wrongDay = await callAs(t, hr, 'POST', MAKE_TASK, { ...welcome(), date: '2031-04-02' });
    expect(wrongDay.statusCode).toBe(404);
    const outside = await callAs(t, manager, 'POST', MAKE_TASK, {
      template_id: 4,
      employee_id: people.Veteran,
      date: '2031-04-15',
    });
    expect(outside.statusCode).toBe(404);
    const foreign = await callAs(t, otherHr, 'POST', MAKE_TASK, {
      template_id: 11,
      employee_id: people.Elsewhere,
      date: '2031-04-01',
    });
    expect(foreign.statusCode).toBe(201);
    const across = await callAs(t, otherHr, 'POST', MAKE_TASK, welcome());
    expect(across.statusCode).toBe(404);
    const bad = await callAs(t, hr, 'POST', MAKE_TASK, { template_id: 11, employee_id: 0, date: 'soon' });
    expect(bad.statusCode).toBe(422);
    const employeeTry = await callAs(t, employee, 'POST', MAKE_TASK, {
      template_id: 5,
      employee_id: people.Quarter,
      date: '2031-04-10',
    });
    expect(employeeTry.statusCode).toBe(404);
  });
});
