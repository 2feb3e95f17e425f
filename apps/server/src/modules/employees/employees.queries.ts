import type { Locale } from '@kadry/shared/constants';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNull,
  like,
  ne,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { type DictionaryItem, dictionaryItemOverrides, dictionaryItems } from '../../db/schema/dictionaries';
import {
  type CustomFieldValue,
  type Employee,
  employeeChanges,
  employeeFieldDefinitions,
  employeeFiles,
  employeeFullName,
  employeeLanguages,
  employeeLinks,
  employeeRelatives,
  employeeSalaries,
  employees,
  type NewEmployee,
} from '../../db/schema/employees';
import { storedFiles } from '../../db/schema/files';
import { roles } from '../../db/schema/roles';
import { sessions } from '../../db/schema/sessions';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';

type Writer = Pick<Db, 'insert' | 'select' | 'update'>;
/** A database or a transaction of it. */
export type Runner = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

/** Adds an employee with the names and work email an account gives; answers its id. */
export async function insertEmployee(
  db: Writer,
  companyId: number,
  values: { firstName: string; lastName: string; workEmail: string | null },
): Promise<number> {
  const [row] = await db
    .insert(employees)
    .values({ companyId, ...values })
    .returning({ id: employees.id });
  if (!row) throw new Error('insertEmployee: insert returned no row');
  return row.id;
}

/** The employee of the company with this work email who has no account yet, if any. */
export async function findEmployeeWithoutAccountByEmail(
  db: Writer,
  companyId: number,
  workEmail: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .leftJoin(users, and(eq(users.companyId, companyId), eq(users.employeeId, employees.id)))
    .where(and(eq(employees.companyId, companyId), eq(employees.workEmail, workEmail), isNull(users.id)))
    .limit(1);
  return row?.id ?? null;
}

/** Sets an employee's work email (its account's sign-in email changed). */
export async function updateEmployeeWorkEmail(
  db: Writer,
  companyId: number,
  employeeId: number,
  workEmail: string,
): Promise<void> {
  await db
    .update(employees)
    .set({ workEmail, updatedAt: sql`now()` })
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
}

/** Sets an employee's names (from its account's one-line name, as the account's owner edits it). */
export async function updateEmployeeNames(
  db: Writer,
  companyId: number,
  employeeId: number,
  names: { firstName: string; lastName: string },
): Promise<void> {
  await db
    .update(employees)
    .set({ ...names, updatedAt: sql`now()` })
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
}

// ---------------------------------------------------------------------------------------------------
// The directory.

/** The account state of an employee in SQL: none, invited (no password yet), active, disabled. */
const accessState = sql<
  'none' | 'invited' | 'active' | 'disabled'
>`case when ${users.id} is null then 'none' when ${users.isDisabled} then 'disabled' when ${users.passwordHash} is null then 'invited' else 'active' end`;

export type EmployeeListRow = {
  id: number;
  name: string;
  firstNameAlt: string | null;
  lastNameAlt: string | null;
  middleNameAlt: string | null;
  photoFileId: number | null;
  employeeNumber: string | null;
  workEmail: string | null;
  workPhone: string | null;
  position: string | null;
  startOfWork: string | null;
  probationEnd: string | null;
  statusId: number | null;
  employmentTypeId: number | null;
  cityId: number | null;
  cityName: string | null;
  dismissalDate: string | null;
  access: 'none' | 'invited' | 'active' | 'disabled';
};

const listColumns = {
  id: employees.id,
  name: employeeFullName,
  firstNameAlt: employees.firstNameAlt,
  lastNameAlt: employees.lastNameAlt,
  middleNameAlt: employees.middleNameAlt,
  photoFileId: employees.photoFileId,
  employeeNumber: employees.employeeNumber,
  workEmail: employees.workEmail,
  workPhone: employees.workPhone,
  position: employees.position,
  startOfWork: employees.startOfWork,
  probationEnd: employees.probationEnd,
  statusId: employees.statusId,
  employmentTypeId: employees.employmentTypeId,
  cityId: employees.cityId,
  cityName: employees.cityName,
  dismissalDate: employees.dismissalDate,
  access: accessState,
};

export type EmployeeListFilter = {
  /** The visibility condition (employee-visibility.ts); undefined: everyone. */
  visible: SQL | undefined;
  /** A contains pattern (already escaped and lower-cased) and what it may look through. */
  search?: { pattern: string; reach: SearchReach } | undefined;
  teamIds?: readonly number[] | undefined;
  statusIds?: readonly number[] | undefined;
  employmentTypeIds?: readonly number[] | undefined;
  /** Contains patterns (already escaped). */
  position?: string | undefined;
  /** A contains pattern on the name kept, and the picked cities whose name in any language has it. */
  city?: { pattern: string; ids: readonly number[] } | undefined;
  startFrom?: string | undefined;
  startTo?: string | undefined;
  state: 'active' | 'dismissed' | 'all';
};

/** Which contact values a search may look through: those the reader sees on everyone they may find. */
export type SearchReach = { emails: boolean; phones: boolean };

/**
 * The directory search in SQL, over only what the reader may search (no search by a hidden field),
 * each form on a column with a trigram index (migration 0012) so the planner can use it:
 * - emails and phones: search_text (names, number, emails, phones);
 * - neither: search_text_names (names in both spellings and the number);
 * - one of them: search_text narrows the rows (it holds every visible column whole, so whatever the
 *   visible columns match it matches too), then the names or the visible columns one by one decide:
 *   a match only in the hidden ones is dropped.
 */
export function buildSearchCondition(search: { pattern: string; reach: SearchReach }): SQL {
  const { pattern, reach } = search;
  if (reach.emails && reach.phones) return like(employees.searchText, pattern);
  if (!reach.emails && !reach.phones) return like(employees.searchTextNames, pattern);
  const visible: SQL[] = reach.emails
    ? [sql`${employees.workEmail} like ${pattern}`, sql`lower(${employees.personalEmail}) like ${pattern}`]
    : [
        sql`lower(${employees.workPhone}) like ${pattern}`,
        sql`lower(${employees.personalPhone}) like ${pattern}`,
        sql`regexp_replace(coalesce(${employees.workPhone}, '') || ' ' || coalesce(${employees.personalPhone}, ''), '[^0-9 ]', '', 'g') like ${pattern}`,
      ];
  return sql`(${like(employees.searchText, pattern)} and (${like(employees.searchTextNames, pattern)} or ${sql.join(visible, sql` or `)}))`;
}

/** The directory's filter in SQL: what the list, its count and the export all select by. */
export function listWhere(companyId: number, filter: EmployeeListFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(employees.companyId, companyId), filter.visible];
  if (filter.search) conditions.push(buildSearchCondition(filter.search));
  if (filter.teamIds && filter.teamIds.length > 0) {
    conditions.push(
      sql`exists (select 1 from team_members tm where tm.company_id = ${companyId} and tm.employee_id = ${employees.id} and tm.team_id in (select unnest(${`{${filter.teamIds.join(',')}}`}::int[])))`,
    );
  }
  if (filter.statusIds && filter.statusIds.length > 0)
    conditions.push(inArray(employees.statusId, [...filter.statusIds]));
  if (filter.employmentTypeIds && filter.employmentTypeIds.length > 0) {
    conditions.push(inArray(employees.employmentTypeId, [...filter.employmentTypeIds]));
  }
  if (filter.position) conditions.push(sql`lower(${employees.position}) like ${filter.position}`);
  if (filter.city) {
    const { pattern, ids } = filter.city;
    const byName = sql`lower(${employees.cityName}) like ${pattern}`;
    conditions.push(ids.length > 0 ? sql`(${byName} or ${isAnyOf(employees.cityId, ids)})` : byName);
  }
  if (filter.startFrom) conditions.push(sql`${employees.startOfWork} >= ${filter.startFrom}`);
  if (filter.startTo) conditions.push(sql`${employees.startOfWork} <= ${filter.startTo}`);
  if (filter.state === 'active') conditions.push(isNull(employees.dismissalDate));
  if (filter.state === 'dismissed') conditions.push(sql`${employees.dismissalDate} is not null`);
  return and(...conditions);
}

export type EmployeeSortKey = 'name' | 'start_of_work' | 'position' | 'probation_period' | 'created_at';

/** The directory's order (name, id as the tie-break), shared by the list and the export. */
export function listOrder(sort: EmployeeSortKey, direction: 'asc' | 'desc'): SQL[] {
  const by = direction === 'asc' ? asc : desc;
  const byName = [
    by(sql`lower(${employees.lastName})`),
    by(sql`lower(${employees.firstName})`),
    by(employees.id),
  ];
  const nulls = direction === 'asc' ? sql`nulls last` : sql`nulls first`;
  switch (sort) {
    case 'start_of_work':
      return [sql`${employees.startOfWork} ${sql.raw(direction)} ${nulls}`, ...byName];
    case 'probation_period':
      return [sql`${employees.probationEnd} ${sql.raw(direction)} ${nulls}`, ...byName];
    case 'position':
      return [sql`lower(${employees.position}) ${sql.raw(direction)} ${nulls}`, ...byName];
    case 'created_at':
      return [by(employees.createdAt), by(employees.id)];
    default:
      return byName;
  }
}

/**
 * One page of the directory and the number of rows the filter matches. With a search, every matching
 * row is read either way (a contains pattern gives no order to stop early in), so one statement reads
 * them once: their ids are counted with a window and sorted, and only the page's rows are joined for
 * their columns (at 10,000 employees a third less time than a page and a count apart). Without one,
 * the page walks the name index and stops after a page: two statements, the count an index scan.
 */
export async function listEmployeesPage(
  db: Runner,
  companyId: number,
  filter: EmployeeListFilter,
  page: { sort: EmployeeSortKey; direction: 'asc' | 'desc'; limit: number; offset: number },
): Promise<{ rows: EmployeeListRow[]; total: number }> {
  const where = listWhere(companyId, filter);
  const order = listOrder(page.sort, page.direction);
  const countAll = async () => {
    const [row] = await db.select({ total: count() }).from(employees).where(where);
    return row?.total ?? 0;
  };
  if (!filter.search) {
    const [rows, total] = await Promise.all([
      db
        .select(listColumns)
        .from(employees)
        .leftJoin(users, and(eq(users.companyId, companyId), eq(users.employeeId, employees.id)))
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      countAll(),
    ]);
    return { rows, total };
  }
  const matched = db
    .select({ id: employees.id, total: sql<number>`(count(*) over ())::int`.as('total') })
    .from(employees)
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset)
    .as('matched');
  const found = await db
    .select({ ...listColumns, total: matched.total })
    .from(matched)
    .innerJoin(employees, and(eq(employees.companyId, companyId), eq(employees.id, matched.id)))
    .leftJoin(users, and(eq(users.companyId, companyId), eq(users.employeeId, employees.id)))
    .orderBy(...order);
  const first = found[0];
  // A page past the last one has no row to carry the count.
  if (!first) return { rows: [], total: page.offset > 0 ? await countAll() : 0 };
  return { rows: found.map(({ total: _total, ...row }) => row), total: Number(first.total) };
}

/** Visible, not dismissed employees as references, by name. */
export async function listEmployeeRefs(
  db: Runner,
  companyId: number,
  visible: SQL | undefined,
): Promise<{ id: number; name: string; photoFileId: number | null; accountId: number | null }[]> {
  return db
    .select({
      id: employees.id,
      name: employeeFullName,
      photoFileId: employees.photoFileId,
      accountId: users.id,
    })
    .from(employees)
    .leftJoin(users, and(eq(users.companyId, companyId), eq(users.employeeId, employees.id)))
    .where(and(eq(employees.companyId, companyId), visible, isNull(employees.dismissalDate)))
    .orderBy(sql`lower(${employees.lastName})`, sql`lower(${employees.firstName})`, employees.id);
}

/** Visible, not dismissed employees whose probation ends on or after `today`, soonest first. */
export async function listProbationEnds(
  db: Runner,
  companyId: number,
  filter: { visible: SQL | undefined; today: string; teamIds?: readonly number[] | undefined; limit: number },
): Promise<EmployeeListRow[]> {
  return db
    .select(listColumns)
    .from(employees)
    .leftJoin(users, and(eq(users.companyId, companyId), eq(users.employeeId, employees.id)))
    .where(
      and(
        listWhere(companyId, { visible: filter.visible, teamIds: filter.teamIds, state: 'active' }),
        sql`${employees.probationEnd} >= ${filter.today}`,
      ),
    )
    .orderBy(asc(employees.probationEnd), asc(employees.id))
    .limit(filter.limit);
}

export type EmployeeTeamRow = {
  employeeId: number;
  id: number;
  name: string;
  isManager: boolean;
  isHidden: boolean;
};

/** The teams of these employees, by team name (one statement for a page of rows). */
export async function findTeamsOfEmployees(
  db: Runner,
  companyId: number,
  employeeIds: readonly number[],
): Promise<EmployeeTeamRow[]> {
  if (employeeIds.length === 0) return [];
  return db
    .select({
      employeeId: teamMembers.employeeId,
      id: teams.id,
      name: teams.name,
      isManager: teamMembers.isManager,
      isHidden: teams.isHidden,
    })
    .from(teamMembers)
    .innerJoin(teams, and(eq(teams.companyId, companyId), eq(teams.id, teamMembers.teamId)))
    .where(and(eq(teamMembers.companyId, companyId), inArray(teamMembers.employeeId, [...employeeIds])))
    .orderBy(sql`lower(${teams.name})`, teams.id);
}

/** Teams of the company by id, with whether each is hidden. */
export async function findTeamsByIds(
  db: Runner,
  companyId: number,
  teamIds: readonly number[],
): Promise<{ id: number; isHidden: boolean }[]> {
  if (teamIds.length === 0) return [];
  return db
    .select({ id: teams.id, isHidden: teams.isHidden })
    .from(teams)
    .where(and(eq(teams.companyId, companyId), inArray(teams.id, [...teamIds])));
}

export type DictionaryEntry = {
  id: number;
  dictionary: DictionaryItem['dictionary'];
  code: string;
  name: string;
  meta: Record<string, unknown>;
};

/** Dictionary entries (global or the company's) by id, named in `locale` (company renames first). */
export async function findDictionaryEntries(
  db: Runner,
  companyId: number,
  ids: readonly number[],
  locale: Locale,
): Promise<Map<number, DictionaryEntry>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({
      id: dictionaryItems.id,
      dictionary: dictionaryItems.dictionary,
      code: dictionaryItems.code,
      names: dictionaryItems.names,
      overrides: dictionaryItemOverrides.names,
      meta: dictionaryItems.meta,
    })
    .from(dictionaryItems)
    .leftJoin(
      dictionaryItemOverrides,
      and(
        eq(dictionaryItemOverrides.companyId, companyId),
        eq(dictionaryItemOverrides.itemId, dictionaryItems.id),
      ),
    )
    .where(
      and(
        inArray(dictionaryItems.id, unique),
        or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
      ),
    );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        dictionary: row.dictionary,
        code: row.code,
        name: row.overrides?.[locale] ?? row.names[locale] ?? row.overrides?.en ?? row.names.en,
        meta: row.meta,
      },
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------
// One employee.

export type EmployeeAccount = {
  userId: number;
  isDisabled: boolean;
  hasPassword: boolean;
  roleId: number;
  roleName: string;
  roleKey: string | null;
};

/** An employee of the company with its account (if any). */
export async function findEmployee(
  db: Runner,
  companyId: number,
  employeeId: number,
): Promise<{ employee: Employee; account: EmployeeAccount | null } | null> {
  const [row] = await db
    .select({
      employee: employees,
      userId: users.id,
      isDisabled: users.isDisabled,
      passwordHash: users.passwordHash,
      roleId: roles.id,
      roleName: roles.name,
      roleKey: roles.key,
    })
    .from(employees)
    .leftJoin(users, and(eq(users.companyId, companyId), eq(users.employeeId, employees.id)))
    .leftJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)))
    .limit(1);
  if (!row) return null;
  const account =
    row.userId !== null && row.roleId !== null
      ? {
          userId: row.userId,
          isDisabled: row.isDisabled ?? false,
          hasPassword: row.passwordHash !== null,
          roleId: row.roleId,
          roleName: row.roleName ?? '',
          roleKey: row.roleKey,
        }
      : null;
  return { employee: row.employee, account };
}

/** Names of employees of the company by id (managers). */
export async function findEmployeeRefs(
  db: Runner,
  companyId: number,
  ids: readonly number[],
): Promise<{ id: number; name: string; photoFileId: number | null }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: employees.id, name: employeeFullName, photoFileId: employees.photoFileId })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, [...ids])));
}

/**
 * `column = any('{…}'::int[])`: a batch of ids as one array parameter. Hundreds of ids through
 * inArray are as many parameters, which PGlite binds several times slower (the export's batches).
 */
export function isAnyOf(column: SQL | AnyColumn, ids: readonly number[]): SQL {
  return sql`${column} = any(${`{${ids.join(',')}}`}::int[])`;
}

/** An employee's lists as the change history writes them (the profile's shape). */
export type EmployeeLists = {
  languages: { language_id: number; level_id: number | null }[];
  relatives: { relative_type_id: number | null; name: string; birth_date: string | null }[];
  links: { icon_id: number | null; url: string }[];
};

/** The languages, relatives and links of a batch of employees (three statements), by employee. */
export async function findListsOfEmployees(
  db: Pick<Db, 'select'>,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, EmployeeLists>> {
  const lists = new Map<number, EmployeeLists>();
  if (ids.length === 0) return lists;
  const of = (employeeId: number) => {
    let found = lists.get(employeeId);
    if (!found) {
      found = { languages: [], relatives: [], links: [] };
      lists.set(employeeId, found);
    }
    return found;
  };
  const [languages, relatives, links] = await Promise.all([
    db
      .select({
        employeeId: employeeLanguages.employeeId,
        languageId: employeeLanguages.languageId,
        levelId: employeeLanguages.levelId,
      })
      .from(employeeLanguages)
      .where(and(eq(employeeLanguages.companyId, companyId), isAnyOf(employeeLanguages.employeeId, ids)))
      .orderBy(asc(employeeLanguages.languageId)),
    db
      .select({
        employeeId: employeeRelatives.employeeId,
        relativeTypeId: employeeRelatives.relativeTypeId,
        name: employeeRelatives.name,
        birthDate: employeeRelatives.birthDate,
      })
      .from(employeeRelatives)
      .where(and(eq(employeeRelatives.companyId, companyId), isAnyOf(employeeRelatives.employeeId, ids)))
      .orderBy(asc(employeeRelatives.id)),
    db
      .select({ employeeId: employeeLinks.employeeId, iconId: employeeLinks.iconId, url: employeeLinks.url })
      .from(employeeLinks)
      .where(and(eq(employeeLinks.companyId, companyId), isAnyOf(employeeLinks.employeeId, ids)))
      .orderBy(asc(employeeLinks.position), asc(employeeLinks.id)),
  ]);
  for (const row of languages)
    of(row.employeeId).languages.push({ language_id: row.languageId, level_id: row.levelId });
  for (const row of relatives) {
    of(row.employeeId).relatives.push({
      relative_type_id: row.relativeTypeId,
      name: row.name,
      birth_date: row.birthDate,
    });
  }
  for (const row of links) of(row.employeeId).links.push({ icon_id: row.iconId, url: row.url });
  return lists;
}

export async function findEmployeeLanguages(db: Runner, companyId: number, employeeId: number) {
  return db
    .select({ languageId: employeeLanguages.languageId, levelId: employeeLanguages.levelId })
    .from(employeeLanguages)
    .where(and(eq(employeeLanguages.companyId, companyId), eq(employeeLanguages.employeeId, employeeId)));
}

export async function findEmployeeLinks(db: Runner, companyId: number, employeeId: number) {
  return db
    .select({ id: employeeLinks.id, iconId: employeeLinks.iconId, url: employeeLinks.url })
    .from(employeeLinks)
    .where(and(eq(employeeLinks.companyId, companyId), eq(employeeLinks.employeeId, employeeId)))
    .orderBy(employeeLinks.position, employeeLinks.id);
}

export async function findEmployeeRelatives(db: Runner, companyId: number, employeeId: number) {
  return db
    .select({
      id: employeeRelatives.id,
      relativeTypeId: employeeRelatives.relativeTypeId,
      name: employeeRelatives.name,
      birthDate: employeeRelatives.birthDate,
    })
    .from(employeeRelatives)
    .where(and(eq(employeeRelatives.companyId, companyId), eq(employeeRelatives.employeeId, employeeId)))
    .orderBy(employeeRelatives.id);
}

export type SalaryRow = typeof employeeSalaries.$inferSelect;

/** An employee's salary history, latest first. */
export async function listSalaries(db: Runner, companyId: number, employeeId: number): Promise<SalaryRow[]> {
  return db
    .select()
    .from(employeeSalaries)
    .where(and(eq(employeeSalaries.companyId, companyId), eq(employeeSalaries.employeeId, employeeId)))
    .orderBy(desc(employeeSalaries.effectiveFrom), desc(employeeSalaries.id));
}

export async function insertSalary(
  db: Runner,
  values: typeof employeeSalaries.$inferInsert,
): Promise<SalaryRow> {
  const [row] = await db.insert(employeeSalaries).values(values).returning();
  if (!row) throw new Error('insertSalary: insert returned no row');
  return row;
}

/** Deletes one salary entry of an employee; answers the deleted row, or null. */
export async function deleteSalary(
  db: Runner,
  companyId: number,
  employeeId: number,
  salaryId: number,
): Promise<SalaryRow | null> {
  const [row] = await db
    .delete(employeeSalaries)
    .where(
      and(
        eq(employeeSalaries.companyId, companyId),
        eq(employeeSalaries.employeeId, employeeId),
        eq(employeeSalaries.id, salaryId),
      ),
    )
    .returning();
  return row ?? null;
}

export type EmployeeFileRow = {
  id: number;
  fileId: number;
  name: string;
  size: number;
  format: string | null;
  storageKey: string;
  createdAt: Date;
};

const fileColumns = {
  id: employeeFiles.id,
  fileId: storedFiles.id,
  name: storedFiles.originalName,
  size: storedFiles.size,
  format: storedFiles.detectedFormat,
  storageKey: storedFiles.storageKey,
  createdAt: employeeFiles.createdAt,
};

export async function listEmployeeFiles(
  db: Runner,
  companyId: number,
  employeeId: number,
): Promise<EmployeeFileRow[]> {
  return db
    .select(fileColumns)
    .from(employeeFiles)
    .innerJoin(
      storedFiles,
      and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, employeeFiles.fileId)),
    )
    .where(and(eq(employeeFiles.companyId, companyId), eq(employeeFiles.employeeId, employeeId)))
    .orderBy(desc(employeeFiles.createdAt), desc(employeeFiles.id));
}

export async function findEmployeeFile(
  db: Runner,
  companyId: number,
  employeeId: number,
  id: number,
): Promise<EmployeeFileRow | null> {
  const [row] = await db
    .select(fileColumns)
    .from(employeeFiles)
    .innerJoin(
      storedFiles,
      and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, employeeFiles.fileId)),
    )
    .where(
      and(
        eq(employeeFiles.companyId, companyId),
        eq(employeeFiles.employeeId, employeeId),
        eq(employeeFiles.id, id),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Records a stored file (its bytes already in the file store); answers its id. */
export async function insertStoredFile(db: Runner, values: typeof storedFiles.$inferInsert): Promise<number> {
  const [row] = await db.insert(storedFiles).values(values).returning({ id: storedFiles.id });
  if (!row) throw new Error('insertStoredFile: insert returned no row');
  return row.id;
}

export async function insertEmployeeFile(
  db: Runner,
  values: typeof employeeFiles.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(employeeFiles).values(values).returning({ id: employeeFiles.id });
  if (!row) throw new Error('insertEmployeeFile: insert returned no row');
  return row.id;
}

/** Removes an employee's file and its stored-file row; answers the storage key to delete. */
export async function deleteEmployeeFile(
  db: Runner,
  companyId: number,
  file: EmployeeFileRow,
): Promise<void> {
  await db
    .delete(employeeFiles)
    .where(and(eq(employeeFiles.companyId, companyId), eq(employeeFiles.id, file.id)));
  await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, file.fileId)));
}

/** A stored file of the company (a photo). */
export async function findStoredFile(
  db: Runner,
  companyId: number,
  fileId: number,
): Promise<{ storageKey: string; format: string | null; size: number } | null> {
  const [row] = await db
    .select({
      storageKey: storedFiles.storageKey,
      format: storedFiles.detectedFormat,
      size: storedFiles.size,
    })
    .from(storedFiles)
    .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, fileId)))
    .limit(1);
  return row ?? null;
}

export async function deleteStoredFile(
  db: Runner,
  companyId: number,
  fileId: number,
): Promise<string | null> {
  const [row] = await db
    .delete(storedFiles)
    .where(and(eq(storedFiles.companyId, companyId), eq(storedFiles.id, fileId)))
    .returning({ storageKey: storedFiles.storageKey });
  return row?.storageKey ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Writing an employee.

export async function insertEmployeeRecord(db: Runner, values: NewEmployee): Promise<Employee> {
  const [row] = await db.insert(employees).values(values).returning();
  if (!row) throw new Error('insertEmployeeRecord: insert returned no row');
  return row;
}

export async function updateEmployeeRecord(
  db: Runner,
  companyId: number,
  employeeId: number,
  values: Partial<NewEmployee>,
): Promise<void> {
  await db
    .update(employees)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
}

export async function deleteEmployeeRecord(db: Runner, companyId: number, employeeId: number): Promise<void> {
  await db.delete(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
}

/** Whether another employee of the company, or another account, has this work email. */
export async function isWorkEmailTaken(
  db: Runner,
  companyId: number,
  email: string,
  exceptEmployeeId: number | null,
): Promise<boolean> {
  const [employee] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.workEmail, email),
        exceptEmployeeId === null ? undefined : ne(employees.id, exceptEmployeeId),
      ),
    )
    .limit(1);
  if (employee) return true;
  const [account] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.email, email),
        exceptEmployeeId === null ? undefined : ne(users.employeeId, exceptEmployeeId),
      ),
    )
    .limit(1);
  return account !== undefined;
}

/** Whether another employee of the company has this employee number. */
export async function isEmployeeNumberTaken(
  db: Runner,
  companyId: number,
  employeeNumber: string,
  exceptEmployeeId: number | null,
): Promise<boolean> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .where(
      and(
        eq(employees.companyId, companyId),
        eq(employees.employeeNumber, employeeNumber),
        exceptEmployeeId === null ? undefined : ne(employees.id, exceptEmployeeId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function replaceEmployeeTeams(
  db: Runner,
  companyId: number,
  employeeId: number,
  teamIds: readonly number[],
): Promise<void> {
  // Keep the memberships that stay (and whether the employee manages them), drop the others.
  await db
    .delete(teamMembers)
    .where(
      and(
        eq(teamMembers.companyId, companyId),
        eq(teamMembers.employeeId, employeeId),
        teamIds.length > 0 ? notInArray(teamMembers.teamId, [...teamIds]) : undefined,
      ),
    );
  if (teamIds.length === 0) return;
  await db
    .insert(teamMembers)
    .values(teamIds.map((teamId) => ({ companyId, teamId, employeeId })))
    .onConflictDoNothing();
}

export async function replaceEmployeeLanguages(
  db: Runner,
  companyId: number,
  employeeId: number,
  languages: readonly { languageId: number; levelId: number | null }[],
): Promise<void> {
  await db
    .delete(employeeLanguages)
    .where(and(eq(employeeLanguages.companyId, companyId), eq(employeeLanguages.employeeId, employeeId)));
  if (languages.length === 0) return;
  await db
    .insert(employeeLanguages)
    .values(languages.map((language) => ({ companyId, employeeId, ...language })))
    .onConflictDoNothing();
}

export async function replaceEmployeeLinks(
  db: Runner,
  companyId: number,
  employeeId: number,
  links: readonly { iconId: number | null; url: string }[],
): Promise<void> {
  await db
    .delete(employeeLinks)
    .where(and(eq(employeeLinks.companyId, companyId), eq(employeeLinks.employeeId, employeeId)));
  if (links.length === 0) return;
  await db
    .insert(employeeLinks)
    .values(links.map((link, position) => ({ companyId, employeeId, position, ...link })));
}

export async function replaceEmployeeRelatives(
  db: Runner,
  companyId: number,
  employeeId: number,
  relatives: readonly { relativeTypeId: number | null; name: string; birthDate: string | null }[],
): Promise<void> {
  await db
    .delete(employeeRelatives)
    .where(and(eq(employeeRelatives.companyId, companyId), eq(employeeRelatives.employeeId, employeeId)));
  if (relatives.length === 0) return;
  await db
    .insert(employeeRelatives)
    .values(relatives.map((relative) => ({ companyId, employeeId, ...relative })));
}

export type ChangeInput = {
  field: string;
  oldValue: unknown;
  newValue: unknown;
};

/** One employee_changes row per changed field, by the actor (and its impersonator under "login as"). */
export async function insertEmployeeChanges(
  db: Runner,
  companyId: number,
  employeeId: number,
  actor: { userId: number; name: string; impersonator: { id: number; name: string } | null },
  changes: readonly ChangeInput[],
): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(employeeChanges).values(
    changes.map((change) => ({
      companyId,
      employeeId,
      field: change.field,
      oldValue: change.oldValue ?? null,
      newValue: change.newValue ?? null,
      actorUserId: actor.userId,
      actorName: actor.name,
      impersonatorUserId: actor.impersonator?.id ?? null,
      impersonatorName: actor.impersonator?.name ?? null,
    })),
  );
}

/** A page of an employee's changes of these fields (and custom fields when asked), newest first. */
export async function listEmployeeChanges(
  db: Runner,
  companyId: number,
  employeeId: number,
  filter: { fields: readonly string[]; customFields: boolean; limit: number; offset: number },
) {
  const fieldCondition = or(
    filter.fields.length > 0 ? inArray(employeeChanges.field, [...filter.fields]) : sql`false`,
    filter.customFields ? like(employeeChanges.field, 'custom_fields.%') : undefined,
  );
  const where = and(
    eq(employeeChanges.companyId, companyId),
    eq(employeeChanges.employeeId, employeeId),
    fieldCondition,
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(employeeChanges)
      .where(where)
      .orderBy(desc(employeeChanges.changedAt), desc(employeeChanges.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(employeeChanges).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

// ---------------------------------------------------------------------------------------------------
// The employee's account (decision 012: the account follows its employee's names and work email).

export async function updateAccountOfEmployee(
  db: Runner,
  companyId: number,
  userId: number,
  values: { name?: string; email?: string },
): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** Disables the accounts of these employees and ends their sessions (they were dismissed). */
export async function disableAccountsOfEmployees(
  db: Runner,
  companyId: number,
  employeeIds: readonly number[],
): Promise<void> {
  if (employeeIds.length === 0) return;
  const disabled = await db
    .update(users)
    .set({ isDisabled: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(users.companyId, companyId),
        inArray(users.employeeId, [...employeeIds]),
        eq(users.isDisabled, false),
      ),
    )
    .returning({ id: users.id });
  if (disabled.length === 0) return;
  await db.delete(sessions).where(
    and(
      eq(sessions.companyId, companyId),
      inArray(
        sessions.userId,
        disabled.map((user) => user.id),
      ),
    ),
  );
}

/** The employee statuses the company sees that mean "dismissed" (people_status meta.is_dismissed). */
export async function findDismissedStatusIds(db: Runner, companyId: number): Promise<Set<number>> {
  const rows = await db
    .select({ id: dictionaryItems.id })
    .from(dictionaryItems)
    .where(
      and(
        eq(dictionaryItems.dictionary, 'people_status'),
        or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
        sql`(${dictionaryItems.meta} ->> 'is_dismissed') = 'true'`,
      ),
    );
  return new Set(rows.map((row) => row.id));
}

// ---------------------------------------------------------------------------------------------------
// Custom field definitions.

export type FieldDefinitionRow = typeof employeeFieldDefinitions.$inferSelect;

export async function listFieldDefinitions(db: Runner, companyId: number): Promise<FieldDefinitionRow[]> {
  return db
    .select()
    .from(employeeFieldDefinitions)
    .where(eq(employeeFieldDefinitions.companyId, companyId))
    .orderBy(employeeFieldDefinitions.position, employeeFieldDefinitions.id);
}

export async function insertFieldDefinition(
  db: Runner,
  companyId: number,
  values: { name: string; type: FieldDefinitionRow['type']; options: { id: string; name: string }[] },
): Promise<FieldDefinitionRow> {
  const [row] = await db
    .insert(employeeFieldDefinitions)
    .values({
      companyId,
      ...values,
      position: sql`(select coalesce(max(position), -1) + 1 from employee_field_definitions where company_id = ${companyId})`,
    })
    .returning();
  if (!row) throw new Error('insertFieldDefinition: insert returned no row');
  return row;
}

export async function updateFieldDefinition(
  db: Runner,
  companyId: number,
  id: number,
  values: { name: string; type: FieldDefinitionRow['type']; options: { id: string; name: string }[] },
): Promise<FieldDefinitionRow | null> {
  const [row] = await db
    .update(employeeFieldDefinitions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(employeeFieldDefinitions.companyId, companyId), eq(employeeFieldDefinitions.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a definition and its values from every employee of the company. */
export async function deleteFieldDefinition(db: Runner, companyId: number, id: number): Promise<boolean> {
  const [row] = await db
    .delete(employeeFieldDefinitions)
    .where(and(eq(employeeFieldDefinitions.companyId, companyId), eq(employeeFieldDefinitions.id, id)))
    .returning({ id: employeeFieldDefinitions.id });
  if (!row) return false;
  await db
    .update(employees)
    .set({ customFields: sql`${employees.customFields} - ${String(id)}` })
    .where(and(eq(employees.companyId, companyId), sql`${employees.customFields} ? ${String(id)}`));
  return true;
}

/** Whether a dictionary entry of this kind exists for the company (global or its own). */
export async function findDictionaryIdsOf(
  db: Runner,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, DictionaryItem['dictionary']>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: dictionaryItems.id, dictionary: dictionaryItems.dictionary })
    .from(dictionaryItems)
    .where(
      and(
        inArray(dictionaryItems.id, [...new Set(ids)]),
        or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
      ),
    );
  return new Map(rows.map((row) => [row.id, row.dictionary]));
}

export type { CustomFieldValue };
