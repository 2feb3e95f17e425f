import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { roleResponseSchema } from '@kadry/shared/permissions/schemas';
import { type Level, listEntityFields } from '@kadry/shared/permissions/vocabulary';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import { absenceRequests, absenceTypes, workCalendars } from '../../db/schema/absences';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { users } from '../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// The dashboard's permission rules (issue 15) with custom roles: without the Dashboard view every
// dashboard call is a 403 (dashboard.service.ts requireDashboard, action-templates requireActions,
// tasks resolveAllTasks); with it but a narrow Employee reach (my team), the people widgets never
// show anyone outside that reach. The app's clock stands at 2031-03-10 09:00 UTC.

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
let blind: StaffMember;
let narrow: StaffMember;
let teammate: StaffMember;
let outsider: StaffMember;
let unique = 0;

type Grant = { level: Level | null; actions?: readonly string[]; fields?: readonly string[] };

async function createRole(grants: Record<string, Grant>): Promise<number> {
  unique += 1;
  const created = await callAs(t, owner, 'POST', '/api/v1/roles', { name: `Dashboard role ${unique}` });
  expect(created.statusCode, created.body).toBe(201);
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
  const edited = await callAs(t, owner, 'PUT', `/api/v1/roles/${id}`, { permissions });
  expect(edited.statusCode, edited.body).toBe(200);
  return id;
}

async function staffWithRole(roleId: number): Promise<StaffMember> {
  const member = await seedStaff(t, company, 'employee');
  await t.database.db.update(users).set({ roleId }).where(eq(users.id, member.user.id));
  return member;
}

/** Everything the people widgets need, at `level`; the Dashboard view as given. */
function grantsAt(level: Level, dashboard: Level | null): Record<string, Grant> {
  return {
    Dashboard: { level: dashboard },
    Employee: { level, fields: ['field_birth_date', 'field_probation_period', 'field_start_of_work'] },
    'Employee.PersonalInfo': { level, fields: listEntityFields('Employee.PersonalInfo') },
    'Employee.Profile': { level, fields: listEntityFields('Employee.Profile') },
    'Employee.Tasks': { level },
    AbsenceRequest: { level },
    Settings: { level: 'to_all' },
  };
}

beforeAll(async () => {
  t = await createAuthTestApp();
  const db = t.database.db;
  company = await seedCompany(db);
  owner = await seedStaff(t, company, 'owner');
  blind = await staffWithRole(await createRole(grantsAt('to_all', null)));
  narrow = await staffWithRole(await createRole(grantsAt('only_my_and_my_team', 'to_all')));
  teammate = await seedStaff(t, company, 'employee');
  outsider = await seedStaff(t, company, 'employee');
  const team = await seedTeam(db, company.id, 'Support');
  await addTeamMember(db, { companyId: company.id, teamId: team, userId: narrow.user.id, isManager: true });
  await addTeamMember(db, { companyId: company.id, teamId: team, userId: teammate.user.id });
  for (const person of [teammate, outsider]) {
    await db
      .update(employees)
      .set({ birthDate: '1990-03-15', probationEnd: '2031-04-10' })
      .where(eq(employees.id, person.user.employeeId));
  }
  // Both away today.
  await db
    .insert(workCalendars)
    .values({ companyId: company.id, name: 'Main', timeZone: 'Europe/Kyiv', isDefault: true });
  expect((await callAs(t, owner, 'GET', '/api/v1/absences/types')).statusCode).toBe(200);
  const types = await db
    .select({ id: absenceTypes.id, code: absenceTypes.code })
    .from(absenceTypes)
    .where(eq(absenceTypes.companyId, company.id));
  const vacationId = types.find((type) => type.code === 'vacation')?.id ?? 0;
  await db.insert(absenceRequests).values(
    [teammate, outsider].map((person) => ({
      companyId: company.id,
      employeeId: person.user.employeeId,
      absenceTypeId: vacationId,
      dateFrom: '2031-03-09',
      dateTo: '2031-03-12',
      status: 'approved',
      amount: 4,
    })),
  );
});

afterAll(async () => {
  await t.close();
});

describe('without the Dashboard view', () => {
  const calls: [StaffMethod, string, unknown?][] = [
    ['GET', '/api/v1/dashboard/widgets'],
    ['PUT', '/api/v1/dashboard/layouts/current', { widgets: ['companyInfo'] }],
    ['DELETE', '/api/v1/dashboard/layouts/current'],
    ['POST', '/api/v1/dashboard/layouts/current/params', { widget_name: 'myTasks', params: '{}' }],
    ['POST', '/api/v1/dashboard/widgets/params', { widget_name: 'myTasks', params: '{}' }],
    ['GET', '/api/v1/dashboard/layouts/default'],
    ['PUT', '/api/v1/dashboard/layouts/default', { widgets: [{ name: 'companyInfo' }] }],
    ['GET', '/api/v1/dashboard/company-info'],
    ['GET', '/api/v1/dashboard/about-company'],
    ['POST', '/api/v1/dashboard/my-tasks/resolve', {}],
    ['GET', '/api/v1/dashboard/actions/template'],
    ['GET', '/api/v1/dashboard/actions/template-events'],
    ['GET', '/api/v1/dashboard/actions/template-events/1'],
    ['POST', '/api/v1/dashboard/actions/tasks', { template_id: 1, employee_id: 1, date: '2031-03-10' }],
    ['GET', '/api/v1/dashboard/birthdays'],
    ['GET', '/api/v1/dashboard/important-dates'],
    ['GET', '/api/v1/dashboard/administrations'],
    // The absence widgets' own calls (the request lists and balances serve the absences pages too).
    ['GET', '/api/v1/dashboard/absent-today'],
    ['GET', '/api/v1/dashboard/absent-today/total'],
    ['GET', '/api/v1/dashboard/absences'],
    ['GET', '/api/v1/dashboard/absences/filter'],
  ];
  it.each(calls)('%s %s answers 403', async (method, url, body) => {
    const response = await callAs(t, blind, method, url, body);
    expect(response.statusCode, response.body).toBe(403);
  });

  it('is what makes the difference: the same calls pass with the view', async () => {
    expect((await callAs(t, narrow, 'GET', '/api/v1/dashboard/widgets')).statusCode).toBe(200);
    expect((await callAs(t, narrow, 'GET', '/api/v1/dashboard/company-info')).statusCode).toBe(200);
    expect((await callAs(t, narrow, 'POST', '/api/v1/dashboard/my-tasks/resolve', {})).statusCode).toBe(200);
    expect((await callAs(t, narrow, 'GET', '/api/v1/dashboard/actions/template')).statusCode).toBe(200);
    expect((await callAs(t, narrow, 'GET', '/api/v1/dashboard/absences')).statusCode).toBe(200);
    expect((await callAs(t, narrow, 'GET', '/api/v1/dashboard/absences/filter')).statusCode).toBe(200);
    // The absences pages' calls need the AbsenceRequest view only.
    expect((await callAs(t, blind, 'GET', '/api/v1/dashboard/requests/my')).statusCode).not.toBe(403);
  });
});

describe('with the Dashboard view and a my-team reach', () => {
  async function ids(who: StaffMember, url: string, pick: (row: never) => number): Promise<number[]> {
    const response = await callAs(t, who, 'GET', url);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as never[]).map(pick);
  }

  it('birthdays: the teammate, never the outsider', async () => {
    const url = '/api/v1/dashboard/birthdays?per_page=50';
    const pick = (row: { employee: { id: number } }) => row.employee.id;
    expect(await ids(owner, url, pick)).toEqual(
      expect.arrayContaining([teammate.user.employeeId, outsider.user.employeeId]),
    );
    const seen = await ids(narrow, url, pick);
    expect(seen).toContain(teammate.user.employeeId);
    expect(seen).not.toContain(outsider.user.employeeId);
  });

  it('probation: the teammate, never the outsider', async () => {
    const url = '/api/v1/employees/probation?per_page=50';
    const pick = (row: { id: number }) => row.id;
    expect(await ids(owner, url, pick)).toContain(outsider.user.employeeId);
    const seen = await ids(narrow, url, pick);
    expect(seen).toContain(teammate.user.employeeId);
    expect(seen).not.toContain(outsider.user.employeeId);
  });

  it('absent today: the teammate, never the outsider', async () => {
    const url = '/api/v1/dashboard/absent-today?per_page=50';
    const pick = (row: { employee_id: number }) => row.employee_id;
    expect(await ids(owner, url, pick)).toContain(outsider.user.employeeId);
    const seen = await ids(narrow, url, pick);
    expect(seen).toContain(teammate.user.employeeId);
    expect(seen).not.toContain(outsider.user.employeeId);
    const total = await callAs(t, narrow, 'GET', '/api/v1/dashboard/absent-today/total');
    expect(total.json().data.total).toBe(seen.length);
  });

  it('administration: followed accounts outside the reach are left out', async () => {
    const url = `/api/v1/dashboard/administrations?account_ids=${teammate.user.id}&account_ids=${outsider.user.id}`;
    const pick = (row: { id: number }) => row.id;
    expect(await ids(owner, url, pick)).toEqual([teammate.user.id, outsider.user.id]);
    expect(await ids(narrow, url, pick)).toEqual([teammate.user.id]);
  });
});
