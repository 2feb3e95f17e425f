import type { Locale } from '@kadry/shared/constants';
import { isWidgetAvailable } from '@kadry/shared/dashboard-widgets';
import { createTranslator } from '@kadry/shared/i18n/translate';
import { route } from '@kadry/shared/routes';
import {
  type ActionsTemplateQuery,
  type ActionsTemplateResponse,
  type ActionTemplate,
  type ActionTemplateRef,
  type ActionTrigger,
  actionKeyOf,
  CATEGORY_KEYS,
  type CreateActionTemplateInput,
  CUSTOM_TEMPLATE_FIRST_ID,
  isStandardTemplateId,
  type MakeActionTaskBody,
  type MakeActionTaskResponse,
  type TemplateAction,
  type TemplateEventsOneQuery,
  type TemplateEventsOneResponse,
  type TemplateEventsQuery,
  type TemplateEventsResponse,
  type TemplateNames,
  taskUrlOf,
} from '@kadry/shared/schemas/action-templates';
import type { EventTemplatesResponse } from '@kadry/shared/schemas/dictionaries';
import { type TaskTypeKey, taskTypeIdOf } from '@kadry/shared/schemas/tasks';
import { getTodayIsoDate } from '@kadry/shared/validation/dates';
import type { NewActionTemplateRow } from '../../db/schema/action-templates';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type Access, levelFor } from '../../plugins/access/access';
import { markDictionaryChanged } from '../dictionaries/dictionaries.service';
import { canSeeField, readerOf } from '../employees/employee-visibility';
import { createTask } from '../tasks/tasks.service';
import {
  type ActionFilter,
  type ActionGroupRow,
  type ActionRow,
  claimActionTask,
  countStandardTemplates,
  deleteOwnTemplate,
  findActionGroups,
  findActions,
  findActionTask,
  findActiveUserId,
  findNextTemplateKey,
  findTemplateRows,
  insertMissingTemplates,
  insertTemplate,
  lockCompanyTemplates,
  setActionTask,
  type TemplateChange,
  type TemplateRow,
  updateTemplate,
} from './action-templates.queries';
import { findStandardTemplate, STANDARD_TEMPLATES } from './standard-templates';

// HR action templates (issue 15): the company's templates and their settings, the event template
// dictionary (spec §3.2), the actions they produce in a period, and "make it a task".

/** What the template rules need to act for a signed-in user. */
export type ActionTemplatesContext = {
  db: Db;
  access: Access;
  /** The company's tariffs (the dashboard widget's plan module). */
  tariffs: readonly string[];
  now: () => Date;
};

// ---------------------------------------------------------------------------------------------------
// The standard templates, created for every company.

function standardRowsOf(companyId: number): NewActionTemplateRow[] {
  return STANDARD_TEMPLATES.map((template) => ({
    companyId,
    templateKey: template.id,
    category: 1,
    isStandard: true,
    names: null,
    description: null,
    taskType: template.taskType,
    assignee: template.assignee,
    assigneeUserId: null,
    trigger: template.trigger,
    offsetDays: template.offsetDays,
  }));
}

/**
 * Gives the company the standard HR templates it does not have yet — at its creation (demo seed,
 * first account) and lazily when it first reads its templates (companies older than this module):
 * one statement, idempotent (a template it has, edited or switched off, stays as it is).
 */
export async function ensureStandardTemplates(db: Db, companyId: number): Promise<void> {
  if ((await countStandardTemplates(db, companyId)) >= STANDARD_TEMPLATES.length) return;
  await db.transaction(async (tx) => {
    await lockCompanyTemplates(tx, companyId);
    await insertMissingTemplates(tx, standardRowsOf(companyId));
  });
}

async function loadTemplates(db: Db, companyId: number): Promise<TemplateRow[]> {
  await ensureStandardTemplates(db, companyId);
  return findTemplateRows(db, companyId);
}

// ---------------------------------------------------------------------------------------------------
// Names and wire shapes.

function nameOf(row: TemplateRow, locale: Locale): string {
  const names = row.names;
  if (names) {
    const written = names[locale] ?? names.en ?? Object.values(names).find((value) => value);
    if (written) return written;
  }
  const standard = findStandardTemplate(row.templateKey);
  if (standard) return createTranslator(locale)(`hr.action_templates.standard.${standard.code}.name`);
  return `#${row.templateKey}`;
}

function descriptionOf(row: TemplateRow, locale: Locale): string {
  if (row.description !== null) return row.description;
  const standard = row.isStandard ? findStandardTemplate(row.templateKey) : undefined;
  return standard
    ? createTranslator(locale)(`hr.action_templates.standard.${standard.code}.description`)
    : '';
}

function toTemplate(row: TemplateRow, locale: Locale): ActionTemplate {
  return {
    id: row.templateKey,
    category: row.category,
    name: nameOf(row, locale),
    names: row.names,
    description: descriptionOf(row, locale),
    has_own_description: row.description !== null && row.description !== '',
    task_type: row.taskType as TaskTypeKey,
    assignee: row.assignee,
    assignee_user: row.assigneeUser ? { id: row.assigneeUser.employeeId, name: row.assigneeUser.name } : null,
    trigger: row.trigger,
    offset_days: row.offsetDays,
    is_standard: row.isStandard,
    is_active: row.isActive,
  };
}

function toRef(row: TemplateRow, locale: Locale): ActionTemplateRef {
  return {
    id: row.templateKey,
    category: row.category,
    name: nameOf(row, locale),
    task_type: row.taskType as TaskTypeKey,
    trigger: row.trigger,
    offset_days: row.offsetDays,
    is_standard: row.isStandard,
  };
}

// ---------------------------------------------------------------------------------------------------
// The dictionary (spec §3.2), for every signed-in user.

/**
 * `dashboard.dictionaries.eventTemplates`: the company's active templates keyed by category ('1' is
 * HR), each entry's `id` the template's id; standard HR ones first in the order of spec §9.
 */
export async function listEventTemplates(ctx: {
  db: Db;
  companyId: number;
  locale: Locale;
}): Promise<EventTemplatesResponse> {
  const rows = (await loadTemplates(ctx.db, ctx.companyId)).filter((row) => row.isActive);
  const data: EventTemplatesResponse['data'] = {};
  rows.forEach((row, position) => {
    const category = String(row.category);
    const entries = data[category] ?? [];
    entries.push({
      id: row.templateKey,
      code: findStandardTemplate(row.templateKey)?.code ?? `template_${row.templateKey}`,
      name: nameOf(row, ctx.locale),
      meta: {
        category: row.category,
        category_key: CATEGORY_KEYS[row.category as keyof typeof CATEGORY_KEYS] ?? null,
        template_id: row.templateKey,
        task_type: row.taskType,
        trigger: row.trigger,
        offset_days: row.offsetDays,
        assignee: row.assignee,
        is_standard: row.isStandard,
      },
      position,
    });
    data[category] = entries;
  });
  return { data };
}

// ---------------------------------------------------------------------------------------------------
// The templates' settings (the Template entity).

function companyOf(ctx: ActionTemplatesContext): number {
  return ctx.access.user.companyId;
}

function requireTemplateView(access: Access): void {
  if (levelFor(access, 'Template', 'view') === 'not_visible') throw new AppError('forbidden');
}

/** Templates are company-wide: changing them needs the action at to_all (as candidate mail templates). */
function requireTemplateChange(access: Access, action: 'create' | 'update' | 'delete'): void {
  if (levelFor(access, 'Template', action) !== 'to_all') throw new AppError('forbidden');
}

/** `GET actionTemplates.all`: every template, switched-off ones too. */
export async function listTemplates(ctx: ActionTemplatesContext): Promise<ActionTemplate[]> {
  requireTemplateView(ctx.access);
  const rows = await loadTemplates(ctx.db, companyOf(ctx));
  return rows.map((row) => toTemplate(row, ctx.access.user.locale));
}

export async function getTemplate(ctx: ActionTemplatesContext, id: number): Promise<ActionTemplate> {
  requireTemplateView(ctx.access);
  const row = (await loadTemplates(ctx.db, companyOf(ctx))).find((item) => item.templateKey === id);
  if (!row) throw new AppError('not_found');
  return toTemplate(row, ctx.access.user.locale);
}

function invalid(path: string, key: string): AppError {
  return new AppError('validation', { issues: { [path]: [{ key }] } });
}

/** The stored values of a body; 422 when the chosen person has no active account in the company. */
async function changeOf(
  ctx: ActionTemplatesContext,
  body: CreateActionTemplateInput,
  isStandard: boolean,
): Promise<TemplateChange> {
  if (body.names === null && !isStandard) throw invalid('names', 'action_templates.name_required');
  const employeeId = body.assignee === 'user' ? body.assignee_employee_id : null;
  const userId = employeeId === null ? null : await findActiveUserId(ctx.db, companyOf(ctx), employeeId);
  if (employeeId !== null && userId === null) {
    throw invalid('assignee_employee_id', 'action_templates.assignee_user_unknown');
  }
  const description = body.description === null || body.description === '' ? null : body.description;
  return {
    category: isStandard ? 1 : body.category,
    names: body.names as TemplateNames | null,
    description: isStandard ? description : (description ?? ''),
    taskType: body.task_type,
    assignee: body.assignee,
    assigneeUserId: userId,
    trigger: body.trigger,
    offsetDays: body.offset_days,
    isActive: body.is_active,
  };
}

/** `POST actionTemplates.all`: a company's own template, numbered after the others. */
export async function createTemplate(
  ctx: ActionTemplatesContext,
  body: CreateActionTemplateInput,
): Promise<ActionTemplate> {
  requireTemplateChange(ctx.access, 'create');
  const companyId = companyOf(ctx);
  await ensureStandardTemplates(ctx.db, companyId);
  const values = await changeOf(ctx, body, false);
  const key = await ctx.db.transaction(async (tx) => {
    await lockCompanyTemplates(tx, companyId);
    const templateKey = await findNextTemplateKey(tx, companyId, CUSTOM_TEMPLATE_FIRST_ID);
    await insertTemplate(tx, { companyId, templateKey, isStandard: false, ...values });
    await markDictionaryChanged(tx, companyId, 'event_template', ctx.now());
    return templateKey;
  });
  return getTemplate(ctx, key);
}

/**
 * `PUT actionTemplates.one`: the whole template again. A standard one stays in the HR category and
 * may go back to its built-in name (`names: null`) and description (empty).
 */
export async function changeTemplate(
  ctx: ActionTemplatesContext,
  id: number,
  body: CreateActionTemplateInput,
): Promise<ActionTemplate> {
  requireTemplateChange(ctx.access, 'update');
  const companyId = companyOf(ctx);
  await ensureStandardTemplates(ctx.db, companyId);
  const values = await changeOf(ctx, body, isStandardTemplateId(id));
  const found = await ctx.db.transaction(async (tx) => {
    if (!(await updateTemplate(tx, companyId, id, values))) return false;
    await markDictionaryChanged(tx, companyId, 'event_template', ctx.now());
    return true;
  });
  if (!found) throw new AppError('not_found');
  return getTemplate(ctx, id);
}

/** `DELETE actionTemplates.one`: a company's own template (standard ones are switched off: 422). */
export async function removeTemplate(ctx: ActionTemplatesContext, id: number): Promise<void> {
  requireTemplateChange(ctx.access, 'delete');
  const companyId = companyOf(ctx);
  if (isStandardTemplateId(id)) {
    throw new AppError('validation', { key: 'action_templates.standard_not_deletable' });
  }
  const found = await ctx.db.transaction(async (tx) => {
    if (!(await deleteOwnTemplate(tx, companyId, id))) return false;
    await markDictionaryChanged(tx, companyId, 'event_template', ctx.now());
    return true;
  });
  if (!found) throw new AppError('not_found');
}

// ---------------------------------------------------------------------------------------------------
// Actions (the dashboard): Dashboard view, the widget's plan and permissions, Employee visibility.

function requireActions(ctx: ActionTemplatesContext): void {
  if (levelFor(ctx.access, 'Dashboard', 'view') === 'not_visible') throw new AppError('forbidden');
  if (!isWidgetAvailable('hrActions', ctx.tariffs, ctx.access.permissions)) {
    throw new AppError('forbidden', { key: 'dashboard.widget_unavailable' });
  }
}

function todayOf(ctx: ActionTemplatesContext): string {
  return getTodayIsoDate(ctx.access.user.timezone, ctx.now());
}

/** The first and last day of the calendar month `months` after the one of `iso`. */
function monthOf(iso: string, months: number): { start: string; end: string } {
  const year = Number(iso.slice(0, 4));
  const month = Number(iso.slice(5, 7)) - 1 + months;
  const first = new Date(Date.UTC(year, month, 1));
  const last = new Date(Date.UTC(year, month + 1, 0));
  return { start: first.toISOString().slice(0, 10), end: last.toISOString().slice(0, 10) };
}

/**
 * The period asked for (spec §7.2: start and end null when empty): both empty, next month (in the
 * user's time zone); one empty, the other's calendar month around it.
 */
export function resolvePeriod(
  query: { custom_period_start: string | null; custom_period_end: string | null },
  today: string,
): { start: string; end: string } {
  const { custom_period_start: start, custom_period_end: end } = query;
  if (start && end) return { start, end };
  if (start) return { start, end: monthOf(start, 0).end };
  if (end) return { start: monthOf(end, 0).start, end };
  return monthOf(today, 1);
}

/**
 * Which triggers the user may see the dates behind, on whom: the birthday needs field_birth_date
 * (personal info), the start of work and anniversaries field_start_of_work, probation
 * field_probation_period (the profile), the dismissal the profile itself.
 */
function triggersOf(access: Access): ActionTrigger[] {
  const triggers: ActionTrigger[] = [];
  const profile = levelFor(access, 'Employee.Profile', 'view') !== 'not_visible';
  const personal = levelFor(access, 'Employee.PersonalInfo', 'view') !== 'not_visible';
  if (profile && canSeeField(access, 'field_start_of_work', 'profile')) {
    triggers.push('start_of_work', 'work_anniversary');
  }
  if (profile && canSeeField(access, 'field_probation_period', 'profile')) triggers.push('probation_end');
  if (personal && canSeeField(access, 'field_birth_date', 'personal_info')) triggers.push('birthday');
  if (profile) triggers.push('dismissal');
  return triggers;
}

type CommonQuery = {
  custom_period_start: string | null;
  custom_period_end: string | null;
  team_ids?: number[] | undefined;
  employee_ids?: number[] | undefined;
};

function filterOf(
  ctx: ActionTemplatesContext,
  query: CommonQuery,
  period: { start: string; end: string },
  extra: Partial<Pick<ActionFilter, 'templateKeys' | 'templateId' | 'status' | 'isMine'>>,
): ActionFilter {
  return {
    reader: readerOf(ctx.access),
    userId: ctx.access.user.id,
    start: period.start,
    end: period.end,
    reach: {
      profile: levelFor(ctx.access, 'Employee.Profile', 'view'),
      personal: levelFor(ctx.access, 'Employee.PersonalInfo', 'view'),
    },
    triggers: triggersOf(ctx.access),
    teamIds: query.team_ids,
    employeeIds: query.employee_ids,
    templateKeys: extra.templateKeys,
    templateId: extra.templateId,
    status: extra.status ?? 'all',
    isMine: extra.isMine ?? false,
  };
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

function toAction(row: ActionRow, template: TemplateRow, locale: Locale, today: string): TemplateAction {
  return {
    key: actionKeyOf(template.templateKey, row.employeeId, row.occursOn),
    template: toRef(template, locale),
    employee: {
      id: row.employeeId,
      name: row.employeeName,
      photo_url:
        row.photoFileId === null ? null : route('employee.photo', { id: row.employeeId, v: row.photoFileId }),
    },
    date: row.occursOn,
    days_until: daysBetween(today, row.occursOn),
    assignee: {
      kind: template.assignee,
      person:
        row.assigneeEmployeeId !== null && row.assigneeName !== null
          ? { id: row.assigneeEmployeeId, name: row.assigneeName }
          : null,
    },
    // Task 0 marks an action being made a task right now (its transaction has not committed).
    task: row.taskId !== null && row.taskId > 0 ? { id: row.taskId, url: taskUrlOf(row.taskId) } : null,
  };
}

function pageMeta(total: number, page: number, perPage: number) {
  return {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    total,
  };
}

/**
 * `GET dashboard.actions.template` (spec §3.2 action template request): each active template the
 * filter keeps, with its actions in the period (the first `per_template`) and their counts.
 */
export async function listActionGroups(
  ctx: ActionTemplatesContext,
  query: ActionsTemplateQuery,
): Promise<ActionsTemplateResponse> {
  requireActions(ctx);
  const locale = ctx.access.user.locale;
  const today = todayOf(ctx);
  const period = resolvePeriod(query, today);
  const templates = (await loadTemplates(ctx.db, companyOf(ctx))).filter(
    (row) => row.isActive && (!query.template_ids?.length || query.template_ids.includes(row.templateKey)),
  );
  const rows = await findActionGroups(
    ctx.db,
    filterOf(ctx, query, period, { templateKeys: query.template_ids }),
    query.per_template,
  );
  const byTemplate = new Map<number, ActionGroupRow[]>();
  for (const row of rows) byTemplate.set(row.templateId, [...(byTemplate.get(row.templateId) ?? []), row]);
  return {
    data: templates.map((template) => {
      const own = byTemplate.get(template.id) ?? [];
      return {
        template: toRef(template, locale),
        total: own[0]?.templateTotal ?? 0,
        tasks_created: own[0]?.templateTasks ?? 0,
        actions: own.slice(0, query.per_template).map((row) => toAction(row, template, locale, today)),
      };
    }),
    meta: { period, total: rows[0]?.total ?? 0 },
  };
}

/** `GET dashboard.actions.templateEvents`: the actions in the period, soonest first, paged. */
export async function listTemplateEvents(
  ctx: ActionTemplatesContext,
  query: TemplateEventsQuery,
): Promise<TemplateEventsResponse> {
  requireActions(ctx);
  const locale = ctx.access.user.locale;
  const today = todayOf(ctx);
  const period = resolvePeriod(query, today);
  const templates = new Map((await loadTemplates(ctx.db, companyOf(ctx))).map((row) => [row.id, row]));
  const rows = await findActions(
    ctx.db,
    filterOf(ctx, query, period, {
      templateKeys: query.template_ids,
      status: query.status,
      isMine: query.mine,
    }),
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    data: rows.flatMap((row) => {
      const template = templates.get(row.templateId);
      return template ? [toAction(row, template, locale, today)] : [];
    }),
    meta: { ...pageMeta(rows[0]?.total ?? 0, query.page, query.per_page), period },
  };
}

/** `GET dashboard.actions.templateEventsOne`: one active template (`id`) and its actions, paged. */
export async function listTemplateEventsOf(
  ctx: ActionTemplatesContext,
  id: number,
  query: TemplateEventsOneQuery,
): Promise<TemplateEventsOneResponse> {
  requireActions(ctx);
  const locale = ctx.access.user.locale;
  const today = todayOf(ctx);
  const period = resolvePeriod(query, today);
  const template = (await loadTemplates(ctx.db, companyOf(ctx))).find(
    (row) => row.templateKey === id && row.isActive,
  );
  if (!template) throw new AppError('not_found');
  const rows = await findActions(
    ctx.db,
    filterOf(ctx, query, period, { templateId: template.id, status: query.status, isMine: query.mine }),
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  return {
    data: {
      template: toRef(template, locale),
      actions: rows.map((row) => toAction(row, template, locale, today)),
    },
    meta: { ...pageMeta(rows[0]?.total ?? 0, query.page, query.per_page), period },
  };
}

/**
 * `POST dashboard.actions.task`: makes one action a task through the tasks module, once. The action
 * must be one the templates produce for an employee the user sees (404 otherwise, as for anything
 * out of reach). The task is all-day on the action's day, about the employee, assigned to the person
 * the template names when they can sign in (else to the user), and the link from the action to it
 * is written in the same transaction; asking again answers the same task.
 */
export async function makeActionTask(
  ctx: ActionTemplatesContext,
  body: MakeActionTaskBody,
): Promise<MakeActionTaskResponse['data']> {
  requireActions(ctx);
  const companyId = companyOf(ctx);
  const locale = ctx.access.user.locale;
  const template = (await loadTemplates(ctx.db, companyId)).find(
    (row) => row.templateKey === body.template_id && row.isActive,
  );
  if (!template) throw new AppError('not_found');
  const [row] = await findActions(
    ctx.db,
    filterOf(
      ctx,
      {
        custom_period_start: body.date,
        custom_period_end: body.date,
        employee_ids: [body.employee_id],
      },
      { start: body.date, end: body.date },
      { templateId: template.id },
    ),
    { limit: 1, offset: 0 },
  );
  if (!row) throw new AppError('not_found');
  const occurrence = { templateId: template.id, employeeId: row.employeeId, occursOn: row.occursOn };
  const existing = row.taskId !== null && row.taskId > 0 ? row.taskId : null;
  if (existing !== null) return { task: { id: existing, url: taskUrlOf(existing) }, is_new: false };

  const result = await ctx.db.transaction(async (tx) => {
    if (!(await claimActionTask(tx, companyId, occurrence, ctx.access.user.id))) {
      // Another request made it first (its transaction has committed: the claim waited for it).
      return { taskId: await findActionTask(tx, companyId, occurrence), isNew: false };
    }
    const description = descriptionOf(template, locale);
    const task = await createTask(
      { db: tx, access: ctx.access, now: ctx.now },
      {
        name: nameOf(template, locale),
        description: description === '' ? null : description,
        event_id: taskTypeIdOf(template.taskType as TaskTypeKey),
        date: `${row.occursOn} 00:00:00`,
        date_end: `${row.occursOn} 23:59:59`,
        all_day: true,
        employee_id: row.employeeId,
        application_id: null,
        assignee_id: row.assigneeHasAccount ? row.assigneeEmployeeId : null,
        template_id: template.templateKey,
      },
    );
    await setActionTask(tx, companyId, occurrence, task.id);
    return { taskId: task.id, isNew: true };
  });
  if (result.taskId === null || result.taskId <= 0) throw new AppError('conflict');
  return { task: { id: result.taskId, url: taskUrlOf(result.taskId) }, is_new: result.isNew };
}
