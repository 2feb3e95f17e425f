import { z } from 'zod';
import { LIST_PER_PAGE_MAX } from '../constants';
import { objectIdSchema, pageMetaSchema } from './common';
import { employeesQuerySchema } from './employees';

// Employee import and export (issue 13): a spreadsheet (XLSX or CSV) is uploaded, checked by a dry
// run that answers per row what would be created or updated and every error, then imported on
// confirmation in one transaction. The columns of the template, of the import and of the export are
// the same (EMPLOYEE_IMPORT_COLUMNS plus `custom: <name>` per company custom field), so an export can
// be edited and imported back.

/** The largest import file accepted (bytes): 10,000 rows of every column fit in a few MB. */
export const EMPLOYEE_IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most data rows one import may hold. */
export const EMPLOYEE_IMPORT_MAX_ROWS = 20_000;

export const EMPLOYEE_IMPORT_FORMATS = ['xlsx', 'csv'] as const;
export type EmployeeImportFormat = (typeof EMPLOYEE_IMPORT_FORMATS)[number];

/**
 * Columns of the import template and the export, in order. Each is a header as written in the file
 * (language-independent). Dictionary columns take an entry's name in any language or its code; teams
 * take team names separated by `;`; dates are YYYY-MM-DD (or date cells); an empty cell leaves the
 * stored value unchanged on update. The list columns hold entries separated by `;`, and a non-empty
 * one replaces the stored list: `languages` as `language: level` (`English: B2; Polish`), `relatives`
 * as `type: name (birth date)` (`Son: Taras (2019-05-01); Wife: Olena`), `links` as `icon: URL`
 * (`Telegram: https://t.me/olena; https://olena.dev`); type, level, icon and birth date may be left out.
 */
export const EMPLOYEE_IMPORT_COLUMNS = [
  'employee_number',
  'first_name',
  'last_name',
  'middle_name',
  'first_name_alt',
  'last_name_alt',
  'middle_name_alt',
  'email',
  'phone',
  'personal_email',
  'personal_phone',
  'links',
  'position',
  'teams',
  'manager',
  'employment_type',
  'terms_of_cooperation',
  'status',
  'grade',
  'experience',
  'start_of_work',
  'probation_period',
  'dismissal_date',
  'dismissal_reason',
  'birth_date',
  'gender',
  'marital_status',
  'country_code',
  'city',
  'address',
  'languages',
  'relatives',
  'salary',
  'salary_currency',
  'notes',
] as const;
export type EmployeeImportColumn = (typeof EMPLOYEE_IMPORT_COLUMNS)[number];

/** The header of a custom field's column: `custom: <field name>`. */
export const CUSTOM_FIELD_COLUMN_PREFIX = 'custom: ';

/** The extra column of the error file that says what is wrong with the row. */
export const EMPLOYEE_IMPORT_ERROR_COLUMN = 'errors';

/**
 * Error codes of a row (the HR app shows `hr.employeesImport.error.<code>`; the error file carries the
 * same text in the user's language).
 */
export const EMPLOYEE_IMPORT_ERROR_CODES = [
  'required',
  'invalid',
  'too_long',
  'bad_date',
  'bad_email',
  'bad_phone',
  'bad_number',
  'unknown_team',
  'ambiguous_team',
  'unknown_value',
  'unknown_manager',
  'duplicate_in_file',
  'email_taken',
  'number_taken',
  'account_email',
  'unknown_language',
  'unknown_level',
  'unknown_relative_type',
  'unknown_icon',
  'bad_url',
] as const;
export type EmployeeImportErrorCode = (typeof EMPLOYEE_IMPORT_ERROR_CODES)[number];

export const employeeImportRowErrorSchema = z.object({
  /** The column's header. */
  column: z.string(),
  /** One of EMPLOYEE_IMPORT_ERROR_CODES. */
  message: z.string(),
  /** The row this one duplicates (duplicate_in_file). */
  other_row: z.number().int().optional(),
});
export type EmployeeImportRowError = z.infer<typeof employeeImportRowErrorSchema>;

/** What the dry run found in one row (its number in the file: the header is row 1). */
export const employeeImportRowSchema = z.object({
  row: z.number().int(),
  action: z.enum(['create', 'update', 'error']),
  employee_id: objectIdSchema.optional(),
  name: z.string().optional(),
  errors: z.array(employeeImportRowErrorSchema).optional(),
});
export type EmployeeImportRow = z.infer<typeof employeeImportRowSchema>;

export const employeeImportSummarySchema = z.object({
  rows: z.number().int(),
  create: z.number().int(),
  update: z.number().int(),
  error: z.number().int(),
});
export type EmployeeImportSummary = z.infer<typeof employeeImportSummarySchema>;

export const employeeImportSchema = z.object({
  id: objectIdSchema,
  file_name: z.string(),
  format: z.enum(EMPLOYEE_IMPORT_FORMATS),
  /** `checked`: dry run done, waiting for confirmation; `imported`; `failed`. */
  status: z.enum(['checked', 'imported', 'failed']),
  summary: employeeImportSummarySchema,
  created_at: z.string(),
  imported_at: z.string().nullable(),
});
export type EmployeeImport = z.infer<typeof employeeImportSchema>;
export const employeeImportResponseSchema = z.object({ data: employeeImportSchema });

/** `employee.import.rows`: the dry run's rows, all or only those with errors, paged. */
export const employeeImportRowsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(LIST_PER_PAGE_MAX).default(50),
  only: z.enum(['all', 'errors']).default('all'),
});
export const employeeImportRowsResponseSchema = z.object({
  data: z.array(employeeImportRowSchema),
  meta: pageMetaSchema,
});

/** `employee.export`: the directory's filters plus the file format (no paging: every matching row). */
export const employeeExportQuerySchema = employeesQuerySchema
  .omit({ page: true, per_page: true })
  .extend({ format: z.enum(EMPLOYEE_IMPORT_FORMATS).default('xlsx') });
export type EmployeeExportQuery = z.output<typeof employeeExportQuerySchema>;
