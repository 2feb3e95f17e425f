import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../../test/db';
import type { DatabaseHandle } from '../../db/client';
import { dictionaryItems } from '../../db/schema/dictionaries';
import { employeeRelatives, employees } from '../../db/schema/employees';
import { type ChildrenWhere, countChildren, findChildTypes } from './statistics.queries';

// The children counts read ages by comparisons (fastAgeOf) and check the parent by a semi-join:
// both must answer exactly what age() and the join with the parent answer.

let handle: DatabaseHandle;
let son: number;

beforeAll(async () => {
  handle = await createTestDatabase();
  const [row] = await handle.db
    .select({ id: dictionaryItems.id })
    .from(dictionaryItems)
    .where(
      and(
        isNull(dictionaryItems.companyId),
        eq(dictionaryItems.dictionary, 'relative_type'),
        eq(dictionaryItems.code, 'son'),
      ),
    );
  if (!row) throw new Error('no relative type son');
  son = row.id;
});

afterAll(async () => {
  await handle?.close();
});

async function addParent(companyId: number, values: { dismissalDate?: string } = {}): Promise<number> {
  const [row] = await handle.db
    .insert(employees)
    .values({ companyId, firstName: 'Parent', lastName: 'Person', ...values })
    .returning({ id: employees.id });
  if (!row) throw new Error('no employee');
  return row.id;
}

async function whereFor(
  companyId: number,
  today: string,
  state: ChildrenWhere['state'] = 'active',
): Promise<ChildrenWhere> {
  return {
    companyId,
    today,
    reach: undefined,
    state,
    childTypes: await findChildTypes(handle.db, companyId),
  };
}

/** Children per age, summed over genders. */
function byAge(rows: readonly { age: number; count: number }[]): Record<number, number> {
  const result: Record<number, number> = {};
  for (const row of rows) result[row.age] = (result[row.age] ?? 0) + row.count;
  return result;
}

describe('countChildren', () => {
  it('counts whole years exactly as age() does, around every birthday and 29 February', async () => {
    const company = await seedCompany(handle.db);
    const parent = await addParent(company.id);
    const todays = [
      '2031-03-10',
      '2031-02-28',
      '2031-03-01',
      '2032-02-28',
      '2032-02-29',
      '2032-03-01',
      '2031-12-31',
      '2032-01-01',
    ];
    // Born k years before each of those days (k up to 130: past the comparisons' 100 years), two days
    // either side, and on every 29 February since 1900.
    await handle.db.execute(sql`
      insert into employee_relatives (company_id, employee_id, relative_type_id, name, birth_date)
      select ${company.id}::int, ${parent}::int, ${son}::int, 'Child', born
      from (
        select distinct (d::date - make_interval(years => k))::date + delta as born
        from unnest(${`{${todays.join(',')}}`}::date[]) d
        cross join generate_series(0, 130) k
        cross join generate_series(-2, 2) delta
        union
        select make_date(y, 2, 29) from generate_series(1904, 2032, 4) y
      ) dates`);
    for (const today of todays) {
      const expected = await handle.db.execute<{ age: number; count: number }>(sql`
        select extract(year from age(${today}::date, birth_date))::int as age, count(*)::int as count
        from employee_relatives
        where company_id = ${company.id} and birth_date <= ${today}::date
        group by 1`);
      const counted = await countChildren(handle.db, await whereFor(company.id, today));
      expect(byAge(counted), today).toEqual(
        byAge(expected.rows.map((row) => ({ age: Number(row.age), count: Number(row.count) }))),
      );
      expect(Object.keys(byAge(counted)).length).toBeGreaterThan(100);
    }
  });

  it('counts a child only when its parent is of the company and in the state asked for', async () => {
    const company = await seedCompany(handle.db);
    const elsewhere = await seedCompany(handle.db);
    const working = await addParent(company.id);
    const dismissed = await addParent(company.id, { dismissalDate: '2031-01-31' });
    const stranger = await addParent(elsewhere.id);
    const add = (employeeId: number, birthDate: string) =>
      handle.db.insert(employeeRelatives).values({
        companyId: company.id,
        employeeId,
        relativeTypeId: son,
        name: 'Child',
        birthDate,
      });
    await add(working, '2020-01-01');
    await add(dismissed, '2015-01-01');
    // A row pointing at another company's employee: never counted, as the join with the parent did not.
    await add(stranger, '2010-01-01');
    const today = '2031-03-10';
    expect(byAge(await countChildren(handle.db, await whereFor(company.id, today)))).toEqual({ 11: 1 });
    expect(byAge(await countChildren(handle.db, await whereFor(company.id, today, 'dismissed')))).toEqual({
      16: 1,
    });
    expect(byAge(await countChildren(handle.db, await whereFor(company.id, today, 'all')))).toEqual({
      11: 1,
      16: 1,
    });
  });
});
