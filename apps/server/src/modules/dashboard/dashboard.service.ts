import { isWidgetAvailable, listAvailableWidgets } from '@kadry/shared/dashboard-widgets';
import type { Entity } from '@kadry/shared/permissions/vocabulary';
import { route } from '@kadry/shared/routes';
import {
  type AboutCompanyBody,
  type Birthday,
  type CompanyInfo,
  type CurrentLayoutBody,
  DASHBOARD_WIDGETS,
  type DashboardState,
  type DashboardWidget,
  type DefaultLayout,
  type DefaultLayoutBody,
  isDashboardWidget,
  type LayoutParamsBody,
  type LayoutWidget,
  type MyCandidate,
  readWidgetParams,
  type UpcomingDatesQuery,
  WIDGET_PARAMS_SCHEMAS,
  type WidgetParamsBody,
  type WorkAnniversary,
} from '@kadry/shared/schemas/dashboard';
import { getTodayIsoDate } from '@kadry/shared/validation/dates';
import type { ValidationIssue } from '@kadry/shared/validation/rules';
import type { DashboardLayoutWidget } from '../../db/schema/dashboard';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type Access, levelFor } from '../../plugins/access/access';
import { readerOf } from '../employees/employee-visibility';
import { findPipelines, resolveStage, toStageWire } from '../vacancies/vacancies.service';
import {
  countEmployeesByMonthDay,
  deleteOwnLayout,
  findCompanyFacts,
  findEmployeesByMonthDay,
  findLayouts,
  findMyCandidates,
  type LayoutRow,
  lockCompanyLayout,
  lockOwnLayout,
  updateLayout,
  upsertCompanyLayout,
  type YearlyDateRow,
} from './dashboard.queries';
import { addDays, daysBetween, findNextCelebration, listCelebratedMonthDays } from './upcoming-dates';

/** What the dashboard rules need to act for a signed-in user. */
export type DashboardContext = {
  db: Db;
  access: Access;
  /** The company's tariffs (plan modules decide which widgets exist for it). */
  tariffs: readonly string[];
  now: () => Date;
};

/**
 * The key of the company default layout's `params` that holds company-wide values rather than a
 * widget's: `{ about }`, the "about the company" text. Never copied into a user's layout.
 */
const COMPANY_PARAMS_KEY = 'company';

function companyOf(ctx: DashboardContext): number {
  return ctx.access.user.companyId;
}

function todayOf(ctx: DashboardContext): string {
  return getTodayIsoDate(ctx.access.user.timezone, ctx.now());
}

function invalid(path: string, key: string): AppError {
  const issue: ValidationIssue = { key };
  return new AppError('validation', { issues: { [path]: [issue] } });
}

/** 403 unless the user may see the dashboard (the Dashboard view). */
function requireDashboard(ctx: DashboardContext): void {
  if (levelFor(ctx.access, 'Dashboard', 'view') === 'not_visible') throw new AppError('forbidden');
}

/** 403 unless the plan and the user's permissions show the widget (dashboard-widgets.ts). */
function requireWidget(ctx: DashboardContext, widget: DashboardWidget): void {
  requireDashboard(ctx);
  if (!isWidgetAvailable(widget, ctx.tariffs, ctx.access.permissions)) {
    throw new AppError('forbidden', { key: 'dashboard.widget_unavailable' });
  }
}

/**
 * Who changes company-wide dashboard values (the default layout, the "about" text): owners and roles
 * that change the company's settings (Settings update at to_all), as for absence settings.
 */
function canEditCompany(access: Access): boolean {
  return levelFor(access, 'Settings', 'update') === 'to_all';
}

// ---------------------------------------------------------------------------------------------------
// Layouts.

/** The built-in layout: every widget, in the catalogue's order, with default parameters. */
function builtInWidgets(): DashboardLayoutWidget[] {
  return DASHBOARD_WIDGETS.map((name) => ({ name }));
}

/** A stored layout's widget names, known ones only, each once. */
function namesOf(widgets: readonly DashboardLayoutWidget[]): DashboardWidget[] {
  const names: DashboardWidget[] = [];
  for (const { name } of widgets) {
    if (isDashboardWidget(name) && !names.includes(name)) names.push(name);
  }
  return names;
}

/** A layout's parameters of widgets only (the company default's company-wide values left out). */
function widgetParamsOf(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([key]) => isDashboardWidget(key)));
}

function toLayoutWidgets(names: readonly DashboardWidget[], params: Record<string, unknown>): LayoutWidget[] {
  return names.map((name) => ({ name, params: readWidgetParams(name, params[name]) }));
}

/** The layout a user without one of their own starts from: the company default, else the built-in one. */
function startingLayout(company: LayoutRow | null) {
  return company
    ? { widgets: company.widgets, params: widgetParamsOf(company.params) }
    : { widgets: builtInWidgets(), params: {} };
}

/**
 * `dashboard.widgets.all`: the user's layout — their own, else the company default, else the
 * built-in one — with only the widgets the plan and their permissions allow, each with its
 * parameters; and every widget they may place.
 */
export async function getDashboardState(ctx: DashboardContext): Promise<DashboardState> {
  requireDashboard(ctx);
  const { own, company } = await findLayouts(ctx.db, companyOf(ctx), ctx.access.user.id);
  const available = listAvailableWidgets(ctx.tariffs, ctx.access.permissions);
  const layout = own ?? startingLayout(company);
  const names = namesOf(layout.widgets).filter((name) => available.includes(name));
  return {
    widgets: toLayoutWidgets(names, widgetParamsOf(layout.params)),
    available,
    source: own ? 'own' : company ? 'company' : 'builtin',
    can_edit_default: canEditCompany(ctx.access),
  };
}

function requireAvailable(ctx: DashboardContext, names: readonly DashboardWidget[]): void {
  for (const name of names) {
    if (!isWidgetAvailable(name, ctx.tariffs, ctx.access.permissions)) {
      throw new AppError('forbidden', { key: 'dashboard.widget_unavailable', params: { widget: name } });
    }
  }
}

/** Runs `change` on the user's own layout (made from the one they saw when they have none), locked. */
async function changeOwnLayout<T>(
  ctx: DashboardContext,
  change: (layout: LayoutRow) => {
    widgets: DashboardLayoutWidget[];
    params: Record<string, unknown>;
    result: T;
  },
): Promise<T> {
  const companyId = companyOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const { company } = await findLayouts(tx, companyId, ctx.access.user.id);
    const own = await lockOwnLayout(tx, companyId, ctx.access.user.id, startingLayout(company));
    const { widgets, params, result } = change(own);
    await updateLayout(tx, companyId, own.id, { widgets, params });
    return result;
  });
}

/**
 * `PUT dashboard.layouts.current`: the user's widgets in this order (added ones appear, missing ones
 * are removed). Widgets the user may not see right now stay stored at the end, so a permission
 * taken away and given back does not lose their place.
 */
export async function saveCurrentLayout(ctx: DashboardContext, body: CurrentLayoutBody): Promise<void> {
  requireDashboard(ctx);
  requireAvailable(ctx, body.widgets);
  await changeOwnLayout(ctx, (own) => {
    const kept = namesOf(own.widgets).filter(
      (name) => !body.widgets.includes(name) && !isWidgetAvailable(name, ctx.tariffs, ctx.access.permissions),
    );
    return {
      widgets: [...body.widgets, ...kept].map((name) => ({ name })),
      params: own.params,
      result: undefined,
    };
  });
}

/** `DELETE dashboard.layouts.current`: forget the user's own layout; the company default shows again. */
export async function resetCurrentLayout(ctx: DashboardContext): Promise<void> {
  requireDashboard(ctx);
  await deleteOwnLayout(ctx.db, companyOf(ctx), ctx.access.user.id);
}

function parseParamsText(text: string | undefined, path: string): Record<string, unknown> {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalid(path, 'dashboard.params_not_json');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw invalid(path, 'dashboard.params_not_object');
  }
  return value as Record<string, unknown>;
}

/** A widget's parameters checked by its schema (defaults filled); 422 naming the first bad key. */
function checkWidgetParams(widget: DashboardWidget, params: unknown, path: string): Record<string, unknown> {
  const parsed = WIDGET_PARAMS_SCHEMAS[widget].safeParse(params);
  if (parsed.success) return parsed.data as Record<string, unknown>;
  const issue = parsed.error.issues[0];
  const keys = issue?.code === 'unrecognized_keys' ? issue.keys : [];
  const where = [...(issue?.path ?? []), ...keys.slice(0, 1)].join('.');
  throw invalid(where ? `${path}.${where}` : path, 'dashboard.params_invalid');
}

function setWidgetParams(
  ctx: DashboardContext,
  widget: DashboardWidget,
  next: (current: Record<string, unknown>) => Record<string, unknown>,
) {
  return changeOwnLayout(ctx, (own) => {
    const current = readWidgetParams(widget, own.params[widget]) as Record<string, unknown>;
    const params = checkWidgetParams(widget, next(current), 'params');
    return {
      widgets: own.widgets,
      params: { ...own.params, [widget]: params },
      result: { widget_name: widget, params },
    };
  });
}

/**
 * `POST dashboard.layouts.current.params` (spec §7.2): one widget's parameters, from JSON text,
 * replace the ones it had (myTasks and employeesOnProbation in the spec; any widget here).
 */
export async function replaceWidgetParams(ctx: DashboardContext, body: LayoutParamsBody) {
  requireWidget(ctx, body.widget_name);
  const given = parseParamsText(body.params, 'params');
  return setWidgetParams(ctx, body.widget_name, () => given);
}

/**
 * `POST dashboard.widgets.params` (spec §7.2): the widget's parameters merged — those it has, then the
 * `params` JSON text, then the body's extra fields (absentToday's filter, …).
 */
export async function mergeWidgetParams(ctx: DashboardContext, body: WidgetParamsBody) {
  const { widget_name: widget, params: text, ...extras } = body;
  requireWidget(ctx, widget);
  const given = parseParamsText(text, 'params');
  return setWidgetParams(ctx, widget, (current) => ({ ...current, ...given, ...extras }));
}

/** `GET dashboard.layouts.default`: the company default, or the built-in layout while none is set. */
export async function getDefaultLayout(ctx: DashboardContext): Promise<DefaultLayout> {
  requireDashboard(ctx);
  const { company } = await findLayouts(ctx.db, companyOf(ctx), ctx.access.user.id);
  const layout = startingLayout(company);
  return { widgets: toLayoutWidgets(namesOf(layout.widgets), layout.params), is_set: company !== null };
}

/** `PUT dashboard.layouts.default`: owners and company settings set what users without a layout see. */
export async function setDefaultLayout(
  ctx: DashboardContext,
  body: DefaultLayoutBody,
): Promise<DefaultLayout> {
  requireDashboard(ctx);
  if (!canEditCompany(ctx.access)) throw new AppError('forbidden');
  const params: Record<string, unknown> = {};
  for (const [index, widget] of body.widgets.entries()) {
    params[widget.name] = checkWidgetParams(widget.name, widget.params ?? {}, `widgets.${index}.params`);
  }
  const companyId = companyOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const company = await lockCompanyLayout(tx, companyId);
    const companyValues = company?.params[COMPANY_PARAMS_KEY];
    await upsertCompanyLayout(tx, companyId, {
      widgets: body.widgets.map(({ name }) => ({ name })),
      params: companyValues === undefined ? params : { ...params, [COMPANY_PARAMS_KEY]: companyValues },
    });
  });
  return getDefaultLayout(ctx);
}

// ---------------------------------------------------------------------------------------------------
// Company info.

function aboutOf(company: LayoutRow | null): string {
  const values = company?.params[COMPANY_PARAMS_KEY];
  if (typeof values !== 'object' || values === null) return '';
  const about = (values as Record<string, unknown>).about;
  return typeof about === 'string' ? about : '';
}

/** `GET dashboard.companyInfo`: name, logo, people and open teams, and the "about" text. */
export async function getCompanyInfo(ctx: DashboardContext): Promise<CompanyInfo> {
  requireWidget(ctx, 'companyInfo');
  const companyId = companyOf(ctx);
  const [facts, layouts] = await Promise.all([
    findCompanyFacts(ctx.db, companyId),
    findLayouts(ctx.db, companyId, ctx.access.user.id),
  ]);
  if (!facts) throw new AppError('not_found');
  return {
    name: facts.name,
    logo_url: facts.logoUrl,
    employees_count: facts.employeesCount,
    teams_count: facts.teamsCount,
    about: aboutOf(layouts.company),
    can_edit_about: canEditCompany(ctx.access),
  };
}

/** `GET dashboard.aboutCompany`. */
export async function getAboutCompany(ctx: DashboardContext) {
  requireWidget(ctx, 'companyInfo');
  const { company } = await findLayouts(ctx.db, companyOf(ctx), ctx.access.user.id);
  return { about: aboutOf(company), can_edit: canEditCompany(ctx.access) };
}

/** `PUT dashboard.aboutCompany`: owners and company settings write the "about" text. */
export async function setAboutCompany(ctx: DashboardContext, body: AboutCompanyBody) {
  requireDashboard(ctx);
  if (!canEditCompany(ctx.access)) throw new AppError('forbidden');
  const companyId = companyOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const company = await lockCompanyLayout(tx, companyId);
    const layout = company ?? { widgets: builtInWidgets(), params: {} };
    await upsertCompanyLayout(tx, companyId, {
      widgets: layout.widgets,
      params: { ...layout.params, [COMPANY_PARAMS_KEY]: { about: body.about } },
    });
  });
  return { about: body.about, can_edit: true };
}

// ---------------------------------------------------------------------------------------------------
// Birthdays and work anniversaries.

function photoUrlOf(employeeId: number, photoFileId: number | null): string | null {
  return photoFileId === null ? null : route('employee.photo', { id: employeeId, v: photoFileId });
}

type Celebration = { row: YearlyDateRow; date: string; years: number; daysUntil: number };

/**
 * Upcoming celebrations of a yearly date the reader may see on each person: the next `days` days
 * (today included), soonest first, then by name; `fullYearsOnly`: a full year or more since the date.
 * The first `per_page` and how many there are in all. A month-day's celebration falls on the same day
 * whatever the year of the date, so the database counts people per month-day (an index read), and only
 * the month-days the first page reaches are read person by person.
 */
async function listCelebrations(
  ctx: DashboardContext,
  query: UpcomingDatesQuery,
  source: { column: 'birth_date' | 'start_of_work'; section: Entity; fullYearsOnly: boolean },
): Promise<{ page: Celebration[]; total: number }> {
  const today = todayOf(ctx);
  const last = addDays(today, query.days - 1);
  // Each month-day with the day it is next celebrated (2000 is a leap year: 29 February exists).
  const days = listCelebratedMonthDays(today, query.days)
    .map((monthDay) => ({ monthDay, date: findNextCelebration(`2000-${monthDay}`, today).date }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.monthDay.localeCompare(b.monthDay));
  // A full year by the celebration: the date is before 1 January of the celebration's year.
  const years = [...new Set(days.map((day) => day.date.slice(0, 4)))];
  const base = {
    reader: readerOf(ctx.access),
    column: source.column,
    sectionLevel: levelFor(ctx.access, source.section, 'view'),
    teamIds: query.team_ids,
    before: source.fullYearsOnly
      ? years.map((year) => ({
          monthDays: days.filter((day) => day.date.startsWith(year)).map((day) => day.monthDay),
          date: `${year}-01-01`,
        }))
      : undefined,
  };
  const counts = new Map(
    (await countEmployeesByMonthDay(ctx.db, { ...base, monthDays: days.map((day) => day.monthDay) })).map(
      (row) => [row.monthDay, row.count],
    ),
  );
  const total = [...counts.values()].reduce((sum, count) => sum + count, 0);
  // The days up to the one where the first page fills (all of that day: names order it).
  let reached = 0;
  let lastNeeded = last;
  for (const day of days) {
    reached += counts.get(day.monthDay) ?? 0;
    if (reached >= query.per_page) {
      lastNeeded = day.date;
      break;
    }
  }
  const needed = days.filter((day) => day.date <= lastNeeded && counts.has(day.monthDay));
  const rows = await findEmployeesByMonthDay(ctx.db, {
    ...base,
    monthDays: needed.map((day) => day.monthDay),
  });
  const page = rows
    .map((row) => {
      const next = findNextCelebration(row.date, today);
      return { row, date: next.date, years: next.years, daysUntil: daysBetween(today, next.date) };
    })
    .filter((item) => item.date <= last && (!source.fullYearsOnly || item.years >= 1))
    .sort(
      (a, b) => a.date.localeCompare(b.date) || a.row.name.localeCompare(b.row.name) || a.row.id - b.row.id,
    )
    .slice(0, query.per_page);
  return { page, total };
}

function employeeRefOf(row: YearlyDateRow) {
  return { id: row.id, name: row.name, photo_url: photoUrlOf(row.id, row.photoFileId) };
}

/**
 * `dashboard.birthdays.list`: upcoming birthdays of working people the user sees whose birth date
 * they may see (field_birth_date, personal info reaching them). The birth year is not answered.
 */
export async function listBirthdays(
  ctx: DashboardContext,
  query: UpcomingDatesQuery,
): Promise<{ data: Birthday[]; meta: { total: number } }> {
  requireWidget(ctx, 'birthdays');
  const { page, total } = await listCelebrations(ctx, query, {
    column: 'birth_date',
    section: 'Employee.PersonalInfo',
    fullYearsOnly: false,
  });
  return {
    data: page.map((item) => ({
      employee: employeeRefOf(item.row),
      date: item.date,
      days_until: item.daysUntil,
    })),
    meta: { total },
  };
}

/**
 * `dashboard.importantDate`: upcoming work anniversaries (a full year or more since the start of
 * work) of working people the user sees whose start of work they may see (field_start_of_work, the
 * profile reaching them).
 */
export async function listWorkAnniversaries(
  ctx: DashboardContext,
  query: UpcomingDatesQuery,
): Promise<{ data: WorkAnniversary[]; meta: { total: number } }> {
  requireWidget(ctx, 'workAnniversaries');
  const { page, total } = await listCelebrations(ctx, query, {
    column: 'start_of_work',
    section: 'Employee.Profile',
    fullYearsOnly: true,
  });
  return {
    data: page.map((item) => ({
      employee: employeeRefOf(item.row),
      date: item.date,
      days_until: item.daysUntil,
      years: item.years,
    })),
    meta: { total },
  };
}

// ---------------------------------------------------------------------------------------------------
// Candidates.

/**
 * `employee.candidates`: open applications on vacancies the user is a responsible recruiter of,
 * newest first. Those vacancies are the user's own for every Candidate level (recruiters own their
 * vacancies), so the Candidate view is all it takes; contact fields are not answered.
 */
export async function listMyCandidates(
  ctx: DashboardContext,
  query: { per_page: number },
): Promise<{ data: MyCandidate[]; meta: { total: number } }> {
  requireWidget(ctx, 'candidates');
  const companyId = companyOf(ctx);
  const { rows, total } = await findMyCandidates(ctx.db, companyId, ctx.access.user.id, query.per_page);
  const pipelines = await findPipelines(ctx.db, companyId, [...new Set(rows.map((row) => row.vacancyId))]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      candidate: { id: row.candidateId, name: row.candidateName },
      vacancy: { id: row.vacancyId, name: row.vacancyName },
      stage: toStageWire(resolveStage(pipelines.get(row.vacancyId) ?? [], row.stageId)),
      created_at: row.createdAt.toISOString(),
    })),
    meta: { total },
  };
}
