import { parseDashboardState, widgetParamsResponseSchema } from '@kadry/shared/schemas/dashboard';
import { administrationsResponseSchema } from '@kadry/shared/schemas/dashboard-administration';
import { employeePicksResponseSchema } from '@kadry/shared/schemas/employees';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { users } from '../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// The administration widget (issue 15): `dashboard.administrations` answers the followed accounts'
// role, state and last sign-in; `employee.all` gives the picker its account ids; the accounts are saved
// through `dashboard.widgets.params` with `account_ids` as the extra field. Owners (Settings update at
// to_all) only.

const ADMINISTRATIONS = '/api/v1/dashboard/administrations';
const WIDGET_PARAMS = '/api/v1/dashboard/widgets/params';
const WIDGETS = '/api/v1/dashboard/widgets';
const ALL = '/api/v1/employees/all';

let t: AuthTestApp;
let company: Company;
let other: Company;
let owner: StaffMember;
let hr: StaffMember;
let manager: StaffMember;
let employee: StaffMember;
let disabled: StaffMember;
let invited: StaffMember;
let otherOwner: StaffMember;
let withoutAccount: number;

async function accounts(who: StaffMember, ids: readonly number[]) {
  const query = ids.map((id) => `account_ids=${id}`).join('&');
  const response = await callAs(t, who, 'GET', `${ADMINISTRATIONS}?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return administrationsResponseSchema.parse(response.json()).data;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  other = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  disabled = await seedStaff(t, company, 'employee');
  invited = await seedStaff(t, company, 'employee');
  otherOwner = await seedStaff(t, other, 'owner');
  const db = t.database.db;
  await db
    .update(users)
    .set({ isDisabled: true })
    .where(and(eq(users.companyId, company.id), eq(users.id, disabled.user.id)));
  await db
    .update(users)
    .set({ passwordHash: null })
    .where(and(eq(users.companyId, company.id), eq(users.id, invited.user.id)));
  await db
    .update(users)
    .set({ lastSignInAt: new Date('2031-03-09T08:00:00Z') })
    .where(and(eq(users.companyId, company.id), eq(users.id, employee.user.id)));
  const [row] = await db
    .insert(employees)
    .values({ companyId: company.id, firstName: 'No', lastName: 'Account' })
    .returning({ id: employees.id });
  withoutAccount = row?.id ?? 0;
});

afterAll(async () => {
  await t.close();
});

describe('GET dashboard.administrations', () => {
  it('answers the followed accounts in the order asked, with role, state and last sign-in', async () => {
    const data = await accounts(owner, [invited.user.id, employee.user.id, disabled.user.id, hr.user.id]);
    expect(data.map((account) => [account.id, account.status])).toEqual([
      [invited.user.id, 'invited'],
      [employee.user.id, 'active'],
      [disabled.user.id, 'disabled'],
      [hr.user.id, 'active'],
    ]);
    expect(data[1]).toMatchObject({
      employee_id: employee.user.employeeId,
      name: employee.user.name,
      role: { key: 'employee' },
      last_sign_in_at: '2031-03-09T08:00:00.000Z',
    });
    expect(data[0]?.last_sign_in_at).toBeNull();
  });

  it('leaves out another company’s accounts and unknown ids; none asked, none answered', async () => {
    expect(
      (await accounts(owner, [otherOwner.user.id, 2_000_000_000, owner.user.id])).map((a) => a.id),
    ).toEqual([owner.user.id]);
    expect(await accounts(owner, [])).toEqual([]);
    expect((await callAs(t, owner, 'GET', `${ADMINISTRATIONS}?account_ids=0`)).statusCode).toBe(422);
    expect((await callAs(t, owner, 'GET', `${ADMINISTRATIONS}?account_ids=abc`)).statusCode).toBe(422);
  });

  it('is for owners and company-settings roles only (403)', async () => {
    for (const who of [hr, manager, employee]) {
      expect(
        (await callAs(t, who, 'GET', `${ADMINISTRATIONS}?account_ids=${owner.user.id}`)).statusCode,
      ).toBe(403);
    }
  });
});

describe('the widget’s account picker and its saved accounts', () => {
  it('gives the picker each employee’s account id, only to those who administer accounts', async () => {
    const picks = employeePicksResponseSchema.parse((await callAs(t, owner, 'GET', ALL)).json()).data;
    expect(picks.find((pick) => pick.id === employee.user.employeeId)?.account_id).toBe(employee.user.id);
    expect(picks.find((pick) => pick.id === withoutAccount)?.account_id).toBeNull();
    const hrPicks = employeePicksResponseSchema.parse((await callAs(t, hr, 'GET', ALL)).json()).data;
    expect(hrPicks.length).toBeGreaterThan(0);
    expect(hrPicks.every((pick) => pick.account_id === undefined)).toBe(true);
  });

  it('saves account_ids as the extra field of dashboard.widgets.params and reads them back', async () => {
    const saved = await callAs(t, owner, 'POST', WIDGET_PARAMS, {
      widget_name: 'administration',
      account_ids: [employee.user.id, invited.user.id],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(widgetParamsResponseSchema.parse(saved.json()).data.params).toEqual({
      account_ids: [employee.user.id, invited.user.id],
    });
    const state = parseDashboardState((await callAs(t, owner, 'GET', WIDGETS)).json() as string);
    expect(state.widgets.find((widget) => widget.name === 'administration')?.params).toEqual({
      account_ids: [employee.user.id, invited.user.id],
    });
    expect(state.available).toEqual(expect.arrayContaining(['administration', 'childrenStatistics']));
    const bad = await callAs(t, owner, 'POST', WIDGET_PARAMS, {
      widget_name: 'administration',
      account_ids: ['x'],
    });
    expect(bad.statusCode).toBe(422);
  });

  it('offers the widgets by the table: children statistics with the Statistic view, administration to owners', async () => {
    const hrState = parseDashboardState((await callAs(t, hr, 'GET', WIDGETS)).json() as string);
    expect(hrState.available).toContain('childrenStatistics');
    expect(hrState.available).not.toContain('administration');
    const managerState = parseDashboardState((await callAs(t, manager, 'GET', WIDGETS)).json() as string);
    expect(managerState.available).not.toContain('childrenStatistics');
    const refused = await callAs(t, hr, 'POST', WIDGET_PARAMS, {
      widget_name: 'administration',
      account_ids: [],
    });
    expect(refused.statusCode).toBe(403);
  });
});
