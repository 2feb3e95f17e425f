import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { toDayNumber } from '../src/modules/absences/day-count';
import { createTestDatabase } from '../test/db';
import { ABSENCES_PER_YEAR, type AbsencesCompany, generateAbsencesCompany, slotOf } from './absences-company';

let handle: DatabaseHandle;
let company: AbsencesCompany;
const TODAY = '2031-06-15';

beforeAll(async () => {
  handle = await createTestDatabase();
  company = await generateAbsencesCompany(handle.db, {
    slug: 'abs-gen-test',
    host: 'abs-gen-test.localhost',
    employees: 60,
    teams: 6,
    years: 3,
    today: TODAY,
  });
});

afterAll(async () => {
  await handle?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await handle.db.execute(query)).rows as T[];
}

describe('slotOf', () => {
  it('keeps every absence of a year inside its slot, so none overlap and none leave the year', () => {
    for (let person = 1; person <= 200; person += 1) {
      let end = -1;
      for (let slot = 0; slot < ABSENCES_PER_YEAR; slot += 1) {
        const { offset, length, kind } = slotOf(person, slot);
        // The SQL moves the start on to the next Monday: up to 6 days more.
        expect(offset).toBeGreaterThan(end);
        end = offset + 6 + length - 1;
        expect(end).toBeLessThan(365);
        expect(length).toBeGreaterThanOrEqual(1);
        expect(length).toBeLessThanOrEqual(3);
        expect(kind).toBeLessThan(10);
      }
    }
  });
});

describe('generateAbsencesCompany', () => {
  it('gives everyone (the HR account’s employee too) ten absences a year for three years', async () => {
    // 60 generated people + the HR account's employee.
    expect(company.requests).toBe(61 * 3 * ABSENCES_PER_YEAR);
    const perPerson = await rows<{ n: number }>(sql`
      select count(*)::int as n from absence_requests where company_id = ${company.companyId}
      group by employee_id`);
    expect(perPerson).toHaveLength(61);
    expect(new Set(perPerson.map((row) => row.n))).toEqual(new Set([30]));
    const years = await rows<{ y: number }>(sql`
      select distinct extract(year from date_from)::int as y from absence_requests
      where company_id = ${company.companyId} order by 1`);
    expect(years.map((row) => row.y)).toEqual([2029, 2030, 2031]);
  });

  it('writes weekday absences starting on Mondays that never overlap or cross New Year', async () => {
    const all = await rows<{ employee_id: number; date_from: string; date_to: string; amount: string }>(sql`
      select employee_id, date_from::text, date_to::text, amount::text from absence_requests
      where company_id = ${company.companyId} order by employee_id, date_from`);
    let previous: { employee_id: number; date_to: string } | null = null;
    for (const row of all) {
      const from = toDayNumber(row.date_from);
      const to = toDayNumber(row.date_to);
      expect(new Date(from * 86_400_000).getUTCDay()).toBe(1);
      expect(to - from + 1).toBe(Number(row.amount));
      expect(row.date_from.slice(0, 4)).toBe(row.date_to.slice(0, 4));
      if (previous && previous.employee_id === row.employee_id) {
        expect(from).toBeGreaterThan(toDayNumber(previous.date_to));
      }
      previous = row;
    }
  });

  it('approves what has begun, leaves the rest pending, one step each, and the ledger to match', async () => {
    const statuses = await rows<{ status: string; late: boolean; n: number }>(sql`
      select status, date_from > ${TODAY}::date as late, count(*)::int as n from absence_requests
      where company_id = ${company.companyId} group by 1, 2 order by 1, 2`);
    expect(statuses.map((row) => [row.status, row.late])).toEqual([
      ['approved', false],
      ['pending', true],
    ]);
    const [steps] = await rows<{ mismatched: number; total: number }>(sql`
      select count(*) filter (where s.status <> r.status)::int as mismatched, count(*)::int as total
      from absence_request_steps s join absence_requests r on r.id = s.request_id
      where s.company_id = ${company.companyId}`);
    expect(steps).toEqual({ mismatched: 0, total: company.requests });
    // Every approved vacation has one absence entry of its amount; every person a 20-day accrual a year.
    const [ledger] = await rows<{ missing: number; accruals: number }>(sql`
      select
        (select count(*)::int from absence_requests r
          join absence_types t on t.id = r.absence_type_id and t.code = 'vacation'
          where r.company_id = ${company.companyId} and r.status = 'approved'
            and not exists (select 1 from absence_ledger_entries l where l.company_id = r.company_id
              and l.request_id = r.id and l.kind = 'absence' and l.amount = -r.amount)) as missing,
        (select count(*)::int from absence_ledger_entries where company_id = ${company.companyId}
          and kind = 'accrual' and amount = 20) as accruals`);
    expect(ledger).toEqual({ missing: 0, accruals: 61 * 3 });
    const [sums] = await rows<{ negative: number }>(sql`
      select count(*)::int as negative from (
        select employee_id, period_year, sum(amount) as total from absence_ledger_entries
        where company_id = ${company.companyId} group by 1, 2) s where total < 0`);
    expect(sums?.negative).toBe(0);
    expect(company.approvedVacationIds.length).toBeGreaterThan(50);
    expect(company.freeEmployeeIds).toHaveLength(61);
    expect(company.ledgerEntries).toBeGreaterThan(61 * 3);
  });
});
