import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { roleResponseSchema } from '@kadry/shared/permissions/schemas';
import {
  absencePoliciesResponseSchema,
  absencePolicyResponseSchema,
  balanceAdjustmentResponseSchema,
  calendarDayResponseSchema,
  calendarDaysResponseSchema,
  editableAbsenceTypeResponseSchema,
  editableAbsenceTypesResponseSchema,
  holidayCountriesResponseSchema,
  importHolidaysResponseSchema,
  workCalendarResponseSchema,
  workCalendarsResponseSchema,
} from '@kadry/shared/schemas/absence-settings';
import { createdAbsenceRequestResponseSchema } from '@kadry/shared/schemas/absences';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../../test/db';
import { absenceLedgerEntries, calendarDays, employeeCalendars } from '../../../db/schema/absences';
import type { Company } from '../../../db/schema/companies';
import { employees } from '../../../db/schema/employees';
import { users } from '../../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
  seedTeam,
} from '../../permissions/permissions-test-support';

// The absence settings through app.inject: types, policies, work calendars with their days and
// holiday imports, who counts on which calendar, manual adjustments — validation (422 under the
// field), permissions (owners and Settings update at to_all; no unauthorised 2xx), company isolation
// (another company's objects answer 404), and that what is stored is what new requests count on.

const S = '/api/v1/absences/settings';

let t: AuthTestApp;
let company: Company;
let otherCompany: Company;
let owner: StaffMember;
let hr: StaffMember;
let manager: StaffMember;
let employee: StaffMember;
let settingsAdmin: StaffMember;
let otherOwner: StaffMember;
let teamId: number;

function call(who: StaffMember, method: StaffMethod, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

async function ok<T>(
  who: StaffMember,
  method: StaffMethod,
  url: string,
  payload: unknown,
  status: number,
  schema: { parse(value: unknown): T },
): Promise<T> {
  const response = await call(who, method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  return schema.parse(response.json());
}

function issuesOf(response: { json(): unknown }): Record<string, unknown> {
  return (response.json() as { errors?: Record<string, unknown> }).errors ?? {};
}

/** A custom role with Settings update at to_all and nothing else. */
async function seedSettingsAdmin(): Promise<StaffMember> {
  const created = await call(owner, 'POST', '/api/v1/roles', { name: 'Settings admin' });
  const roleId = roleResponseSchema.parse(created.json()).data.id;
  const edited = await call(owner, 'PUT', `/api/v1/roles/${roleId}`, {
    permissions: { Settings: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] } },
  });
  expect(edited.statusCode, edited.body).toBe(200);
  const member = await seedStaff(t, company, 'employee');
  await t.database.db.update(users).set({ roleId }).where(eq(users.id, member.user.id));
  return member;
}

const calendarBody = {
  name: 'Kyiv office',
  country_code: 'UA',
  time_zone: 'Europe/Kyiv',
  working_weekdays: [1, 2, 3, 4, 5],
  is_default: true,
};

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db, { defaultLanguage: 'uk' });
  otherCompany = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  otherOwner = await seedStaff(t, otherCompany, 'owner');
  settingsAdmin = await seedSettingsAdmin();
  teamId = await seedTeam(t.database.db, company.id, 'Support');
  await addTeamMember(t.database.db, {
    companyId: company.id,
    teamId,
    userId: manager.user.id,
    isManager: true,
  });
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: employee.user.id });
  await t.database.db
    .update(employees)
    .set({ managerId: manager.user.employeeId, startOfWork: '2020-01-01' })
    .where(eq(employees.id, employee.user.employeeId));
});

afterAll(async () => {
  await t?.close();
});

describe('permissions', () => {
  const endpoints: [StaffMethod, string, unknown][] = [
    ['GET', `${S}/types`, undefined],
    ['PUT', `${S}/types/1`, { is_enabled: false }],
    ['GET', `${S}/policies`, undefined],
    [
      'POST',
      `${S}/policies`,
      { absence_type: 'vacation', name: 'X', yearly_allowance: 1, accrual: 'upfront' },
    ],
    ['PUT', `${S}/policies/1`, { name: 'X', yearly_allowance: 1, accrual: 'upfront' }],
    ['DELETE', `${S}/policies/1`, undefined],
    ['GET', `${S}/calendars`, undefined],
    ['POST', `${S}/calendars`, calendarBody],
    ['GET', `${S}/calendars/1`, undefined],
    ['PUT', `${S}/calendars/1`, calendarBody],
    ['DELETE', `${S}/calendars/1`, undefined],
    ['GET', `${S}/calendars/1/days?year=2031`, undefined],
    ['POST', `${S}/calendars/1/days`, { date: '2031-05-05', kind: 'company_day_off' }],
    ['PUT', `${S}/calendars/1/days/1`, { date: '2031-05-05', kind: 'company_day_off' }],
    ['DELETE', `${S}/calendars/1/days/1`, undefined],
    ['POST', `${S}/calendars/1/import-holidays`, { country: 'UA', year: 2031 }],
    ['PUT', `${S}/calendars/1/assignments`, { employee_ids: [] }],
    ['GET', `${S}/holiday-countries`, undefined],
  ];

  it('refuses every settings endpoint to HR, managers and employees (403, even with a bad body)', async () => {
    for (const who of [hr, manager, employee]) {
      for (const [method, url, body] of endpoints) {
        const response = await call(who, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        const invalid = method === 'POST' || method === 'PUT' ? await call(who, method, url, {}) : response;
        expect(invalid.statusCode, `${method} ${url} with an empty body`).toBe(403);
      }
    }
  });

  it('answers 401 without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${S}/types`,
      headers: { host: `${company.slug}.test` },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets a role with Settings update at to_all in', async () => {
    const types = await ok(
      settingsAdmin,
      'GET',
      `${S}/types`,
      undefined,
      200,
      editableAbsenceTypesResponseSchema,
    );
    expect(types.data.map((type) => type.code)).toContain('vacation');
  });

  it('answers 403 outside the HRM plan', async () => {
    const atsOnly = await seedCompany(t.database.db, { tariffs: ['ats'] });
    const atsOwner = await seedStaff(t, atsOnly, 'owner');
    expect((await call(atsOwner, 'GET', `${S}/types`)).statusCode).toBe(403);
  });
});

describe('absence types', () => {
  it('lists every type, switched off ones too, and changes one', async () => {
    const list = await ok(owner, 'GET', `${S}/types`, undefined, 200, editableAbsenceTypesResponseSchema);
    expect(list.data).toHaveLength(10);
    const sick = list.data.find((type) => type.code === 'sick_days');
    if (!sick) throw new Error('no sick_days');
    const changed = await ok(
      owner,
      'PUT',
      `${S}/types/${sick.id}`,
      {
        names: { en: 'Sick', ru: 'Болезнь', uk: 'Хвороба' },
        color: '#AA00BB',
        icon: 'medical',
        approval_chain: ['manager', 'hr'],
        fallback_approver_id: hr.user.employeeId,
      },
      200,
      editableAbsenceTypeResponseSchema,
    );
    expect(changed.data).toMatchObject({
      names: { en: 'Sick', ru: 'Болезнь', uk: 'Хвороба' },
      color: '#aa00bb',
      icon: 'medical',
      approval_chain: ['manager', 'hr'],
      fallback_approver: { id: hr.user.employeeId },
    });

    // Switched off: still listed by the settings and by the public list, refused for requests.
    await ok(
      owner,
      'PUT',
      `${S}/types/${sick.id}`,
      { is_enabled: false },
      200,
      editableAbsenceTypeResponseSchema,
    );
    const again = await ok(owner, 'GET', `${S}/types`, undefined, 200, editableAbsenceTypesResponseSchema);
    expect(again.data.find((type) => type.id === sick.id)?.is_enabled).toBe(false);
    const refused = await call(employee, 'POST', '/api/v1/employee-request/requests', {
      absence_type: 'sick_days',
      date_from: '2031-04-01',
      date_to: '2031-04-01',
    });
    expect(refused.statusCode).toBe(422);
    await ok(
      owner,
      'PUT',
      `${S}/types/${sick.id}`,
      { is_enabled: true },
      200,
      editableAbsenceTypeResponseSchema,
    );
  });

  it('keeps no chain when no approval is needed, and wants one when it is', async () => {
    const list = await ok(owner, 'GET', `${S}/types`, undefined, 200, editableAbsenceTypesResponseSchema);
    const trip = list.data.find((type) => type.code === 'business_trip');
    if (!trip) throw new Error('no business_trip');
    const noApproval = await ok(
      owner,
      'PUT',
      `${S}/types/${trip.id}`,
      { needs_approval: false, approval_chain: ['manager'] },
      200,
      editableAbsenceTypeResponseSchema,
    );
    expect(noApproval.data).toMatchObject({ needs_approval: false, approval_chain: [] });
    const missing = await call(owner, 'PUT', `${S}/types/${trip.id}`, { needs_approval: true });
    expect(missing.statusCode).toBe(422);
    expect(issuesOf(missing)).toHaveProperty('approval_chain');
    await ok(
      owner,
      'PUT',
      `${S}/types/${trip.id}`,
      { needs_approval: true, approval_chain: ['manager'] },
      200,
      editableAbsenceTypeResponseSchema,
    );
  });

  it('refuses bad values under their field', async () => {
    const list = await ok(owner, 'GET', `${S}/types`, undefined, 200, editableAbsenceTypesResponseSchema);
    const id = list.data[0]?.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ color: 'green' }, 'color'],
      [{ icon: 'rocket' }, 'icon'],
      [{ unit: 'weeks' }, 'unit'],
      [{ approval_chain: ['manager', 'manager'] }, 'approval_chain'],
      [{ approval_chain: ['boss'] }, 'approval_chain.0'],
      [{ names: { en: '', ru: 'а', uk: 'б' } }, 'names.en'],
      [{ fallback_approver_id: otherOwner.user.employeeId }, 'fallback_approver_id'],
    ];
    for (const [body, field] of cases) {
      const response = await call(owner, 'PUT', `${S}/types/${id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(issuesOf(response), JSON.stringify(body)).toHaveProperty([field]);
    }
  });

  it('will not switch a used type between hours and days (409)', async () => {
    const list = await ok(owner, 'GET', `${S}/types`, undefined, 200, editableAbsenceTypesResponseSchema);
    const home = list.data.find((type) => type.code === 'home_work');
    if (!home) throw new Error('no home_work');
    const created = await call(employee, 'POST', '/api/v1/employee-request/requests', {
      absence_type: 'home_work',
      date_from: '2031-06-02',
      date_to: '2031-06-02',
    });
    expect(created.statusCode, created.body).toBe(201);
    const response = await call(owner, 'PUT', `${S}/types/${home.id}`, { unit: 'hours' });
    expect(response.statusCode).toBe(409);
    await ok(owner, 'PUT', `${S}/types/${home.id}`, { unit: 'days' }, 200, editableAbsenceTypeResponseSchema);
    await ok(
      owner,
      'PUT',
      `${S}/types/${home.id}`,
      { unit: 'half_days' },
      200,
      editableAbsenceTypeResponseSchema,
    );
  });

  it("answers 404 for another company's type", async () => {
    const other = await ok(
      otherOwner,
      'GET',
      `${S}/types`,
      undefined,
      200,
      editableAbsenceTypesResponseSchema,
    );
    const response = await call(owner, 'PUT', `${S}/types/${other.data[0]?.id}`, { is_enabled: false });
    expect(response.statusCode).toBe(404);
  });
});

describe('policies', () => {
  const base = { name: 'Support vacation', yearly_allowance: 24, accrual: 'monthly' };

  it('lists the seeded default vacation policy', async () => {
    const list = await ok(owner, 'GET', `${S}/policies`, undefined, 200, absencePoliciesResponseSchema);
    expect(list.data).toEqual([
      expect.objectContaining({
        absence_type: 'vacation',
        is_default: true,
        yearly_allowance: 20,
        accrual: 'upfront',
        carry_over_cap: 5,
        carry_over_expiry: { month: 3, day: 31 },
        is_active: true,
      }),
    ]);
  });

  it('creates, assigns, edits and deletes a policy; assigning moves people off other policies', async () => {
    const created = await ok(
      owner,
      'POST',
      `${S}/policies`,
      { ...base, absence_type: 'vacation', team_ids: [teamId], carry_over_expiry: { month: 4, day: 30 } },
      201,
      absencePolicyResponseSchema,
    );
    expect(created.data).toMatchObject({
      absence_type: 'vacation',
      is_default: false,
      teams: [{ id: teamId, name: 'Support' }],
      employees: [],
      is_active: true,
      carry_over_expiry: { month: 4, day: 30 },
    });
    const personal = await ok(
      owner,
      'POST',
      `${S}/policies`,
      { ...base, name: 'Personal', absence_type: 'vacation', employee_ids: [employee.user.employeeId] },
      201,
      absencePolicyResponseSchema,
    );
    // The team moves to the personal policy: it leaves the first one.
    const moved = await ok(
      owner,
      'PUT',
      `${S}/policies/${personal.data.id}`,
      {
        ...base,
        name: 'Personal',
        employee_ids: [employee.user.employeeId],
        team_ids: [teamId],
        accrual: 'tenure',
        tenure_milestones: [
          { years: 10, allowance: 30 },
          { years: 5, allowance: 26 },
        ],
        allow_negative: true,
        negative_limit: 3,
      },
      200,
      absencePolicyResponseSchema,
    );
    expect(moved.data).toMatchObject({
      accrual: 'tenure',
      tenure_milestones: [
        { years: 5, allowance: 26 },
        { years: 10, allowance: 30 },
      ],
      allow_negative: true,
      negative_limit: 3,
      teams: [{ id: teamId }],
    });
    const list = await ok(owner, 'GET', `${S}/policies`, undefined, 200, absencePoliciesResponseSchema);
    expect(list.data.find((policy) => policy.id === created.data.id)).toMatchObject({
      teams: [],
      is_active: false,
    });

    // Unused: deleted.
    expect((await call(owner, 'DELETE', `${S}/policies/${created.data.id}`)).statusCode).toBe(204);
    expect((await call(owner, 'DELETE', `${S}/policies/${created.data.id}`)).statusCode).toBe(404);
    // Switched off (no assignments) and deleted too, since it never accrued anything.
    await ok(
      owner,
      'PUT',
      `${S}/policies/${personal.data.id}`,
      { ...base, name: 'Personal' },
      200,
      absencePolicyResponseSchema,
    );
    expect((await call(owner, 'DELETE', `${S}/policies/${personal.data.id}`)).statusCode).toBe(204);
  });

  it('makes a new default unmark the old one', async () => {
    const sick = await ok(
      owner,
      'POST',
      `${S}/policies`,
      { ...base, name: 'Sick A', absence_type: 'sick_days', is_default: true },
      201,
      absencePolicyResponseSchema,
    );
    const next = await ok(
      owner,
      'POST',
      `${S}/policies`,
      { ...base, name: 'Sick B', absence_type: 'sick_days', is_default: true },
      201,
      absencePolicyResponseSchema,
    );
    const list = await ok(owner, 'GET', `${S}/policies`, undefined, 200, absencePoliciesResponseSchema);
    expect(list.data.find((policy) => policy.id === sick.data.id)?.is_default).toBe(false);
    expect(list.data.find((policy) => policy.id === next.data.id)?.is_default).toBe(true);
  });

  it('refuses to delete a policy that accrued ledger entries (409), which keeps working', async () => {
    const list = await ok(owner, 'GET', `${S}/policies`, undefined, 200, absencePoliciesResponseSchema);
    const vacation = list.data.find((policy) => policy.absence_type === 'vacation' && policy.is_default);
    if (!vacation) throw new Error('no default vacation policy');
    // Reading a balance writes the year's accrual from the default policy.
    const balance = await call(hr, 'GET', '/api/v1/dashboard/balance/absence');
    expect(balance.statusCode, balance.body).toBe(200);
    const response = await call(owner, 'DELETE', `${S}/policies/${vacation.id}`);
    expect(response.statusCode).toBe(409);
    expect((response.json() as { message: string }).message).toMatch(/\S/);
    const after = await call(hr, 'GET', '/api/v1/dashboard/balance/absence');
    expect(after.json()).toMatchObject({
      data: [expect.objectContaining({ absence_type: 'vacation', accrued: 20 })],
    });
  });

  it('refuses bad policies under the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, absence_type: 'vacation', name: '' }, 'name'],
      [{ ...base, absence_type: 'holiday' }, 'absence_type'],
      [{ ...base, absence_type: 'vacation', yearly_allowance: -1 }, 'yearly_allowance'],
      [{ ...base, absence_type: 'vacation', yearly_allowance: 1.234 }, 'yearly_allowance'],
      [{ ...base, absence_type: 'vacation', accrual: 'weekly' }, 'accrual'],
      [{ ...base, absence_type: 'vacation', accrual: 'tenure' }, 'tenure_milestones'],
      [{ ...base, absence_type: 'vacation', rounding_step: 0 }, 'rounding_step'],
      [
        { ...base, absence_type: 'vacation', carry_over_expiry: { month: 2, day: 30 } },
        'carry_over_expiry.day',
      ],
      [{ ...base, absence_type: 'vacation', counting: 'hours' }, 'counting'],
      [{ ...base, absence_type: 'vacation', team_ids: [999_999] }, 'team_ids'],
      [{ ...base, absence_type: 'vacation', employee_ids: [otherOwner.user.employeeId] }, 'employee_ids'],
      [
        {
          ...base,
          absence_type: 'vacation',
          employee_ids: [employee.user.employeeId, employee.user.employeeId],
        },
        'employee_ids',
      ],
    ];
    for (const [body, field] of cases) {
      const response = await call(owner, 'POST', `${S}/policies`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(issuesOf(response), JSON.stringify(body)).toHaveProperty([field]);
    }
  });

  it("hides another company's policies (404)", async () => {
    const others = await ok(
      otherOwner,
      'GET',
      `${S}/policies`,
      undefined,
      200,
      absencePoliciesResponseSchema,
    );
    const id = others.data[0]?.id;
    expect(id).toBeDefined();
    expect((await call(owner, 'PUT', `${S}/policies/${id}`, { ...base })).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `${S}/policies/${id}`)).statusCode).toBe(404);
    const mine = await ok(owner, 'GET', `${S}/policies`, undefined, 200, absencePoliciesResponseSchema);
    expect(mine.data.some((policy) => policy.id === id)).toBe(false);
  });
});

describe('work calendars', () => {
  let calendarId: number;

  it('creates a calendar (the first is the default) and refuses bad ones under the field', async () => {
    const created = await ok(
      owner,
      'POST',
      `${S}/calendars`,
      { ...calendarBody, is_default: false },
      201,
      workCalendarResponseSchema,
    );
    calendarId = created.data.id;
    expect(created.data).toMatchObject({
      name: 'Kyiv office',
      country_code: 'UA',
      time_zone: 'Europe/Kyiv',
      working_weekdays: [1, 2, 3, 4, 5],
      is_default: true,
      employees_count: 0,
      teams_count: 0,
      employees: [],
      teams: [],
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ ...calendarBody, time_zone: 'Mars/Olympus' }, 'time_zone'],
      [{ ...calendarBody, country_code: 'XX' }, 'country_code'],
      [{ ...calendarBody, country_code: 'Ukraine' }, 'country_code'],
      [{ ...calendarBody, working_weekdays: [1, 8] }, 'working_weekdays.1'],
      [{ ...calendarBody, working_weekdays: [1, 1] }, 'working_weekdays'],
      [{ ...calendarBody, name: ' ' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const response = await call(owner, 'POST', `${S}/calendars`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(issuesOf(response), JSON.stringify(body)).toHaveProperty([field]);
    }
  });

  it('imports public holidays once: a second import adds nothing', async () => {
    const first = await ok(
      owner,
      'POST',
      `${S}/calendars/${calendarId}/import-holidays`,
      { country: 'UA', year: 2031 },
      200,
      importHolidaysResponseSchema,
    );
    expect(first.data.added).toBeGreaterThan(5);
    expect(first.data.skipped).toBe(0);
    const second = await ok(
      owner,
      'POST',
      `${S}/calendars/${calendarId}/import-holidays`,
      { country: 'UA', year: 2031 },
      200,
      importHolidaysResponseSchema,
    );
    expect(second.data).toEqual({ added: 0, skipped: first.data.added });
    const days = await ok(
      owner,
      'GET',
      `${S}/calendars/${calendarId}/days?year=2031`,
      undefined,
      200,
      calendarDaysResponseSchema,
    );
    expect(days.data).toHaveLength(first.data.added);
    // Named in the company's language (Ukrainian), all public holidays.
    expect(days.data.find((day) => day.date === '2031-08-24')).toMatchObject({
      kind: 'public_holiday',
      name: 'День Незалежності',
    });
    expect(days.data.every((day) => day.kind === 'public_holiday')).toBe(true);
    const bad = await call(owner, 'POST', `${S}/calendars/${calendarId}/import-holidays`, {
      country: 'XX',
      year: 2031,
    });
    expect(bad.statusCode).toBe(422);
    expect(issuesOf(bad)).toHaveProperty('country');
    const badYear = await call(owner, 'POST', `${S}/calendars/${calendarId}/import-holidays`, {
      country: 'UA',
      year: 1800,
    });
    expect(issuesOf(badYear)).toHaveProperty('year');
  });

  it('adds, edits and deletes days, one entry per date', async () => {
    const added = await ok(
      owner,
      'POST',
      `${S}/calendars/${calendarId}/days`,
      { date: '2031-05-05', name: 'Team day', kind: 'company_day_off' },
      201,
      calendarDayResponseSchema,
    );
    const taken = await call(owner, 'POST', `${S}/calendars/${calendarId}/days`, {
      date: '2031-05-05',
      kind: 'public_holiday',
    });
    expect(taken.statusCode).toBe(422);
    expect(issuesOf(taken)).toHaveProperty('date');
    // 2031-05-07 is a Wednesday: already worked.
    const workday = await call(owner, 'POST', `${S}/calendars/${calendarId}/days`, {
      date: '2031-05-07',
      kind: 'working_day',
    });
    expect(issuesOf(workday)).toHaveProperty('kind');
    const badDate = await call(owner, 'POST', `${S}/calendars/${calendarId}/days`, {
      date: '2031-02-30',
      kind: 'company_day_off',
    });
    expect(issuesOf(badDate)).toHaveProperty('date');
    const edited = await ok(
      owner,
      'PUT',
      `${S}/calendars/${calendarId}/days/${added.data.id}`,
      { date: '2031-05-06', name: 'Team day (moved)', kind: 'company_day_off' },
      200,
      calendarDayResponseSchema,
    );
    expect(edited.data).toMatchObject({ date: '2031-05-06', name: 'Team day (moved)' });
    // Moving onto a date that has an entry: refused.
    const clash = await call(owner, 'PUT', `${S}/calendars/${calendarId}/days/${added.data.id}`, {
      date: '2031-08-24',
      kind: 'company_day_off',
    });
    expect(issuesOf(clash)).toHaveProperty('date');
    expect(
      (await call(owner, 'DELETE', `${S}/calendars/${calendarId}/days/${added.data.id}`)).statusCode,
    ).toBe(204);
    expect(
      (await call(owner, 'DELETE', `${S}/calendars/${calendarId}/days/${added.data.id}`)).statusCode,
    ).toBe(404);
  });

  it('counts new requests on what the calendar says after an edit', async () => {
    // Week of Mon 1 – Fri 5 September 2031 (no holidays): five working days.
    const week = { absence_type: 'home_work', date_from: '2031-09-01', date_to: '2031-09-05' };
    const before = createdAbsenceRequestResponseSchema.parse(
      (await call(employee, 'POST', '/api/v1/employee-request/requests', week)).json(),
    );
    expect(before.data.days).toBe(5);
    // A company day off on Wednesday 10 September: the next week counts four.
    await ok(
      owner,
      'POST',
      `${S}/calendars/${calendarId}/days`,
      { date: '2031-09-10', kind: 'company_day_off' },
      201,
      calendarDayResponseSchema,
    );
    const after = await call(employee, 'POST', '/api/v1/employee-request/requests', {
      ...week,
      date_from: '2031-09-08',
      date_to: '2031-09-12',
    });
    expect(after.statusCode, after.body).toBe(201);
    expect(createdAbsenceRequestResponseSchema.parse(after.json()).data.days).toBe(4);
    // Saturdays worked from now on: Mon 15 – Sun 21 September counts six.
    await ok(
      owner,
      'PUT',
      `${S}/calendars/${calendarId}`,
      { ...calendarBody, working_weekdays: [6, 1, 2, 3, 4, 5] },
      200,
      workCalendarResponseSchema,
    );
    const sixDays = await call(employee, 'POST', '/api/v1/employee-request/requests', {
      ...week,
      date_from: '2031-09-15',
      date_to: '2031-09-21',
    });
    expect(sixDays.statusCode, sixDays.body).toBe(201);
    expect(createdAbsenceRequestResponseSchema.parse(sixDays.json()).data.days).toBe(6);
    // The request made before keeps its days.
    const first = await call(employee, 'GET', `/api/v1/employee-request/requests/${before.data.id}`);
    expect(first.json()).toMatchObject({ data: { days: 5 } });
    await ok(owner, 'PUT', `${S}/calendars/${calendarId}`, calendarBody, 200, workCalendarResponseSchema);
  });

  it('assigns people and teams to a calendar; the default moves; people count on their own', async () => {
    const second = await ok(
      owner,
      'POST',
      `${S}/calendars`,
      { name: 'Warsaw', country_code: 'PL', time_zone: 'Europe/Warsaw', working_weekdays: [1, 2, 3, 4] },
      201,
      workCalendarResponseSchema,
    );
    expect(second.data.is_default).toBe(false);
    const assigned = await ok(
      owner,
      'PUT',
      `${S}/calendars/${second.data.id}/assignments`,
      { employee_ids: [hr.user.employeeId], team_ids: [teamId] },
      200,
      workCalendarResponseSchema,
    );
    // The team is stored, not copied into its members' own assignments.
    expect(assigned.data.employees.map((person) => person.id)).toEqual([hr.user.employeeId]);
    expect(assigned.data.teams).toEqual([{ id: teamId, name: 'Support' }]);
    expect(assigned.data).toMatchObject({ employees_count: 1, teams_count: 1, people_count: 3 });
    // On a Monday–Thursday calendar, Mon 4 – Fri 8 August 2031 counts four days.
    const onWarsaw = await call(employee, 'POST', '/api/v1/employee-request/requests', {
      absence_type: 'home_work',
      date_from: '2031-08-04',
      date_to: '2031-08-08',
    });
    expect(onWarsaw.statusCode, onWarsaw.body).toBe(201);
    expect(createdAbsenceRequestResponseSchema.parse(onWarsaw.json()).data.days).toBe(4);
    // Teams omitted: they stay. The team unassigned: back on the default (Kyiv, Monday–Friday).
    const kept = await ok(
      owner,
      'PUT',
      `${S}/calendars/${second.data.id}/assignments`,
      { employee_ids: [hr.user.employeeId] },
      200,
      workCalendarResponseSchema,
    );
    expect(kept.data.teams.map((team) => team.id)).toEqual([teamId]);
    const narrowed = await ok(
      owner,
      'PUT',
      `${S}/calendars/${second.data.id}/assignments`,
      { employee_ids: [hr.user.employeeId], team_ids: [] },
      200,
      workCalendarResponseSchema,
    );
    expect(narrowed.data.employees.map((person) => person.id)).toEqual([hr.user.employeeId]);
    expect(narrowed.data).toMatchObject({ teams: [], teams_count: 0, people_count: 1 });
    const rows = await t.database.db
      .select()
      .from(employeeCalendars)
      .where(
        and(
          eq(employeeCalendars.companyId, company.id),
          eq(employeeCalendars.employeeId, employee.user.employeeId),
        ),
      );
    expect(rows).toEqual([]);
    const unknown = await call(owner, 'PUT', `${S}/calendars/${second.data.id}/assignments`, {
      employee_ids: [otherOwner.user.employeeId],
    });
    expect(unknown.statusCode).toBe(422);
    expect(issuesOf(unknown)).toHaveProperty('employee_ids');

    // The default moves to Warsaw; Kyiv can then be deleted, Warsaw (the default) cannot.
    const made = await ok(
      owner,
      'PUT',
      `${S}/calendars/${second.data.id}`,
      {
        name: 'Warsaw',
        country_code: 'PL',
        time_zone: 'Europe/Warsaw',
        working_weekdays: [1, 2, 3, 4],
        is_default: true,
      },
      200,
      workCalendarResponseSchema,
    );
    expect(made.data.is_default).toBe(true);
    const calendars = await ok(owner, 'GET', `${S}/calendars`, undefined, 200, workCalendarsResponseSchema);
    expect(calendars.data.map((calendar) => [calendar.id, calendar.is_default])).toEqual([
      [second.data.id, true],
      [calendarId, false],
    ]);
    expect((await call(owner, 'DELETE', `${S}/calendars/${second.data.id}`)).statusCode).toBe(409);
    const kyiv = await t.database.db
      .select()
      .from(calendarDays)
      .where(eq(calendarDays.calendarId, calendarId));
    expect(kyiv.length).toBeGreaterThan(0);
    expect((await call(owner, 'DELETE', `${S}/calendars/${calendarId}`)).statusCode).toBe(204);
    // Its days went with it.
    expect(
      await t.database.db.select().from(calendarDays).where(eq(calendarDays.calendarId, calendarId)),
    ).toEqual([]);
    calendarId = second.data.id;
  });

  it("hides another company's calendars and their days (404)", async () => {
    const theirs = await ok(
      otherOwner,
      'POST',
      `${S}/calendars`,
      calendarBody,
      201,
      workCalendarResponseSchema,
    );
    const day = await ok(
      otherOwner,
      'POST',
      `${S}/calendars/${theirs.data.id}/days`,
      { date: '2031-05-05', kind: 'company_day_off' },
      201,
      calendarDayResponseSchema,
    );
    const id = theirs.data.id;
    const attempts: [StaffMethod, string, unknown][] = [
      ['GET', `${S}/calendars/${id}`, undefined],
      ['PUT', `${S}/calendars/${id}`, calendarBody],
      ['DELETE', `${S}/calendars/${id}`, undefined],
      ['GET', `${S}/calendars/${id}/days?year=2031`, undefined],
      ['POST', `${S}/calendars/${id}/days`, { date: '2031-05-06', kind: 'company_day_off' }],
      ['PUT', `${S}/calendars/${id}/days/${day.data.id}`, { date: '2031-05-06', kind: 'company_day_off' }],
      ['DELETE', `${S}/calendars/${id}/days/${day.data.id}`, undefined],
      ['POST', `${S}/calendars/${id}/import-holidays`, { country: 'UA', year: 2031 }],
      ['PUT', `${S}/calendars/${id}/assignments`, { employee_ids: [] }],
      // Their day through one of our calendars.
      [
        'PUT',
        `${S}/calendars/${calendarId}/days/${day.data.id}`,
        { date: '2031-05-06', kind: 'company_day_off' },
      ],
      ['DELETE', `${S}/calendars/${calendarId}/days/${day.data.id}`, undefined],
    ];
    for (const [method, url, body] of attempts) {
      expect((await call(owner, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const mine = await ok(owner, 'GET', `${S}/calendars`, undefined, 200, workCalendarsResponseSchema);
    expect(mine.data.some((calendar) => calendar.id === id)).toBe(false);
    const still = await ok(
      otherOwner,
      'GET',
      `${S}/calendars/${id}/days?year=2031`,
      undefined,
      200,
      calendarDaysResponseSchema,
    );
    expect(still.data).toHaveLength(1);
  });

  it('names the countries holidays can be imported for in the reader’s language', async () => {
    const countries = await ok(
      owner,
      'GET',
      `${S}/holiday-countries`,
      undefined,
      200,
      holidayCountriesResponseSchema,
    );
    expect(countries.data.find((country) => country.code === 'UA')?.name).toBe('Ukraine');
    expect(countries.data.length).toBeGreaterThan(100);
  });
});

describe('balance adjustments', () => {
  const URL = `${S}/adjustments`;

  it('posts an adjustment entry that shows in the ledger lines and the balance', async () => {
    const body = {
      employee_id: employee.user.employeeId,
      absence_type: 'vacation',
      year: 2031,
      amount: 2.5,
      note: 'Overtime compensation',
    };
    const result = await ok(hr, 'POST', URL, body, 201, balanceAdjustmentResponseSchema);
    expect(result.data.lines).toContainEqual(
      expect.objectContaining({ kind: 'adjustment', amount: 2.5, note: 'Overtime compensation' }),
    );
    const taken = await ok(
      hr,
      'POST',
      URL,
      { ...body, amount: -1, note: 'Correction' },
      201,
      balanceAdjustmentResponseSchema,
    );
    const adjustments = taken.data.lines.filter((line) => line.kind === 'adjustment');
    expect(adjustments.map((line) => line.amount)).toEqual([2.5, -1]);
    expect(taken.data.balance).toBe(taken.data.lines.reduce((sum, line) => sum + line.amount, 0));
    const rows = await t.database.db
      .select()
      .from(absenceLedgerEntries)
      .where(
        and(
          eq(absenceLedgerEntries.companyId, company.id),
          eq(absenceLedgerEntries.employeeId, employee.user.employeeId),
          eq(absenceLedgerEntries.kind, 'adjustment'),
        ),
      );
    expect(rows.map((row) => [row.amount, row.createdById])).toEqual([
      [2.5, hr.user.id],
      [-1, hr.user.id],
    ]);
  });

  it('refuses bad adjustments under the field', async () => {
    const body = {
      employee_id: employee.user.employeeId,
      absence_type: 'vacation',
      year: 2031,
      amount: 1,
      note: 'x',
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, note: ' ' }, 'note'],
      [{ ...body, amount: 0 }, 'amount'],
      [{ ...body, amount: 0.001 }, 'amount'],
      [{ ...body, year: 1800 }, 'year'],
      [{ ...body, absence_type: 'sick_days' }, 'absence_type'],
      [{ ...body, employee_id: otherOwner.user.employeeId }, 'employee_id'],
    ];
    for (const [payload, field] of cases) {
      const response = await call(hr, 'POST', URL, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(issuesOf(response), JSON.stringify(payload)).toHaveProperty([field]);
    }
  });

  it('needs update_absence (403 before validation) and never adjusts one’s own balance', async () => {
    const body = {
      employee_id: employee.user.employeeId,
      absence_type: 'vacation',
      year: 2031,
      amount: 1,
      note: 'x',
    };
    for (const who of [manager, employee, settingsAdmin]) {
      expect((await call(who, 'POST', URL, body)).statusCode).toBe(403);
      expect((await call(who, 'POST', URL, {})).statusCode).toBe(403);
    }
    const own = await call(hr, 'POST', URL, { ...body, employee_id: hr.user.employeeId });
    expect(own.statusCode).toBe(403);
    const before = await t.database.db
      .select()
      .from(absenceLedgerEntries)
      .where(
        and(eq(absenceLedgerEntries.companyId, company.id), eq(absenceLedgerEntries.kind, 'adjustment')),
      );
    expect(before).toHaveLength(2);
  });
});
