import {
  CUSTOM_FIELD_COLUMN_PREFIX,
  EMPLOYEE_IMPORT_COLUMNS,
  type EmployeeImportColumn,
  type EmployeeImportErrorCode,
  type EmployeeImportRowError,
} from '@kadry/shared/schemas/employee-import';
import {
  EMPLOYEE_NAME_MAX_LENGTH,
  EMPLOYEE_NOTES_MAX_LENGTH,
  EMPLOYEE_NUMBER_MAX_LENGTH,
  EMPLOYEE_TEAMS_MAX,
  EMPLOYEE_TEXT_MAX_LENGTH,
  emailSchema,
  phoneSchema,
  SALARY_AMOUNT_PATTERN,
} from '@kadry/shared/schemas/employees';
import type { Dictionary } from '../../../db/schema/dictionaries';
import type { CustomFieldValue, EmployeeImportRowReport } from '../../../db/schema/employees';
import { COLUMN_SPECS, unneutraliseCell } from './employee-columns';
import type { DictionaryEntryRow, ExistingEmployee, UpdatableColumn } from './employee-import.queries';
import {
  type ImportLanguage,
  type ImportLink,
  type ImportRelative,
  type ParsedList,
  parseLanguagesCell,
  parseLinksCell,
  parseRelativesCell,
} from './employee-list-cells';
import { parseImportDate } from './import-dates';

export { parseImportDate };

// The checks of one import row against the company's data and the rows before it in the file. Pure:
// the lookups are loaded once per run (employee-import.service.ts).

/** What a run checks rows against, loaded once. */
export type ImportLookups = {
  byNumber: Map<string, ExistingEmployee>;
  byEmail: Map<string, ExistingEmployee>;
  /** Team ids by lower-cased name (several: the name is ambiguous). */
  teamsByName: Map<string, number[]>;
  /** Entry ids by dictionary, then by lower-cased name (any language) or code. */
  dictionaries: Map<string, Map<string, number>>;
  /** Currency codes by lower-cased code or name. */
  currencies: Map<string, string>;
  customFields: { id: number; name: string; type: string; options: { id: string; name: string }[] }[];
  /** Built-in columns the user may write (field permissions). */
  allowed: ReadonlySet<EmployeeImportColumn>;
};

export function buildDictionaryLookup(rows: readonly DictionaryEntryRow[]) {
  const dictionaries = new Map<string, Map<string, number>>();
  const currencies = new Map<string, string>();
  for (const row of rows) {
    let entries = dictionaries.get(row.dictionary);
    if (!entries) {
      entries = new Map();
      dictionaries.set(row.dictionary, entries);
    }
    const names = [row.code, ...Object.values(row.names), ...Object.values(row.overrideNames ?? {})];
    for (const name of names) {
      if (typeof name !== 'string' || name.trim() === '') continue;
      const key = name.trim().toLowerCase();
      if (!entries.has(key)) entries.set(key, row.id);
      if (row.dictionary === 'currency' && !currencies.has(key)) currencies.set(key, row.code);
    }
  }
  return { dictionaries, currencies };
}

/** How each header of the file maps: a built-in column or a custom field (by definition id). */
export type HeaderMap = {
  index: number;
  column: EmployeeImportColumn | null;
  customFieldId: number | null;
}[];

/** Problems with the header row: unknown columns and columns the user may not write. */
export type HeaderProblems = { unknown: string[]; forbidden: string[]; duplicate: string[] };

export function mapHeader(
  cells: readonly string[],
  lookups: ImportLookups,
): { map: HeaderMap; problems: HeaderProblems } {
  const problems: HeaderProblems = { unknown: [], forbidden: [], duplicate: [] };
  const seen = new Set<string>();
  const map: HeaderMap = [];
  cells.forEach((raw, index) => {
    const header = raw.trim();
    if (header === '') return;
    const key = header.toLowerCase();
    if (seen.has(key)) {
      problems.duplicate.push(header);
      return;
    }
    seen.add(key);
    if ((EMPLOYEE_IMPORT_COLUMNS as readonly string[]).includes(key)) {
      const column = key as EmployeeImportColumn;
      if (!lookups.allowed.has(column)) problems.forbidden.push(header);
      else map.push({ index, column, customFieldId: null });
      return;
    }
    // The error file's own columns: uploading it again after fixing the rows works.
    if (key === 'errors' || key === 'row') return;
    if (key.startsWith(CUSTOM_FIELD_COLUMN_PREFIX.trim().toLowerCase())) {
      const name = header
        .slice(header.indexOf(':') + 1)
        .trim()
        .toLowerCase();
      const definition = lookups.customFields.find((field) => field.name.trim().toLowerCase() === name);
      if (definition) {
        map.push({ index, column: null, customFieldId: definition.id });
        return;
      }
    }
    problems.unknown.push(header);
  });
  return { map, problems };
}

/** What a row will do once imported. */
export type CheckedRow = {
  row: number;
  action: 'create' | 'update' | 'error';
  employeeId?: number;
  name?: string;
  errors: EmployeeImportRowError[];
  /** Values of non-empty cells, by SQL column. */
  values: Partial<Record<UpdatableColumn, string | number>>;
  /** Teams to belong to (null: the cell was empty, teams unchanged). */
  teamIds: number[] | null;
  customFields: Record<string, CustomFieldValue>;
  salary: { amount: string; currency: string } | null;
  /** Lists to replace the stored ones with (null: the cell was empty, the list unchanged). */
  languages: ImportLanguage[] | null;
  relatives: ImportRelative[] | null;
  links: ImportLink[] | null;
  hasAccount: boolean;
};

/** Rows seen earlier in this file, for duplicates within it. */
export type FileState = {
  numbers: Map<string, number>;
  emails: Map<string, number>;
  targets: Map<number, number>;
};

export function createFileState(): FileState {
  return { numbers: new Map(), emails: new Map(), targets: new Map() };
}

const SQL_COLUMN: Partial<Record<EmployeeImportColumn, UpdatableColumn>> = {
  employee_number: 'employee_number',
  first_name: 'first_name',
  last_name: 'last_name',
  middle_name: 'middle_name',
  first_name_alt: 'first_name_alt',
  last_name_alt: 'last_name_alt',
  middle_name_alt: 'middle_name_alt',
  email: 'work_email',
  phone: 'work_phone',
  personal_email: 'personal_email',
  personal_phone: 'personal_phone',
  position: 'position',
  manager: 'manager_id',
  employment_type: 'employment_type_id',
  terms_of_cooperation: 'terms_of_cooperation_id',
  status: 'status_id',
  grade: 'grade_id',
  experience: 'experience_id',
  start_of_work: 'start_of_work',
  probation_period: 'probation_end',
  dismissal_date: 'dismissal_date',
  dismissal_reason: 'dismissal_reason_id',
  birth_date: 'birth_date',
  gender: 'gender_id',
  marital_status: 'marital_status_id',
  country_code: 'country_code',
  city: 'city_name',
  address: 'address',
  notes: 'notes',
};

/** The import column of an SQL column (the change history names fields by it). */
export const COLUMN_OF_SQL = Object.fromEntries(
  Object.entries(SQL_COLUMN).map(([column, sqlColumn]) => [sqlColumn, column]),
) as Record<UpdatableColumn, EmployeeImportColumn>;

function maxLengthOf(column: EmployeeImportColumn): number {
  if (column === 'employee_number') return EMPLOYEE_NUMBER_MAX_LENGTH;
  if (column === 'notes') return EMPLOYEE_NOTES_MAX_LENGTH;
  if (column.includes('name') && column !== 'city') return EMPLOYEE_NAME_MAX_LENGTH;
  return EMPLOYEE_TEXT_MAX_LENGTH;
}

/** Checks one data row; `state` remembers it for the rows after it. */
export function checkRow(
  row: number,
  cells: readonly string[],
  header: HeaderMap,
  lookups: ImportLookups,
  state: FileState,
): CheckedRow {
  const errors: EmployeeImportRowError[] = [];
  const fail = (column: string, message: EmployeeImportErrorCode, otherRow?: number) => {
    errors.push(otherRow === undefined ? { column, message } : { column, message, other_row: otherRow });
  };
  const values: CheckedRow['values'] = {};
  const customFields: Record<string, CustomFieldValue> = {};
  let teamIds: number[] | null = null;
  let salaryAmount: string | null = null;
  let currency: string | null = null;
  let languages: ImportLanguage[] | null = null;
  let relatives: ImportRelative[] | null = null;
  let links: ImportLink[] | null = null;
  const takeList = <T>(column: string, parsed: ParsedList<T>): T[] => {
    for (const code of parsed.errors) fail(column, code);
    return parsed.entries;
  };

  for (const { index, column, customFieldId } of header) {
    const text = unneutraliseCell(cells[index] ?? '').trim();
    if (text === '') continue;
    if (customFieldId !== null) {
      const definition = lookups.customFields.find((field) => field.id === customFieldId);
      if (!definition) continue;
      const name = `${CUSTOM_FIELD_COLUMN_PREFIX}${definition.name}`;
      if (definition.type === 'number') {
        const number = Number(text.replace(/\s/g, '').replace(',', '.'));
        if (Number.isFinite(number)) customFields[String(definition.id)] = number;
        else fail(name, 'bad_number');
      } else if (definition.type === 'date') {
        const iso = parseImportDate(text);
        if (iso) customFields[String(definition.id)] = iso;
        else fail(name, 'bad_date');
      } else if (definition.type === 'select') {
        const option = definition.options.find(
          (candidate) => candidate.name.toLowerCase() === text.toLowerCase() || candidate.id === text,
        );
        if (option) customFields[String(definition.id)] = option.id;
        else fail(name, 'unknown_value');
      } else if (text.length > EMPLOYEE_TEXT_MAX_LENGTH) fail(name, 'too_long');
      else customFields[String(definition.id)] = text;
      continue;
    }
    if (column === null) continue;
    const spec = COLUMN_SPECS[column];
    const sqlColumn = SQL_COLUMN[column];
    switch (spec.kind) {
      case 'text': {
        if (column === 'salary_currency') {
          const code = lookups.currencies.get(text.toLowerCase());
          if (code) currency = code;
          else fail(column, 'unknown_value');
        } else if (column === 'country_code') {
          if (/^[A-Za-z]{2}$/.test(text)) values.country_code = text.toUpperCase();
          else fail(column, 'invalid');
        } else if (text.length > maxLengthOf(column)) fail(column, 'too_long');
        else if (sqlColumn) values[sqlColumn] = text;
        break;
      }
      case 'email': {
        const parsed = emailSchema.safeParse(text);
        if (parsed.success && sqlColumn) values[sqlColumn] = parsed.data;
        else fail(column, 'bad_email');
        break;
      }
      case 'phone': {
        const parsed = phoneSchema.safeParse(text);
        if (parsed.success && sqlColumn) values[sqlColumn] = parsed.data;
        else fail(column, 'bad_phone');
        break;
      }
      case 'date': {
        const iso = parseImportDate(text);
        if (iso && sqlColumn) values[sqlColumn] = iso;
        else fail(column, 'bad_date');
        break;
      }
      case 'dictionary': {
        const id = lookups.dictionaries.get(spec.dictionary as Dictionary)?.get(text.toLowerCase());
        if (id !== undefined && sqlColumn) values[sqlColumn] = id;
        else fail(column, 'unknown_value');
        break;
      }
      case 'teams': {
        const names = text
          .split(/[;\n]/)
          .map((name) => name.trim())
          .filter(Boolean);
        const ids: number[] = [];
        for (const name of names) {
          const found = lookups.teamsByName.get(name.toLowerCase()) ?? [];
          if (found.length === 0) fail(column, 'unknown_team');
          else if (found.length > 1) fail(column, 'ambiguous_team');
          else if (found[0] !== undefined && !ids.includes(found[0])) ids.push(found[0]);
        }
        if (ids.length > EMPLOYEE_TEAMS_MAX) fail(column, 'too_long');
        teamIds = ids;
        break;
      }
      case 'manager': {
        const key = text.toLowerCase();
        const manager = lookups.byNumber.get(text) ?? lookups.byEmail.get(key);
        if (manager) values.manager_id = manager.id;
        else fail(column, 'unknown_manager');
        break;
      }
      case 'languages': {
        languages = takeList(
          column,
          parseLanguagesCell(text, {
            languages: lookups.dictionaries.get('language'),
            levels: lookups.dictionaries.get('language_level'),
          }),
        );
        break;
      }
      case 'relatives': {
        relatives = takeList(column, parseRelativesCell(text, lookups.dictionaries.get('relative_type')));
        break;
      }
      case 'links': {
        links = takeList(column, parseLinksCell(text, lookups.dictionaries.get('portfolio_icon')));
        break;
      }
      case 'amount': {
        const amount = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
        if (SALARY_AMOUNT_PATTERN.test(amount)) salaryAmount = amount;
        else fail(column, 'bad_number');
        break;
      }
    }
  }

  // Which employee the row is: by number, else by work email (decision in the route's description).
  const number = typeof values.employee_number === 'string' ? values.employee_number : null;
  const email = typeof values.work_email === 'string' ? values.work_email : null;
  let target: ExistingEmployee | null = null;
  if (number !== null) {
    target = lookups.byNumber.get(number) ?? null;
    if (!target && email !== null) {
      const byEmail = lookups.byEmail.get(email);
      if (byEmail && byEmail.employeeNumber === null) target = byEmail;
      else if (byEmail) fail('email', 'email_taken');
    }
  } else if (email !== null) {
    target = lookups.byEmail.get(email) ?? null;
  }
  if (target && email !== null) {
    const owner = lookups.byEmail.get(email);
    if (owner && owner.id !== target.id) fail('email', 'email_taken');
    else if (target.hasAccount && target.workEmail !== email) fail('email', 'account_email');
  }
  if (!target && values.first_name === undefined && !errors.some((error) => error.column === 'first_name')) {
    fail('first_name', 'required');
  }

  if (number !== null) {
    const earlier = state.numbers.get(number);
    if (earlier !== undefined) fail('employee_number', 'duplicate_in_file', earlier);
    else state.numbers.set(number, row);
  }
  if (email !== null) {
    const earlier = state.emails.get(email);
    if (earlier !== undefined) fail('email', 'duplicate_in_file', earlier);
    else state.emails.set(email, row);
  }
  if (target) {
    const earlier = state.targets.get(target.id);
    if (earlier !== undefined && !errors.some((error) => error.message === 'duplicate_in_file')) {
      fail(number !== null ? 'employee_number' : 'email', 'duplicate_in_file', earlier);
    } else if (earlier === undefined) state.targets.set(target.id, row);
  }

  const salary = salaryAmount !== null ? { amount: salaryAmount, currency: currency ?? 'usd' } : null;
  const nameParts = [values.first_name, values.last_name].filter((part) => typeof part === 'string');
  return {
    row,
    action: errors.length > 0 ? 'error' : target ? 'update' : 'create',
    ...(target ? { employeeId: target.id } : {}),
    ...(nameParts.length > 0 ? { name: nameParts.join(' ') } : {}),
    errors,
    values,
    teamIds,
    customFields,
    salary,
    languages,
    relatives,
    links,
    hasAccount: target?.hasAccount ?? false,
  };
}

/** The row as the stored report keeps it. */
export function reportOf(checked: CheckedRow): EmployeeImportRowReport {
  return {
    row: checked.row,
    action: checked.action,
    ...(checked.employeeId !== undefined ? { employeeId: checked.employeeId } : {}),
    ...(checked.name !== undefined ? { name: checked.name } : {}),
    ...(checked.errors.length > 0 ? { errors: checked.errors } : {}),
  };
}
