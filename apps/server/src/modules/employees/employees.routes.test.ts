import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { roleResponseSchema } from '@kadry/shared/permissions/schemas';
import {
  FIELD_KEYS,
  FIELD_PERMISSIONS,
  type FieldPermission,
  type Level,
  listEntityActions,
} from '@kadry/shared/permissions/vocabulary';
import {
  customFieldDefinitionResponseSchema,
  employeeChangesResponseSchema,
  employeeRefsResponseSchema,
  employeeResponseSchema,
  employeesResponseSchema,
  salaryResponseSchema,
} from '@kadry/shared/schemas/employees';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { dictionaryItems } from '../../db/schema/dictionaries';
import { employeeChanges, employees } from '../../db/schema/employees';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { createSession } from '../../plugins/session-store';
import { type AuthTestApp, agentFor, createAuthTestApp } from '../auth/auth-test-support';
import {
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
} from '../permissions/permissions-test-support';

// The employee record through app.inject: CRUD and its history, the account kept in step, and the
// permission matrix — Employee level × own / my team / other for read and write, each field
// permission for reads, search and writes. Hidden employees answer 404, hidden fields are absent.

let t: AuthTestApp;
let company: Company;
let otherCompany: Company;
let owner: StaffMember;
let stranger: StaffMember;

function call(who: StaffMember, method: StaffMethod, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

let roleCounter = 0;
type EntityGrant = { level: Level | null; actions?: readonly string[]; fields?: readonly string[] };

/** A custom role: Employee and its sub-entities as given (others off). */
async function createRole(grants: Record<string, EntityGrant>): Promise<number> {
  roleCounter += 1;
  const created = await call(owner, 'POST', '/api/v1/roles', { name: `Employees role ${roleCounter}` });
  const id = roleResponseSchema.parse(created.json()).data.id;
  const permissions = Object.fromEntries(
    Object.entries(grants).map(([entity, grant]) => [
      entity,
      {
        visibilitySettings: grant.level ? setAllLevel(grant.level) : null,
        actions: [...(grant.actions ?? [])],
        fields_view: [...(grant.fields ?? [])],
      },
    ]),
  );
  const edited = await call(owner, 'PUT', `/api/v1/roles/${id}`, { permissions });
  expect(edited.statusCode, edited.body).toBe(200);
  return id;
}

async function seedWithRole(roleId: number): Promise<StaffMember> {
  const member = await seedStaff(t, company, 'employee');
  await t.database.db.update(users).set({ roleId }).where(eq(users.id, member.user.id));
  return member;
}

let teamCounter = 0;
async function createTeam(isHidden = false): Promise<number> {
  teamCounter += 1;
  const [row] = await t.database.db
    .insert(teams)
    .values({ companyId: company.id, name: `Employees team ${teamCounter}`, isHidden })
    .returning({ id: teams.id });
  return row?.id ?? 0;
}

async function join(teamId: number, employeeId: number, isManager = false): Promise<void> {
  await t.database.db.insert(teamMembers).values({ companyId: company.id, teamId, employeeId, isManager });
}

/** An employee without an account, with every governed value set. */
async function seedEmployee(name: string): Promise<number> {
  const created = await call(owner, 'POST', '/api/v1/employees', {
    first_name: name,
    last_name: 'Tester',
    email: `${name.toLowerCase()}@work.test`,
    phone: '+380441234567',
    position: 'Engineer',
    start_of_work: '2030-01-10',
    probation_period: '2031-04-10',
    birth_date: '1990-05-05',
    address: 'Main street 1',
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = employeeResponseSchema.parse(created.json()).data.id;
  const salary = await call(owner, 'POST', `/api/v1/employees/${id}/salaries`, {
    amount: '1000.50',
    currency: 'usd',
    effective_from: '2030-01-10',
  });
  expect(salary.statusCode, salary.body).toBe(201);
  return id;
}

const EVERY_FIELD = FIELD_PERMISSIONS;
const SUB_ENTITIES = ['Employee.Profile', 'Employee.Contacts', 'Employee.PersonalInfo', 'Employee.Files'];

function fullGrant(level: Level, fields: readonly string[] = EVERY_FIELD): Record<string, EntityGrant> {
  return Object.fromEntries(
    ['Employee', ...SUB_ENTITIES].map((entity) => [
      entity,
      {
        level,
        actions: entity === 'Employee' ? listEntityActions('Employee').filter((a) => a !== 'login_as') : [],
        fields: fields.filter((field) =>
          entity === 'Employee' || entity === 'Employee.Profile'
            ? true
            : entity === 'Employee.Contacts'
              ? ['field_email', 'field_phone', 'field_address'].includes(field)
              : entity === 'Employee.PersonalInfo'
                ? ['field_birth_date', 'field_address'].includes(field)
                : field === 'field_files',
        ),
      },
    ]),
  );
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  otherCompany = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  stranger = await seedStaff(t, otherCompany, 'owner');
});

afterAll(async () => {
  await t.close();
});

describe('employees: the record', () => {
  it('creates, reads, changes and deletes an employee, writing one history row per changed field', async () => {
    const team = await createTeam();
    const created = await call(owner, 'POST', '/api/v1/employees', {
      first_name: 'Olena',
      last_name: 'Kovalenko',
      first_name_alt: 'Олена',
      email: 'Olena@Work.test',
      team_ids: [team],
      relatives: [{ relative_type_id: null, name: 'Taras', birth_date: '2020-02-02' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const employee = employeeResponseSchema.parse(created.json()).data;
    expect(employee).toMatchObject({ name: 'Olena Kovalenko', email: 'olena@work.test', access: 'none' });
    expect(employee.teams.map((row) => row.id)).toEqual([team]);
    expect(employee.relatives).toHaveLength(1);

    const changed = await call(owner, 'PUT', `/api/v1/employees/${employee.id}`, {
      position: 'Accountant',
      phone: '+380501112233',
      notes: null,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(employeeResponseSchema.parse(changed.json()).data.position).toBe('Accountant');

    const history = await call(owner, 'GET', `/api/v1/employees/${employee.id}/changes`);
    expect(history.statusCode).toBe(200);
    const fields = employeeChangesResponseSchema.parse(history.json()).data.map((row) => row.field);
    expect(fields).toEqual(expect.arrayContaining(['position', 'phone', 'created']));
    // notes was null and stays null: no row.
    expect(fields).not.toContain('notes');

    const found = await call(owner, 'GET', '/api/v1/employees/visible?search=олена');
    expect(employeesResponseSchema.parse(found.json()).data.map((row) => row.id)).toContain(employee.id);

    const deleted = await call(owner, 'DELETE', `/api/v1/employees/${employee.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call(owner, 'GET', `/api/v1/employees/${employee.id}`)).statusCode).toBe(404);
  });

  it("names a picked city in the reader's language wherever the employee is shown, and filters by any of its names", async () => {
    const setLocale = (locale: 'en' | 'ru' | 'uk') =>
      t.database.db.update(users).set({ locale }).where(eq(users.id, owner.user.id));
    // Picked from the city search by a Ukrainian reader (Kharkiv's id in the cities package), and a
    // village typed by hand.
    const picked = await call(owner, 'POST', '/api/v1/employees', {
      first_name: 'Mykola',
      last_name: 'Cityman',
      country_code: 'UA',
      city_id: 109727,
      city_name: 'Харків',
    });
    expect(picked.statusCode, picked.body).toBe(201);
    const pickedId = employeeResponseSchema.parse(picked.json()).data.id;
    const typed = await call(owner, 'POST', '/api/v1/employees', {
      first_name: 'Petro',
      last_name: 'Cityman',
      country_code: 'UA',
      city_id: null,
      city_name: 'Bilky',
    });
    expect(typed.statusCode, typed.body).toBe(201);
    const typedId = employeeResponseSchema.parse(typed.json()).data.id;
    const cityOf = async (id: number) =>
      employeeResponseSchema.parse((await call(owner, 'GET', `/api/v1/employees/${id}`)).json()).data.city;
    const listed = async (query: string) =>
      employeesResponseSchema
        .parse((await call(owner, 'GET', `/api/v1/employees/visible?search=cityman&${query}`)).json())
        .data.map((row) => [row.id, row.city]);
    try {
      for (const [locale, name] of [
        ['en', 'Kharkiv'],
        ['ru', 'Харьков'],
        ['uk', 'Харків'],
      ] as const) {
        await setLocale(locale);
        expect(await cityOf(pickedId)).toEqual({ id: 109727, name });
        expect(await cityOf(typedId)).toEqual({ id: null, name: 'Bilky' });
        expect(await listed('sort=name')).toEqual([
          [pickedId, name],
          [typedId, 'Bilky'],
        ]);
      }
      await setLocale('en');
      for (const text of ['kharkiv', 'харьк', 'Харків']) {
        expect(await listed(`city=${encodeURIComponent(text)}`), text).toEqual([[pickedId, 'Kharkiv']]);
      }
      expect(await listed('city=bilk')).toEqual([[typedId, 'Bilky']]);
      const exported = await call(owner, 'GET', '/api/v1/employees/export?format=csv&search=cityman');
      expect(exported.statusCode).toBe(200);
      expect(exported.body).toContain('Kharkiv');
      expect(exported.body).not.toContain('Харків');
    } finally {
      await setLocale('en');
    }
  });

  it('keeps the account’s name and email in step and refuses to delete an employee with an account', async () => {
    const member = await seedStaff(t, company, 'employee');
    const id = member.user.employeeId;
    const changed = await call(owner, 'PUT', `/api/v1/employees/${id}`, {
      first_name: 'Renamed',
      last_name: 'Person',
      email: 'renamed.person@work.test',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(account).toMatchObject({ name: 'Renamed Person', email: 'renamed.person@work.test' });
    const refused = await call(owner, 'DELETE', `/api/v1/employees/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/staff account/);
  });

  it('answers 409 with a field error when the work email is another employee’s', async () => {
    await seedEmployee('Taken');
    const other = await seedEmployee('Other');
    const response = await call(owner, 'PUT', `/api/v1/employees/${other}`, { email: 'taken@work.test' });
    expect(response.statusCode).toBe(409);
    expect(Object.keys(response.json().errors ?? {})).toEqual(['email']);
  });

  it('dismissing disables the account and ends its sessions', async () => {
    const member = await seedStaff(t, company, 'employee');
    const response = await call(owner, 'PUT', `/api/v1/employees/${member.user.employeeId}`, {
      dismissal_date: '2031-03-01',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(employeeResponseSchema.parse(response.json()).data).toMatchObject({
      is_dismissed: true,
      access: 'disabled',
    });
    const after = await call(member, 'GET', `/api/v1/employees/${member.user.employeeId}`);
    expect(after.statusCode).toBe(401);
  });

  it('a status that means dismissed disables the account too (the rule the import shares)', async () => {
    const member = await seedStaff(t, company, 'employee');
    const statuses = await t.database.db
      .select({ id: dictionaryItems.id, code: dictionaryItems.code })
      .from(dictionaryItems)
      .where(and(eq(dictionaryItems.dictionary, 'people_status'), isNull(dictionaryItems.companyId)));
    const statusId = (code: string) => statuses.find((status) => status.code === code)?.id ?? 0;
    const working = await call(owner, 'PUT', `/api/v1/employees/${member.user.employeeId}`, {
      status_id: statusId('working'),
    });
    expect(employeeResponseSchema.parse(working.json()).data.access).toBe('active');
    const response = await call(owner, 'PUT', `/api/v1/employees/${member.user.employeeId}`, {
      status_id: statusId('dismissed'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(employeeResponseSchema.parse(response.json()).data.access).toBe('disabled');
    expect((await call(member, 'GET', `/api/v1/employees/${member.user.employeeId}`)).statusCode).toBe(401);
  });

  it('clearing the dismissal date keeps the account disabled; "send access" gives it back', async () => {
    const member = await seedStaff(t, company, 'employee');
    const id = member.user.employeeId;
    const dismissed = await call(owner, 'PUT', `/api/v1/employees/${id}`, { dismissal_date: '2031-03-01' });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const undone = await call(owner, 'PUT', `/api/v1/employees/${id}`, { dismissal_date: null });
    expect(undone.statusCode, undone.body).toBe(200);
    expect(employeeResponseSchema.parse(undone.json()).data).toMatchObject({
      is_dismissed: false,
      access: 'disabled',
      can: { send_access: true },
    });
    const [account] = await t.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(account?.isDisabled).toBe(true);

    const roles = (await call(owner, 'GET', '/api/v1/roles')).json() as {
      data: { id: number; key: string | null }[];
    };
    const roleId = roles.data.find((role) => role.key === 'employee')?.id;
    const sent = await call(owner, 'POST', `/api/v1/employees/${id}/access`, { role_id: roleId });
    expect(sent.statusCode, sent.body).toBe(201);
    const [enabled] = await t.database.db.select().from(users).where(eq(users.id, member.user.id));
    expect(enabled?.isDisabled).toBe(false);
    const after = employeeResponseSchema.parse((await call(owner, 'GET', `/api/v1/employees/${id}`)).json());
    expect(after.data.can.send_access).toBe(false);
  });

  it('records the impersonator of a "login as" session with the actor', async () => {
    const id = await seedEmployee('Watched');
    const hr = await seedStaff(t, company, 'hr');
    const token = await createSession(t.database.db, {
      companyId: company.id,
      userId: hr.user.id,
      now: t.clock.now,
      maxAgeMs: 3_600_000,
      impersonatorUserId: owner.user.id,
    });
    const impersonated: StaffMember = {
      user: hr.user,
      headers: { ...agentFor(token).headers, host: hr.headers.host },
    };
    const response = await call(impersonated, 'PUT', `/api/v1/employees/${id}`, { notes: 'seen' });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(employeeChanges)
      .where(and(eq(employeeChanges.employeeId, id), eq(employeeChanges.field, 'notes')));
    expect(row).toMatchObject({
      actorUserId: hr.user.id,
      actorName: hr.user.name,
      impersonatorUserId: owner.user.id,
      impersonatorName: owner.user.name,
    });
  });

  it('validates custom field values by their definition', async () => {
    const created = await call(owner, 'POST', '/api/v1/employee-fields', {
      name: 'Shirt size',
      type: 'select',
      options: [
        { id: 's', name: 'S' },
        { id: 'm', name: 'M' },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const field = customFieldDefinitionResponseSchema.parse(created.json()).data;
    const id = await seedEmployee('Custom');
    const bad = await call(owner, 'PUT', `/api/v1/employees/${id}`, { custom_fields: { [field.id]: 'xl' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual([`custom_fields.${field.id}`]);
    const good = await call(owner, 'PUT', `/api/v1/employees/${id}`, { custom_fields: { [field.id]: 'm' } });
    expect(good.statusCode).toBe(200);
    expect(employeeResponseSchema.parse(good.json()).data.custom_fields).toEqual({ [field.id]: 'm' });
    const unknown = await call(owner, 'PUT', `/api/v1/employees/${id}`, { custom_fields: { '999999': 'x' } });
    expect(unknown.statusCode).toBe(422);
  });

  it('never shows another company’s employee and answers 404 for ids that are not ids', async () => {
    const id = await seedEmployee('Private');
    expect((await call(stranger, 'GET', `/api/v1/employees/${id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'PUT', `/api/v1/employees/${id}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await call(stranger, 'DELETE', `/api/v1/employees/${id}`)).statusCode).toBe(404);
    expect((await call(owner, 'GET', '/api/v1/employees/abc')).statusCode).toBe(404);
    const all = employeeRefsResponseSchema.parse(
      (await call(stranger, 'GET', '/api/v1/employees/all')).json(),
    );
    expect(all.data.map((row) => row.id)).not.toContain(id);
  });
});

describe('employees: permission matrix', () => {
  const LEVELS = ['only_my', 'only_my_and_my_team', 'to_all'] as const;
  const people = {} as Record<(typeof LEVELS)[number], StaffMember>;
  let teammate: number;
  let outsider: number;

  beforeAll(async () => {
    const team = await createTeam();
    teammate = await seedEmployee('Teammate');
    outsider = await seedEmployee('Outsider');
    const openTeam = await createTeam();
    await join(team, teammate);
    await join(openTeam, outsider);
    for (const level of LEVELS) {
      people[level] = await seedWithRole(await createRole(fullGrant(level)));
      await join(team, people[level].user.employeeId);
    }
  });

  for (const level of LEVELS) {
    it(`${level}: reads and writes own / my team / other as the level reaches, hidden ones 404`, async () => {
      const who = people[level];
      const targets = { own: who.user.employeeId, team: teammate, other: outsider };
      const reach = { own: true, team: level !== 'only_my', other: level === 'to_all' };
      const listed = employeesResponseSchema.parse(
        (await call(who, 'GET', '/api/v1/employees/visible?per_page=100')).json(),
      );
      for (const [relation, id] of Object.entries(targets) as [keyof typeof targets, number][]) {
        const read = await call(who, 'GET', `/api/v1/employees/${id}`);
        expect(read.statusCode, `${relation} read`).toBe(reach[relation] ? 200 : 404);
        expect(
          listed.data.some((row) => row.id === id),
          `${relation} listed`,
        ).toBe(reach[relation]);
        const write = await call(who, 'PUT', `/api/v1/employees/${id}`, { notes: `by ${level}` });
        expect(write.statusCode, `${relation} write`).toBe(reach[relation] ? 200 : 404);
      }
    });
  }

  it('a role that may view but not update gets 403 on writes of a visible employee', async () => {
    const grants = fullGrant('to_all');
    for (const entity of ['Employee', ...SUB_ENTITIES]) {
      const grant = grants[entity];
      if (grant) grants[entity] = { ...grant, level: null };
    }
    const viewer = await seedWithRole(
      await createRole({
        ...Object.fromEntries(
          ['Employee', ...SUB_ENTITIES].map((entity) => [
            entity,
            { ...grants[entity], level: null } satisfies EntityGrant,
          ]),
        ),
        Employee: {
          level: null,
          actions: ['view_in_open_teams', 'view_in_hidden_teams', 'view_without_team'],
          fields: EVERY_FIELD,
        },
      }),
    );
    // No view level at all: only oneself.
    expect((await call(viewer, 'GET', `/api/v1/employees/${outsider}`)).statusCode).toBe(404);
    expect((await call(viewer, 'POST', '/api/v1/employees', { first_name: 'Nope' })).statusCode).toBe(403);
    expect(
      (await call(viewer, 'PUT', `/api/v1/employees/${viewer.user.employeeId}`, { notes: 'x' })).statusCode,
    ).toBe(403);
  });

  for (const field of FIELD_PERMISSIONS) {
    it(`without ${field}: absent from reads and the list, not searchable, refused on write`, async () => {
      const who = await seedWithRole(
        await createRole(
          fullGrant(
            'to_all',
            EVERY_FIELD.filter((other) => other !== field),
          ),
        ),
      );
      const read = await call(who, 'GET', `/api/v1/employees/${outsider}`);
      expect(read.statusCode).toBe(200);
      const body = read.json().data as Record<string, unknown>;
      for (const key of FIELD_KEYS[field as FieldPermission]) expect(body, key).not.toHaveProperty(key);
      const list = (await call(who, 'GET', '/api/v1/employees/visible?per_page=100')).json().data as Record<
        string,
        unknown
      >[];
      for (const row of list) for (const key of FIELD_KEYS[field]) expect(row, key).not.toHaveProperty(key);
      // With everything else visible, the control role sees the same things.
      const withAll = (await call(owner, 'GET', `/api/v1/employees/${outsider}`)).json().data;
      for (const key of FIELD_KEYS[field]) {
        // cv and salary_range are a candidate's and a vacancy's keys of the same field permission.
        if (key !== 'cv' && key !== 'salary_range') expect(withAll, `owner sees ${key}`).toHaveProperty(key);
      }
      if (field === 'field_email') {
        const search = employeesResponseSchema.parse(
          (await call(who, 'GET', '/api/v1/employees/visible?search=outsider@work')).json(),
        );
        expect(search.data).toHaveLength(0);
        const ownerSearch = employeesResponseSchema.parse(
          (await call(owner, 'GET', '/api/v1/employees/visible?search=outsider@work')).json(),
        );
        expect(ownerSearch.data.map((row) => row.id)).toEqual([outsider]);
        // The phones and names the reader does see stay searchable.
        const byPhone = employeesResponseSchema.parse(
          (await call(who, 'GET', '/api/v1/employees/visible?search=441234567&per_page=100')).json(),
        );
        expect(byPhone.data.map((row) => row.id)).toContain(outsider);
        const byName = employeesResponseSchema.parse(
          (await call(who, 'GET', '/api/v1/employees/visible?search=OUTSIDER')).json(),
        );
        expect(byName.data.map((row) => row.id)).toEqual([outsider]);
      }
      if (field === 'field_phone') {
        const search = (await call(who, 'GET', '/api/v1/employees/visible?search=441234567')).json();
        expect(search.data).toHaveLength(0);
        const byEmail = employeesResponseSchema.parse(
          (await call(who, 'GET', '/api/v1/employees/visible?search=outsider@work')).json(),
        );
        expect(byEmail.data.map((row) => row.id)).toEqual([outsider]);
      }
      const writes: Partial<Record<FieldPermission, Record<string, unknown>>> = {
        field_email: { email: 'new@work.test' },
        field_phone: { phone: '+380440000000' },
        field_position: { position: 'Boss' },
        field_start_of_work: { start_of_work: '2030-02-02' },
        field_probation_period: { probation_period: '2031-05-05' },
        field_birth_date: { birth_date: '1991-01-01' },
        field_address: { address: 'Elsewhere' },
      };
      const write = writes[field];
      if (write) {
        const refused = await call(who, 'PUT', `/api/v1/employees/${outsider}`, write);
        expect(refused.statusCode, refused.body).toBe(403);
      }
      if (field === 'field_salary') {
        expect((await call(who, 'GET', `/api/v1/employees/${outsider}/salaries`)).statusCode).toBe(403);
        const history = employeeChangesResponseSchema.parse(
          (await call(who, 'GET', `/api/v1/employees/${outsider}/changes?per_page=100`)).json(),
        );
        expect(history.data.map((row) => row.field)).not.toContain('salary');
      }
      if (field === 'field_files') {
        expect((await call(who, 'GET', `/api/v1/employees/${outsider}/files`)).statusCode).toBe(403);
      }
    });
  }

  it('extended filters and sorts need their action (403 without it)', async () => {
    const plain = fullGrant('to_all');
    const employee = plain.Employee;
    if (employee) plain.Employee = { ...employee, actions: ['view_in_open_teams', 'view_without_team'] };
    const who = await seedWithRole(await createRole(plain));
    expect((await call(who, 'GET', '/api/v1/employees/visible?sort=start_of_work')).statusCode).toBe(403);
    expect((await call(who, 'GET', '/api/v1/employees/visible?city=kyiv')).statusCode).toBe(403);
    expect((await call(who, 'GET', '/api/v1/employees/visible?search=tester')).statusCode).toBe(200);
    expect(
      (await call(owner, 'GET', '/api/v1/employees/visible?sort=start_of_work&direction=desc')).statusCode,
    ).toBe(200);
  });

  it('a search pages over one matching set: every page and a page past the last count it alike', async () => {
    const all = employeesResponseSchema.parse(
      (await call(owner, 'GET', '/api/v1/employees/visible?search=tester&per_page=100')).json(),
    );
    expect(all.meta.total).toBeGreaterThan(2);
    expect(all.data).toHaveLength(all.meta.total);
    const second = employeesResponseSchema.parse(
      (await call(owner, 'GET', '/api/v1/employees/visible?search=tester&per_page=1&page=2')).json(),
    );
    expect(second.meta.total).toBe(all.meta.total);
    expect(second.meta.last_page).toBe(all.meta.total);
    expect(second.data.map((row) => row.id)).toEqual([all.data[1]?.id]);
    const past = employeesResponseSchema.parse(
      (await call(owner, 'GET', '/api/v1/employees/visible?search=tester&per_page=100&page=50')).json(),
    );
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(all.meta.total);
    const none = employeesResponseSchema.parse(
      (await call(owner, 'GET', '/api/v1/employees/visible?search=no-such-person-anywhere')).json(),
    );
    expect(none.meta.total).toBe(0);
  });

  it('the salary history is kept and the current salary shown', async () => {
    const added = await call(owner, 'POST', `/api/v1/employees/${outsider}/salaries`, {
      amount: '2000',
      currency: 'USD',
      effective_from: '2031-01-01',
    });
    expect(added.statusCode).toBe(201);
    const salary = salaryResponseSchema.parse(added.json()).data;
    const profile = employeeResponseSchema.parse(
      (await call(owner, 'GET', `/api/v1/employees/${outsider}`)).json(),
    );
    expect(profile.data.salary?.amount).toBe('2000.00');
    const removed = await call(owner, 'DELETE', `/api/v1/employees/${outsider}/salaries/${salary.id}`);
    expect(removed.statusCode).toBe(204);
  });
});

describe('employees: files and photo', () => {
  function multipart(field: string, name: string, bytes: Buffer, type: string) {
    const boundary = '----kadry-test-boundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  }

  it('uploads, lists, downloads and deletes a document; sets and serves a photo', async () => {
    const id = await seedEmployee('Filed');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const upload = multipart('file', 'contract.pdf', pdf, 'application/pdf');
    const stored = await t.app.inject({
      method: 'POST',
      url: `/api/v1/employees/${id}/files`,
      headers: { ...owner.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const file = stored.json().data as { id: number; url: string; mime_type: string };
    expect(file.mime_type).toBe('application/pdf');
    const download = await call(owner, 'GET', file.url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await call(owner, 'DELETE', file.url)).statusCode).toBe(204);

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    const photo = multipart('photo', 'me.png', png, 'image/png');
    const set = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/employees/${id}/photo`,
      headers: { ...owner.headers, ...photo.headers },
      payload: photo.payload,
    });
    expect(set.statusCode, set.body).toBe(200);
    const url = employeeResponseSchema.parse(set.json()).data.photo_url;
    expect(url).toMatch(new RegExp(`/api/v1/employees/${id}/photo`));
    const served = await call(owner, 'GET', url ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const [row] = await t.database.db.select().from(employees).where(eq(employees.id, id));
    expect(row?.photoFileId).not.toBeNull();
  });
});
