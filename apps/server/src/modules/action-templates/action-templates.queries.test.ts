import type { ActionTrigger } from '@kadry/shared/schemas/action-templates';
import { inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../../test/db';
import type { DatabaseHandle } from '../../db/client';
import { actionTemplates, actionTemplateTasks } from '../../db/schema/action-templates';
import { employees } from '../../db/schema/employees';
import { type ActionFilter, type ActionRow, findActionGroups, findActions } from './action-templates.queries';

// findActions looks only at the people whose date behind a trigger can fall in the period (issue 15:
// a month of 10,000 people), then builds their dates. Whatever the period and the offsets, it must
// answer exactly what building every person's dates answers: here against that rule written out in
// TypeScript (dates in a common year on 28 February for 29 February, anniversaries from the first
// full year, nothing after the last day of work but the dismissal itself), over people born and
// hired on the edges of the year (29 February, 31 December, 1 January) and templates up to a year
// before or after their date, for fixed tricky periods and generated ones. The dashboard's groups
// (findActionGroups: each template's first actions and its counts, without the list) must answer what
// grouping that list answers, for any period, filter and group size.

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
  // Every third person is the reader's report (the "mine" filter), every seventh action a task.
  const reports = people.filter((_, index) => index % 3 === 1).map((person) => person.id);
  await handle.db.update(employees).set({ managerId: readerId }).where(inArray(employees.id, reports));
  const links = expected('2026-01-01', '2036-12-31')
    .filter((_, index) => index % 7 === 0)
    .map((key, index) => {
      const [templateId, employeeId, occursOn] = key.split(':');
      return {
        companyId,
        templateId: Number(templateId),
        employeeId: Number(employeeId),
        occursOn: occursOn ?? '',
        taskId: 1000 + index,
      };
    });
  for (let from = 0; from < links.length; from += 500) {
    await handle.db.insert(actionTemplateTasks).values(links.slice(from, from + 500));
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

/** What grouping the whole list answers: each template's first `perTemplate` (at least one) and counts. */
function groupsOf(list: readonly ActionRow[], perTemplate: number) {
  const counts = new Map<number, { total: number; tasks: number; kept: number }>();
  for (const row of list) {
    const count = counts.get(row.templateId) ?? { total: 0, tasks: 0, kept: 0 };
    count.total += 1;
    if (row.taskId !== null) count.tasks += 1;
    counts.set(row.templateId, count);
  }
  return list.flatMap((row) => {
    const count = counts.get(row.templateId);
    if (!count || count.kept >= Math.max(perTemplate, 1)) return [];
    count.kept += 1;
    return [{ ...row, templateTotal: count.total, templateTasks: count.tasks }];
  });
}

describe('findActionGroups', () => {
  async function compare(filter: ActionFilter, perTemplate: number) {
    const list = await findActions(handle.db, filter, { limit: 100_000, offset: 0 });
    const groups = await findActionGroups(handle.db, filter, perTemplate);
    expect(groups).toEqual(groupsOf(list, perTemplate));
    return groups;
  }

  it('counts each template’s actions and tasks as the list has them, and keeps its first ones', async () => {
    const groups = await compare(filterOf('2031-03-01', '2032-02-29'), 3);
    expect(groups.some((row) => row.templateTasks > 0 && row.templateTasks < row.templateTotal)).toBe(true);
    expect(groups.some((row) => row.templateTotal > 3)).toBe(true);
  });

  it('answers what grouping the list answers, for any period, status, "mine" and group size', async () => {
    const first = toDay('2010-01-01');
    const last = toDay('2040-12-31');
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: first, max: last }),
        fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 300, max: 366 })),
        fc.integer({ min: 0, max: 6 }),
        fc.constantFrom('all', 'open', 'task_created') as fc.Arbitrary<ActionFilter['status']>,
        fc.boolean(),
        async (from, length, perTemplate, status, isMine) => {
          const filter = { ...filterOf(toIso(from), toIso(from + length)), status, isMine };
          await compare(filter, perTemplate);
        },
      ),
      { numRuns: 40 },
    );
  });
});
