import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { ActionAssignee, ActionStatus, ActionTrigger } from '@kadry/shared/schemas/action-templates';
import { STANDARD_HR_TEMPLATE_IDS } from '@kadry/shared/schemas/dictionaries';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type ActionTemplateRow,
  actionTemplates,
  actionTemplateTasks,
  type NewActionTemplateRow,
} from '../../db/schema/action-templates';
import { employees } from '../../db/schema/employees';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { type EmployeeReader, employeeVisibleWhere } from '../employees/employee-visibility';

// All SQL of the action templates; every statement filters by company_id.

/** The database or an open transaction. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export type TemplateRow = ActionTemplateRow & {
  /** The chosen account's employee and name (null: none chosen, or that account is gone). */
  assigneeUser: { employeeId: number; name: string } | null;
};

/** Every template of the company (switched-off ones too), standard ones first in the spec's order. */
export async function findTemplateRows(db: Tx, companyId: number): Promise<TemplateRow[]> {
  const rows = await db
    .select({ template: actionTemplates, userEmployeeId: users.employeeId, userName: users.name })
    .from(actionTemplates)
    .leftJoin(
      users,
      and(eq(users.companyId, actionTemplates.companyId), eq(users.id, actionTemplates.assigneeUserId)),
    )
    .where(eq(actionTemplates.companyId, companyId))
    .orderBy(templateOrder(), asc(actionTemplates.templateKey));
  return rows.map((row) => ({
    ...row.template,
    assigneeUser:
      row.userEmployeeId !== null && row.userName !== null
        ? { employeeId: row.userEmployeeId, name: row.userName }
        : null,
  }));
}

/** Standard templates in the order of spec §9, then the company's own by number. */
function templateOrder(): SQL {
  return sql`array_position(${intArray(STANDARD_HR_TEMPLATE_IDS)}, ${actionTemplates.templateKey}) nulls last`;
}

/** How many of the standard templates the company has. */
export async function countStandardTemplates(db: Tx, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(actionTemplates)
    .where(and(eq(actionTemplates.companyId, companyId), eq(actionTemplates.isStandard, true)));
  return row?.total ?? 0;
}

/** Adds the standard templates the company lacks (those it has stay as they are). */
export async function insertMissingTemplates(tx: Tx, rows: NewActionTemplateRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(actionTemplates)
    .values(rows)
    .onConflictDoNothing({ target: [actionTemplates.companyId, actionTemplates.templateKey] });
}

/** Serialises changes to the company's template numbers until the transaction ends. */
export async function lockCompanyTemplates(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('action_templates'), ${companyId})`);
}

/** The number the company's next own template gets. */
export async function findNextTemplateKey(tx: Tx, companyId: number, first: number): Promise<number> {
  const [row] = await tx
    .select({
      next: sql<number>`greatest(coalesce(max(${actionTemplates.templateKey}), 0) + 1, ${first})::int`,
    })
    .from(actionTemplates)
    .where(eq(actionTemplates.companyId, companyId));
  return row?.next ?? first;
}

export async function insertTemplate(tx: Tx, values: NewActionTemplateRow): Promise<void> {
  await tx.insert(actionTemplates).values(values);
}

export type TemplateChange = Pick<
  NewActionTemplateRow,
  | 'category'
  | 'names'
  | 'description'
  | 'taskType'
  | 'assignee'
  | 'assigneeUserId'
  | 'trigger'
  | 'offsetDays'
  | 'isActive'
>;

/** Changes a template by its number; false when the company has none with it. */
export async function updateTemplate(
  tx: Tx,
  companyId: number,
  templateKey: number,
  values: TemplateChange,
): Promise<boolean> {
  const rows = await tx
    .update(actionTemplates)
    .set(values)
    .where(and(eq(actionTemplates.companyId, companyId), eq(actionTemplates.templateKey, templateKey)))
    .returning({ id: actionTemplates.id });
  return rows.length > 0;
}

/** Deletes a company's own template (never a standard one); false when there is none such. */
export async function deleteOwnTemplate(tx: Tx, companyId: number, templateKey: number): Promise<boolean> {
  const rows = await tx
    .delete(actionTemplates)
    .where(
      and(
        eq(actionTemplates.companyId, companyId),
        eq(actionTemplates.templateKey, templateKey),
        eq(actionTemplates.isStandard, false),
      ),
    )
    .returning({ id: actionTemplates.id });
  return rows.length > 0;
}

/** The active account of an employee of the company (a template's chosen person), if any. */
export async function findActiveUserId(
  db: Tx,
  companyId: number,
  employeeId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.companyId, companyId), eq(users.employeeId, employeeId), eq(users.isDisabled, false)),
    );
  return row?.id ?? null;
}

// ---------------------------------------------------------------------------------------------------
// Actions: the templates' occurrences in a period.

function intArray(values: readonly number[]): SQL {
  return sql`${`{${values.join(',')}}`}::int[]`;
}

/**
 * What a section's view level reaches of the employees the reader sees (decision 013: sections are
 * checked again with rules 1–2), over the `employees` row: to_all everyone, only_my_and_my_team
 * their own and their teams', only_my their own, not_visible nobody.
 */
function sectionReach(reader: EmployeeReader, level: Level): SQL {
  const own = sql`${employees.id} = ${reader.employeeId}`;
  switch (level) {
    case 'to_all':
      return sql`true`;
    case 'only_my_and_my_team':
      return reader.teamIds.length === 0
        ? own
        : sql`(${own} or exists (select 1 from team_members tm where tm.company_id = ${reader.companyId} and tm.employee_id = ${employees.id} and tm.team_id = any(${intArray(reader.teamIds)})))`;
    case 'only_my':
      return own;
    default:
      return sql`false`;
  }
}

export type ActionFilter = {
  reader: EmployeeReader;
  /** The reader's account (the "mine" filter: a template's chosen person). */
  userId: number;
  start: string;
  end: string;
  /** Which triggers the reader may see at all (their dates' field permissions), and where. */
  reach: { profile: Level; personal: Level };
  triggers: readonly ActionTrigger[];
  teamIds?: readonly number[] | undefined;
  employeeIds?: readonly number[] | undefined;
  /** Template numbers. */
  templateKeys?: readonly number[] | undefined;
  /** One template by its row id. */
  templateId?: number | undefined;
  status: ActionStatus;
  isMine: boolean;
};

export type ActionRow = {
  templateId: number;
  employeeId: number;
  occursOn: string;
  employeeName: string;
  photoFileId: number | null;
  taskId: number | null;
  /** The person the template's assignee resolves to (an employee), and whether they can sign in. */
  assigneeEmployeeId: number | null;
  assigneeName: string | null;
  assigneeHasAccount: boolean;
  /** How many actions the filter keeps in the period, all templates together. */
  total: number;
};

/** An action of a template's group, with the group's counts. */
export type ActionGroupRow = ActionRow & {
  /** The template's actions the filter keeps, and how many of them are tasks already. */
  templateTotal: number;
  templateTasks: number;
};

type RawActionRow = {
  template_id: number;
  employee_id: number;
  occurs_on: string;
  employee_name: string;
  photo_file_id: number | null;
  task_id: number | null;
  assignee_employee_id: number | null;
  assignee_name: string | null;
  assignee_has_account: boolean;
};

/** An active template the filter keeps, with what its actions need of it. */
type ActionSource = {
  id: number;
  templateKey: number;
  assignee: ActionAssignee;
  assigneeUserId: number | null;
  trigger: ActionTrigger;
  offsetDays: number;
};

async function findActionSources(db: Tx, filter: ActionFilter): Promise<ActionSource[]> {
  return db
    .select({
      id: actionTemplates.id,
      templateKey: actionTemplates.templateKey,
      assignee: actionTemplates.assignee,
      assigneeUserId: actionTemplates.assigneeUserId,
      trigger: actionTemplates.trigger,
      offsetDays: actionTemplates.offsetDays,
    })
    .from(actionTemplates)
    .where(
      and(
        eq(actionTemplates.companyId, filter.reader.companyId),
        eq(actionTemplates.isActive, true),
        inArray(actionTemplates.trigger, [...filter.triggers]),
        filter.templateKeys && filter.templateKeys.length > 0
          ? inArray(actionTemplates.templateKey, [...filter.templateKeys])
          : undefined,
        filter.templateId !== undefined ? eq(actionTemplates.id, filter.templateId) : undefined,
      ),
    );
}

const DAY_MS = 86_400_000;

/** The ISO date `days` after `iso`. */
function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const yearOf = (iso: string) => Number(iso.slice(0, 4));
/** An ISO date's month and day as one int (10 March: 310), as the yearly-date indexes hold it. */
const monthDayOfIso = (iso: string) => Number(iso.slice(5, 7)) * 100 + Number(iso.slice(8, 10));

/** A template's place in the list's order: standard ones as spec §9 orders them, then by number. */
function templateOrderOf(templateKey: number): number {
  const position = (STANDARD_HR_TEMPLATE_IDS as readonly number[]).indexOf(templateKey);
  return position >= 0 ? position : STANDARD_HR_TEMPLATE_IDS.length + templateKey;
}

/** What every occurrence carries of its template (`t`) and person (`employees`). */
const OCCURRENCE_COLUMNS = sql.raw(
  't.id as template_id, t.template_order, t.assignee, t.assignee_user_id, employees.id as employee_id, employees.manager_id, lower(employees.last_name) as sort_last, lower(employees.first_name) as sort_first',
);
const TEMPLATE_COLUMNS = 'id, template_order, assignee, assignee_user_id, offset_days';

function templateValues(source: ActionSource): SQL[] {
  return [
    sql`${source.id}::int`,
    sql`${templateOrderOf(source.templateKey)}::int`,
    sql`${source.assignee}::text`,
    sql`${source.assigneeUserId}::int`,
    sql`${source.offsetDays}::int`,
  ];
}

function valuesOf(rows: SQL[][], columns: string): SQL {
  const list = rows.map((row) => sql`(${sql.join(row, sql`, `)})`);
  return sql`(values ${sql.join(list, sql`, `)}) as t(${sql.raw(columns)})`;
}

/** The month-day of a yearly date (`employees.<column>`), written as its index holds it. */
function monthDayOf(column: string): SQL {
  return sql.raw(
    `((extract(month from employees.${column}) * 100 + extract(day from employees.${column}))::int)`,
  );
}

/**
 * The day of a yearly date (`employees.<column>`) in year `t.year`: PostgreSQL moves 29 February
 * to 28 February in a common year when adding years.
 */
function yearlyDay(column: string): SQL {
  const c = `employees.${column}`;
  return sql.raw(`(${c} + make_interval(years => t.year - extract(year from ${c})::int))::date`);
}

type Branch = { from: SQL; day: SQL; where: SQL[] };

/**
 * The occurrences of one trigger's templates, as branches over the employees (`people`: whom the
 * filter keeps and the section reaches), each with what it adds to the row and where it reads it.
 * Each template looks for its date in the period moved back by its offset, [start − offset,
 * end − offset] (t.first_day, t.last_day, computed here): the start of work, probation and dismissal
 * as a range of their indexes, and that date is the occurrence moved by the offset; the yearly ones
 * (birthday, work anniversary from the first full year) once per calendar year of that window (one
 * values row per template and year), by the month-days the window holds there — a range of the
 * month-day index of the people with no last day, and of the last-day index of those still working
 * at the period's start; 29 February counts as 28 February in a common year (so 28 February takes
 * 29 February's people too, and the day is checked again). Nothing after a person's last day
 * counts, but the dismissal itself.
 */
function branchesOf(
  trigger: ActionTrigger,
  sources: readonly ActionSource[],
  filter: ActionFilter,
): Branch[] {
  const { start, end } = filter;
  const working = (day: SQL) => sql`(employees.dismissal_date is null or employees.dismissal_date >= ${day})`;
  const once = (column: string, stillWorking: boolean): Branch[] => {
    const rows = sources.map((source) => [
      ...templateValues(source),
      sql`${addDays(start, -source.offsetDays)}::date`,
      sql`${addDays(end, -source.offsetDays)}::date`,
    ]);
    const day = sql.raw(`(employees.${column} + t.offset_days)`);
    return [
      {
        from: sql`${valuesOf(rows, `${TEMPLATE_COLUMNS}, first_day, last_day`)} join ${employees} on employees.company_id = ${filter.reader.companyId} and employees.${sql.raw(column)} between t.first_day and t.last_day`,
        day,
        where: stillWorking ? [working(day)] : [],
      },
    ];
  };
  const yearly = (column: string, fromYearAfter: number): Branch[] => {
    const rows = sources.flatMap((source) => {
      const first = addDays(start, -source.offsetDays);
      const last = addDays(end, -source.offsetDays);
      const years = Array.from({ length: yearOf(last) - yearOf(first) + 1 }, (_, i) => yearOf(first) + i);
      return years.map((year) => {
        const low = year === yearOf(first) ? monthDayOfIso(first) : 101;
        const high = year === yearOf(last) ? monthDayOfIso(last) : 1231;
        return [
          ...templateValues(source),
          sql`${year}::int`,
          sql`${low}::int`,
          sql`${high === 228 ? 229 : high}::int`,
        ];
      });
    });
    const values = valuesOf(rows, `${TEMPLATE_COLUMNS}, year, low, high`);
    const date = yearlyDay(column);
    const day = sql`(${date} + t.offset_days)`;
    const company = sql`employees.company_id = ${filter.reader.companyId}`;
    const inWindow = sql`${monthDayOf(column)} between t.low and t.high`;
    const exact = [sql`t.year >= extract(year from employees.${sql.raw(column)})::int + ${fromYearAfter}`];
    return [
      {
        from: sql`${values} join ${employees} on ${company} and employees.dismissal_date is null and ${inWindow}`,
        day,
        where: exact,
      },
      {
        from: sql`${values} join ${employees} on ${company} and employees.dismissal_date >= ${start}::date and ${inWindow}`,
        day,
        where: [...exact, working(day)],
      },
    ];
  };
  switch (trigger) {
    case 'start_of_work':
      return once('start_of_work', true);
    case 'probation_end':
      return once('probation_end', true);
    case 'dismissal':
      return once('dismissal_date', false);
    case 'birthday':
      return yearly('birth_date', 0);
    case 'work_anniversary':
      return yearly('start_of_work', 1);
  }
}

/** Which employees' actions the filter keeps, over the `employees` row (but the section's reach). */
function peopleOf(filter: ActionFilter): SQL[] {
  const { reader } = filter;
  const conditions: SQL[] = [];
  const visible = employeeVisibleWhere(reader);
  if (visible) conditions.push(visible);
  if (filter.teamIds && filter.teamIds.length > 0) {
    conditions.push(
      sql`exists (select 1 from team_members tm where tm.company_id = ${reader.companyId} and tm.employee_id = ${employees.id} and tm.team_id = any(${intArray(filter.teamIds)}))`,
    );
  }
  if (filter.employeeIds && filter.employeeIds.length > 0)
    conditions.push(sql`${employees.id} = any(${intArray(filter.employeeIds)})`);
  return conditions;
}

/** The occurrences (`occ`) and those the filter keeps, with the task made of each (`listed`). */
function occurrencesOf(filter: ActionFilter, sources: readonly ActionSource[]): SQL {
  const { reader } = filter;
  const companyId = reader.companyId;
  const people = peopleOf(filter);
  const branches = filter.triggers.flatMap((trigger) => {
    const own = sources.filter((source) => source.trigger === trigger);
    if (own.length === 0) return [];
    const reach = sectionReach(reader, trigger === 'birthday' ? filter.reach.personal : filter.reach.profile);
    return branchesOf(trigger, own, filter).map(
      (branch) =>
        sql`select ${OCCURRENCE_COLUMNS}, ${branch.day} as occurs_on from ${branch.from} where ${sql.join(
          [
            sql`${branch.day} between ${filter.start}::date and ${filter.end}::date`,
            ...branch.where,
            reach,
            ...people,
          ],
          sql` and `,
        )}`,
    );
  });

  const outer: SQL[] = [sql`(o.employee_id <> ${reader.employeeId} or o.assignee = 'employee')`];
  if (filter.isMine) {
    outer.push(
      sql`((o.assignee = 'user' and o.assignee_user_id = ${filter.userId}) or (o.assignee = 'manager' and o.manager_id = ${reader.employeeId}) or (o.assignee = 'employee' and o.employee_id = ${reader.employeeId}))`,
    );
  }
  if (filter.status === 'open') outer.push(sql`l.task_id is null`);
  if (filter.status === 'task_created') outer.push(sql`l.task_id is not null`);

  return sql`occ as (${sql.join(branches, sql` union all `)}),
    listed as (
      select o.*, l.task_id from occ o
      left join action_template_tasks l on l.company_id = ${companyId} and l.template_id = o.template_id and l.employee_id = o.employee_id and l.occurs_on = o.occurs_on
      where ${sql.join(outer, sql` and `)}
    )`;
}

/** The list's order: soonest first, then by name and template. */
function orderOf(alias: string): SQL {
  return sql.raw(
    `${alias}.occurs_on, ${alias}.sort_last, ${alias}.sort_first, ${alias}.employee_id, ${alias}.template_order`,
  );
}

/** One row of `alias` looked up for each kept row `k` (lateral, offset 0: by its key, each). */
function lookup(columns: string, table: string, alias: string, where: SQL): SQL {
  return sql`left join lateral (select ${sql.raw(columns)} from ${sql.raw(table)} ${sql.raw(alias)} where ${where} offset 0) ${sql.raw(alias)} on true`;
}

/**
 * The rows kept (`kept`: a page, or a few per template), each with its person, the task made of it
 * and the person who does it; `columns`, the counts they carry. The lookups are made for the kept
 * rows only, one by one (the planner cannot tell how few the ranks keep: it would hash every person).
 */
function withAssignees(companyId: number, kept: SQL, columns: string): SQL {
  return sql`, kept as (${kept})
    select k.template_id, k.employee_id, to_char(k.occurs_on, 'YYYY-MM-DD') as occurs_on,
      e.name as employee_name, e.photo_file_id, k.task_id,
      case k.assignee when 'user' then au.employee_id when 'manager' then m.id else k.employee_id end as assignee_employee_id,
      case k.assignee when 'user' then au.name when 'manager' then concat_ws(' ', nullif(btrim(m.first_name), ''), nullif(btrim(m.last_name), '')) else e.name end as assignee_name,
      case k.assignee when 'user' then au.id is not null and not au.is_disabled when 'manager' then mu.id is not null and not mu.is_disabled else eu.id is not null and not eu.is_disabled end as assignee_has_account,
      ${sql.raw(columns)}
    from kept k
    ${lookup("concat_ws(' ', nullif(btrim(e.first_name), ''), nullif(btrim(e.middle_name), ''), nullif(btrim(e.last_name), '')) as name, e.photo_file_id", 'employees', 'e', sql`e.company_id = ${companyId} and e.id = k.employee_id`)}
    ${lookup('au.id, au.employee_id, au.name, au.is_disabled', 'users', 'au', sql`k.assignee = 'user' and au.company_id = ${companyId} and au.id = k.assignee_user_id`)}
    ${lookup('m.id, m.first_name, m.last_name', 'employees', 'm', sql`k.assignee = 'manager' and m.company_id = ${companyId} and m.id = k.manager_id`)}
    ${lookup('mu.id, mu.is_disabled', 'users', 'mu', sql`mu.company_id = ${companyId} and mu.employee_id = m.id`)}
    ${lookup('eu.id, eu.is_disabled', 'users', 'eu', sql`k.assignee = 'employee' and eu.company_id = ${companyId} and eu.employee_id = k.employee_id`)}
    order by ${orderOf('k')}`;
}

function toActionRow(row: RawActionRow, total: number): ActionRow {
  return {
    templateId: row.template_id,
    employeeId: row.employee_id,
    occursOn: row.occurs_on,
    employeeName: row.employee_name,
    photoFileId: row.photo_file_id,
    taskId: row.task_id,
    assigneeEmployeeId: row.assignee_employee_id,
    assigneeName: row.assignee_name,
    assigneeHasAccount: row.assignee_has_account,
    total,
  };
}

/**
 * The actions the company's active templates produce in [start, end] for the employees the reader
 * sees (decision 013), whose date behind the trigger the reader may see (the section's level):
 * soonest first, then by name and template, one page of them; each row with the task made of it,
 * the person who does it, and the total. A reader's own actions are left out unless they do them
 * themself (no surprise spoiled).
 */
export async function findActions(
  db: Tx,
  filter: ActionFilter,
  page: { limit: number; offset: number },
): Promise<ActionRow[]> {
  if (filter.triggers.length === 0) return [];
  const sources = await findActionSources(db, filter);
  if (sources.length === 0) return [];
  const result = await db.execute<RawActionRow & { total: number }>(
    sql`with ${occurrencesOf(filter, sources)}${withAssignees(
      filter.reader.companyId,
      sql`select listed.*, count(*) over ()::int as total from listed order by ${orderOf('listed')} limit ${page.limit} offset ${page.offset}`,
      'k.total',
    )}`,
  );
  return result.rows.map((row) => toActionRow(row, row.total));
}

/**
 * findActions' actions grouped by template: the first `perTemplate` of each template (at least one,
 * for the counts), with the template's count and how many of them are tasks; the total is theirs.
 */
export async function findActionGroups(
  db: Tx,
  filter: ActionFilter,
  perTemplate: number,
): Promise<ActionGroupRow[]> {
  if (filter.triggers.length === 0) return [];
  const sources = await findActionSources(db, filter);
  if (sources.length === 0) return [];
  const result = await db.execute<RawActionRow & { template_total: number; template_tasks: number }>(
    sql`with ${occurrencesOf(filter, sources)},
    counts as (
      select template_id, count(*)::int as template_total, count(task_id)::int as template_tasks
      from listed group by template_id
    )${withAssignees(
      filter.reader.companyId,
      sql`select r.*, c.template_total, c.template_tasks from (
        select listed.*, row_number() over (partition by listed.template_id order by listed.occurs_on, listed.sort_last, listed.sort_first, listed.employee_id) as template_rank
        from listed) r join counts c on c.template_id = r.template_id
        where r.template_rank <= ${Math.max(perTemplate, 1)}`,
      'k.template_total, k.template_tasks',
    )}`,
  );
  const totals = new Map(result.rows.map((row) => [row.template_id, row.template_total]));
  const total = [...totals.values()].reduce((sum, count) => sum + count, 0);
  return result.rows.map((row) => ({
    ...toActionRow(row, total),
    templateTotal: row.template_total,
    templateTasks: row.template_tasks,
  }));
}

/** The task made of an action, if any. */
export async function findActionTask(
  db: Tx,
  companyId: number,
  occurrence: { templateId: number; employeeId: number; occursOn: string },
): Promise<number | null> {
  const [row] = await db
    .select({ taskId: actionTemplateTasks.taskId })
    .from(actionTemplateTasks)
    .where(
      and(
        eq(actionTemplateTasks.companyId, companyId),
        eq(actionTemplateTasks.templateId, occurrence.templateId),
        eq(actionTemplateTasks.employeeId, occurrence.employeeId),
        eq(actionTemplateTasks.occursOn, occurrence.occursOn),
      ),
    );
  return row?.taskId ?? null;
}

/**
 * Claims an action for a task before the task exists: inserts the link (task 0 stands for "being
 * made") or finds that another request already did. Answers whether this call claimed it. The claim
 * holds the row lock until the transaction ends, so a concurrent request waits and then sees the task.
 */
export async function claimActionTask(
  tx: Tx,
  companyId: number,
  occurrence: { templateId: number; employeeId: number; occursOn: string },
  userId: number,
): Promise<boolean> {
  const rows = await tx
    .insert(actionTemplateTasks)
    .values({ companyId, ...occurrence, taskId: 0, createdByUserId: userId })
    .onConflictDoNothing({
      target: [
        actionTemplateTasks.companyId,
        actionTemplateTasks.templateId,
        actionTemplateTasks.employeeId,
        actionTemplateTasks.occursOn,
      ],
    })
    .returning({ id: actionTemplateTasks.id });
  return rows.length > 0;
}

/** Writes the made task's id into the claimed link. */
export async function setActionTask(
  tx: Tx,
  companyId: number,
  occurrence: { templateId: number; employeeId: number; occursOn: string },
  taskId: number,
): Promise<void> {
  await tx
    .update(actionTemplateTasks)
    .set({ taskId })
    .where(
      and(
        eq(actionTemplateTasks.companyId, companyId),
        eq(actionTemplateTasks.templateId, occurrence.templateId),
        eq(actionTemplateTasks.employeeId, occurrence.employeeId),
        eq(actionTemplateTasks.occursOn, occurrence.occursOn),
      ),
    );
}
