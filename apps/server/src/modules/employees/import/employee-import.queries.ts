import { and, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  dictionaryItemOverrides,
  dictionaryItems,
  type LocalizedNames,
} from '../../../db/schema/dictionaries';
import {
  type EmployeeImportRowReport,
  type EmployeeImportStatus,
  employeeChanges,
  employeeFieldDefinitions,
  employeeImports,
  employeeSalaries,
  employees,
} from '../../../db/schema/employees';
import { teams } from '../../../db/schema/teams';
import { users } from '../../../db/schema/users';
import type { Db } from '../../../db/tables';

// All SQL of the employee import. Every statement filters by company_id.

type Reader = Pick<Db, 'select' | 'selectDistinctOn'>;
type Writer = Pick<Db, 'insert' | 'select' | 'update' | 'delete' | 'execute'>;

/** An employee as the import matches rows against it. */
export type ExistingEmployee = {
  id: number;
  employeeNumber: string | null;
  workEmail: string | null;
  hasAccount: boolean;
};

/** Every employee of the company with what rows are matched by (10,000 of these are a few MB). */
export async function findEmployeesForMatching(db: Reader, companyId: number): Promise<ExistingEmployee[]> {
  return db
    .select({
      id: employees.id,
      employeeNumber: employees.employeeNumber,
      workEmail: employees.workEmail,
      hasAccount: sql<boolean>`${users.id} is not null`,
    })
    .from(employees)
    .leftJoin(users, and(eq(users.companyId, companyId), eq(users.employeeId, employees.id)))
    .where(eq(employees.companyId, companyId));
}

export async function findTeamNames(db: Reader, companyId: number) {
  return db
    .select({ id: teams.id, name: teams.name, isHidden: teams.isHidden })
    .from(teams)
    .where(eq(teams.companyId, companyId));
}

/** The dictionary entries the company sees (global ones it has not hidden, and its own), with names. */
export async function findDictionaryEntries(db: Reader, companyId: number) {
  return db
    .select({
      id: dictionaryItems.id,
      dictionary: dictionaryItems.dictionary,
      code: dictionaryItems.code,
      names: dictionaryItems.names,
      overrideNames: dictionaryItemOverrides.names,
    })
    .from(dictionaryItems)
    .leftJoin(
      dictionaryItemOverrides,
      and(
        eq(dictionaryItemOverrides.itemId, dictionaryItems.id),
        eq(dictionaryItemOverrides.companyId, companyId),
      ),
    )
    .where(
      and(
        or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
        or(isNull(dictionaryItemOverrides.isHidden), eq(dictionaryItemOverrides.isHidden, false)),
      ),
    )
    .orderBy(dictionaryItems.dictionary, dictionaryItems.position, dictionaryItems.id);
}

export type DictionaryEntryRow = {
  id: number;
  dictionary: string;
  code: string;
  names: LocalizedNames;
  overrideNames: Partial<LocalizedNames> | null;
};

export async function findCustomFieldDefinitions(db: Reader, companyId: number) {
  return db
    .select({
      id: employeeFieldDefinitions.id,
      name: employeeFieldDefinitions.name,
      type: employeeFieldDefinitions.type,
      options: employeeFieldDefinitions.options,
    })
    .from(employeeFieldDefinitions)
    .where(eq(employeeFieldDefinitions.companyId, companyId))
    .orderBy(employeeFieldDefinitions.position, employeeFieldDefinitions.id);
}

export async function insertImport(
  db: Pick<Db, 'insert'>,
  values: {
    companyId: number;
    createdByUserId: number;
    fileName: string;
    storageKey: string;
    format: 'xlsx' | 'csv';
    summary: Record<string, number>;
    report: EmployeeImportRowReport[];
  },
) {
  const [row] = await db
    .insert(employeeImports)
    .values({ ...values, status: 'checked' })
    .returning();
  if (!row) throw new Error('insertImport: insert returned no row');
  return row;
}

export async function findImport(db: Reader, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(employeeImports)
    .where(and(eq(employeeImports.companyId, companyId), eq(employeeImports.id, id)));
  return row ?? null;
}

/** The import row locked for the confirming transaction (a second confirmation waits, then sees it done). */
export async function lockImport(db: Writer, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(employeeImports)
    .where(and(eq(employeeImports.companyId, companyId), eq(employeeImports.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateImport(
  db: Pick<Db, 'update'>,
  companyId: number,
  id: number,
  values: {
    status?: EmployeeImportStatus;
    summary?: Record<string, number>;
    report?: EmployeeImportRowReport[];
    importedAt?: Date;
  },
) {
  const [row] = await db
    .update(employeeImports)
    .set(values)
    .where(and(eq(employeeImports.companyId, companyId), eq(employeeImports.id, id)))
    .returning();
  return row ?? null;
}

/** Employees of a batch as stored before the import changes them (for the change history). */
export async function findEmployeesByIds(db: Reader, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, [...ids])));
}

/**
 * Adds employees; answers their ids in the order given. The batch travels as one JSON parameter
 * (jsonb_to_recordset), as `updateEmployees` does: a multi-row VALUES through the query builder makes
 * tens of thousands of SQL chunk objects per 500 rows, which was most of the import's garbage (the
 * server's RSS grew by ~180 MB during a 10,000-row confirmation, docs/performance.md). Rows are
 * inserted in the order given and identity values only grow within a statement, so the ids sorted
 * ascending are the rows' ids in order.
 */
export async function insertEmployees(
  db: Writer,
  companyId: number,
  rows: { values: Partial<Record<UpdatableColumn, string | number>>; customFields: object }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const json = JSON.stringify(
    rows.map((row, index) => ({
      ...row.values,
      first_name: String(row.values.first_name ?? ''),
      last_name: String(row.values.last_name ?? ''),
      custom_fields: row.customFields,
      ord: index,
    })),
  );
  const names = UPDATABLE_COLUMNS.map(([name]) => name);
  const definitions = sql.raw(
    [...UPDATABLE_COLUMNS.map(([name, type]) => `${name} ${type}`), 'custom_fields jsonb', 'ord int'].join(
      ', ',
    ),
  );
  const result = await db.execute<{ id: number }>(
    sql`insert into employees (company_id, ${sql.raw(names.join(', '))}, custom_fields) select ${companyId}, ${sql.raw(names.map((name) => `v.${name}`).join(', '))}, coalesce(v.custom_fields, '{}'::jsonb) from jsonb_to_recordset(${json}::jsonb) as v(${definitions}) order by v.ord returning id`,
  );
  const ids = result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  if (ids.length !== rows.length)
    throw new Error(`insertEmployees: ${ids.length} ids for ${rows.length} rows`);
  return ids;
}

/** The columns an import may update, as their SQL names and types (for jsonb_to_recordset). */
const UPDATABLE_COLUMNS = [
  ['employee_number', 'text'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['middle_name', 'text'],
  ['first_name_alt', 'text'],
  ['last_name_alt', 'text'],
  ['middle_name_alt', 'text'],
  ['work_email', 'text'],
  ['work_phone', 'text'],
  ['personal_email', 'text'],
  ['personal_phone', 'text'],
  ['position', 'text'],
  ['manager_id', 'int'],
  ['employment_type_id', 'int'],
  ['terms_of_cooperation_id', 'int'],
  ['status_id', 'int'],
  ['grade_id', 'int'],
  ['experience_id', 'int'],
  ['start_of_work', 'date'],
  ['probation_end', 'date'],
  ['dismissal_date', 'date'],
  ['dismissal_reason_id', 'int'],
  ['birth_date', 'date'],
  ['gender_id', 'int'],
  ['marital_status_id', 'int'],
  ['country_code', 'text'],
  ['city_name', 'text'],
  ['address', 'text'],
  ['notes', 'text'],
] as const;
export type UpdatableColumn = (typeof UPDATABLE_COLUMNS)[number][0];

/**
 * Updates a batch of employees in one statement. Each row carries only the columns its file row had
 * values for: a missing (null) one keeps the stored value. Custom fields merge into the stored ones.
 */
export async function updateEmployees(
  db: Writer,
  companyId: number,
  rows: { id: number; values: Partial<Record<UpdatableColumn, string | number>>; customFields: object }[],
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map((row) => ({ id: row.id, ...row.values, custom_fields: row.customFields })),
  );
  const definitions = sql.raw(
    ['id int', ...UPDATABLE_COLUMNS.map(([name, type]) => `${name} ${type}`), 'custom_fields jsonb'].join(
      ', ',
    ),
  );
  const assignments = sql.raw(
    [
      ...UPDATABLE_COLUMNS.map(([name]) => `${name} = coalesce(v.${name}, e.${name})`),
      "custom_fields = e.custom_fields || coalesce(v.custom_fields, '{}'::jsonb)",
      'updated_at = now()',
    ].join(', '),
  );
  await db.execute(
    sql`update employees e set ${assignments} from jsonb_to_recordset(${json}::jsonb) as v(${definitions}) where e.id = v.id and e.company_id = ${companyId}`,
  );
}

/**
 * Replaces the teams of the given employees (a manager keeps that mark in a team it stays in).
 * Answers the employees whose teams changed (a membership removed or added), in id order.
 */
export async function replaceTeamMemberships(
  db: Writer,
  companyId: number,
  memberships: { employeeId: number; teamIds: number[] }[],
): Promise<number[]> {
  if (memberships.length === 0) return [];
  const pairs = memberships.flatMap((m) => m.teamIds.map((teamId) => ({ employeeId: m.employeeId, teamId })));
  const json = JSON.stringify(memberships.map((m) => ({ employee_id: m.employeeId, team_ids: m.teamIds })));
  const changed = new Set<number>();
  const removed = await db.execute<{ employee_id: number }>(
    sql`delete from team_members tm using jsonb_to_recordset(${json}::jsonb) as v(employee_id int, team_ids int[]) where tm.company_id = ${companyId} and tm.employee_id = v.employee_id and not (tm.team_id = any(v.team_ids)) returning tm.employee_id`,
  );
  for (const row of removed.rows) changed.add(Number(row.employee_id));
  if (pairs.length > 0) {
    // One JSON parameter, not a VALUES list built chunk by chunk (see insertEmployees).
    const added = await db.execute<{ employee_id: number }>(
      sql`insert into team_members (company_id, employee_id, team_id) select ${companyId}, v.employee_id, v.team_id from jsonb_to_recordset(${JSON.stringify(pairs.map((pair) => ({ employee_id: pair.employeeId, team_id: pair.teamId })))}::jsonb) as v(employee_id int, team_id int) on conflict do nothing returning employee_id`,
    );
    for (const row of added.rows) changed.add(Number(row.employee_id));
  }
  return [...changed].sort((a, b) => a - b);
}

/** The current salary (amount, currency) of each of the employees. */
export async function findCurrentSalaries(db: Reader, companyId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { amount: string; currency: string }>();
  const rows = await db
    .selectDistinctOn([employeeSalaries.employeeId], {
      employeeId: employeeSalaries.employeeId,
      amount: employeeSalaries.amount,
      currency: employeeSalaries.currency,
    })
    .from(employeeSalaries)
    .where(
      and(
        eq(employeeSalaries.companyId, companyId),
        inArray(employeeSalaries.employeeId, [...ids]),
        sql`${employeeSalaries.effectiveFrom} <= current_date`,
      ),
    )
    .orderBy(employeeSalaries.employeeId, desc(employeeSalaries.effectiveFrom), desc(employeeSalaries.id));
  return new Map(rows.map((row) => [row.employeeId, { amount: row.amount, currency: row.currency }]));
}

export async function insertSalaries(
  db: Writer,
  rows: (typeof employeeSalaries.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  // One JSON parameter, not a VALUES list built chunk by chunk (see insertEmployees).
  const json = JSON.stringify(
    rows.map((row) => ({
      company_id: row.companyId,
      employee_id: row.employeeId,
      amount: row.amount,
      currency: row.currency,
      effective_from: row.effectiveFrom,
      note: row.note ?? null,
      created_by_user_id: row.createdByUserId ?? null,
    })),
  );
  await db.execute(
    sql`insert into employee_salaries (company_id, employee_id, amount, currency, effective_from, note, created_by_user_id) select v.company_id, v.employee_id, v.amount, v.currency, v.effective_from, v.note, v.created_by_user_id from jsonb_to_recordset(${json}::jsonb) as v(company_id int, employee_id int, amount numeric, currency text, effective_from date, note text, created_by_user_id int)`,
  );
}

export async function insertChanges(
  db: Writer,
  rows: (typeof employeeChanges.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) await db.insert(employeeChanges).values(rows);
}

/** Accounts keep their employee's full name (decision 012): names changed by the import follow. */
export async function syncAccountNames(
  db: Writer,
  companyId: number,
  employeeIds: readonly number[],
): Promise<void> {
  if (employeeIds.length === 0) return;
  await db.execute(
    sql`update users u set name = concat_ws(' ', nullif(btrim(e.first_name), ''), nullif(btrim(e.middle_name), ''), nullif(btrim(e.last_name), '')) from employees e where u.company_id = ${companyId} and e.company_id = ${companyId} and u.employee_id = e.id and e.id = any(${`{${employeeIds.join(',')}}`}::int[])`,
  );
}

/**
 * Replaces the given list of each of these employees (a batch: one delete and one insert, the rows
 * as one JSON parameter like insertEmployees). `rows` carries each employee's new entries.
 */
export async function replaceEmployeeLists(
  db: Writer,
  companyId: number,
  list: 'languages' | 'relatives' | 'links',
  rows: { employeeId: number; entries: Record<string, unknown>[] }[],
): Promise<void> {
  if (rows.length === 0) return;
  const ids = `{${rows.map((row) => row.employeeId).join(',')}}`;
  const entries = JSON.stringify(
    rows.flatMap((row) =>
      row.entries.map((entry, position) => ({ ...entry, employee_id: row.employeeId, position })),
    ),
  );
  switch (list) {
    case 'languages':
      await db.execute(
        sql`delete from employee_languages where company_id = ${companyId} and employee_id = any(${ids}::int[])`,
      );
      await db.execute(
        sql`insert into employee_languages (company_id, employee_id, language_id, level_id) select ${companyId}, v.employee_id, v.language_id, v.level_id from jsonb_to_recordset(${entries}::jsonb) as v(employee_id int, language_id int, level_id int, position int) order by v.employee_id, v.position`,
      );
      return;
    case 'relatives':
      await db.execute(
        sql`delete from employee_relatives where company_id = ${companyId} and employee_id = any(${ids}::int[])`,
      );
      await db.execute(
        sql`insert into employee_relatives (company_id, employee_id, relative_type_id, name, birth_date) select ${companyId}, v.employee_id, v.relative_type_id, v.name, v.birth_date from jsonb_to_recordset(${entries}::jsonb) as v(employee_id int, relative_type_id int, name text, birth_date date, position int) order by v.employee_id, v.position`,
      );
      return;
    case 'links':
      await db.execute(
        sql`delete from employee_links where company_id = ${companyId} and employee_id = any(${ids}::int[])`,
      );
      await db.execute(
        sql`insert into employee_links (company_id, employee_id, icon_id, url, position) select ${companyId}, v.employee_id, v.icon_id, v.url, v.position from jsonb_to_recordset(${entries}::jsonb) as v(employee_id int, icon_id int, url text, position int)`,
      );
      return;
  }
}

/** Drops an import that was checked but not confirmed; answers its file's storage key (null: none such). */
export async function deleteCheckedImport(db: Writer, companyId: number, id: number): Promise<string | null> {
  const [row] = await db
    .delete(employeeImports)
    .where(
      and(
        eq(employeeImports.companyId, companyId),
        eq(employeeImports.id, id),
        eq(employeeImports.status, 'checked'),
      ),
    )
    .returning({ storageKey: employeeImports.storageKey });
  return row?.storageKey ?? null;
}

/**
 * Drops every company's checked imports created before `before`; answers their files' storage keys.
 * A sweep run by a timer for no company's request, so it alone filters by no company.
 */
export async function deleteStaleCheckedImports(db: Writer, before: Date): Promise<string[]> {
  const rows = await db
    .delete(employeeImports)
    .where(and(eq(employeeImports.status, 'checked'), lt(employeeImports.createdAt, before)))
    .returning({ storageKey: employeeImports.storageKey });
  return rows.map((row) => row.storageKey);
}
