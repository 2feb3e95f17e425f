import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { ActionStatus, ActionTrigger } from '@kadry/shared/schemas/action-templates';
import { STANDARD_HR_TEMPLATE_IDS } from '@kadry/shared/schemas/dictionaries';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
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
// Actions: the templates' occurrences, computed in one statement.

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
  total: number;
  templateTotal: number;
  templateTasks: number;
  templateRank: number;
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
  total: number;
  template_total: number;
  template_tasks: number;
  template_rank: number;
};

/** The day of a yearly date in year `y` (29 February on 28 February in a common year). */
function yearlyDay(column: SQL): SQL {
  return sql`case when extract(month from ${column}) = 2 and extract(day from ${column}) = 29 and not (y % 4 = 0 and (y % 100 <> 0 or y % 400 = 0)) then make_date(y, 2, 28) else make_date(y, extract(month from ${column})::int, extract(day from ${column})::int) end`;
}

/** What every occurrence carries of its template and person (so the list joins neither again). */
const OCCURRENCE_COLUMNS = sql.raw(
  't.id as template_id, t.template_key, t.assignee, t.assignee_user_id, e.id as employee_id, e.name, e.sort_last, e.sort_first, e.photo_file_id, e.manager_id',
);

/** The occurrences of one trigger's templates (`tpl` t) for the people (`emp` e) in the period. */
function occurrencesOf(trigger: ActionTrigger, start: string, end: string): SQL {
  const inPeriod = (day: SQL) => sql`${day} between ${start}::date and ${end}::date`;
  const working = (day: SQL) => sql`(e.dismissal_date is null or e.dismissal_date >= ${day})`;
  // Only the pairs `cand` found can have an occurrence; the conditions below decide which do.
  const people = sql`tpl t join cand c on c.template_id = t.id join emp e on e.id = c.employee_id`;
  const once = (column: string, reach: string, stillWorking: boolean) => {
    const day = sql`(e.${sql.raw(column)} + t.offset_days)`;
    return sql`select ${OCCURRENCE_COLUMNS}, ${day} as occurs_on from ${people} and e.${sql.raw(column)} is not null and ${inPeriod(day)} and e.${sql.raw(reach)} where t.trigger = ${trigger}${stillWorking ? sql` and ${working(day)}` : sql``}`;
  };
  const yearly = (column: string, reach: string, firstYear: SQL) => {
    const day = sql`(d.day + t.offset_days)`;
    return sql`select ${OCCURRENCE_COLUMNS}, ${day} as occurs_on from ${people} and e.${sql.raw(column)} is not null and e.${sql.raw(reach)} cross join lateral (select y, ${yearlyDay(sql.raw(`e.${column}`))} as day from generate_series(extract(year from ${start}::date)::int - 1, extract(year from ${end}::date)::int + 1) as y where y >= ${firstYear} offset 0) d where t.trigger = ${trigger} and ${inPeriod(day)} and ${working(day)}`;
  };
  switch (trigger) {
    case 'start_of_work':
      return once('start_of_work', 'reach_profile', true);
    case 'probation_end':
      return once('probation_end', 'reach_profile', true);
    case 'dismissal':
      return once('dismissal_date', 'reach_profile', false);
    case 'birthday':
      return yearly('birth_date', 'reach_personal', sql`extract(year from e.birth_date)::int`);
    case 'work_anniversary':
      // From the first full year.
      return yearly('start_of_work', 'reach_profile', sql`extract(year from e.start_of_work)::int + 1`);
  }
}

/** Days from `from` to `to` (ISO dates). */
function daysFrom(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The (template, employee) pairs of one trigger's templates (`tpl` t) that can have an occurrence in
 * the period: a cheap necessary condition on the date behind the trigger, so that occurrencesOf builds
 * dates only for them (issue 15: a month's actions of 10,000 people touch a few hundred). Each template
 * looks for its date in the period moved back by its offset, [start − offset, end − offset]: a date
 * range on the date itself (the start of work and probation use their indexes); the work anniversary
 * one per whole year back (k years after the start of work, 29 February counting as 28 February in
 * a common year, as yearlyDay does: the range of start dates is that window moved k years back, widened
 * by a day each side); the birthday by the day of the year (no index: one pass over the people). A
 * period of 366 days or more holds every day of the year: every dated person is a candidate.
 */
function candidatesOf(trigger: ActionTrigger, companyId: number, start: string, end: string): SQL {
  const from = sql`(${start}::date - t.offset_days)`;
  const to = sql`(${end}::date - t.offset_days)`;
  const pair = sql.raw('select t.id as template_id, e.id as employee_id from tpl t');
  const company = sql`e.company_id = ${companyId}`;
  const onWhole = (column: string) =>
    sql`${pair} join employees e on ${company} and e.${sql.raw(column)} is not null where t.trigger = ${trigger}`;
  const inWindow = (column: string) =>
    sql`${pair} join employees e on ${company} and e.${sql.raw(column)} between ${from} and ${to} where t.trigger = ${trigger}`;
  const wholeYear = daysFrom(start, end) + 1 >= 366;
  switch (trigger) {
    case 'start_of_work':
      return inWindow('start_of_work');
    case 'probation_end':
      return inWindow('probation_end');
    case 'dismissal':
      return inWindow('dismissal_date');
    case 'work_anniversary': {
      if (wholeYear) return onWhole('start_of_work');
      // The last year an anniversary is looked for is the period's end year + 1 (occurrencesOf).
      const years = sql`generate_series(1, extract(year from ${end}::date)::int + 1 - (select extract(year from min(s.start_of_work))::int from employees s where s.company_id = ${companyId} and s.start_of_work is not null)) as k`;
      const back = (day: SQL) => sql`(${day} - make_interval(years => k))::date`;
      // One index range scan per template and year (offset 0: the planner keeps the subquery apart).
      return sql`select t.id as template_id, e.id as employee_id from tpl t cross join ${years} cross join lateral (select e.id from employees e where ${company} and e.start_of_work between ${back(from)} - 1 and ${back(to)} + 1 offset 0) e where t.trigger = ${trigger}`;
    }
    case 'birthday': {
      if (wholeYear) return onWhole('birth_date');
      // The window's days of the year ('MMDD'), wrapping past 31 December when it ends in the next year.
      const within = (day: SQL) =>
        sql`(case when w.wraps then ${day} >= w.first or ${day} <= w.last else ${day} between w.first and w.last end)`;
      const day = sql`to_char(e.birth_date, 'MMDD')`;
      return sql`${pair} cross join lateral (select to_char(${from}, 'MMDD') as first, to_char(${to}, 'MMDD') as last, extract(year from ${from}) <> extract(year from ${to}) as wraps) w join employees e on ${company} and e.birth_date is not null and (${within(day)} or (${day} = '0229' and ${within(sql`'0228'`)})) where t.trigger = ${trigger}`;
    }
  }
}

/**
 * The actions the company's active templates produce in [start, end] for the employees the reader
 * sees (decision 013), whose date behind the trigger the reader may see (the section's level), in
 * one statement: soonest first, then by name and template; each row with the task made of it, the
 * person who does it, the total, and the template's count, tasks and rank (for groups).
 * A reader's own actions are left out unless they do them themself (no surprise spoiled).
 */
export async function findActions(db: Tx, filter: ActionFilter, page: ActionPage): Promise<ActionRow[]> {
  if (filter.triggers.length === 0) return [];
  const result = await db.execute<RawActionRow>(buildActionsQuery(filter, page));
  return result.rows.map((row) => ({
    templateId: row.template_id,
    employeeId: row.employee_id,
    occursOn: row.occurs_on,
    employeeName: row.employee_name,
    photoFileId: row.photo_file_id,
    taskId: row.task_id,
    assigneeEmployeeId: row.assignee_employee_id,
    assigneeName: row.assignee_name,
    assigneeHasAccount: row.assignee_has_account,
    total: row.total,
    templateTotal: row.template_total,
    templateTasks: row.template_tasks,
    templateRank: row.template_rank,
  }));
}

type ActionPage = { limit: number; offset: number } | { perTemplate: number };

/** The statement of findActions (a filter with at least one trigger). */
function buildActionsQuery(filter: ActionFilter, page: ActionPage): SQL {
  const { reader } = filter;
  const companyId = reader.companyId;
  const templateConditions: SQL[] = [
    sql`action_templates.company_id = ${companyId}`,
    sql`action_templates.is_active`,
    sql`action_templates.trigger = any(${`{${filter.triggers.join(',')}}`}::text[])`,
  ];
  if (filter.templateKeys && filter.templateKeys.length > 0)
    templateConditions.push(sql`action_templates.template_key = any(${intArray(filter.templateKeys)})`);
  if (filter.templateId !== undefined)
    templateConditions.push(sql`action_templates.id = ${filter.templateId}`);

  const employeeConditions: SQL[] = [sql`${employees.companyId} = ${companyId}`];
  const visible = employeeVisibleWhere(reader);
  if (visible) employeeConditions.push(visible);
  if (filter.teamIds && filter.teamIds.length > 0) {
    employeeConditions.push(
      sql`exists (select 1 from team_members tm where tm.company_id = ${companyId} and tm.employee_id = ${employees.id} and tm.team_id = any(${intArray(filter.teamIds)}))`,
    );
  }
  if (filter.employeeIds && filter.employeeIds.length > 0)
    employeeConditions.push(sql`${employees.id} = any(${intArray(filter.employeeIds)})`);

  const outer: SQL[] = [sql`(o.employee_id <> ${reader.employeeId} or o.assignee = 'employee')`];
  if (filter.isMine) {
    outer.push(
      sql`((o.assignee = 'user' and o.assignee_user_id = ${filter.userId}) or (o.assignee = 'manager' and o.manager_id = ${reader.employeeId}) or (o.assignee = 'employee' and o.employee_id = ${reader.employeeId}))`,
    );
  }
  if (filter.status === 'open') outer.push(sql`l.task_id is null`);
  if (filter.status === 'task_created') outer.push(sql`l.task_id is not null`);

  const branches = sql.join(
    filter.triggers.map((trigger) => occurrencesOf(trigger, filter.start, filter.end)),
    sql` union all `,
  );
  const candidates = sql.join(
    filter.triggers.map((trigger) => candidatesOf(trigger, companyId, filter.start, filter.end)),
    sql` union `,
  );
  const order = sql`o.occurs_on, o.sort_last, o.sort_first, o.employee_id, array_position(${intArray(STANDARD_HR_TEMPLATE_IDS)}, o.template_key) nulls last, o.template_key`;

  return sql`with tpl as materialized (
      select action_templates.id, action_templates.template_key, action_templates.assignee, action_templates.assignee_user_id, action_templates.trigger, action_templates.offset_days
      from action_templates where ${sql.join(templateConditions, sql` and `)}
    ), cand as materialized (${candidates}
    ), emp as materialized (
      select p.* from (select distinct cand.employee_id from cand) c cross join lateral (
      select ${employees.id} as id,
        concat_ws(' ', nullif(btrim(${employees.firstName}), ''), nullif(btrim(${employees.middleName}), ''), nullif(btrim(${employees.lastName}), '')) as name,
        lower(${employees.lastName}) as sort_last, lower(${employees.firstName}) as sort_first,
        ${employees.photoFileId} as photo_file_id, ${employees.managerId} as manager_id,
        ${employees.birthDate} as birth_date, ${employees.startOfWork} as start_of_work,
        ${employees.probationEnd} as probation_end, ${employees.dismissalDate} as dismissal_date,
        ${sectionReach(reader, filter.reach.profile)} as reach_profile,
        ${sectionReach(reader, filter.reach.personal)} as reach_personal
      from ${employees} where ${employees.id} = c.employee_id and ${sql.join(employeeConditions, sql` and `)}
      offset 0) p
    ), occ as materialized (${branches}),
    listed as (
      select o.template_id, o.employee_id, o.occurs_on, o.name, o.photo_file_id, o.assignee,
        o.assignee_user_id, o.manager_id, l.task_id,
        count(*) over ()::int as total,
        count(*) over (partition by o.template_id)::int as template_total,
        count(l.task_id) over (partition by o.template_id)::int as template_tasks,
        row_number() over (partition by o.template_id order by ${order})::int as template_rank,
        row_number() over (order by ${order}) as list_rank
      from occ o
      left join action_template_tasks l on l.company_id = ${companyId} and l.template_id = o.template_id and l.employee_id = o.employee_id and l.occurs_on = o.occurs_on
      where ${sql.join(outer, sql` and `)}
    ), kept as (
      -- The page, before the person who does each is looked up (for these rows only).
      select * from listed
      ${
        'perTemplate' in page
          ? sql`where template_rank <= ${Math.max(page.perTemplate, 1)}`
          : sql`order by list_rank limit ${page.limit} offset ${page.offset}`
      }
    )
    select k.template_id, k.employee_id, to_char(k.occurs_on, 'YYYY-MM-DD') as occurs_on,
      k.name as employee_name, k.photo_file_id, k.task_id,
      case k.assignee when 'user' then au.employee_id when 'manager' then m.id else k.employee_id end as assignee_employee_id,
      case k.assignee when 'user' then au.name when 'manager' then concat_ws(' ', nullif(btrim(m.first_name), ''), nullif(btrim(m.last_name), '')) else k.name end as assignee_name,
      case k.assignee when 'user' then au.id is not null and not au.is_disabled when 'manager' then mu.id is not null and not mu.is_disabled else eu.id is not null and not eu.is_disabled end as assignee_has_account,
      k.total, k.template_total, k.template_tasks, k.template_rank
    from kept k
    left join users au on au.company_id = ${companyId} and au.id = k.assignee_user_id
    left join employees m on m.company_id = ${companyId} and m.id = k.manager_id
    left join users mu on mu.company_id = ${companyId} and mu.employee_id = m.id
    left join users eu on eu.company_id = ${companyId} and eu.employee_id = k.employee_id
    order by k.list_rank`;
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
