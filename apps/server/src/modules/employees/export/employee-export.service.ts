import { Readable } from 'node:stream';
import type { EmployeeExportQuery, EmployeeImportColumn } from '@kadry/shared/schemas/employee-import';
import type { Db } from '../../../db/tables';
import { AppError } from '../../../lib/app-error';
import { buildContainsPattern } from '../../../lib/contains-pattern';
import { streamXlsx, writeCsvLine } from '../../../lib/export-table';
import { type Access, hasNamedAction, requireAction, requireLevel } from '../../../plugins/access/access';
import { nameCitiesIn } from '../../dictionaries/dictionaries.service';
import {
  canReach,
  canSeeField,
  contactReach,
  employeeVisibleWhere,
  type Relation,
  readerOf,
  relationOf,
  requireListableSections,
  SECTION_ENTITY,
} from '../employee-visibility';
import type { EmployeeListFilter } from '../employees.queries';
import { cityFilterOf } from '../employees.service';
import { COLUMN_SPECS, customFieldHeader, listAllowedColumns } from '../import/employee-columns';
import { findExportLookups, textRow, XLSX_CONTENT_TYPE } from '../import/employee-import.service';
import { formatLanguagesCell, formatLinksCell, formatRelativesCell } from '../import/employee-list-cells';
import { type ExportRow, findExportIds, findExportRows } from './employee-export.queries';

export type EmployeeExportContext = { db: Db; access: Access };

/** Rows read per statement: the file streams out while the next batch is read. */
const EXPORT_BATCH = 500;

/**
 * The directory's filter for the export, with the directory's rules: filters beyond search, team and
 * status and any sort but by name need extended_filters_and_sorting; a hidden field is neither a
 * filter nor a sort, and the search does not look through hidden emails or phones.
 */
export async function buildExportFilter(
  access: Access,
  query: EmployeeExportQuery,
): Promise<EmployeeListFilter> {
  const extended =
    (query.employment_type_ids?.length ?? 0) > 0 ||
    Boolean(query.position) ||
    Boolean(query.city) ||
    Boolean(query.start_from) ||
    Boolean(query.start_to) ||
    query.sort !== 'name';
  if (extended && !hasNamedAction(access, 'Employee', 'extended_filters_and_sorting')) {
    throw new AppError('forbidden');
  }
  if ((query.position || query.sort === 'position') && !canSeeField(access, 'field_position', 'profile')) {
    throw new AppError('forbidden');
  }
  if (
    (query.start_from || query.start_to || query.sort === 'start_of_work') &&
    !canSeeField(access, 'field_start_of_work', 'profile')
  ) {
    throw new AppError('forbidden');
  }
  if (query.sort === 'probation_period' && !canSeeField(access, 'field_probation_period', 'profile')) {
    throw new AppError('forbidden');
  }
  requireListableSections(access, query);
  const search = query.search?.trim().toLowerCase();
  return {
    visible: employeeVisibleWhere(readerOf(access)),
    search: search
      ? {
          pattern: buildContainsPattern(search),
          reach: contactReach(access),
        }
      : undefined,
    teamIds: query.team_ids,
    statusIds: query.status_ids,
    employmentTypeIds: query.employment_type_ids,
    position: query.position ? buildContainsPattern(query.position.toLowerCase()) : undefined,
    city: query.city ? await cityFilterOf(query.city) : undefined,
    startFrom: query.start_from,
    startTo: query.start_to,
    state: query.state,
  };
}

/**
 * The cells of every built-in column of a row (built once per row: building this record per cell made
 * the export spend most of its time and garbage here); dictionary entries by their name in the
 * reader's language.
 */
export function builtInCellsOf(
  row: ExportRow,
  names: ReadonlyMap<number, string>,
  cityName: string | null,
): Record<EmployeeImportColumn, string | null> {
  const name = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  return {
    employee_number: row.employeeNumber,
    first_name: row.firstName,
    last_name: row.lastName,
    middle_name: row.middleName,
    first_name_alt: row.firstNameAlt,
    last_name_alt: row.lastNameAlt,
    middle_name_alt: row.middleNameAlt,
    email: row.workEmail,
    phone: row.workPhone,
    personal_email: row.personalEmail,
    personal_phone: row.personalPhone,
    links: formatLinksCell(row.links, name),
    position: row.position,
    teams: row.teams.map((team) => team.name).join('; '),
    manager: row.manager,
    employment_type: name(row.employmentType),
    terms_of_cooperation: name(row.termsOfCooperation),
    status: name(row.status),
    grade: name(row.grade),
    experience: name(row.experience),
    start_of_work: row.startOfWork,
    probation_period: row.probationEnd,
    dismissal_date: row.dismissalDate,
    dismissal_reason: name(row.dismissalReason),
    birth_date: row.birthDate,
    gender: name(row.gender),
    marital_status: name(row.maritalStatus),
    country_code: row.countryCode,
    city: cityName,
    address: row.address,
    languages: formatLanguagesCell(row.languages, name),
    relatives: formatRelativesCell(row.relatives, name),
    salary: row.salary,
    salary_currency: row.salaryCurrency,
    notes: row.notes,
  };
}

/**
 * The visible directory (with its filters) as XLSX or CSV, streamed batch by batch. Behind the Employee
 * `export` action; only the columns of fields the user may see, and per row only the sections the
 * user's sub-entity levels reach for that employee (own, my team, others). Every text cell is
 * neutralised against formula injection.
 */
export async function exportEmployees(
  ctx: EmployeeExportContext,
  query: EmployeeExportQuery,
  locale: string,
): Promise<{ stream: Readable; contentType: string; fileName: string }> {
  const { access } = ctx;
  requireLevel(access, 'Employee', 'view');
  requireAction(access, 'Employee', 'export');
  const filter = await buildExportFilter(access, query);
  const companyId = access.user.companyId;
  const reader = readerOf(access);
  const columns = listAllowedColumns(access);
  const { customFields, entries } = await findExportLookups(ctx.db, companyId);
  const lang = locale as 'en' | 'ru' | 'uk';
  const names = new Map(
    entries.map((entry) => [entry.id, entry.overrideNames?.[lang] ?? entry.names[lang] ?? entry.names.en]),
  );
  const header = [...columns, ...customFields.map((field) => customFieldHeader(field.name))];

  // What the reader's sub-entity levels reach depends only on the row's relation to the reader.
  const sections = Object.keys(SECTION_ENTITY) as (keyof typeof SECTION_ENTITY)[];
  const reachesByRelation = new Map<Relation, ReadonlyMap<keyof typeof SECTION_ENTITY, boolean>>();
  function reachesOf(relation: Relation) {
    let reaches = reachesByRelation.get(relation);
    if (!reaches) {
      reaches = new Map(
        sections.map((section) => [section, canReach(access, SECTION_ENTITY[section], 'view', relation)]),
      );
      reachesByRelation.set(relation, reaches);
    }
    return reaches;
  }
  const columnSections = columns.map((column) => COLUMN_SPECS[column].section);

  function cellsOf(row: ExportRow, cityName: string | null): string[] {
    const reaches = reachesOf(
      relationOf(reader, { id: row.id, teams: row.teams.map((team) => ({ id: team.id, isHidden: false })) }),
    );
    const values = builtInCellsOf(row, names, cityName);
    const cells = columns.map((column, index) => {
      const section = columnSections[index];
      return section && !reaches.get(section) ? '' : (values[column] ?? '');
    });
    for (const field of customFields) {
      const value = reaches.get('profile') ? row.customFields[String(field.id)] : null;
      if (value === null || value === undefined) cells.push('');
      else if (field.type === 'select') cells.push(field.options.find((o) => o.id === value)?.name ?? '');
      else cells.push(String(value));
    }
    return cells;
  }

  const ids = await findExportIds(ctx.db, companyId, filter, {
    sort: query.sort,
    direction: query.direction,
  });
  async function* batches(): AsyncGenerator<string[]> {
    for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
      const rows = await findExportRows(ctx.db, companyId, ids.slice(start, start + EXPORT_BATCH));
      const cityNames = await nameCitiesIn(lang, rows);
      for (const [index, row] of rows.entries()) yield cellsOf(row, cityNames[index] ?? null);
    }
  }

  if (query.format === 'csv') {
    async function* lines(): AsyncGenerator<string> {
      // A BOM so Excel reads UTF-8.
      yield `\uFEFF${writeCsvLine(header)}`;
      for await (const cells of batches()) yield writeCsvLine(cells);
    }
    return {
      stream: Readable.from(lines()),
      contentType: 'text/csv; charset=utf-8',
      fileName: 'employees.csv',
    };
  }

  async function* textRows(): AsyncGenerator<string[]> {
    for await (const cells of batches()) yield textRow(cells);
  }
  return {
    stream: streamXlsx(textRow(header), textRows(), 'Employees'),
    contentType: XLSX_CONTENT_TYPE,
    fileName: 'employees.xlsx',
  };
}
