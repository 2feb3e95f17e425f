import { and, eq, inArray, isNull } from 'drizzle-orm';
import { dictionaryItems } from '../schema/dictionaries';
import {
  employeeLanguages,
  employeeRelatives,
  employeeSalaries,
  employees,
  type NewEmployee,
} from '../schema/employees';
import { teamMembers, teams } from '../schema/teams';
import type { Db } from '../tables';

// The demo company's people (issue 13): ~60 employees in a three-level teams tree (with a hidden
// People team), with children of several ages, birthdays and probation ends spread around the
// seeding day, several statuses and employment types, salaries and languages — so the directory,
// the profile and the later dashboard have something real to show. Deterministic: same every time.

type Tx = Pick<Db, 'insert' | 'select' | 'update'>;

/** The teams tree: top level → second level (existing demo teams) → third level. */
const TREE: { name: string; hidden?: boolean; children: { name: string; children?: string[] }[] }[] = [
  {
    name: 'Technology',
    children: [
      { name: 'Engineering', children: ['Backend', 'Frontend', 'Mobile'] },
      { name: 'Data', children: ['Analytics'] },
      { name: 'Product & Design' },
    ],
  },
  {
    name: 'Commercial',
    children: [
      { name: 'Sales', children: ['Enterprise sales'] },
      { name: 'Marketing' },
      { name: 'Customer Support' },
    ],
  },
  { name: 'Back office', children: [{ name: 'Finance' }, { name: 'Operations' }] },
  // HR's own team is hidden: its members are seen only with view_in_hidden_teams (decision 013).
  { name: 'People', hidden: true, children: [] },
];

const FIRST_NAMES = [
  ['Olena', 'f'],
  ['Andrii', 'm'],
  ['Maria', 'f'],
  ['Taras', 'm'],
  ['Iryna', 'f'],
  ['Dmytro', 'm'],
  ['Sofia', 'f'],
  ['Oleksandr', 'm'],
  ['Kateryna', 'f'],
  ['Maksym', 'm'],
  ['Anna', 'f'],
  ['Ivan', 'm'],
  ['Yulia', 'f'],
  ['Serhii', 'm'],
  ['Natalia', 'f'],
  ['Pavlo', 'm'],
  ['Emma', 'f'],
  ['Liam', 'm'],
  ['Olivia', 'f'],
  ['Noah', 'm'],
] as const;
const LAST_NAMES = [
  'Kovalenko',
  'Shevchenko',
  'Bondarenko',
  'Tkachenko',
  'Kravets',
  'Melnyk',
  'Boyko',
  'Oliinyk',
  'Lysenko',
  'Moroz',
  'Savchenko',
  'Rudenko',
  'Hrytsenko',
  'Pavlenko',
  'Smith',
  'Novak',
  'Kowalski',
  'Müller',
  'Levchenko',
  'Marchenko',
];
const POSITIONS: Record<string, string[]> = {
  Backend: ['Backend engineer', 'Senior backend engineer'],
  Frontend: ['Frontend engineer', 'UI engineer'],
  Mobile: ['iOS engineer', 'Android engineer'],
  Engineering: ['Engineering manager', 'Staff engineer'],
  Analytics: ['Data analyst'],
  Data: ['Data engineer'],
  'Product & Design': ['Product manager', 'Product designer'],
  'Enterprise sales': ['Account executive'],
  Sales: ['Sales manager'],
  Marketing: ['Marketing manager', 'Content writer'],
  'Customer Support': ['Support specialist'],
  Finance: ['Accountant'],
  Operations: ['Office manager'],
  People: ['HR manager', 'Recruiter'],
  Technology: ['CTO'],
  Commercial: ['Chief commercial officer'],
  'Back office': ['COO'],
};

/** A small deterministic generator (mulberry32), so the demo looks the same on every install. */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * 86_400_000);
}

/** A birth date `age` years before `now`, `offset` days from today's month and day. */
function birthDate(now: Date, age: number, offset: number): string {
  const day = addDays(now, offset);
  return `${day.getUTCFullYear() - age}-${isoDay(day).slice(5)}`.replace(/-02-29$/, '-02-28');
}

/** How many demo people there are. */
export const DEMO_PEOPLE_COUNT = 60;

/**
 * Adds the demo teams tree around the existing demo teams (by name) and the demo people. Runs inside
 * seedDemoData's transaction; global dictionary entries are looked up by code and left empty when
 * missing.
 */
export async function seedDemoPeople(tx: Tx, companyId: number, now: Date): Promise<void> {
  const random = createRandom(13);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

  const existing = await tx
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.companyId, companyId));
  const teamIds = new Map(existing.map((team) => [team.name, team.id]));
  async function ensureTeam(name: string, parentId: number | null, position: number, isHidden = false) {
    const id = teamIds.get(name);
    if (id !== undefined) {
      await tx
        .update(teams)
        .set({ parentId, position, isHidden })
        .where(and(eq(teams.companyId, companyId), eq(teams.id, id)));
      return id;
    }
    const [row] = await tx
      .insert(teams)
      .values({ companyId, name, parentId, position, isHidden })
      .returning({ id: teams.id });
    if (!row) throw new Error('seedDemoPeople: team insert returned no row');
    teamIds.set(name, row.id);
    return row.id;
  }
  const leaves: string[] = [];
  for (const [topIndex, top] of TREE.entries()) {
    const topId = await ensureTeam(top.name, null, topIndex, top.hidden ?? false);
    if (top.children.length === 0) leaves.push(top.name);
    for (const [middleIndex, middle] of top.children.entries()) {
      const middleId = await ensureTeam(middle.name, topId, middleIndex);
      leaves.push(middle.name);
      for (const [leafIndex, leaf] of (middle.children ?? []).entries()) {
        await ensureTeam(leaf, middleId, leafIndex);
        leaves.push(leaf);
      }
    }
  }

  const entries = await tx
    .select({ id: dictionaryItems.id, dictionary: dictionaryItems.dictionary, code: dictionaryItems.code })
    .from(dictionaryItems)
    .where(
      and(
        isNull(dictionaryItems.companyId),
        inArray(dictionaryItems.dictionary, [
          'people_status',
          'employment_type',
          'relative_type',
          'marital_status',
          'grade',
          'sex',
          'language',
          'language_level',
          'terms_of_cooperation',
        ]),
      ),
    );
  const entry = (dictionary: string, code: string): number | null =>
    entries.find((row) => row.dictionary === dictionary && row.code === code)?.id ?? null;

  // Managers of the top and second level first, then everyone else spread over the leaves.
  const placements: { team: string; isManager: boolean }[] = [
    ...TREE.map((top) => ({ team: top.name, isManager: true })),
    ...TREE.flatMap((top) => top.children)
      // Engineering's manager is the demo owner (seedDemoTeamManager).
      .filter((middle) => middle.name !== 'Engineering')
      .map((middle) => ({ team: middle.name, isManager: true })),
  ];
  while (placements.length < DEMO_PEOPLE_COUNT) placements.push({ team: pick(leaves), isManager: false });

  const statuses = [
    'working',
    'working',
    'working',
    'working',
    'probation',
    'vacation',
    'sick_leave',
    'maternity_leave',
  ];
  const employmentTypes = [
    'full_time',
    'full_time',
    'full_time',
    'part_time',
    'contractor',
    'remote',
    'intern',
  ];
  const grades = ['junior', 'middle', 'middle', 'senior', 'senior', 'lead'];

  const rows: NewEmployee[] = placements.map((placement, index) => {
    const [firstName, gender] = FIRST_NAMES[index % FIRST_NAMES.length] ?? ['Alex', 'm'];
    const lastName = LAST_NAMES[(index * 7) % LAST_NAMES.length] ?? 'Doe';
    // Birthdays: a few this week, the rest spread over the year around today.
    const offset = index < 8 ? index - 2 : Math.floor(random() * 365) - 182;
    const startDaysAgo = index < 10 ? 30 + index * 10 : Math.floor(random() * 2500) + 100;
    const start = addDays(now, -startDaysAgo);
    const onProbation = startDaysAgo < 120;
    const status = index === DEMO_PEOPLE_COUNT - 1 ? 'dismissed' : onProbation ? 'probation' : pick(statuses);
    return {
      companyId,
      employeeNumber: `NW-${String(index + 1).padStart(3, '0')}`,
      firstName,
      lastName,
      workEmail: `${firstName}.${lastName}.${index + 1}@northwind.example`.toLowerCase().replace('ü', 'u'),
      workPhone: `+380 44 ${String(100 + index).padStart(3, '0')} ${String(1000 + index * 37).slice(-4)}`,
      birthDate: birthDate(now, 22 + Math.floor(random() * 35), offset),
      genderId: entry('sex', gender === 'f' ? 'female' : 'male'),
      maritalStatusId: entry('marital_status', pick(['single', 'married', 'married', 'divorced'])),
      countryCode: pick(['UA', 'UA', 'UA', 'PL', 'DE']),
      cityName: pick(['Kyiv', 'Lviv', 'Kharkiv', 'Warsaw', 'Berlin']),
      position: pick(POSITIONS[placement.team] ?? ['Specialist']),
      gradeId: entry('grade', pick(grades)),
      employmentTypeId: entry('employment_type', pick(employmentTypes)),
      termsOfCooperationId: null,
      statusId: entry('people_status', status),
      startOfWork: isoDay(start),
      probationEnd: onProbation ? isoDay(addDays(start, 90)) : null,
      dismissalDate: status === 'dismissed' ? isoDay(addDays(now, -20)) : null,
      createdAt: start,
      updatedAt: start,
    };
  });
  const inserted = await tx.insert(employees).values(rows).returning({ id: employees.id });

  const members = inserted.map((row, index) => ({
    companyId,
    employeeId: row.id,
    teamId: teamIds.get(placements[index]?.team ?? '') ?? 0,
    isManager: placements[index]?.isManager ?? false,
  }));
  await tx.insert(teamMembers).values(members.filter((member) => member.teamId !== 0));

  const salaries = inserted.map((row, index) => ({
    companyId,
    employeeId: row.id,
    amount: String(1500 + Math.floor(random() * 60) * 100),
    currency: 'usd',
    effectiveFrom: rows[index]?.startOfWork ?? isoDay(now),
  }));
  await tx.insert(employeeSalaries).values(salaries);

  // Children of several ages (newborn to grown-up) and some partners.
  const relatives: (typeof employeeRelatives.$inferInsert)[] = [];
  for (const [index, row] of inserted.entries()) {
    if (index % 3 !== 0) continue;
    const children = 1 + (index % 2);
    for (let child = 0; child < children; child += 1) {
      const age = (index * 3 + child * 5) % 19;
      relatives.push({
        companyId,
        employeeId: row.id,
        relativeTypeId: entry('relative_type', child % 2 === 0 ? 'daughter' : 'son'),
        name: `${pick(['Mila', 'Zlata', 'Mark', 'Bohdan', 'Eva', 'Tymur'])} ${rows[index]?.lastName ?? ''}`.trim(),
        birthDate: birthDate(now, age, Math.floor(random() * 300) - 150),
      });
    }
    if (index % 2 === 0) {
      relatives.push({
        companyId,
        employeeId: row.id,
        relativeTypeId: entry('relative_type', 'partner'),
        name: `${pick(['Alex', 'Sam', 'Chris'])} ${rows[index]?.lastName ?? ''}`.trim(),
        birthDate: null,
      });
    }
  }
  if (relatives.length > 0) await tx.insert(employeeRelatives).values(relatives);

  // Languages with levels (when the dictionaries have them).
  const languages: (typeof employeeLanguages.$inferInsert)[] = [];
  for (const [index, row] of inserted.entries()) {
    for (const [code, level] of [
      ['uk', 'c2'],
      ['en', pick(['b1', 'b2', 'c1'])],
      ...(index % 4 === 0 ? [['pl', 'a2'] as const] : []),
    ] as const) {
      const languageId = entry('language', code);
      if (languageId !== null) {
        languages.push({
          companyId,
          employeeId: row.id,
          languageId,
          levelId: entry('language_level', level),
        });
      }
    }
  }
  if (languages.length > 0) await tx.insert(employeeLanguages).values(languages);
}
