import type { Locale } from '@kadry/shared/constants';
import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { ChildGender } from '@kadry/shared/schemas/statistics';
import { and, asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { dictionaryItemOverrides, dictionaryItems } from '../../db/schema/dictionaries';
import { employeeFullName, employeeRelatives, employees } from '../../db/schema/employees';
import { teamMembers, teams } from '../../db/schema/teams';
import type { Db } from '../../db/tables';
import { type EmployeeReader, employeeVisibleWhere } from '../employees/employee-visibility';

// All SQL of the children statistics; every statement filters by company_id (joins included).

type Reader = Pick<Db, 'select' | 'execute'>;

/** An int list as one array parameter (`= any(…)`): a batch of ids binds once, whatever its size. */
function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.join(',')}}`}::int[]`;
}

/**
 * What the rows are narrowed by: who the reader reaches (`reach`, a condition over `employees`, or
 * undefined for everyone) and the page's filters. `teamIds` already holds the sub-teams.
 */
export type ChildrenWhere = {
  companyId: number;
  /** Today in the reader's time zone (ages are counted to it). */
  today: string;
  reach: SQL | undefined;
  teamIds?: readonly number[] | undefined;
  ageFrom?: number | undefined;
  ageTo?: number | undefined;
  gender?: ChildGender | undefined;
  statusIds?: readonly number[] | undefined;
  state: 'active' | 'dismissed' | 'all';
  /** The company's child relative types (findChildTypes). */
  childTypes: readonly ChildType[];
};

/** The relative types of children the company uses (global ones and its own), with their gender. */
export type ChildType = { id: number; gender: ChildGender };

/**
 * The child relative types (`is_child`) of the company's dictionary, with the gender each implies (son:
 * male, daughter: female, any other: not said). Read once per request, so the statements over
 * relatives compare ids instead of joining the dictionary and reading its JSON per row.
 */
export async function findChildTypes(db: Reader, companyId: number): Promise<ChildType[]> {
  const rows = await db
    .select({ id: dictionaryItems.id, code: dictionaryItems.code })
    .from(dictionaryItems)
    .where(
      and(
        or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
        eq(dictionaryItems.dictionary, 'relative_type'),
        sql`coalesce((${dictionaryItems.meta} ->> 'is_child')::boolean, false)`,
      ),
    );
  return rows.map((row) => ({
    id: row.id,
    gender: row.code === 'son' ? 'male' : row.code === 'daughter' ? 'female' : 'unknown',
  }));
}

/** A child's gender by its relative type. */
function genderOf(types: readonly ChildType[]): SQL<ChildGender> {
  const known = types.filter((type) => type.gender !== 'unknown');
  if (known.length === 0) return sql<ChildGender>`'unknown'::text`;
  const cases = known.map((type) => sql`when ${type.id}::int then ${type.gender}::text`);
  return sql<ChildGender>`(case ${employeeRelatives.relativeTypeId} ${sql.join(cases, sql` `)} else 'unknown'::text end)`;
}

function ageOf(today: string): SQL<number> {
  return sql<number>`extract(year from age(${today}::date, ${employeeRelatives.birthDate}))::int`;
}

/**
 * Employees of the outer row (`employees`) in "my team" (the reader's teams, and below those managed):
 * the only_my_and_my_team reach over relatives.
 */
export function inTeamsWhere(companyId: number, teamIds: readonly number[]): SQL {
  return sql`exists (select 1 from ${teamMembers} tm where tm.company_id = ${companyId} and tm.employee_id = ${employees.id} and tm.team_id = any(${intArray(teamIds)}))`;
}

/**
 * Whose children the reader reaches: the employees they see (decision 013), narrowed to `level`
 * (the Statistic view narrowed by Employee.PersonalInfo's) — own, my team, or anyone. Undefined: all.
 */
export function reachWhere(reader: EmployeeReader, level: Level): SQL | undefined {
  const own = sql`${employees.id} = ${reader.employeeId}`;
  const visible = employeeVisibleWhere(reader);
  switch (level) {
    case 'to_all':
      return visible;
    case 'only_my_and_my_team':
      return and(
        visible,
        reader.teamIds.length > 0 ? or(own, inTeamsWhere(reader.companyId, reader.teamIds)) : own,
      );
    case 'only_my':
      return own;
    default:
      return sql`false`;
  }
}

/** The filter's conditions on the child (the relative row) alone. */
function relativeConditions(where: ChildrenWhere): (SQL | undefined)[] {
  const { companyId, today } = where;
  const conditions: (SQL | undefined)[] = [
    eq(employeeRelatives.companyId, companyId),
    sql`${employeeRelatives.birthDate} is not null`,
    sql`${employeeRelatives.birthDate} <= ${today}::date`,
    sql`${employeeRelatives.relativeTypeId} = any(${intArray(where.childTypes.map((type) => type.id))})`,
  ];
  // The members first (a team is small), then their relatives by the (company, employee) index: an
  // array of ids, so the planner cannot prefer scanning every relative of the company.
  if (where.teamIds) {
    conditions.push(
      sql`${employeeRelatives.employeeId} = any(array(select tm.employee_id from ${teamMembers} tm where tm.company_id = ${companyId} and tm.team_id = any(${intArray(where.teamIds)})))`,
    );
  }
  // Whole years: at least `ageFrom` means born on or before today minus that many years; at most
  // `ageTo` means born after today minus ageTo + 1 years. Both compare the column itself.
  if (where.ageFrom !== undefined) {
    conditions.push(
      sql`${employeeRelatives.birthDate} <= ${today}::date - make_interval(years => ${where.ageFrom}::int)`,
    );
  }
  if (where.ageTo !== undefined) {
    conditions.push(
      sql`${employeeRelatives.birthDate} > ${today}::date - make_interval(years => ${where.ageTo + 1}::int)`,
    );
  }
  if (where.gender) {
    const ids = where.childTypes.filter((type) => type.gender === where.gender).map((type) => type.id);
    conditions.push(sql`${employeeRelatives.relativeTypeId} = any(${intArray(ids)})`);
  }
  return conditions;
}

/** The filter's conditions on the parent (`employees`): the reader's reach, status and state. */
function parentConditions(where: ChildrenWhere): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [where.reach];
  if (where.statusIds && where.statusIds.length > 0) {
    conditions.push(sql`${employees.statusId} = any(${intArray(where.statusIds)})`);
  }
  if (where.state === 'active') conditions.push(isNull(employees.dismissalDate));
  if (where.state === 'dismissed') conditions.push(sql`${employees.dismissalDate} is not null`);
  return conditions;
}

/** Children and parents joined (the list and the export order by the parent). */
function childrenWhere(where: ChildrenWhere): SQL | undefined {
  return and(...relativeConditions(where), ...parentConditions(where));
}

/**
 * The children alone, their parent checked by a semi-join: the parent of the company that the filter's
 * conditions on the parent keep (for working people, the active employees index answers it).
 */
function childrenWithParentWhere(where: ChildrenWhere): SQL | undefined {
  const parent = and(
    eq(employees.companyId, where.companyId),
    sql`${employees.id} = ${employeeRelatives.employeeId}`,
    ...parentConditions(where),
  );
  return and(...relativeConditions(where), sql`exists (select 1 from ${employees} where ${parent})`);
}

/** The join of a relative's employee, pinned to the company. */
function employeeJoin(companyId: number): SQL | undefined {
  return and(eq(employees.companyId, companyId), eq(employees.id, employeeRelatives.employeeId));
}

/** The join of a relative's type (for its name): a global entry or one of the company's. */
function typeJoin(companyId: number): SQL | undefined {
  return and(
    eq(dictionaryItems.id, employeeRelatives.relativeTypeId),
    or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
  );
}

/** Ages up to this many whole years are counted by a binary search over the birthdays (fastAgeOf). */
const FAST_AGE_YEARS = 100;

/**
 * ageOf by comparisons, for counting many children: aged at least k means born on or before today
 * minus k years (as the age filter reads it), so the age is how many of the days "today minus k
 * years" (k = 1 … FAST_AGE_YEARS, ascending) are on or after the birth date: FAST_AGE_YEARS minus
 * those before it, which width_bucket finds by binary search (before the birth date: on or before the
 * day before it). Older than that: ageOf itself. The days are computed once per statement.
 */
function fastAgeOf(today: string): SQL<number> {
  const birth = employeeRelatives.birthDate;
  const days = sql`(select array_agg((${today}::date - make_interval(years => k))::date order by k desc) from generate_series(1, ${FAST_AGE_YEARS}::int) k)`;
  const oldest = sql`(${today}::date - make_interval(years => ${FAST_AGE_YEARS}::int))::date`;
  return sql<number>`(case when ${birth} > ${oldest} then ${FAST_AGE_YEARS}::int - width_bucket(${birth} - 1, ${days}) else ${ageOf(today)} end)`;
}

/** Counts by whole years of age and gender of every child the filter matches. */
export async function countChildren(
  db: Reader,
  where: ChildrenWhere,
): Promise<{ age: number; gender: ChildGender; count: number }[]> {
  const rows = await db
    .select({
      age: fastAgeOf(where.today),
      gender: genderOf(where.childTypes),
      count: sql<number>`count(*)::int`,
    })
    .from(employeeRelatives)
    .where(childrenWithParentWhere(where))
    // By position: the age expression carries today as a parameter, written again it would be another one.
    .groupBy(sql`1`, sql`2`);
  return rows.map((row) => ({ age: Number(row.age), gender: row.gender, count: Number(row.count) }));
}

/** The order of the list and the export: by parent (last, first name), then youngest child first. */
const CHILD_ORDER = [
  asc(sql`lower(${employees.lastName})`),
  asc(sql`lower(${employees.firstName})`),
  asc(employees.id),
  desc(employeeRelatives.birthDate),
  asc(employeeRelatives.id),
];

/** A child as the list and the export read it. */
export type ChildListRow = {
  id: number;
  name: string;
  relation: string | null;
  gender: ChildGender;
  birthDate: string;
  age: number;
  parentId: number;
  parentName: string;
};

function childColumns(today: string, locale: Locale, types: readonly ChildType[]) {
  return {
    id: employeeRelatives.id,
    name: employeeRelatives.name,
    relation: sql<
      string | null
    >`coalesce(${dictionaryItemOverrides.names} ->> ${locale}, ${dictionaryItems.names} ->> ${locale}, ${dictionaryItems.names} ->> 'en')`,
    gender: genderOf(types),
    birthDate: sql<string>`${employeeRelatives.birthDate}::text`,
    age: ageOf(today),
    parentId: employees.id,
    parentName: employeeFullName,
  };
}

function toChildRow(row: ChildListRow): ChildListRow {
  return { ...row, age: Number(row.age) };
}

/** One page of the children the filter matches, in the list's order. */
export async function findChildrenPage(
  db: Reader,
  where: ChildrenWhere,
  page: { offset: number; limit: number },
  locale: Locale,
): Promise<ChildListRow[]> {
  const rows = await db
    .select(childColumns(where.today, locale, where.childTypes))
    .from(employeeRelatives)
    .innerJoin(employees, employeeJoin(where.companyId))
    .leftJoin(dictionaryItems, typeJoin(where.companyId))
    .leftJoin(
      dictionaryItemOverrides,
      and(
        eq(dictionaryItemOverrides.companyId, where.companyId),
        eq(dictionaryItemOverrides.itemId, dictionaryItems.id),
      ),
    )
    .where(childrenWhere(where))
    .orderBy(...CHILD_ORDER)
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toChildRow);
}

/**
 * The ids of every child the filter matches, in the list's order: one sorted statement, so the export
 * reads the details in small batches without sorting again.
 */
export async function findChildIds(db: Reader, where: ChildrenWhere): Promise<number[]> {
  const rows = await db
    .select({ id: employeeRelatives.id })
    .from(employeeRelatives)
    .innerJoin(employees, employeeJoin(where.companyId))
    .where(childrenWhere(where))
    .orderBy(...CHILD_ORDER);
  return rows.map((row) => row.id);
}

/** These children (ids from findChildIds), in the list's order. */
export async function findChildrenByIds(
  db: Reader,
  companyId: number,
  ids: readonly number[],
  context: { today: string; locale: Locale; childTypes: readonly ChildType[] },
): Promise<ChildListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(childColumns(context.today, context.locale, context.childTypes))
    .from(employeeRelatives)
    .innerJoin(employees, employeeJoin(companyId))
    .leftJoin(dictionaryItems, typeJoin(companyId))
    .leftJoin(
      dictionaryItemOverrides,
      and(
        eq(dictionaryItemOverrides.companyId, companyId),
        eq(dictionaryItemOverrides.itemId, dictionaryItems.id),
      ),
    )
    .where(
      and(eq(employeeRelatives.companyId, companyId), sql`${employeeRelatives.id} = any(${intArray(ids)})`),
    )
    .orderBy(...CHILD_ORDER);
  return rows.map(toChildRow);
}

/** The teams of these employees by name (one statement for a page or a batch). */
export async function findTeamsOfParents(
  db: Reader,
  companyId: number,
  employeeIds: readonly number[],
): Promise<{ employeeId: number; id: number; name: string }[]> {
  if (employeeIds.length === 0) return [];
  return db
    .select({ employeeId: teamMembers.employeeId, id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.companyId, companyId), eq(teams.id, teamMembers.teamId)))
    .where(
      and(
        eq(teamMembers.companyId, companyId),
        sql`${teamMembers.employeeId} = any(${intArray(employeeIds)})`,
      ),
    )
    .orderBy(sql`lower(${teams.name})`, teams.id);
}

/** These teams of the company and every team below them (the team filter takes sub-teams along). */
export async function findTeamsWithSubTeams(
  db: Reader,
  companyId: number,
  teamIds: readonly number[],
): Promise<number[]> {
  if (teamIds.length === 0) return [];
  const result = await db.execute<{ id: number }>(sql`
    with recursive tree(id) as (
      select t.id from teams t where t.company_id = ${companyId} and t.id = any(${intArray(teamIds)})
      union
      select t.id from teams t join tree on t.parent_id = tree.id where t.company_id = ${companyId}
    )
    select id from tree
  `);
  return result.rows.map((row) => Number(row.id));
}
