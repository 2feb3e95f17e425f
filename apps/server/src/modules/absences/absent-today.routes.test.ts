import {
  type AbsentTodayResponse,
  absentTodayResponseSchema,
  absentTodayTotalResponseSchema,
} from '@kadry/shared/schemas/absences';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import { absenceRequests, absenceTypes, workCalendars } from '../../db/schema/absences';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// Who is away today, paged and counted in SQL (absences.queries.ts findAbsentToday), on a company
// whose calendars all share today's date (2031-03-10 09:00 UTC is the 10th in Kyiv and in UTC), so
// nobody's zone needs resolving: by name, pages and their total (a page past the end too), the type
// filter, types people are not away on, who the reader may see. The path with zones on different
// days is covered by absence-lists.routes.test.ts ("who is away").

let t: AuthTestApp;
let company: Company;
let hr: StaffMember;
let plain: StaffMember;
/** The absences away today, in the order the list gives them: [employee id, type]. */
let expected: [number, string][] = [];

const TODAY = '2031-03-10';

async function get(who: StaffMember, url: string) {
  const response = await callAs(t, who, 'GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function page(who: StaffMember, query: string): Promise<AbsentTodayResponse> {
  return absentTodayResponseSchema.parse(await get(who, `/api/v1/dashboard/absent-today?${query}`));
}

beforeAll(async () => {
  t = await createAuthTestApp();
  const db = t.database.db;
  company = await seedCompany(db);
  hr = await seedStaff(t, company, 'hr');
  plain = await seedStaff(t, company, 'employee');
  await db
    .insert(workCalendars)
    .values({ companyId: company.id, name: 'Main', timeZone: 'Europe/Kyiv', isDefault: true });
  await get(hr, '/api/v1/absences/types');
  const types = await db
    .select({ id: absenceTypes.id, code: absenceTypes.code })
    .from(absenceTypes)
    .where(eq(absenceTypes.companyId, company.id));
  const typeId = (code: string) => types.find((type) => type.code === code)?.id ?? 0;

  // Seven people by name (two share one: then the older request first), the plain employee among them.
  const names: [string, string][] = [
    ['Zoe', 'Adams'],
    ['Al', 'Brown'],
    ['Bea', 'Brown'],
    ['Bea', 'Brown'],
    ['Cy', 'Clark'],
    ['Di', 'Young'],
  ];
  const people: { id: number; last: string; first: string }[] = [];
  for (const [first, last] of names) {
    const [row] = await db
      .insert(employees)
      .values({ companyId: company.id, firstName: first, lastName: last })
      .returning({ id: employees.id });
    people.push({ id: row?.id ?? 0, first, last });
  }
  await db
    .update(employees)
    .set({ firstName: 'Ed', lastName: 'Evans' })
    .where(and(eq(employees.companyId, company.id), eq(employees.id, plain.user.employeeId)));
  people.push({ id: plain.user.employeeId, first: 'Ed', last: 'Evans' });

  const absence = (employeeId: number, code: string, from: string, to: string, status = 'approved') => ({
    companyId: company.id,
    employeeId,
    absenceTypeId: typeId(code),
    dateFrom: from,
    dateTo: to,
    status,
    amount: 1,
  });
  const [adams, brownAl, brownBea1, brownBea2, clark, young, evans] = people.map((person) => person.id) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  await db.insert(absenceRequests).values([
    // Away today.
    absence(young, 'vacation', '2031-03-09', '2031-03-12'),
    absence(brownBea2, 'sick_days', TODAY, TODAY),
    absence(adams, 'business_trip', '2031-03-01', '2031-03-31'),
    absence(brownBea1, 'home_work', TODAY, '2031-03-11'),
    absence(evans, 'sick_days', '2031-03-10', '2031-03-10'),
    absence(brownAl, 'unpaid_vacation', '2031-02-20', TODAY),
    // Not today, not approved, or a type nobody is away on.
    absence(clark, 'vacation', '2031-03-11', '2031-03-12'),
    absence(clark, 'vacation', '2031-03-01', '2031-03-09'),
    absence(clark, 'sick_days', TODAY, TODAY, 'pending'),
    absence(clark, 'vacation', TODAY, TODAY, 'revoked'),
    absence(clark, 'overtime', TODAY, TODAY),
    absence(clark, 'weekend_work', TODAY, TODAY),
  ]);
  expected = [
    [adams, 'business_trip'],
    [brownAl, 'unpaid_vacation'],
    // Same name: the older request first.
    [brownBea2, 'sick_days'],
    [brownBea1, 'home_work'],
    [evans, 'sick_days'],
    [young, 'vacation'],
  ];
});

afterAll(async () => {
  await t?.close();
});

describe('absent today, paged in SQL', () => {
  it('lists who is away today by name, page by page, with the total on every page', async () => {
    const seen: [number, string][] = [];
    for (let number = 1; number <= 3; number += 1) {
      const list = await page(hr, `page=${number}&per_page=2`);
      expect(list.meta).toMatchObject({ current_page: number, per_page: 2, total: 6, last_page: 3 });
      expect(list.data).toHaveLength(2);
      for (const row of list.data) {
        expect(row.today).toBe(TODAY);
        seen.push([row.employee_id, row.absence_type]);
      }
    }
    expect(seen).toEqual(expected);
    const whole = await page(hr, 'per_page=50');
    expect(whole.data.map((row) => [row.employee_id, row.absence_type])).toEqual(expected);
    expect(whole.data[0]).toMatchObject({ employee_name: 'Zoe Adams', date_from: '2031-03-01', days: 1 });
  });

  it('answers an empty page past the end with the total still counted', async () => {
    const past = await page(hr, 'page=5&per_page=2');
    expect(past.data).toEqual([]);
    expect(past.meta.total).toBe(6);
    const total = absentTodayTotalResponseSchema.parse(await get(hr, '/api/v1/dashboard/absent-today/total'));
    expect(total.data.total).toBe(6);
  });

  it('filters by type, and leaves out types nobody is away on', async () => {
    const sick = await page(hr, 'absence_type=sick_days');
    expect(sick.data.map((row) => row.employee_id)).toEqual(
      expected.filter(([, code]) => code === 'sick_days').map(([id]) => id),
    );
    expect(sick.meta.total).toBe(2);
    const overtime = await page(hr, 'absence_type=overtime');
    expect(overtime.data).toEqual([]);
    expect(overtime.meta.total).toBe(0);
    const total = absentTodayTotalResponseSchema.parse(
      await get(hr, '/api/v1/dashboard/absent-today/total?absence_type=weekend_work'),
    );
    expect(total.data.total).toBe(0);
  });

  it('shows a reader only the people they may see, in the list and the total', async () => {
    const own = await page(plain, 'per_page=50');
    expect(own.data.map((row) => row.employee_id)).toEqual([plain.user.employeeId]);
    expect(own.meta.total).toBe(1);
    const total = absentTodayTotalResponseSchema.parse(
      await get(plain, '/api/v1/dashboard/absent-today/total'),
    );
    expect(total.data.total).toBe(1);
  });
});
