import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { roleResponseSchema } from '@kadry/shared/permissions/schemas';
import {
  FIELD_PERMISSIONS,
  type Level,
  listEntityActions,
  listEntityFields,
} from '@kadry/shared/permissions/vocabulary';
import {
  employeeRefsResponseSchema,
  employeeResponseSchema,
  employeesResponseSchema,
} from '@kadry/shared/schemas/employees';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
} from '../permissions/permissions-test-support';
import { SECTION_ENTITY, type Section } from './employee-visibility';

// The permission matrix of issue 13's "Must show", beside employees.routes.test.ts (which covers the
// Employee level and each field permission): every sub-entity on its own at each level × own / my
// team / other (profile, directory, search, export, writes), every endpoint of the record at each
// Employee level × own / my team / other, and the built-in roles' self-service. No unauthorised 2xx,
// hidden employees 404, hidden values absent.

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
let team: number;
let openTeam: number;
let teammate: number;
let outsider: number;
let unique = 0;

function call(who: StaffMember, method: StaffMethod, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

const LEVELS = ['only_my', 'only_my_and_my_team', 'to_all'] as const;
type Target = 'own' | 'team' | 'other';
const TARGETS: readonly Target[] = ['own', 'team', 'other'];

function reaches(level: Level, target: Target): boolean {
  if (level === 'to_all') return true;
  if (level === 'only_my_and_my_team') return target !== 'other';
  return target === 'own';
}

type EntityGrant = { level: Level | null; actions?: readonly string[]; fields?: readonly string[] };

async function createRole(grants: Record<string, EntityGrant>): Promise<number> {
  unique += 1;
  const created = await call(owner, 'POST', '/api/v1/roles', { name: `Matrix role ${unique}` });
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

/** A reader with this role, in `team` (so the teammate is "my team"). */
async function readerWith(roleId: number): Promise<StaffMember> {
  const member = await seedStaff(t, company, 'employee');
  await t.database.db.update(users).set({ roleId }).where(eq(users.id, member.user.id));
  await t.database.db
    .insert(teamMembers)
    .values({ companyId: company.id, teamId: team, employeeId: member.user.employeeId });
  // The reader's own record has every governed value too.
  const filled = await call(owner, 'PUT', `/api/v1/employees/${member.user.employeeId}`, {
    ...GOVERNED_VALUES,
    first_name: `Reader${unique}`,
  });
  expect(filled.statusCode, filled.body).toBe(200);
  await addSalary(member.user.employeeId);
  expect((await putPhoto(owner, member.user.employeeId)).statusCode).toBe(200);
  return member;
}

const SUB_ENTITIES = Object.values(SECTION_ENTITY);

/** Employee and every sub-entity at `level` (with every action but login_as and every field), then `overrides`. */
function grantsAt(level: Level, overrides: Record<string, EntityGrant> = {}): Record<string, EntityGrant> {
  return {
    Employee: {
      level,
      actions: listEntityActions('Employee').filter((action) => action !== 'login_as'),
      fields: FIELD_PERMISSIONS,
    },
    ...Object.fromEntries(
      SUB_ENTITIES.map((entity) => [entity, { level, fields: listEntityFields(entity) }]),
    ),
    ...overrides,
  };
}

const GOVERNED_VALUES = {
  phone: '+380441234567',
  position: 'Engineer',
  start_of_work: '2030-01-10',
  probation_period: '2099-04-10',
  birth_date: '1990-05-05',
  address: 'Main street 1',
};

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, name: string, bytes: Buffer, type: string) {
  const boundary = '----kadry-matrix-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function putPhoto(who: StaffMember, id: number) {
  const photo = multipart('photo', 'me.png', PNG, 'image/png');
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/employees/${id}/photo`,
    headers: { ...who.headers, ...photo.headers },
    payload: photo.payload,
  });
}

async function seedTarget(firstName: string, teamId: number): Promise<number> {
  const created = await call(owner, 'POST', '/api/v1/employees', {
    first_name: firstName,
    last_name: 'Matrix',
    email: `${firstName.toLowerCase()}@matrix.test`,
    team_ids: [teamId],
    ...GOVERNED_VALUES,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = employeeResponseSchema.parse(created.json()).data.id;
  await addSalary(id);
  expect((await putPhoto(owner, id)).statusCode).toBe(200);
  return id;
}

/** A salary that has started whichever clock asks (the app's or the database's). */
async function addSalary(id: number): Promise<void> {
  const salary = await call(owner, 'POST', `/api/v1/employees/${id}/salaries`, {
    amount: '1000',
    currency: 'usd',
    effective_from: '2020-01-10',
  });
  expect(salary.statusCode, salary.body).toBe(201);
}

/** The export as CSV rows keyed by header (names here hold no commas or quotes). */
async function exportRows(who: StaffMember): Promise<Record<string, string>[]> {
  const answer = await call(who, 'GET', '/api/v1/employees/export?format=csv&per_page=100');
  expect(answer.statusCode, answer.body).toBe(200);
  const [header = '', ...lines] = answer.body.replace('\uFEFF', '').split('\r\n').filter(Boolean);
  const names = header.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(names.map((name, index) => [name, cells[index] ?? '']));
  });
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  const [mine, open] = await t.database.db
    .insert(teams)
    .values([
      { companyId: company.id, name: 'Matrix team' },
      { companyId: company.id, name: 'Matrix open team' },
    ])
    .returning({ id: teams.id });
  team = mine?.id ?? 0;
  openTeam = open?.id ?? 0;
  teammate = await seedTarget('Teammate', team);
  outsider = await seedTarget('Outsider', openTeam);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** What each section governs in the profile, the directory and the export, and a write it allows. */
const SECTION_CASES: Record<
  Section,
  { profileKeys: string[]; listKeys: string[]; exportColumns: string[]; write?: Record<string, unknown> }
> = {
  profile: {
    profileKeys: ['position', 'start_of_work', 'probation_period', 'salary'],
    listKeys: ['position', 'start_of_work', 'probation_period'],
    exportColumns: ['position', 'start_of_work', 'salary'],
    write: { notes: 'matrix' },
  },
  contacts: {
    profileKeys: ['email', 'phone'],
    listKeys: ['email', 'phone'],
    exportColumns: ['email', 'phone'],
    write: { personal_phone: '+380449998877' },
  },
  personal_info: {
    profileKeys: ['birth_date', 'address'],
    listKeys: [],
    exportColumns: ['birth_date', 'address'],
    write: { address: 'Elsewhere 2' },
  },
  files: { profileKeys: ['files'], listKeys: [], exportColumns: [] },
};

describe('employees matrix: the export’s own columns', () => {
  it('exports each employee’s own teams and salary (not another row’s)', async () => {
    const rows = await exportRows(owner);
    expect(rows.find((row) => row.first_name === 'Teammate')).toMatchObject({
      teams: 'Matrix team',
      salary: '1000.00',
    });
    expect(rows.find((row) => row.first_name === 'Outsider')).toMatchObject({ teams: 'Matrix open team' });
  });
});

describe('employees matrix: each sub-entity at each level × own / my team / other', () => {
  for (const section of Object.keys(SECTION_CASES) as Section[]) {
    const entity = SECTION_ENTITY[section];
    const cases = SECTION_CASES[section];
    for (const level of LEVELS) {
      it(`${entity} at ${level}: the section, its values and its writes as the level reaches`, async () => {
        // Everything else to_all: only this sub-entity narrows what the reader gets.
        const reader = await readerWith(
          await createRole(grantsAt('to_all', { [entity]: { level, fields: listEntityFields(entity) } })),
        );
        const ids: Record<Target, number> = { own: reader.user.employeeId, team: teammate, other: outsider };
        const list = employeesResponseSchema.parse(
          (await call(reader, 'GET', '/api/v1/employees/visible?per_page=100')).json(),
        ).data as unknown as Record<string, unknown>[];
        const exported = await exportRows(reader);
        for (const target of TARGETS) {
          const id = ids[target];
          const expected = reaches(level, target);
          const label = `${entity} ${level} → ${target}`;

          const read = await call(reader, 'GET', `/api/v1/employees/${id}`);
          expect(read.statusCode, label).toBe(200);
          const body = employeeResponseSchema.parse(read.json()).data;
          expect(body.can.view_sections.includes(section), `${label}: view_sections`).toBe(expected);
          expect(body.can.edit_sections.includes(section), `${label}: edit_sections`).toBe(expected);
          for (const key of cases.profileKeys)
            expect(Object.hasOwn(body, key), `${label}: profile ${key}`).toBe(expected);

          const row = list.find((item) => item.id === id);
          expect(row, `${label}: listed`).toBeDefined();
          for (const key of cases.listKeys)
            expect(Object.hasOwn(row ?? {}, key), `${label}: list ${key}`).toBe(expected);

          const name = body.first_name;
          const line = exported.find((cells) => cells.first_name === name);
          expect(line, `${label}: exported`).toBeDefined();
          for (const column of cases.exportColumns) {
            const cell = line?.[column] ?? '';
            if (expected) expect(cell, `${label}: export ${column}`).not.toBe('');
            else expect(cell, `${label}: export ${column}`).toBe('');
          }

          if (cases.write) {
            const write = await call(reader, 'PUT', `/api/v1/employees/${id}`, cases.write);
            expect(write.statusCode, `${label}: write`).toBe(expected ? 200 : 403);
          }
          if (section === 'files') {
            const files = await call(reader, 'GET', `/api/v1/employees/${id}/files`);
            expect(files.statusCode, `${label}: files`).toBe(expected ? 200 : 403);
          }
        }

        if (section === 'contacts') {
          // No search by a value hidden on some of the people the reader may find.
          const search = employeesResponseSchema.parse(
            (await call(reader, 'GET', '/api/v1/employees/visible?search=outsider@matrix')).json(),
          );
          expect(search.data.map((row) => row.id)).toEqual(level === 'to_all' ? [outsider] : []);
          const exportSearch = await call(
            reader,
            'GET',
            '/api/v1/employees/export?format=csv&search=outsider@matrix',
          );
          expect(exportSearch.body.includes('Outsider')).toBe(level === 'to_all');
        }
        if (section === 'personal_info' && level !== 'to_all') {
          const city = await call(reader, 'GET', '/api/v1/employees/visible?city=kyiv');
          expect(city.statusCode).toBe(403);
          const exportByCity = await call(reader, 'GET', '/api/v1/employees/export?format=csv&city=kyiv');
          expect(exportByCity.statusCode).toBe(403);
        }
      });
    }
  }
});

describe('employees matrix: every endpoint at each Employee level × own / my team / other', () => {
  for (const level of LEVELS) {
    it(`${level}: reads answer 404 beyond the level, writes never 2xx beyond it`, async () => {
      const reader = await readerWith(await createRole(grantsAt(level)));
      const ids: Record<Target, number> = { own: reader.user.employeeId, team: teammate, other: outsider };
      const probation = employeesResponseSchema
        .pick({ data: true })
        .parse((await call(reader, 'GET', '/api/v1/employees/probation?per_page=100')).json())
        .data.map((row) => row.id);
      const all = employeeRefsResponseSchema
        .parse((await call(reader, 'GET', '/api/v1/employees/all')).json())
        .data.map((row) => row.id);
      const found = employeesResponseSchema
        .parse((await call(reader, 'GET', '/api/v1/employees/visible?search=matrix&per_page=100')).json())
        .data.map((row) => row.id);
      const exported = (await exportRows(reader)).map((row) => row.first_name);

      for (const target of TARGETS) {
        const id = ids[target];
        const expected = reaches(level, target);
        const label = `${level} → ${target}`;
        const hidden = expected ? undefined : 404;
        expect(probation.includes(id), `${label}: probation`).toBe(expected);
        expect(all.includes(id), `${label}: all`).toBe(expected);
        if (target !== 'own') {
          expect(found.includes(id), `${label}: search`).toBe(expected);
          expect(exported.includes(target === 'team' ? 'Teammate' : 'Outsider'), `${label}: export`).toBe(
            expected,
          );
        }
        const statuses = {
          changes: (await call(reader, 'GET', `/api/v1/employees/${id}/changes`)).statusCode,
          salaries: (await call(reader, 'GET', `/api/v1/employees/${id}/salaries`)).statusCode,
          files: (await call(reader, 'GET', `/api/v1/employees/${id}/files`)).statusCode,
          photo: (await call(reader, 'GET', `/api/v1/employees/${id}/photo`)).statusCode,
        };
        expect(statuses, label).toEqual({
          changes: hidden ?? 200,
          salaries: hidden ?? 200,
          files: hidden ?? 200,
          photo: hidden ?? 200,
        });
        const salary = await call(reader, 'POST', `/api/v1/employees/${id}/salaries`, {
          amount: '1500',
          currency: 'usd',
          effective_from: '2030-06-01',
        });
        expect(salary.statusCode, `${label}: add salary`).toBe(hidden ?? 201);
        expect((await putPhoto(reader, id)).statusCode, `${label}: photo`).toBe(hidden ?? 200);
        if (!expected) {
          expect((await call(reader, 'DELETE', `/api/v1/employees/${id}`)).statusCode).toBe(404);
          const upload = multipart('file', 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
          const stored = await t.app.inject({
            method: 'POST',
            url: `/api/v1/employees/${id}/files`,
            headers: { ...reader.headers, ...upload.headers },
            payload: upload.payload,
          });
          expect(stored.statusCode, `${label}: upload`).toBe(404);
        }
      }

      // Custom field definitions: everyone reads them, only a to_all Employee updater defines them.
      expect((await call(reader, 'GET', '/api/v1/employee-fields')).statusCode).toBe(200);
      const defined = await call(reader, 'POST', '/api/v1/employee-fields', {
        name: `Field ${level}`,
        type: 'text',
        options: [],
      });
      expect(defined.statusCode, defined.body).toBe(level === 'to_all' ? 201 : 403);
    });
  }

  it('a role with nothing on Employee: its own record only, every other endpoint 404 or 403', async () => {
    const reader = await readerWith(await createRole({ Employee: { level: null } }));
    for (const id of [teammate, outsider]) {
      for (const url of ['', '/changes', '/salaries', '/files', '/photo']) {
        expect((await call(reader, 'GET', `/api/v1/employees/${id}${url}`)).statusCode, url).toBe(404);
      }
      expect((await call(reader, 'PUT', `/api/v1/employees/${id}`, { notes: 'x' })).statusCode).toBe(404);
    }
    expect((await call(reader, 'GET', '/api/v1/employees/export?format=csv')).statusCode).toBe(403);
    expect((await call(reader, 'GET', '/api/v1/employees/probation')).statusCode).toBe(403);
    expect((await call(reader, 'POST', '/api/v1/employees', { first_name: 'No' })).statusCode).toBe(403);
    const own = await call(reader, 'GET', `/api/v1/employees/${reader.user.employeeId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).not.toHaveProperty('salary');
    expect(
      (await call(reader, 'PUT', `/api/v1/employees/${reader.user.employeeId}`, { notes: 'x' })).statusCode,
    ).toBe(403);
  });
});

describe('employees matrix: the built-in roles’ self-service', () => {
  it('employee: sees and edits their own contacts and personal info, never salary or files', async () => {
    const member = await seedStaff(t, company, 'employee');
    const id = member.user.employeeId;
    const read = await call(member, 'GET', `/api/v1/employees/${id}`);
    expect(read.statusCode).toBe(200);
    const body = employeeResponseSchema.parse(read.json()).data;
    expect(body.can.view_sections).toEqual(['profile', 'contacts', 'personal_info']);
    expect(body.can.edit_sections).toEqual(['contacts', 'personal_info']);
    for (const key of ['salary', 'files', 'system_role']) expect(body).not.toHaveProperty(key);
    for (const key of ['email', 'phone', 'birth_date', 'address', 'position'])
      expect(body).toHaveProperty(key);

    const phone = await call(member, 'PUT', `/api/v1/employees/${id}`, { phone: '+380501234567' });
    expect(phone.statusCode, phone.body).toBe(200);
    const personal = await call(member, 'PUT', `/api/v1/employees/${id}`, {
      birth_date: '1991-02-03',
      relatives: [{ relative_type_id: null, name: 'Ivanko', birth_date: '2021-01-01' }],
    });
    expect(personal.statusCode, personal.body).toBe(200);
    // The profile (position, dates, names, status) is HR's to change.
    for (const write of [
      { position: 'Chief' },
      { notes: 'mine' },
      { first_name: 'Self' },
      { team_ids: [] },
    ]) {
      expect((await call(member, 'PUT', `/api/v1/employees/${id}`, write)).statusCode).toBe(403);
    }
    expect((await call(member, 'GET', `/api/v1/employees/${id}/salaries`)).statusCode).toBe(403);
    expect((await call(member, 'GET', `/api/v1/employees/${id}/files`)).statusCode).toBe(403);
    const history = (await call(member, 'GET', `/api/v1/employees/${id}/changes`)).json() as {
      data: { field: string }[];
    };
    expect(history.data.map((row) => row.field)).toEqual(expect.arrayContaining(['phone', 'relatives']));
    expect((await call(member, 'GET', `/api/v1/employees/${outsider}`)).statusCode).toBe(404);
    expect(
      (await call(member, 'PUT', `/api/v1/employees/${outsider}`, { phone: '+380501234567' })).statusCode,
    ).toBe(404);
  });

  it('manager: sees their team’s work record and contacts, not their personal info; edits only their own contacts', async () => {
    const manager = await seedStaff(t, company, 'manager');
    await t.database.db
      .insert(teamMembers)
      .values({ companyId: company.id, teamId: team, employeeId: manager.user.employeeId, isManager: true });
    const mate = employeeResponseSchema.parse(
      (await call(manager, 'GET', `/api/v1/employees/${teammate}`)).json(),
    ).data;
    expect(mate.can.view_sections).toEqual(['profile', 'contacts']);
    expect(mate.can.edit_sections).toEqual([]);
    expect(mate).toHaveProperty('phone');
    expect(mate).toHaveProperty('position');
    for (const key of ['salary', 'files', 'birth_date', 'address']) expect(mate).not.toHaveProperty(key);
    expect(mate.relatives).toEqual([]);
    expect((await call(manager, 'GET', `/api/v1/employees/${outsider}`)).statusCode).toBe(404);
    expect(
      (await call(manager, 'PUT', `/api/v1/employees/${teammate}`, { phone: '+380501112233' })).statusCode,
    ).toBe(403);
    const own = employeeResponseSchema.parse(
      (await call(manager, 'GET', `/api/v1/employees/${manager.user.employeeId}`)).json(),
    ).data;
    expect(own.can.edit_sections).toEqual(['contacts', 'personal_info']);
    expect(own).toHaveProperty('birth_date');
    const phone = await call(manager, 'PUT', `/api/v1/employees/${manager.user.employeeId}`, {
      phone: '+380501112244',
    });
    expect(phone.statusCode, phone.body).toBe(200);
  });
});

/**
 * What each field permission governs: the profile's keys, the directory's keys, the export's
 * columns, queries by the field (search that must find nothing, filters and sorts that must be 403),
 * and the write of it. `section` is the sub-entity that governs it too (canSeeField).
 */
type FieldCase = {
  section: string;
  profileKeys: string[];
  listKeys: string[];
  exportColumns: string[];
  /** Directory searches that must not find the outsider. */
  searches: string[];
  /** Directory and export queries by the field: 403. */
  refusedQueries: string[];
  refusedReads: string[];
  write: (reader: StaffMember) => Promise<{ statusCode: number }>;
};

const FIELD_CASES: Record<string, FieldCase> = {
  field_salary: {
    section: 'Employee.Profile',
    profileKeys: ['salary'],
    listKeys: [],
    exportColumns: ['salary', 'salary_currency'],
    searches: [],
    refusedQueries: [],
    refusedReads: ['salaries'],
    write: (reader) =>
      call(reader, 'POST', `/api/v1/employees/${outsider}/salaries`, {
        amount: '2000',
        currency: 'usd',
        effective_from: '2030-06-01',
      }),
  },
  field_files: {
    section: 'Employee.Files',
    profileKeys: ['files'],
    listKeys: [],
    exportColumns: [],
    searches: [],
    refusedQueries: [],
    refusedReads: ['files'],
    write: (reader) => {
      const upload = multipart('file', 'a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), 'application/pdf');
      return t.app.inject({
        method: 'POST',
        url: `/api/v1/employees/${outsider}/files`,
        headers: { ...reader.headers, ...upload.headers },
        payload: upload.payload,
      });
    },
  },
  field_email: {
    section: 'Employee.Contacts',
    profileKeys: ['email'],
    listKeys: ['email'],
    exportColumns: ['email', 'personal_email'],
    searches: ['outsider@matrix'],
    refusedQueries: [],
    refusedReads: [],
    write: (reader) => call(reader, 'PUT', `/api/v1/employees/${outsider}`, { email: 'new@matrix.test' }),
  },
  field_phone: {
    section: 'Employee.Contacts',
    profileKeys: ['phone'],
    listKeys: ['phone'],
    exportColumns: ['phone', 'personal_phone'],
    searches: ['441234567'],
    refusedQueries: [],
    refusedReads: [],
    write: (reader) => call(reader, 'PUT', `/api/v1/employees/${outsider}`, { phone: '+380440000000' }),
  },
  field_position: {
    section: 'Employee.Profile',
    profileKeys: ['position'],
    listKeys: ['position'],
    exportColumns: ['position'],
    searches: [],
    refusedQueries: ['position=Engineer', 'sort=position'],
    refusedReads: [],
    write: (reader) => call(reader, 'PUT', `/api/v1/employees/${outsider}`, { position: 'Boss' }),
  },
  field_start_of_work: {
    section: 'Employee.Profile',
    profileKeys: ['start_of_work'],
    listKeys: ['start_of_work'],
    exportColumns: ['start_of_work'],
    searches: [],
    refusedQueries: ['start_from=2030-01-01', 'start_to=2031-01-01', 'sort=start_of_work'],
    refusedReads: [],
    write: (reader) => call(reader, 'PUT', `/api/v1/employees/${outsider}`, { start_of_work: '2030-02-02' }),
  },
  field_probation_period: {
    section: 'Employee.Profile',
    profileKeys: ['probation_period'],
    listKeys: ['probation_period'],
    exportColumns: ['probation_period'],
    searches: [],
    refusedQueries: ['sort=probation_period'],
    refusedReads: ['probation'],
    write: (reader) =>
      call(reader, 'PUT', `/api/v1/employees/${outsider}`, { probation_period: '2031-05-05' }),
  },
  field_system_role: {
    section: 'Employee.Profile',
    profileKeys: ['system_role'],
    listKeys: [],
    exportColumns: [],
    searches: [],
    refusedQueries: [],
    refusedReads: [],
    write: async (reader) => {
      const employeeRole = await t.database.db.query.roles.findFirst({
        where: (role, { and, eq: is }) => and(is(role.companyId, company.id), is(role.key, 'employee')),
      });
      return call(reader, 'POST', `/api/v1/employees/${outsider}/access`, { role_id: employeeRole?.id });
    },
  },
};

/** A to_all role with every action but login_as and every field but `field`, taken from `entity`. */
function grantsWithout(field: string, entity: string): Record<string, EntityGrant> {
  const grants = grantsAt('to_all');
  const grant = grants[entity];
  if (grant) grants[entity] = { ...grant, fields: (grant.fields ?? []).filter((other) => other !== field) };
  return grants;
}

describe('employees matrix: each field permission missing, on Employee or on its section', () => {
  for (const [field, cases] of Object.entries(FIELD_CASES)) {
    for (const entity of ['Employee', cases.section]) {
      it(`without ${field} on ${entity}: absent from the profile, the list and the export; not searched, filtered, sorted or written`, async () => {
        const reader = await readerWith(await createRole(grantsWithout(field, entity)));
        const label = `${field} on ${entity}`;
        const profile = (await call(reader, 'GET', `/api/v1/employees/${outsider}`)).json().data;
        const control = (await call(owner, 'GET', `/api/v1/employees/${outsider}`)).json().data;
        for (const key of cases.profileKeys) {
          expect(profile, `${label}: profile ${key}`).not.toHaveProperty(key);
          expect(control, `owner sees ${key}`).toHaveProperty(key);
        }

        const list = employeesResponseSchema.parse(
          (await call(reader, 'GET', '/api/v1/employees/visible?per_page=100')).json(),
        ).data as unknown as Record<string, unknown>[];
        const row = list.find((item) => item.id === outsider);
        expect(row, `${label}: listed`).toBeDefined();
        for (const key of cases.listKeys) expect(row, `${label}: list ${key}`).not.toHaveProperty(key);

        const exported = await call(reader, 'GET', '/api/v1/employees/export?format=csv&per_page=100');
        expect(exported.statusCode, exported.body).toBe(200);
        const header = exported.body.replace('\uFEFF', '').split('\r\n')[0]?.split(',') ?? [];
        for (const column of cases.exportColumns)
          expect(header, `${label}: export column ${column}`).not.toContain(column);

        for (const search of cases.searches) {
          const found = employeesResponseSchema.parse(
            (await call(reader, 'GET', `/api/v1/employees/visible?search=${search}&per_page=100`)).json(),
          );
          expect(
            found.data.map((item) => item.id),
            `${label}: search ${search}`,
          ).not.toContain(outsider);
          const exportFound = await call(
            reader,
            'GET',
            `/api/v1/employees/export?format=csv&search=${search}`,
          );
          expect(exportFound.body.includes('Outsider'), `${label}: export search ${search}`).toBe(false);
        }
        for (const query of cases.refusedQueries) {
          for (const path of ['/api/v1/employees/visible?', '/api/v1/employees/export?format=csv&']) {
            const answer = await call(reader, 'GET', `${path}${query}`);
            expect(answer.statusCode, `${label}: ${path}${query}`).toBe(403);
            expect(answer.json()).toMatchObject({ message: expect.any(String) });
          }
        }
        for (const read of cases.refusedReads) {
          const url =
            read === 'probation' ? '/api/v1/employees/probation' : `/api/v1/employees/${outsider}/${read}`;
          expect((await call(reader, 'GET', url)).statusCode, `${label}: ${read}`).toBe(403);
        }
        const write = await cases.write(reader);
        expect(write.statusCode, `${label}: write`).toBe(403);
      });
    }
  }

  it('a photo is changed without update_avatar only on one’s own record', async () => {
    const grants = grantsAt('to_all');
    const employee = grants.Employee;
    if (employee)
      grants.Employee = {
        ...employee,
        actions: (employee.actions ?? []).filter((action) => action !== 'update_avatar'),
      };
    const reader = await readerWith(await createRole(grants));
    expect((await putPhoto(reader, outsider)).statusCode).toBe(403);
    expect((await putPhoto(reader, teammate)).statusCode).toBe(403);
    expect((await putPhoto(reader, reader.user.employeeId)).statusCode).toBe(200);
    const profile = employeeResponseSchema.parse(
      (await call(reader, 'GET', `/api/v1/employees/${outsider}`)).json(),
    );
    expect(profile.data.can.update_avatar).toBe(false);
  });
});

describe('employees matrix: get_profile opens another employee’s profile beyond the directory row', () => {
  it('without it: the directory row and photo, one’s own profile; every other profile read or write 403', async () => {
    const grants = grantsAt('to_all');
    const employee = grants.Employee;
    if (employee)
      grants.Employee = {
        ...employee,
        actions: (employee.actions ?? []).filter((action) => action !== 'get_profile'),
      };
    const reader = await readerWith(await createRole(grants));
    const list = employeesResponseSchema.parse(
      (await call(reader, 'GET', '/api/v1/employees/visible?per_page=100')).json(),
    );
    expect(list.data.map((row) => row.id)).toEqual(expect.arrayContaining([teammate, outsider]));
    for (const id of [teammate, outsider]) {
      expect((await call(reader, 'GET', `/api/v1/employees/${id}/photo`)).statusCode).toBe(200);
      for (const path of ['', '/changes', '/salaries', '/files']) {
        const read = await call(reader, 'GET', `/api/v1/employees/${id}${path}`);
        expect(read.statusCode, `GET ${path}`).toBe(403);
        expect(read.json()).toMatchObject({ message: expect.any(String) });
      }
      expect((await call(reader, 'PUT', `/api/v1/employees/${id}`, { notes: 'no profile' })).statusCode).toBe(
        403,
      );
      expect((await putPhoto(reader, id)).statusCode).toBe(403);
    }
    // Refused before the write: nothing changed.
    expect((await call(owner, 'GET', `/api/v1/employees/${outsider}`)).json().data.notes).not.toBe(
      'no profile',
    );
    expect((await call(reader, 'POST', '/api/v1/employees', { first_name: 'Nope' })).statusCode).toBe(403);
    for (const path of ['', '/changes', '/salaries', '/files']) {
      const own = await call(reader, 'GET', `/api/v1/employees/${reader.user.employeeId}${path}`);
      expect(own.statusCode, `own ${path}`).toBe(200);
    }
    // A hidden employee stays 404 whatever the action.
    const narrow = await readerWith(await createRole({ Employee: { level: null } }));
    expect((await call(narrow, 'GET', `/api/v1/employees/${outsider}`)).statusCode).toBe(404);
  });

  it('with it (the built-in manager): the team’s profiles open', async () => {
    const manager = await seedStaff(t, company, 'manager');
    await t.database.db
      .insert(teamMembers)
      .values({ companyId: company.id, teamId: team, employeeId: manager.user.employeeId });
    expect((await call(manager, 'GET', `/api/v1/employees/${teammate}`)).statusCode).toBe(200);
  });
});
