import type { ActionTrigger } from '@kadry/shared/schemas/action-templates';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../../test/db';
import type { DatabaseHandle } from '../../db/client';
import { actionTemplates } from '../../db/schema/action-templates';
import { employees } from '../../db/schema/employees';
import { type ActionFilter, findActions } from './action-templates.queries';

// findActions looks only at the people whose date behind a trigger can fall in the period (issue 15:
// a month of 10,000 people), then builds their dates. Whatever the period and the offsets, it must
// answer exactly what building every person's dates answers: here against that rule written out in
// TypeScript (dates in a common year on 28 February for 29 February, anniversaries from the first
// full year, nothing after the last day of work but the dismissal itself), over people born and
// hired on the edges of the year (29 February, 31 December, 1 January) and templates up to a year
// before or after their date, for fixed tricky periods and generated ones.

type Person = {
  id: number;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  startOfWork: string | null;
  probationEnd: string | null;
  dismissalDate: string | null;
};
type Template = { id: number; key: number; trigger: ActionTrigger; offsetDays: number };

const TRIGGERS: readonly ActionTrigger[] = [
  'start_of_work',
  'work_anniversary',
  'probation_end',
  'birthday',
  'dismissal',
];
const OFFSETS = [-365, -200, -31, -1, 0, 1, 30, 59, 365];

let handle: DatabaseHandle;
let companyId: number;
let readerId: number;
const people: Person[] = [];
const templates: Template[] = [];

const DAY = 86_400_000;
const toDay = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;
const toIso = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
const isLeap = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** The day of a yearly date in `year` (29 February on 28 February in a common year). */
function yearlyDay(iso: string, year: number): number {
  const month = Number(iso.slice(5, 7));
  const day = Number(iso.slice(8, 10));
  const shown = month === 2 && day === 29 && !isLeap(year) ? 28 : day;
  return Date.UTC(year, month - 1, shown) / DAY;
}

/** The occurrences building every date answers, as `template:employee:date`, in the list's order. */
function expected(start: string, end: string): string[] {
  const [from, to] = [toDay(start), toDay(end)];
  const [firstYear, lastYear] = [Number(start.slice(0, 4)) - 1, Number(end.slice(0, 4)) + 1];
  const rows: { template: Template; person: Person; day: number }[] = [];
  for (const template of templates) {
    for (const person of people) {
      if (person.id === readerId) continue;
      const working = (day: number) => person.dismissalDate === null || toDay(person.dismissalDate) >= day;
      const add = (day: number) => {
        if (day >= from && day <= to) rows.push({ template, person, day });
      };
      const once = (date: string | null, stillWorking: boolean) => {
        if (date === null) return;
        const day = toDay(date) + template.offsetDays;
        if (!stillWorking || working(day)) add(day);
      };
      const yearly = (date: string | null, fromYearAfter: number) => {
        if (date === null) return;
        for (
          let year = Math.max(firstYear, Number(date.slice(0, 4)) + fromYearAfter);
          year <= lastYear;
          year++
        ) {
          const day = yearlyDay(date, year) + template.offsetDays;
          if (working(day)) add(day);
        }
      };
      if (template.trigger === 'start_of_work') once(person.startOfWork, true);
      if (template.trigger === 'probation_end') once(person.probationEnd, true);
      if (template.trigger === 'dismissal') once(person.dismissalDate, false);
      if (template.trigger === 'birthday') yearly(person.birthDate, 0);
      if (template.trigger === 'work_anniversary') yearly(person.startOfWork, 1);
    }
  }
  // Names here are ASCII letters and digits: every collation orders them as their code points.
  const byText = (a: string, b: string) =>
    a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
  rows.sort(
    (a, b) =>
      a.day - b.day ||
      byText(a.person.lastName, b.person.lastName) ||
      byText(a.person.firstName, b.person.firstName) ||
      a.person.id - b.person.id ||
      a.template.key - b.template.key,
  );
  return rows.map((row) => `${row.template.id}:${row.person.id}:${toIso(row.day)}`);
}

function filterOf(start: string, end: string): ActionFilter {
  return {
    reader: {
      companyId,
      employeeId: readerId,
      level: 'to_all',
      viewInOpenTeams: true,
      viewInHiddenTeams: true,
      viewWithoutTeam: true,
      teamIds: [],
    },
    userId: 0,
    start,
    end,
    reach: { profile: 'to_all', personal: 'to_all' },
    triggers: TRIGGERS,
    status: 'all',
    isMine: false,
  };
}

async function actual(start: string, end: string): Promise<{ keys: string[]; total: number }> {
  const rows = await findActions(handle.db, filterOf(start, end), { limit: 100_000, offset: 0 });
  return {
    keys: rows.map((row) => `${row.templateId}:${row.employeeId}:${row.occursOn}`),
    total: rows[0]?.total ?? 0,
  };
}

/** The dates people get: the year's edges in leap and common years, and ordinary days. */
function datesOf(seed: number): Omit<Person, 'id' | 'firstName' | 'lastName'> {
  const edges = ['02-29', '02-28', '03-01', '12-31', '01-01', '06-15'];
  const pick = (n: number) => `${edges[n % edges.length]}`;
  const leapYear = 1980 + (seed % 7) * 4;
  const birth = pick(seed) === '02-29' ? `${leapYear}-02-29` : `${1975 + (seed % 23)}-${pick(seed)}`;
  const startYear = 2012 + (seed % 13);
  const start =
    pick(seed + 1) === '02-29' ? `${2012 + (seed % 4) * 4}-02-29` : `${startYear}-${pick(seed + 1)}`;
  const hired = seed % 9 !== 0;
  return {
    birthDate: seed % 11 === 0 ? null : birth,
    startOfWork: hired ? start : null,
    probationEnd: hired && seed % 3 === 0 ? toIso(toDay(start) + 90) : null,
    dismissalDate:
      hired && seed % 4 === 0
        ? toIso(toDay(start) + 200 + ((seed * 157) % 4000))
        : seed % 13 === 0
          ? '2028-02-29'
          : null,
  };
}

beforeAll(async () => {
  handle = await createTestDatabase();
  const company = await seedCompany(handle.db);
  companyId = company.id;
  for (let seed = 0; seed < 72; seed++) {
    const values = {
      firstName: `P${seed}`,
      lastName: ['Avdeev', 'bondar', 'Chen', 'avdeev'][seed % 4] ?? 'X',
      ...datesOf(seed),
    };
    const [row] = await handle.db
      .insert(employees)
      .values({ companyId, ...values })
      .returning({ id: employees.id });
    if (!row) throw new Error('no employee');
    people.push({ id: row.id, ...values });
  }
  readerId = people[5]?.id ?? 0;
  let key = 100;
  for (const trigger of TRIGGERS) {
    for (const offsetDays of OFFSETS) {
      key += 1;
      const [row] = await handle.db
        .insert(actionTemplates)
        .values({
          companyId,
          templateKey: key,
          names: { en: `${trigger} ${offsetDays}` },
          taskType: 'review',
          assignee: 'manager',
          trigger,
          offsetDays,
        })
        .returning({ id: actionTemplates.id });
      if (!row) throw new Error('no template');
      templates.push({ id: row.id, key, trigger, offsetDays });
    }
  }
});

afterAll(async () => {
  await handle?.close();
});

describe('findActions occurrences', () => {
  it.each([
    ['2031-04-01', '2031-04-30'],
    ['2031-02-01', '2031-02-28'],
    ['2032-02-29', '2032-02-29'],
    ['2031-02-28', '2031-03-01'],
    ['2030-12-31', '2031-01-01'],
    ['2030-12-15', '2031-01-14'],
    ['2031-03-01', '2032-02-28'],
    ['2031-03-02', '2032-02-29'],
    ['2031-06-10', '2032-06-10'],
    ['2032-01-01', '2032-12-31'],
    ['2020-01-01', '2034-12-31'],
    ['1976-02-01', '1976-03-31'],
    ['2031-05-01', '2031-04-01'],
  ])('answers every occurrence from %s to %s', async (start, end) => {
    const want = expected(start, end);
    const got = await actual(start, end);
    expect(got.keys).toEqual(want);
    expect(got.total).toBe(want.length);
  });

  it('answers every occurrence of any period', async () => {
    const first = toDay('2010-01-01');
    const last = toDay('2040-12-31');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: first, max: last }),
        fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 300, max: 800 })),
        async (from, length) => {
          const [start, end] = [toIso(from), toIso(from + length)];
          const got = await actual(start, end);
          expect(got.keys).toEqual(expected(start, end));
        },
      ),
      { numRuns: 60 },
    );
  });
});
