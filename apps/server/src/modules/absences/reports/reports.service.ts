import { PassThrough, Readable } from 'node:stream';
import type { Locale } from '@kadry/shared/constants';
import { createTranslator } from '@kadry/shared/i18n/translate';
import {
  type AbsenceReportGroup,
  type AbsenceReportResponse,
  type HrReportResponse,
  type HrReportRow,
  type hrReportQuerySchema,
  type ReportModalResponse,
  TIMELINE_IMPORT_COLUMNS,
  TIMELINE_IMPORT_MAX_ROWS,
  type TimelineImportColumn,
  type TimelineImportError,
  type TimelineImportResponse,
  type TimelineResponse,
  type timelineExportQuerySchema,
  type timelineQuerySchema,
} from '@kadry/shared/schemas/absence-reports';
import {
  type AbsenceBalance,
  type AbsenceType,
  type AbsenceTypeCode,
  createAbsenceRequestBodySchema,
  type DayCounting,
} from '@kadry/shared/schemas/absences';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Db } from '../../../db/tables';
import { AppError } from '../../../lib/app-error';
import type { EventBus } from '../../../lib/event-bus';
import { neutraliseFormula } from '../../../lib/export-table';
import { type Access, requireAction, requireLevel } from '../../../plugins/access/access';
import { readSpreadsheetRows, UnreadableSpreadsheetError } from '../../employees/import/spreadsheet-rows';
import { findAbsenceEmployee, findPolicyFor, lockEmployeeAbsences } from '../absences.queries';
import { createAbsenceRequest, listTypes } from '../absences.service';
import { ensureAccruals } from '../accruals';
import { fromHundredths, todayIn, toHundredths } from '../day-count';
import {
  type DateRange,
  findCalendarsOf,
  findCountingSources,
  findPeoplePage,
  findRequestsOf,
  findTeamNames,
  findTeamSubtree,
  findVisiblePeopleByKeys,
  findVisiblePerson,
  findVisibleRequests,
  type ReportRequestRow,
  sumApprovedAmounts,
  sumLedgerByType,
} from './reports.queries';
import {
  countedDaysIn,
  countingResolver,
  DEFAULT_CALENDAR,
  datesOf,
  monthsRange,
  nonWorkingDays,
} from './reports-days';
import { absencePeopleWhere, seesEveryAbsence } from './visible-people';

// Absence reports (issue 14, docs/decisions/018-absence-ledger.md): spec §3.2's balance report, the
// person's report modal, the HR report, the timeline with its export and import. Whose absences show:
// visible people (decision 013) whom the AbsenceRequest view level reaches; anyone else is 404.

export type ReportsContext = { db: Db; access: Access; events: EventBus; now: () => Date };

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** People per statement in exports: the file streams out while the next batch is read. */
const EXPORT_BATCH = 500;

function typeName(type: AbsenceType, locale: string): string {
  return type.names[locale as keyof AbsenceType['names']] || type.names.en;
}

/** Resolves a team filter to the team and the teams below it; 404 for a team the company lacks. */
async function teamSelection(ctx: ReportsContext, teamId: number | undefined): Promise<number[] | null> {
  if (teamId === undefined) return null;
  const ids = await findTeamSubtree(ctx.db, ctx.access.user.companyId, teamId);
  if (!ids) throw new AppError('not_found');
  return ids;
}

type Counter = {
  typeById: Map<number, AbsenceType>;
  /** Hundredths of each counted day of a request inside a range, on the person's calendar. */
  daysOf(request: ReportRequestRow, range: DateRange): { date: string; hundredths: number }[];
};

/** The day counting of some people's requests over a range: calendars, policies, types at once. */
async function buildCounter(
  ctx: ReportsContext,
  types: AbsenceType[],
  employeeIds: readonly number[],
  range: DateRange,
): Promise<Counter> {
  const companyId = ctx.access.user.companyId;
  const [calendars, sources] = await Promise.all([
    findCalendarsOf(ctx.db, companyId, employeeIds, range),
    findCountingSources(ctx.db, companyId, employeeIds),
  ]);
  const typeById = new Map(types.map((type) => [type.id, type]));
  const countingOf = countingResolver(
    sources,
    new Map(types.map((type) => [type.id, type.counting as DayCounting])),
  );
  return {
    typeById,
    daysOf(request, within) {
      const type = typeById.get(request.absenceTypeId);
      if (!type) return [];
      const calendar = calendars.get(request.employeeId) ?? DEFAULT_CALENDAR;
      return countedDaysIn(
        request,
        type.unit,
        calendar,
        countingOf(request.employeeId, request.absenceTypeId),
        within,
      );
    },
  };
}

/** The person `{id}` (or the user's own for `current`) when the user may see their absences; else 404. */
async function visiblePerson(ctx: ReportsContext, id: number | 'current') {
  requireLevel(ctx.access, 'AbsenceRequest', 'view');
  const employeeId = id === 'current' ? ctx.access.user.employeeId : id;
  const person = await findVisiblePerson(
    ctx.db,
    ctx.access.user.companyId,
    employeeId,
    absencePeopleWhere(ctx.access),
  );
  if (!person) throw new AppError('not_found');
  return person;
}

/** The current year of a person's calendar. */
async function currentYearOf(ctx: ReportsContext, employeeId: number): Promise<number> {
  const today = new Date(ctx.now());
  const calendars = await findCalendarsOf(ctx.db, ctx.access.user.companyId, [employeeId], {
    from: '0001-01-01',
    to: '0001-01-01',
  });
  return Number(todayIn(calendars.get(employeeId)?.timeZone ?? 'UTC', today).slice(0, 4));
}

function yearRange(year: number): DateRange {
  return { from: `${year}-01-01`, to: `${year}-12-31` };
}

/**
 * `dashboard.balance.absenceReport` (spec §3.2): one person's year as groups keyed by type code,
 * each with `absence_data` (approved and pending requests touching the year), each with `months`,
 * each month with `title` (YYYY-MM) and `days_data.list` (the counted days and how much each counts).
 */
export async function getAbsenceReport(
  ctx: ReportsContext,
  id: number | 'current',
  yearAsked: number | undefined,
): Promise<AbsenceReportResponse> {
  const person = await visiblePerson(ctx, id);
  const year = yearAsked ?? (await currentYearOf(ctx, person.id));
  const range = yearRange(year);
  const types = (await listTypes(ctx)).filter((type) => type.is_enabled);
  const requests = await findRequestsOf(ctx.db, ctx.access.user.companyId, {
    employeeIds: [person.id],
    range,
    statuses: ['approved', 'pending'],
  });
  const counter = await buildCounter(ctx, types, [person.id], range);
  const groups: Record<string, AbsenceReportGroup> = {};
  for (const type of types) {
    groups[type.code] = {
      absence_type: type.code,
      number: type.number,
      unit: type.unit,
      total: 0,
      absence_data: [],
    };
  }
  for (const request of requests) {
    const type = counter.typeById.get(request.absenceTypeId);
    const group = type ? groups[type.code] : undefined;
    if (!type || !group) continue;
    const months = new Map<string, { date: string; amount: number }[]>();
    for (const day of counter.daysOf(request, range)) {
      const title = day.date.slice(0, 7);
      const list = months.get(title) ?? [];
      list.push({ date: day.date, amount: fromHundredths(day.hundredths) });
      months.set(title, list);
    }
    const days = type.unit === 'hours' ? (request.hours ?? 0) : (request.amountByYear[String(year)] ?? 0);
    group.absence_data.push({
      id: request.id,
      status: request.status as AbsenceReportGroup['absence_data'][number]['status'],
      date_from: request.dateFrom,
      date_to: request.dateTo,
      half_day_start: request.halfDayStart,
      half_day_end: request.halfDayEnd,
      days,
      months: [...months].map(([title, list]) => ({ title, days_data: { list } })),
    });
    if (request.status === 'approved')
      group.total = fromHundredths(toHundredths(group.total) + toHundredths(days));
  }
  return { data: groups, meta: { employee_id: person.id, year } };
}

/** A person's balances of a year (accruals due written first, as the own balance does). */
async function balancesOf(
  ctx: ReportsContext,
  employeeId: number,
  year: number,
  types: AbsenceType[],
): Promise<AbsenceBalance[]> {
  const { db } = ctx;
  const companyId = ctx.access.user.companyId;
  const employee = await findAbsenceEmployee(db, companyId, employeeId);
  if (!employee) throw new AppError('not_found');
  const calendars = await findCalendarsOf(db, companyId, [employeeId], yearRange(year));
  const today = todayIn(calendars.get(employeeId)?.timeZone ?? 'UTC', ctx.now());
  const counted = types.filter((type) => type.is_enabled && type.counts_against_balance);
  for (const type of counted) {
    const policy = await findPolicyFor(db, companyId, employee, type.id);
    if (!policy) continue;
    await db.transaction(async (tx) => {
      await lockEmployeeAbsences(tx, employeeId);
      await ensureAccruals(tx, { companyId, employee, typeId: type.id, policy, year, today });
    });
  }
  const [sums, pending] = await Promise.all([
    sumLedgerByType(db, companyId, employeeId, year),
    findRequestsOf(db, companyId, {
      employeeIds: [employeeId],
      range: yearRange(year),
      statuses: ['pending'],
    }),
  ]);
  return counted.map((type) => {
    let accrued = 0;
    let used = 0;
    for (const row of sums) {
      if (row.absenceTypeId !== type.id) continue;
      const amount = toHundredths(Number(row.total));
      if (row.kind === 'absence' || row.kind === 'absence_reversal') used -= amount;
      else accrued += amount;
    }
    const waiting = pending
      .filter((request) => request.absenceTypeId === type.id)
      .reduce((sum, request) => sum + toHundredths(request.amountByYear[String(year)] ?? 0), 0);
    return {
      absence_type: type.code,
      unit: type.unit,
      year,
      accrued: fromHundredths(accrued),
      used: fromHundredths(used),
      pending: fromHundredths(waiting),
      available: fromHundredths(accrued - used - waiting),
    };
  });
}

/** `dashboard.absence.reportModal`: a person's requests touching a year (any status) and balances. */
export async function getReportModal(
  ctx: ReportsContext,
  peopleId: number,
  yearAsked: number | undefined,
): Promise<ReportModalResponse['data']> {
  const person = await visiblePerson(ctx, peopleId);
  const year = yearAsked ?? (await currentYearOf(ctx, person.id));
  const types = await listTypes(ctx);
  const codeOf = new Map(types.map((type) => [type.id, type.code]));
  const [requests, balances] = await Promise.all([
    findRequestsOf(ctx.db, ctx.access.user.companyId, {
      employeeIds: [person.id],
      range: yearRange(year),
      statuses: ['pending', 'approved', 'rejected', 'cancelled', 'revoked'],
    }),
    balancesOf(ctx, person.id, year, types),
  ]);
  return {
    employee: { id: person.id, name: person.name },
    year,
    balances,
    absences: requests.flatMap((request) => {
      const code = codeOf.get(request.absenceTypeId);
      if (!code) return [];
      return [
        {
          id: request.id,
          absence_type: code,
          date_from: request.dateFrom,
          date_to: request.dateTo,
          half_day_start: request.halfDayStart,
          half_day_end: request.halfDayEnd,
          hours: request.hours,
          status: request.status as ReportModalResponse['data']['absences'][number]['status'],
          days: request.amount,
        },
      ];
    }),
  };
}

/** An approved absence as a calendar feed shows it. */
export type FeedAbsence = {
  id: number;
  name: string;
  type: AbsenceType;
  dateFrom: string;
  dateTo: string;
  halfDayStart: boolean;
  halfDayEnd: boolean;
  hours: number | null;
};

/**
 * Approved absences touching a range of the people the access sees (decision 013 and the
 * AbsenceRequest view level), of one person, of a team (with the teams below it) or of everyone,
 * filtered by type code (none: every type). An unknown team or person answers nothing.
 */
export async function listVisibleApprovedAbsences(
  ctx: Pick<ReportsContext, 'db' | 'access'>,
  filter: {
    employeeId?: number | undefined;
    teamId?: number | undefined;
    typeCodes: readonly string[];
    range: DateRange;
  },
): Promise<FeedAbsence[]> {
  const companyId = ctx.access.user.companyId;
  let teamIds: number[] | null = null;
  if (filter.teamId !== undefined) {
    teamIds = await findTeamSubtree(ctx.db, companyId, filter.teamId);
    if (!teamIds) return [];
  }
  const types = await listTypes(ctx);
  const typeById = new Map(types.map((type) => [type.id, type]));
  const typeIds =
    filter.typeCodes.length > 0
      ? types.filter((type) => filter.typeCodes.includes(type.code)).map((type) => type.id)
      : undefined;
  const rows = await findVisibleRequests(ctx.db, companyId, {
    visible: absencePeopleWhere(ctx.access),
    teamIds,
    employeeId: filter.employeeId,
    range: filter.range,
    statuses: ['approved'],
    typeIds,
  });
  return rows.flatMap((row) => {
    const type = typeById.get(row.absenceTypeId);
    if (!type) return [];
    return [
      {
        id: row.id,
        name: row.name,
        type,
        dateFrom: row.dateFrom,
        dateTo: row.dateTo,
        halfDayStart: row.halfDayStart,
        halfDayEnd: row.halfDayEnd,
        hours: row.hours,
      },
    ];
  });
}

/** Whether the access sees this person's absences (a feed's person, checked when it is made). */
export async function canSeeAbsencesOf(
  ctx: Pick<ReportsContext, 'db' | 'access'>,
  employeeId: number,
): Promise<boolean> {
  const person = await findVisiblePerson(
    ctx.db,
    ctx.access.user.companyId,
    employeeId,
    absencePeopleWhere(ctx.access),
  );
  return person !== null;
}

/** Whether the company has this team. */
export async function teamExists(
  ctx: Pick<ReportsContext, 'db' | 'access'>,
  teamId: number,
): Promise<boolean> {
  return (await findTeamSubtree(ctx.db, ctx.access.user.companyId, teamId)) !== null;
}

// ---------------------------------------------------------------------------------------------------
// The HR report.

type HrReportQuery = z.output<typeof hrReportQuerySchema>;

function reportRange(query: HrReportQuery): DateRange {
  if (query.period === 'year') return yearRange(query.year);
  const month = `${query.year}-${String(query.month ?? 1).padStart(2, '0')}`;
  return monthsRange(month, month);
}

/**
 * The HR report: approved days (hours for hourly types) in a month or a year per person, or per
 * team of the selection (a person in two teams counts in both rows, once in the totals), by type.
 * Days are counted inside the period only, on each person's calendar, as the request engine counts.
 */
export async function getHrReport(
  ctx: ReportsContext,
  query: HrReportQuery,
): Promise<HrReportResponse['data']> {
  requireAction(ctx.access, 'Timeline', 'absence_report_view');
  const companyId = ctx.access.user.companyId;
  const range = reportRange(query);
  const teamIds = await teamSelection(ctx, query.team_id);
  const types = await listTypes(ctx);
  // Summed in SQL from the stored monthly amounts of approved requests (sumApprovedAmounts,
  // decision 029): the same counting as countedDaysIn per day, without counting any request here.
  const sums = await sumApprovedAmounts(ctx.db, companyId, {
    visible: seesEveryAbsence(ctx.access) ? null : absencePeopleWhere(ctx.access),
    teamIds,
    range,
    groupBy: query.group_by,
  });
  const codeOf = new Map(types.map((type) => [type.id, type.code]));

  type Sums = Map<AbsenceTypeCode, number>;
  const hourly = new Set(types.filter((type) => type.unit === 'hours').map((type) => type.code));
  const toRow = (id: number | null, name: string, sums: Sums): HrReportRow => ({
    id,
    name,
    amounts: Object.fromEntries([...sums].map(([code, amount]) => [code, fromHundredths(amount)])),
    total_days: fromHundredths(
      [...sums].reduce((sum, [code, amount]) => (hourly.has(code) ? sum : sum + amount), 0),
    ),
  });
  const add = (into: Sums, code: AbsenceTypeCode, amount: number) => {
    into.set(code, (into.get(code) ?? 0) + amount);
  };

  const totals: Sums = new Map();
  // By person: in the order the rows come (by name); by team: by team name, people in no team last.
  const grouped = new Map<number | null, { name: string; sums: Sums }>();
  for (const row of sums) {
    const code = codeOf.get(row.absenceTypeId);
    if (!code) continue;
    if (row.kind === 'total' || query.group_by === 'person') add(totals, code, row.hundredths);
    if (row.kind === 'total') continue;
    const group = grouped.get(row.id) ?? { name: row.name ?? '', sums: new Map() };
    add(group.sums, code, row.hundredths);
    grouped.set(row.id, group);
  }

  let rows: HrReportRow[];
  if (query.group_by === 'team') {
    const names = await findTeamNames(
      ctx.db,
      companyId,
      [...grouped.keys()].filter((id): id is number => id !== null),
    );
    rows = [...grouped]
      .map(([id, group]) => toRow(id, id === null ? '' : (names.get(id) ?? ''), group.sums))
      .sort((a, b) => (a.id === null ? 1 : b.id === null ? -1 : a.name.localeCompare(b.name)));
  } else {
    rows = [...grouped].map(([id, group]) => toRow(id, group.name, group.sums));
  }
  const totalRow = toRow(null, '', totals);
  return {
    date_from: range.from,
    date_to: range.to,
    types: types.filter((type) => totals.has(type.code)).map((type) => type.code),
    rows,
    totals: { amounts: totalRow.amounts, total_days: totalRow.total_days },
  };
}

/** A streamed XLSX writer; every text cell neutralised against formulas, numbers kept as numbers. */
function createXlsx(): { stream: PassThrough; workbook: ExcelJS.stream.xlsx.WorkbookWriter } {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  return { stream, workbook };
}

function cells(values: readonly (string | number)[]): (string | number)[] {
  return values.map((value) => (typeof value === 'string' ? neutraliseFormula(value) : value));
}

/** Runs a workbook writer in the background; a failure ends the stream with the error. */
function writeInBackground(stream: PassThrough, write: () => Promise<void>): void {
  void write().catch((error: unknown) =>
    stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
}

/** The HR report as XLSX, streamed (Timeline action absence_report_import_export). */
export async function exportHrReport(
  ctx: ReportsContext,
  query: HrReportQuery,
  locale: Locale,
): Promise<{ stream: Readable; fileName: string }> {
  requireAction(ctx.access, 'Timeline', 'absence_report_import_export');
  const report = await getHrReport(ctx, query);
  const t = createTranslator(locale);
  const types = (await listTypes(ctx)).filter((type) => report.types.includes(type.code));
  const { stream, workbook } = createXlsx();
  writeInBackground(stream, async () => {
    const sheet = workbook.addWorksheet(t('hr.absenceReports.report.sheet'));
    sheet.addRow(cells([`${report.date_from} – ${report.date_to}`])).commit();
    sheet
      .addRow(
        cells([
          t(query.group_by === 'team' ? 'hr.absenceReports.report.team' : 'hr.absenceReports.report.person'),
          ...types.map((type) =>
            type.unit === 'hours'
              ? `${typeName(type, locale)} (${t('hr.absenceReports.unit.hours')})`
              : typeName(type, locale),
          ),
          t('hr.absenceReports.report.total_days'),
        ]),
      )
      .commit();
    for (const row of report.rows) {
      const name =
        row.id === null && query.group_by === 'team' ? t('hr.absenceReports.report.no_team') : row.name;
      sheet
        .addRow(cells([name, ...types.map((type) => row.amounts[type.code] ?? 0), row.total_days]))
        .commit();
    }
    sheet
      .addRow(
        cells([
          t('hr.absenceReports.report.totals'),
          ...types.map((type) => report.totals.amounts[type.code] ?? 0),
          report.totals.total_days,
        ]),
      )
      .commit();
    await workbook.commit();
  });
  const period = query.period === 'year' ? String(query.year) : report.date_from.slice(0, 7);
  return { stream, fileName: `absence-report-${period}.xlsx` };
}

// ---------------------------------------------------------------------------------------------------
// The timeline.

type TimelineQuery = z.output<typeof timelineQuerySchema>;

/**
 * The timeline: one page of the people of a team (and the teams below it) or the company whose
 * absences the user sees, by name, each with their approved and pending absences in the months asked
 * (filtered by type) and their non-working days. Timeline action absence_report_view.
 */
export async function getTimeline(ctx: ReportsContext, query: TimelineQuery): Promise<TimelineResponse> {
  requireAction(ctx.access, 'Timeline', 'absence_report_view');
  const companyId = ctx.access.user.companyId;
  const range = monthsRange(query.from, query.to);
  const teamIds = await teamSelection(ctx, query.team_id);
  const types = await listTypes(ctx);
  const typeIds = query.type_codes
    ? types.filter((type) => query.type_codes?.includes(type.code)).map((type) => type.id)
    : undefined;
  const { total, people } = await findPeoplePage(
    ctx.db,
    companyId,
    { visible: absencePeopleWhere(ctx.access), teamIds, range },
    { limit: query.per_page, offset: (query.page - 1) * query.per_page },
  );
  const rows = await timelineRows(ctx, types, people, range, typeIds);
  return {
    data: { date_from: range.from, date_to: range.to, people: rows },
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

async function timelineRows(
  ctx: ReportsContext,
  types: AbsenceType[],
  people: { id: number; name: string }[],
  range: DateRange,
  typeIds: number[] | undefined,
): Promise<TimelineResponse['data']['people']> {
  const companyId = ctx.access.user.companyId;
  const ids = people.map((person) => person.id);
  const [requests, calendars] = await Promise.all([
    findRequestsOf(ctx.db, companyId, {
      employeeIds: ids,
      range,
      statuses: ['approved', 'pending'],
      typeIds,
    }),
    findCalendarsOf(ctx.db, companyId, ids, range),
  ]);
  const codeOf = new Map(types.map((type) => [type.id, type.code]));
  return people.map((person) => ({
    id: person.id,
    name: person.name,
    non_working_days: nonWorkingDays(calendars.get(person.id) ?? DEFAULT_CALENDAR, range),
    absences: requests
      .filter((request) => request.employeeId === person.id)
      .flatMap((request) => {
        const code = codeOf.get(request.absenceTypeId);
        if (!code) return [];
        return [
          {
            id: request.id,
            absence_type: code,
            date_from: request.dateFrom,
            date_to: request.dateTo,
            half_day_start: request.halfDayStart,
            half_day_end: request.halfDayEnd,
            hours: request.hours,
            status: request.status as 'approved' | 'pending',
            days: request.amount,
          },
        ];
      }),
  }));
}

/**
 * The timeline as XLSX, streamed batch by batch: a row per person, a column per day; an absent day
 * holds the type's name (½ for a half day, * for a pending request), a non-working day a dot.
 * Timeline action absence_report_import_export.
 */
export async function exportTimeline(
  ctx: ReportsContext,
  query: z.output<typeof timelineExportQuerySchema>,
  locale: Locale,
): Promise<{ stream: Readable; fileName: string }> {
  requireAction(ctx.access, 'Timeline', 'absence_report_view');
  requireAction(ctx.access, 'Timeline', 'absence_report_import_export');
  const companyId = ctx.access.user.companyId;
  const range = monthsRange(query.from, query.to);
  const teamIds = await teamSelection(ctx, query.team_id);
  const types = await listTypes(ctx);
  const typeIds = query.type_codes
    ? types.filter((type) => query.type_codes?.includes(type.code)).map((type) => type.id)
    : undefined;
  const typeByCode = new Map(types.map((type) => [type.code, type]));
  const dates = datesOf(range);
  const t = createTranslator(locale);
  const visible = absencePeopleWhere(ctx.access);
  const { stream, workbook } = createXlsx();
  writeInBackground(stream, async () => {
    const sheet = workbook.addWorksheet(t('hr.absenceReports.timeline.sheet'));
    sheet.addRow(cells([t('hr.absenceReports.report.person'), ...dates])).commit();
    for (let offset = 0; ; offset += EXPORT_BATCH) {
      const { people } = await findPeoplePage(
        ctx.db,
        companyId,
        { visible, teamIds, range },
        { limit: EXPORT_BATCH, offset },
      );
      const rows = await timelineRows(ctx, types, people, range, typeIds);
      for (const person of rows) {
        const byDate = new Map<string, string>();
        for (const date of person.non_working_days) byDate.set(date, '·');
        for (const absence of person.absences) {
          const type = typeByCode.get(absence.absence_type);
          if (!type) continue;
          for (const date of datesOf({ from: absence.date_from, to: absence.date_to })) {
            if (date < range.from || date > range.to) continue;
            const half =
              (date === absence.date_from && absence.half_day_start) ||
              (date === absence.date_to && absence.half_day_end);
            byDate.set(
              date,
              `${typeName(type, locale)}${half ? ' ½' : ''}${absence.status === 'pending' ? ' *' : ''}`,
            );
          }
        }
        sheet.addRow(cells([person.name, ...dates.map((date) => byDate.get(date) ?? '')])).commit();
      }
      if (people.length < EXPORT_BATCH) break;
    }
    sheet.addRow([]).commit();
    sheet.addRow(cells([`* ${t('hr.absenceReports.status.pending')}`])).commit();
    sheet.addRow(cells([`· ${t('hr.absenceReports.timeline.non_working')}`])).commit();
    await workbook.commit();
  });
  return { stream, fileName: `absence-timeline-${query.from}-${query.to}.xlsx` };
}

// ---------------------------------------------------------------------------------------------------
// The timeline import.

/** Thrown inside the import's transaction to roll it back (a dry run, or any refused row). */
class RollBack extends Error {}

const TRUE_WORDS = new Set(['1', 'true', 'yes', 'y', 'да', 'так', 'x', '+']);
const FALSE_WORDS = new Set(['', '0', 'false', 'no', 'n', 'нет', 'ні', '-']);

type ParsedRow = { row: number; values: Record<TimelineImportColumn, string> };

/** A refused row before its message is put in the user's language. */
type RowError = Omit<TimelineImportError, 'message'>;

/** Reads the file's rows under its header (columns by name, any order). */
async function readImportRows(file: Buffer): Promise<{ rows: ParsedRow[]; errors: RowError[] }> {
  const rows: ParsedRow[] = [];
  let columns: (TimelineImportColumn | null)[] | null = null;
  try {
    for await (const { row, cells: raw } of readSpreadsheetRows(Readable.from([file]), 'xlsx')) {
      if (raw.every((cell) => cell === '')) continue;
      if (!columns) {
        columns = raw.map((cell) => {
          const name = cell.trim().toLowerCase();
          return (TIMELINE_IMPORT_COLUMNS as readonly string[]).includes(name)
            ? (name as TimelineImportColumn)
            : null;
        });
        const missing = ['employee', 'absence_type', 'date_from', 'date_to'].filter(
          (name) => !columns?.includes(name as TimelineImportColumn),
        );
        if (missing.length > 0) {
          return {
            rows: [],
            errors: [{ row, column: missing.join(', '), key: 'absenceReports.import.missing_columns' }],
          };
        }
        continue;
      }
      if (rows.length >= TIMELINE_IMPORT_MAX_ROWS) {
        return {
          rows: [],
          errors: [
            {
              row,
              column: '',
              key: 'absenceReports.import.too_many_rows',
              params: { max: TIMELINE_IMPORT_MAX_ROWS },
            },
          ],
        };
      }
      const values = Object.fromEntries(TIMELINE_IMPORT_COLUMNS.map((name) => [name, ''])) as Record<
        TimelineImportColumn,
        string
      >;
      columns.forEach((name, index) => {
        if (name) values[name] = raw[index] ?? '';
      });
      rows.push({ row, values });
    }
  } catch (error) {
    if (error instanceof UnreadableSpreadsheetError) {
      throw new AppError('validation', { issues: { file: [{ key: 'absenceReports.import.unreadable' }] } });
    }
    throw error;
  }
  if (!columns) {
    return { rows: [], errors: [{ row: 1, column: '', key: 'absenceReports.import.empty' }] };
  }
  return { rows, errors: [] };
}

function flagOf(value: string): boolean | null {
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

/** The message keys of a schema's issues, by import column. */
function issuesOf(error: z.ZodError): { column: string; key: string }[] {
  return error.issues.map((issue) => {
    const field = String(issue.path[0] ?? '');
    const column = field === 'employee_id' ? 'employee' : field;
    const key =
      issue.message.includes('.') && !issue.message.includes(' ') ? issue.message : 'errors.invalid_value';
    return { column, key };
  });
}

/**
 * The timeline import: each row of the XLSX is a directly entered absence, for a visible person
 * matched by employee number or work e-mail, checked by the request engine itself (its counting,
 * overlaps with what exists and with earlier rows, balances, permissions). A dry run reports every
 * row's refusals and writes nothing; otherwise every row is entered in one transaction, or none when
 * any is refused. Needs the Timeline action absence_report_import_export and AbsenceRequest
 * create_absence (entries for others are approved at once, as direct entry is).
 */
export async function importTimeline(
  ctx: ReportsContext,
  file: Buffer,
  dryRun: boolean,
  locale: Locale,
): Promise<TimelineImportResponse['data']> {
  const t = createTranslator(locale);
  const withMessages = (list: RowError[]): TimelineImportError[] =>
    list.map((error) => ({ ...error, message: t(error.key, error.params) }));
  requireAction(ctx.access, 'Timeline', 'absence_report_import_export');
  requireAction(ctx.access, 'AbsenceRequest', 'create_absence');
  const companyId = ctx.access.user.companyId;
  const read = await readImportRows(file);
  if (read.errors.length > 0) {
    return { dry_run: dryRun, rows: 0, created: 0, errors: withMessages(read.errors) };
  }
  const keys = [...new Set(read.rows.map((row) => row.values.employee.trim()).filter(Boolean))];
  const people = await findVisiblePeopleByKeys(ctx.db, companyId, keys, absencePeopleWhere(ctx.access));
  const byNumber = new Map(people.filter((p) => p.employeeNumber).map((p) => [p.employeeNumber, p.id]));
  const byEmail = new Map(people.filter((p) => p.workEmail).map((p) => [p.workEmail?.toLowerCase(), p.id]));
  const types = await listTypes(ctx);
  const typeOf = (value: string): AbsenceTypeCode | null => {
    const word = value.trim().toLowerCase();
    const type = types.find(
      (candidate) =>
        candidate.code === word ||
        String(candidate.number ?? '') === word ||
        Object.values(candidate.names).some((name) => name.trim().toLowerCase() === word),
    );
    return type?.code ?? null;
  };

  const errors: RowError[] = [];
  let created = 0;
  try {
    await ctx.db.transaction(async (tx) => {
      for (const { row, values } of read.rows) {
        const rowErrors: RowError[] = [];
        const key = values.employee.trim();
        const employeeId = byNumber.get(key) ?? byEmail.get(key.toLowerCase());
        if (!key) rowErrors.push({ row, column: 'employee', key: 'public.fill_fields' });
        else if (!employeeId)
          rowErrors.push({ row, column: 'employee', key: 'absenceReports.import.unknown_employee' });
        const code = typeOf(values.absence_type);
        if (!code) rowErrors.push({ row, column: 'absence_type', key: 'absenceReports.import.unknown_type' });
        const halfStart = flagOf(values.half_day_start);
        const halfEnd = flagOf(values.half_day_end);
        if (halfStart === null)
          rowErrors.push({ row, column: 'half_day_start', key: 'errors.invalid_value' });
        if (halfEnd === null) rowErrors.push({ row, column: 'half_day_end', key: 'errors.invalid_value' });
        const hours = values.hours.trim() === '' ? undefined : Number(values.hours.replace(',', '.'));
        const body = createAbsenceRequestBodySchema.safeParse({
          absence_type: code ?? 'vacation',
          employee_id: employeeId ?? 1,
          date_from: values.date_from.trim(),
          date_to: values.date_to.trim(),
          half_day_start: halfStart ?? false,
          half_day_end: halfEnd ?? false,
          ...(hours === undefined ? {} : { hours }),
          ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
        });
        if (!body.success) {
          for (const issue of issuesOf(body.error)) rowErrors.push({ row, ...issue });
        }
        if (rowErrors.length > 0 || !body.success) {
          errors.push(...rowErrors);
          continue;
        }
        try {
          // A savepoint: a refused row leaves nothing behind, and the rows after it still see the
          // ones before (an overlap inside the file is refused like one with the database).
          await tx.transaction(async (savepoint) => {
            await createAbsenceRequest({ ...ctx, db: savepoint }, body.data);
          });
          created += 1;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const issues = Object.entries(error.issues ?? {});
          if (issues.length === 0) {
            errors.push({
              row,
              column: 'employee',
              key: error.key,
              ...(error.params ? { params: error.params } : {}),
            });
          }
          for (const [field, list] of issues) {
            for (const issue of list) {
              errors.push({
                row,
                column: field === 'employee_id' ? 'employee' : field,
                key: issue.key,
                ...(issue.params ? { params: issue.params } : {}),
              });
            }
          }
        }
      }
      if (dryRun || errors.length > 0) throw new RollBack();
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
    created = 0;
  }
  ctx.events.dispatchSoon();
  if (!dryRun && errors.length > 0) {
    throw new AppError('validation', {
      key: 'absenceReports.import.has_errors',
      issues: { file: [{ key: 'absenceReports.import.has_errors', params: { count: errors.length } }] },
    });
  }
  return { dry_run: dryRun, rows: read.rows.length, created, errors: withMessages(errors) };
}
