import { PassThrough, type Readable } from 'node:stream';
import type { Translate } from '@kadry/shared/i18n/translate';
import { levelOf } from '@kadry/shared/permissions/permission-state';
import {
  EMPLOYEE_IMPORT_ERROR_COLUMN,
  EMPLOYEE_IMPORT_MAX_ROWS,
  type EmployeeImport,
  type EmployeeImportColumn,
  type EmployeeImportFormat,
  type EmployeeImportRow,
  type EmployeeImportSummary,
} from '@kadry/shared/schemas/employee-import';
import { getTodayIsoDate } from '@kadry/shared/validation/dates';
import ExcelJS from 'exceljs';
import type { Employee, EmployeeImportRowReport } from '../../../db/schema/employees';
import type { Db } from '../../../db/tables';
import { AppError } from '../../../lib/app-error';
import type { EventBus } from '../../../lib/event-bus';
import { neutraliseFormula } from '../../../lib/export-table';
import type { Access } from '../../../plugins/access/access';
import type { FileStore } from '../../../storage/file-store';
import { type EmployeeLists, findListsOfEmployees } from '../employees.queries';
import { disableDismissedAccounts } from '../employees.service';
import { customFieldHeader, listAllowedColumns } from './employee-columns';
import {
  deleteCheckedImport,
  deleteStaleCheckedImports,
  type ExistingEmployee,
  findCurrentSalaries,
  findCustomFieldDefinitions,
  findDictionaryEntries,
  findEmployeesByIds,
  findEmployeesForMatching,
  findImport,
  findTeamNames,
  insertChanges,
  insertEmployees,
  insertImport,
  insertSalaries,
  lockImport,
  replaceEmployeeLists,
  replaceTeamMemberships,
  syncAccountNames,
  type UpdatableColumn,
  updateEmployees,
  updateImport,
} from './employee-import.queries';
import {
  buildDictionaryLookup,
  type CheckedRow,
  COLUMN_OF_SQL,
  checkRow,
  createFileState,
  type HeaderMap,
  type ImportLookups,
  mapHeader,
  reportOf,
} from './employee-import-check';
import { readSpreadsheetRows, UnreadableSpreadsheetError } from './spreadsheet-rows';

/** What the import's operations need: the database, the acting user, the file store, the clock. */
export type EmployeeImportContext = {
  db: Db;
  access: Access;
  fileStore: FileStore;
  now: () => Date;
  /** Where changes of people's teams are announced (`teams.members_changed`); none: not announced. */
  events?: Pick<EventBus, 'publish' | 'dispatchSoon'> | undefined;
};

/** Rows written per statement when confirmed: bounded memory, few round trips. */
const WRITE_BATCH = 500;

/**
 * Importing changes anyone: it needs the Employee create and update levels at to_all (an import
 * cannot tell "my team" rows from others before reading them, and creates people in any team).
 * Columns of fields the user may not see are refused (decision 012: a hidden field is never written).
 */
export function requireImportAccess(access: Access): void {
  const settings = access.permissions.Employee.visibilitySettings;
  if (levelOf(settings, 'create') !== 'to_all' || levelOf(settings, 'update') !== 'to_all') {
    throw new AppError('forbidden');
  }
}

async function loadLookups(db: Db, access: Access): Promise<ImportLookups> {
  const companyId = access.user.companyId;
  const [existing, teamRows, dictionaryRows, customFields] = await Promise.all([
    findEmployeesForMatching(db, companyId),
    findTeamNames(db, companyId),
    findDictionaryEntries(db, companyId),
    findCustomFieldDefinitions(db, companyId),
  ]);
  const byNumber = new Map<string, ExistingEmployee>();
  const byEmail = new Map<string, ExistingEmployee>();
  for (const employee of existing) {
    if (employee.employeeNumber) byNumber.set(employee.employeeNumber, employee);
    if (employee.workEmail) byEmail.set(employee.workEmail, employee);
  }
  const teamsByName = new Map<string, number[]>();
  for (const team of teamRows) {
    const key = team.name.trim().toLowerCase();
    teamsByName.set(key, [...(teamsByName.get(key) ?? []), team.id]);
  }
  return {
    byNumber,
    byEmail,
    teamsByName,
    ...buildDictionaryLookup(dictionaryRows),
    customFields,
    allowed: new Set(listAllowedColumns(access)),
  };
}

/** The file's header is wrong: 422 naming the columns. */
function headerError(problems: {
  unknown: string[];
  forbidden: string[];
  duplicate: string[];
}): AppError | null {
  const file: { key: string; params: Record<string, string> }[] = [];
  const add = (key: string, columns: string[]) => {
    if (columns.length > 0)
      file.push({ key: `hr.employeesImport.${key}`, params: { columns: columns.join(', ') } });
  };
  add('unknown_columns', problems.unknown);
  add('forbidden_columns', problems.forbidden);
  add('duplicate_columns', problems.duplicate);
  return file.length > 0 ? new AppError('validation', { issues: { file } }) : null;
}

function emptyFileError(): AppError {
  return new AppError('validation', { issues: { file: [{ key: 'hr.employeesImport.empty_file' }] } });
}

function unreadableError(cause: unknown): AppError {
  return new AppError('validation', { issues: { file: [{ key: 'hr.employeesImport.unreadable' }] }, cause });
}

/**
 * Reads a stored import file row by row, checks every row and hands the checked ones to `onRow`
 * (in file order). Only the lookups and the file's seen numbers and emails stay in memory.
 */
async function checkFile(
  source: Readable,
  format: EmployeeImportFormat,
  lookups: ImportLookups,
  onRow: (row: CheckedRow) => Promise<void> | void,
): Promise<EmployeeImportSummary> {
  const summary: EmployeeImportSummary = { rows: 0, create: 0, update: 0, error: 0 };
  const state = createFileState();
  let header: HeaderMap | null = null;
  try {
    for await (const { row, cells } of readSpreadsheetRows(source, format)) {
      if (header === null) {
        if (cells.every((cell) => cell === '')) continue;
        const mapped = mapHeader(cells, lookups);
        const problem = headerError(mapped.problems);
        if (problem) throw problem;
        if (mapped.map.length === 0) throw emptyFileError();
        header = mapped.map;
        continue;
      }
      if (cells.every((cell) => cell === '')) continue;
      summary.rows += 1;
      if (summary.rows > EMPLOYEE_IMPORT_MAX_ROWS) {
        throw new AppError('validation', {
          issues: {
            file: [{ key: 'hr.employeesImport.too_many_rows', params: { max: EMPLOYEE_IMPORT_MAX_ROWS } }],
          },
        });
      }
      const checked = checkRow(row, cells, header, lookups, state);
      summary[checked.action] += 1;
      await onRow(checked);
    }
  } catch (error) {
    if (error instanceof UnreadableSpreadsheetError) throw unreadableError(error);
    throw error;
  } finally {
    source.destroy();
  }
  if (header === null || summary.rows === 0) throw emptyFileError();
  return summary;
}

function toWire(row: {
  id: number;
  fileName: string;
  format: EmployeeImportFormat;
  status: EmployeeImport['status'];
  summary: Record<string, number>;
  createdAt: Date;
  importedAt: Date | null;
}): EmployeeImport {
  return {
    id: row.id,
    file_name: row.fileName,
    format: row.format,
    status: row.status,
    summary: {
      rows: row.summary.rows ?? 0,
      create: row.summary.create ?? 0,
      update: row.summary.update ?? 0,
      error: row.summary.error ?? 0,
    },
    created_at: row.createdAt.toISOString(),
    imported_at: row.importedAt?.toISOString() ?? null,
  };
}

/** The company's custom fields and dictionary entries (the export names values by them). */
export async function findExportLookups(db: Db, companyId: number) {
  const [customFields, entries] = await Promise.all([
    findCustomFieldDefinitions(db, companyId),
    findDictionaryEntries(db, companyId),
  ]);
  return { customFields, entries };
}

/** The format a file name says (the content is checked by reading it). */
export function formatOfFileName(fileName: string): EmployeeImportFormat | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith('.xlsx')) return 'xlsx';
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  return null;
}

/**
 * The dry run of an uploaded file already in the file store: checks every row, records the import
 * (status `checked`) with its report, and answers the summary. Writes no employee. An unreadable file
 * or a wrong header answers 422 and the stored file is dropped.
 */
export async function checkUploadedImport(
  ctx: EmployeeImportContext,
  upload: { fileName: string; storageKey: string; format: EmployeeImportFormat },
): Promise<EmployeeImport> {
  requireImportAccess(ctx.access);
  try {
    const lookups = await loadLookups(ctx.db, ctx.access);
    const report: EmployeeImportRowReport[] = [];
    const summary = await checkFile(
      await ctx.fileStore.get(upload.storageKey),
      upload.format,
      lookups,
      (row) => {
        report.push(reportOf(row));
      },
    );
    const stored = await insertImport(ctx.db, {
      companyId: ctx.access.user.companyId,
      createdByUserId: ctx.access.user.id,
      fileName: upload.fileName.slice(0, 255),
      storageKey: upload.storageKey,
      format: upload.format,
      summary,
      report,
    });
    return toWire(stored);
  } catch (error) {
    await ctx.fileStore.delete(upload.storageKey).catch(() => undefined);
    throw error;
  }
}

async function findOwnImport(ctx: EmployeeImportContext, id: number) {
  requireImportAccess(ctx.access);
  const row = await findImport(ctx.db, ctx.access.user.companyId, id);
  if (!row) throw new AppError('not_found');
  return row;
}

export async function getImport(ctx: EmployeeImportContext, id: number): Promise<EmployeeImport> {
  return toWire(await findOwnImport(ctx, id));
}

/** The dry run's rows, paged; `errors` keeps only the rows with errors. */
export async function listImportRows(
  ctx: EmployeeImportContext,
  id: number,
  query: { page: number; per_page: number; only: 'all' | 'errors' },
): Promise<{
  data: EmployeeImportRow[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}> {
  const row = await findOwnImport(ctx, id);
  const rows = query.only === 'errors' ? row.report.filter((entry) => entry.action === 'error') : row.report;
  const start = (query.page - 1) * query.per_page;
  return {
    data: rows.slice(start, start + query.per_page).map((entry) => ({
      row: entry.row,
      action: entry.action,
      ...(entry.employeeId !== undefined ? { employee_id: entry.employeeId } : {}),
      ...(entry.name !== undefined ? { name: entry.name } : {}),
      ...(entry.errors ? { errors: entry.errors } : {}),
    })),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(rows.length / query.per_page)),
      per_page: query.per_page,
      total: rows.length,
    },
  };
}

const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A streamed XLSX: rows are written as they come, the zip flows out as it is built. */
export function createXlsxStream(): { stream: PassThrough; workbook: ExcelJS.stream.xlsx.WorkbookWriter } {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: false,
    useSharedStrings: false,
  });
  return { stream, workbook };
}

export { XLSX_CONTENT_TYPE };

/** Every cell as neutralised text (nothing in a file we send is evaluated as a formula). */
export function textRow(cells: readonly string[]): string[] {
  return cells.map((cell) => neutraliseFormula(cell));
}

/**
 * The template: a sheet with a header for every column the user may import (custom fields included)
 * and an example row, and a second sheet listing the allowed values (teams, dictionaries, options).
 */
export async function writeTemplate(ctx: EmployeeImportContext, translate: Translate): Promise<PassThrough> {
  requireImportAccess(ctx.access);
  const companyId = ctx.access.user.companyId;
  const [teamRows, dictionaryRows, customFields] = await Promise.all([
    findTeamNames(ctx.db, companyId),
    findDictionaryEntries(ctx.db, companyId),
    findCustomFieldDefinitions(ctx.db, companyId),
  ]);
  const columns = listAllowedColumns(ctx.access);
  const { stream, workbook } = createXlsxStream();
  void (async () => {
    const people = workbook.addWorksheet('Employees');
    people.addRow([...columns, ...customFields.map((field) => customFieldHeader(field.name))]).commit();
    const values = workbook.addWorksheet('Allowed values');
    values.addRow(['column', 'value']).commit();
    for (const team of [...teamRows].sort((a, b) => a.name.localeCompare(b.name))) {
      values.addRow(textRow(['teams', team.name])).commit();
    }
    // The column each dictionary's values go in, and how the sheet labels them (a list column's
    // parts: `languages: level` are the levels written after a language and its colon).
    const dictionaryColumns: Record<string, [EmployeeImportColumn, string]> = {
      employment_type: ['employment_type', 'employment_type'],
      terms_of_cooperation: ['terms_of_cooperation', 'terms_of_cooperation'],
      people_status: ['status', 'status'],
      grade: ['grade', 'grade'],
      experience: ['experience', 'experience'],
      dismissal_reason: ['dismissal_reason', 'dismissal_reason'],
      sex: ['gender', 'gender'],
      marital_status: ['marital_status', 'marital_status'],
      currency: ['salary_currency', 'salary_currency'],
      portfolio_icon: ['links', 'links: icon'],
      language: ['languages', 'languages'],
      language_level: ['languages', 'languages: level'],
      relative_type: ['relatives', 'relatives: type'],
    };
    const locale = ctx.access.user.locale;
    for (const entry of dictionaryRows) {
      const [column, label] = dictionaryColumns[entry.dictionary] ?? [];
      if (!column || !label || !columns.includes(column)) continue;
      const name = entry.overrideNames?.[locale] ?? entry.names[locale] ?? entry.names.en;
      values.addRow(textRow([label, entry.dictionary === 'currency' ? entry.code : name])).commit();
    }
    for (const field of customFields) {
      for (const option of field.options)
        values.addRow(textRow([customFieldHeader(field.name), option.name])).commit();
    }
    values.addRow(textRow(['', translate('hr.employeesImport.template_note')])).commit();
    values.addRow(textRow(['', translate('hr.employeesImport.template_lists_note')])).commit();
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  return stream;
}

/** The rows of the file that have errors, as they were, with an `errors` column saying what is wrong. */
export async function writeErrorFile(
  ctx: EmployeeImportContext,
  id: number,
  translate: Translate,
): Promise<{ stream: PassThrough; fileName: string }> {
  const stored = await findOwnImport(ctx, id);
  if (stored.status !== 'checked') throw new AppError('not_found');
  const errorsByRow = new Map(
    stored.report.filter((entry) => entry.action === 'error').map((entry) => [entry.row, entry.errors ?? []]),
  );
  const source = await ctx.fileStore.get(stored.storageKey);
  const { stream, workbook } = createXlsxStream();
  void (async () => {
    const sheet = workbook.addWorksheet('Errors');
    let headerDone = false;
    try {
      for await (const { row, cells } of readSpreadsheetRows(source, stored.format)) {
        if (!headerDone) {
          if (cells.every((cell) => cell === '')) continue;
          headerDone = true;
          const withoutErrors = cells.filter(
            (cell) => cell.trim().toLowerCase() !== EMPLOYEE_IMPORT_ERROR_COLUMN,
          );
          sheet.addRow(textRow(['row', ...withoutErrors, EMPLOYEE_IMPORT_ERROR_COLUMN])).commit();
          continue;
        }
        const errors = errorsByRow.get(row);
        if (!errors) continue;
        const text = errors
          .map((error) => {
            const message = translate(`hr.employeesImport.error.${error.message}`, {
              row: (error as { other_row?: number }).other_row ?? '',
            });
            return `${error.column}: ${message}`;
          })
          .join('; ');
        sheet.addRow(textRow([String(row), ...cells.slice(0, Math.max(0, cells.length)), text])).commit();
      }
    } finally {
      source.destroy();
    }
    await workbook.commit();
  })().catch((error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))));
  const base = stored.fileName.replace(/\.(xlsx|csv|txt)$/i, '');
  return { stream, fileName: `${base}-errors.xlsx` };
}

/** Everything a batch of valid rows changes, written in the confirming transaction. */
async function writeBatch(
  ctx: EmployeeImportContext,
  tx: Db,
  batch: CheckedRow[],
  today: string,
): Promise<void> {
  const { access } = ctx;
  const companyId = access.user.companyId;
  const creates = batch.filter((row) => row.action === 'create');
  const updates = batch.filter((row) => row.action === 'update');

  const createdIds = await insertEmployees(
    tx,
    companyId,
    creates.map((row) => ({ values: row.values, customFields: row.customFields })),
  );
  creates.forEach((row, index) => {
    row.employeeId = createdIds[index];
  });

  const updateIds = updates.map((row) => row.employeeId as number);
  const before = new Map<number, Employee>(
    (await findEmployeesByIds(tx, companyId, updateIds)).map((employee) => [employee.id, employee]),
  );
  await updateEmployees(
    tx,
    companyId,
    updates.map((row) => ({
      id: row.employeeId as number,
      values: row.values,
      customFields: row.customFields,
    })),
  );

  const changes: Parameters<typeof insertChanges>[1] = [];
  const actor = {
    companyId,
    actorUserId: access.user.id,
    actorName: access.user.name,
    impersonatorUserId: access.user.impersonator?.id ?? null,
    impersonatorName: access.user.impersonator?.name ?? null,
  };
  const renamed: number[] = [];
  for (const row of updates) {
    const old = before.get(row.employeeId as number) as unknown as Record<string, unknown> | undefined;
    if (!old) continue;
    for (const [column, value] of Object.entries(row.values)) {
      const key = column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
      const previous = old[key] ?? null;
      if (previous === value) continue;
      changes.push({
        ...actor,
        employeeId: row.employeeId as number,
        field: COLUMN_OF_SQL[column as UpdatableColumn] ?? column,
        oldValue: previous,
        newValue: value,
      });
      if (row.hasAccount && /^(first|last|middle)_name$/.test(column)) renamed.push(row.employeeId as number);
    }
    const oldCustom = (old.customFields ?? {}) as Record<string, unknown>;
    for (const [fieldId, value] of Object.entries(row.customFields)) {
      if (oldCustom[fieldId] === value) continue;
      changes.push({
        ...actor,
        employeeId: row.employeeId as number,
        field: `custom_fields.${fieldId}`,
        oldValue: oldCustom[fieldId] ?? null,
        newValue: value,
      });
    }
  }

  const memberships = batch
    .filter((row) => row.teamIds !== null && row.employeeId !== undefined)
    .map((row) => ({ employeeId: row.employeeId as number, teamIds: row.teamIds as number[] }));
  const teamsChanged = await replaceTeamMemberships(tx, companyId, memberships);
  // Their work calendar and team policies may follow (absences recount their days), as for any
  // other change of people's teams.
  if (teamsChanged.length > 0) {
    await ctx.events?.publish(tx, companyId, 'teams.members_changed', { employeeIds: teamsChanged });
  }

  const salaried = batch.filter((row) => row.salary !== null);
  const current = await findCurrentSalaries(
    tx,
    companyId,
    salaried.filter((row) => row.action === 'update').map((row) => row.employeeId as number),
  );
  const salaries: Parameters<typeof insertSalaries>[1] = [];
  for (const row of salaried) {
    const salary = row.salary as { amount: string; currency: string };
    const now = current.get(row.employeeId as number);
    if (now && Number(now.amount) === Number(salary.amount) && now.currency === salary.currency) continue;
    const start = typeof row.values.start_of_work === 'string' ? row.values.start_of_work : today;
    salaries.push({
      companyId,
      employeeId: row.employeeId as number,
      amount: salary.amount,
      currency: salary.currency,
      effectiveFrom: row.action === 'create' && start <= today ? start : today,
      note: null,
      createdByUserId: access.user.id,
    });
    if (row.action === 'update') {
      changes.push({
        ...actor,
        employeeId: row.employeeId as number,
        field: 'salary',
        oldValue: now ?? null,
        newValue: salary,
      });
    }
  }
  await insertSalaries(tx, salaries);

  // Languages, relatives and links: a non-empty cell replaces the list (one delete and one insert
  // per list for the batch), with a history row when an updated employee's list changed.
  const listsBefore = await findListsOfEmployees(
    tx,
    companyId,
    updates
      .filter((row) => row.languages !== null || row.relatives !== null || row.links !== null)
      .map((row) => row.employeeId as number),
  );
  const listRows = {
    languages: batch.flatMap((row) =>
      row.languages === null
        ? []
        : [
            {
              row,
              entries: row.languages.map((entry) => ({
                language_id: entry.languageId,
                level_id: entry.levelId,
              })),
            },
          ],
    ),
    relatives: batch.flatMap((row) =>
      row.relatives === null
        ? []
        : [
            {
              row,
              entries: row.relatives.map((entry) => ({
                relative_type_id: entry.relativeTypeId,
                name: entry.name,
                birth_date: entry.birthDate,
              })),
            },
          ],
    ),
    links: batch.flatMap((row) =>
      row.links === null
        ? []
        : [{ row, entries: row.links.map((entry) => ({ icon_id: entry.iconId, url: entry.url })) }],
    ),
  } satisfies Record<keyof EmployeeLists, { row: CheckedRow; entries: EmployeeLists[keyof EmployeeLists] }[]>;
  // Languages are compared as a set (they have no order of their own).
  const comparable = (list: keyof EmployeeLists, entries: EmployeeLists[keyof EmployeeLists]) =>
    JSON.stringify(
      list === 'languages'
        ? [...(entries as EmployeeLists['languages'])].sort((a, b) => a.language_id - b.language_id)
        : entries,
    );
  for (const list of ['languages', 'relatives', 'links'] as const) {
    // An updated employee's list that is already as the file says is left as it is (an export
    // imported back rewrites nothing).
    const changed = listRows[list].filter(({ row, entries }) => {
      if (row.action !== 'update') return true;
      const old = listsBefore.get(row.employeeId as number)?.[list] ?? [];
      if (comparable(list, old) === comparable(list, entries)) return false;
      changes.push({
        ...actor,
        employeeId: row.employeeId as number,
        field: list,
        oldValue: old,
        newValue: entries,
      });
      return true;
    });
    await replaceEmployeeLists(
      tx,
      companyId,
      list,
      changed.map(({ row, entries }) => ({ employeeId: row.employeeId as number, entries })),
    );
  }

  await insertChanges(tx, changes);
  await syncAccountNames(tx, companyId, [...new Set(renamed)]);

  // A row that dismisses someone with an account disables it, as the profile does (one rule).
  await disableDismissedAccounts(
    tx,
    companyId,
    updates.flatMap((row) => {
      const old = before.get(row.employeeId as number);
      if (!row.hasAccount || !old) return [];
      const { dismissal_date: dismissalDate, status_id: statusId } = row.values;
      return [
        {
          id: old.id,
          before: { dismissalDate: old.dismissalDate, statusId: old.statusId },
          after: {
            dismissalDate: typeof dismissalDate === 'string' ? dismissalDate : old.dismissalDate,
            statusId: typeof statusId === 'number' ? statusId : old.statusId,
          },
        },
      ];
    }),
  );
}

/**
 * Drops a checked import that will not be confirmed, with its stored file. 404 when there is none;
 * 409 once it was imported (or failed): only a checked one is waiting to be discarded.
 */
export async function discardImport(ctx: EmployeeImportContext, id: number): Promise<void> {
  const stored = await findOwnImport(ctx, id);
  if (stored.status !== 'checked') throw new AppError('conflict');
  const storageKey = await deleteCheckedImport(ctx.db, ctx.access.user.companyId, id);
  // Confirmed meanwhile (the confirmation holds the row until it commits).
  if (storageKey === null) throw new AppError('conflict');
  await ctx.fileStore.delete(storageKey).catch(() => undefined);
}

/** How long a checked import waits for its confirmation before the sweep drops it. */
export const CHECKED_IMPORT_TTL_MS = 24 * 60 * 60 * 1000;

/** Drops every company's checked imports older than a day, with their files; answers how many. */
export async function sweepStaleImports(db: Db, fileStore: FileStore, now: Date): Promise<number> {
  const keys = await deleteStaleCheckedImports(db, new Date(now.getTime() - CHECKED_IMPORT_TTL_MS));
  for (const key of keys) await fileStore.delete(key).catch(() => undefined);
  return keys.length;
}

/**
 * Imports a checked file in one transaction: every row is checked again against the data as it is
 * now, and the rows are written in batches as the file is read. If any row has an error nothing is
 * written (the transaction rolls back), the report is refreshed and 422 answers the new summary.
 */
export async function confirmImport(ctx: EmployeeImportContext, id: number): Promise<EmployeeImport> {
  requireImportAccess(ctx.access);
  const companyId = ctx.access.user.companyId;
  const today = getTodayIsoDate(ctx.access.user.timezone, ctx.now());
  const failedReport: { summary: EmployeeImportSummary; report: EmployeeImportRowReport[] } = {
    summary: { rows: 0, create: 0, update: 0, error: 0 },
    report: [],
  };
  class RowsFailed extends Error {}
  let storageKey = '';
  try {
    const imported = await ctx.db.transaction(async (tx) => {
      const stored = await lockImport(tx, companyId, id);
      if (!stored) throw new AppError('not_found');
      if (stored.status !== 'checked') throw new AppError('conflict');
      storageKey = stored.storageKey;
      const lookups = await loadLookups(tx, ctx.access);
      let batch: CheckedRow[] = [];
      let hasErrors = false;
      const summary = await checkFile(
        await ctx.fileStore.get(stored.storageKey),
        stored.format,
        lookups,
        async (row) => {
          failedReport.report.push(reportOf(row));
          if (row.action === 'error') hasErrors = true;
          if (hasErrors) {
            batch = [];
            return;
          }
          batch.push(row);
          if (batch.length >= WRITE_BATCH) {
            await writeBatch(ctx, tx, batch, today);
            batch = [];
          }
        },
      );
      failedReport.summary = summary;
      if (hasErrors) throw new RowsFailed();
      await writeBatch(ctx, tx, batch, today);
      return updateImport(tx, companyId, id, {
        status: 'imported',
        summary,
        report: failedReport.report,
        importedAt: ctx.now(),
      });
    });
    if (!imported) throw new AppError('not_found');
    ctx.events?.dispatchSoon();
    await ctx.fileStore.delete(storageKey).catch(() => undefined);
    return toWire(imported);
  } catch (error) {
    if (error instanceof RowsFailed) {
      await updateImport(ctx.db, companyId, id, failedReport);
      throw new AppError('validation', {
        issues: {
          file: [
            { key: 'hr.employeesImport.rows_have_errors', params: { count: failedReport.summary.error } },
          ],
        },
      });
    }
    throw error;
  }
}
