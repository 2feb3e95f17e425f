import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { dictionaryItems } from './dictionaries';
import { storedFiles } from './files';
import { buildInListCheck } from './sql-helpers';

// The people side (docs/decisions/012-people-model.md): the employee record and what hangs off it.
// Staff accounts (users.employee_id) and team memberships (team_members.employee_id) point here.

/** A reference to a dictionary entry; the entry may be deleted by its company, the value goes with it. */
function dictionaryRef(name: string) {
  return integer(name).references(() => dictionaryItems.id, { onDelete: 'set null' });
}

/**
 * A date column's month and day as one int (10 March: 310), written with the column's bare name as the
 * yearly-date indexes hold it. The dashboard's birthdays and work anniversaries filter by this exact
 * expression (monthDayOf in dashboard.queries.ts), so the planner matches it to the index.
 */
function monthDayExpression(column: 'birth_date' | 'start_of_work') {
  return sql.raw(`((extract(month from ${column}) * 100 + extract(day from ${column}))::int)`);
}

/** A custom field's value as stored: text, number, ISO date or the id of one of its options. */
export type CustomFieldValue = string | number | null;

/**
 * An employee of the company. Names have an optional second-language spelling (`*_alt`). Values that
 * field permissions govern are plain columns here; the wire object names them by FIELD_KEYS.
 */
export const employees = pgTable(
  'employees',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    /** The company's own number for the person (payroll, badge); unique in the company when set. */
    employeeNumber: text('employee_number'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    middleName: text('middle_name'),
    firstNameAlt: text('first_name_alt'),
    lastNameAlt: text('last_name_alt'),
    middleNameAlt: text('middle_name_alt'),
    photoFileId: integer('photo_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    /** Stored lower-cased and trimmed; unique in the company when set (the account's sign-in email). */
    workEmail: text('work_email'),
    personalEmail: text('personal_email'),
    workPhone: text('work_phone'),
    personalPhone: text('personal_phone'),
    birthDate: date('birth_date', { mode: 'string' }),
    genderId: dictionaryRef('gender_id'),
    maritalStatusId: dictionaryRef('marital_status_id'),
    /** ISO 3166-1 alpha-2. */
    countryCode: text('country_code'),
    /** The city's id in the cities data package, and its name as chosen (kept when the package changes). */
    cityId: integer('city_id'),
    cityName: text('city_name'),
    address: text('address'),
    experienceId: dictionaryRef('experience_id'),
    position: text('position'),
    gradeId: dictionaryRef('grade_id'),
    /** The direct manager (an employee of the same company). */
    managerId: integer('manager_id').references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
    employmentTypeId: dictionaryRef('employment_type_id'),
    /** Terms of cooperation (spec `employeeToc`). */
    termsOfCooperationId: dictionaryRef('terms_of_cooperation_id'),
    statusId: dictionaryRef('status_id'),
    startOfWork: date('start_of_work', { mode: 'string' }),
    /** The day the probation period ends. */
    probationEnd: date('probation_end', { mode: 'string' }),
    dismissalDate: date('dismissal_date', { mode: 'string' }),
    dismissalReasonId: dictionaryRef('dismissal_reason_id'),
    notes: text('notes'),
    /** Values of the company's custom fields by definition id. */
    customFields: jsonb('custom_fields').$type<Record<string, CustomFieldValue>>().notNull().default({}),
    /**
     * What the directory search looks through, lower-cased: names in both spellings, emails, phones
     * (digits only too) and the employee number. A trigram index makes `like '%…%'` fast.
     */
    searchText: text('search_text').generatedAlwaysAs(
      // Built with || and coalesce: a generated column needs an immutable expression (concat_ws is not).
      sql`lower(${sql.raw(
        [
          'first_name',
          'last_name',
          'middle_name',
          'first_name_alt',
          'last_name_alt',
          'middle_name_alt',
          'work_email',
          'personal_email',
          'work_phone',
          'personal_phone',
          "regexp_replace(coalesce(work_phone, '') || ' ' || coalesce(personal_phone, ''), '[^0-9 ]', '', 'g')",
          'employee_number',
        ]
          .map((part) => `coalesce(${part}, '')`)
          .join(" || ' ' || "),
      )})`,
    ),
    /**
     * The part of search_text every reader may search (names in both spellings and the employee
     * number): what the directory searches for a reader who may not see emails or phones.
     */
    searchTextNames: text('search_text_names').generatedAlwaysAs(
      sql`lower(${sql.raw(
        [
          'first_name',
          'last_name',
          'middle_name',
          'first_name_alt',
          'last_name_alt',
          'middle_name_alt',
          'employee_number',
        ]
          .map((part) => `coalesce(${part}, '')`)
          .join(" || ' ' || "),
      )})`,
    ),
    ...createTimestampColumns(),
  },
  (t) => [
    uniqueIndex('employees_company_number_key')
      .on(t.companyId, t.employeeNumber)
      .where(sql`employee_number is not null`),
    uniqueIndex('employees_company_work_email_key')
      .on(t.companyId, t.workEmail)
      .where(sql`work_email is not null`),
    // The directory's default order (last name, first name, id) and keyset paging over it.
    index('employees_company_name_idx').on(t.companyId, sql`lower(last_name)`, sql`lower(first_name)`, t.id),
    index('employees_company_status_idx').on(t.companyId, t.statusId),
    index('employees_company_start_idx').on(t.companyId, t.startOfWork),
    index('employees_company_probation_idx').on(t.companyId, t.probationEnd),
    // People with a last day, past or to come: the HR actions of dismissals, and the yearly ones of
    // those still working on the day, read this small index instead of every employee.
    index('employees_company_dismissal_idx')
      .on(t.companyId, t.dismissalDate)
      .where(sql`dismissal_date is not null`),
    index('employees_company_manager_idx').on(t.companyId, t.managerId),
    // Working (not dismissed) people: a count or a semi-join over them (children statistics, company
    // info) reads this small index instead of every employee row.
    index('employees_company_active_idx').on(t.companyId, t.id).where(sql`dismissal_date is null`),
    // Birthdays and work anniversaries of working people by month and day (the dashboard's widgets):
    // the date and id in the key, so counting them per day reads the index only.
    index('employees_company_birth_month_day_idx')
      .on(t.companyId, monthDayExpression('birth_date'), t.birthDate, t.id)
      .where(sql`dismissal_date is null`),
    index('employees_company_start_month_day_idx')
      .on(t.companyId, monthDayExpression('start_of_work'), t.startOfWork, t.id)
      .where(sql`dismissal_date is null`),
    index('employees_search_trgm_idx').using('gin', sql`search_text gin_trgm_ops`),
    index('employees_search_names_trgm_idx').using('gin', sql`search_text_names gin_trgm_ops`),
    check('employees_work_email_lower_check', sql`work_email = lower(btrim(work_email))`),
    // A last name may be empty (people with one name); a first name may not.
    check('employees_first_name_check', sql`btrim(first_name) <> ''`),
  ],
);

export type Employee = typeof employees.$inferSelect;
export type NewEmployee = typeof employees.$inferInsert;

/** Languages an employee speaks, each once, with a level (dictionaries language / language_level). */
export const employeeLanguages = pgTable(
  'employee_languages',
  {
    companyId: createCompanyIdColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    languageId: integer('language_id')
      .notNull()
      .references(() => dictionaryItems.id, { onDelete: 'cascade' }),
    levelId: dictionaryRef('level_id'),
  },
  (t) => [uniqueIndex('employee_languages_key').on(t.employeeId, t.languageId)],
);

/** Messenger and social links, each with its icon (dictionary portfolio_icon). */
export const employeeLinks = pgTable(
  'employee_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    iconId: dictionaryRef('icon_id'),
    url: text('url').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('employee_links_employee_idx').on(t.companyId, t.employeeId)],
);

/** Relatives (dictionary relative_type); children feed the children statistics. */
export const employeeRelatives = pgTable(
  'employee_relatives',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    relativeTypeId: dictionaryRef('relative_type_id'),
    name: text('name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
  },
  (t) => [index('employee_relatives_employee_idx').on(t.companyId, t.employeeId)],
);

/** Salary history: the current salary is the latest entry that has started. */
export const employeeSalaries = pgTable(
  'employee_salaries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    amount: numeric('amount', { precision: 14, scale: 2, mode: 'string' }).notNull(),
    /** A currency dictionary entry's code, e.g. 'usd'. */
    currency: text('currency').notNull(),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    note: text('note'),
    createdByUserId: integer('created_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('employee_salaries_employee_idx').on(t.companyId, t.employeeId, t.effectiveFrom),
    check('employee_salaries_amount_check', sql`amount >= 0`),
  ],
);

/** Documents and files of an employee (Employee.Files, field_files). */
export const employeeFiles = pgTable(
  'employee_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    uploadedByUserId: integer('uploaded_by_user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employee_files_employee_idx').on(t.companyId, t.employeeId)],
);

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'select'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** A company-defined field of the employee record, shown in the profile and in import/export. */
export const employeeFieldDefinitions = pgTable(
  'employee_field_definitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    name: text('name').notNull(),
    type: text('type', { enum: CUSTOM_FIELD_TYPES }).notNull(),
    /** Options of a select field: stable ids and names. */
    options: jsonb('options').$type<{ id: string; name: string }[]>().notNull().default([]),
    position: integer('position').notNull().default(0),
    ...createTimestampColumns(),
  },
  (t) => [
    index('employee_field_definitions_company_idx').on(t.companyId, t.position),
    check('employee_field_definitions_type_check', buildInListCheck('type', CUSTOM_FIELD_TYPES)),
  ],
);

/**
 * One changed field of an employee: who changed it (and who was signed in as them under "login as"),
 * when, from what, to what. Written in the transaction of the change.
 */
export const employeeChanges = pgTable(
  'employee_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** The wire name of the field (`position`, `salary`, `custom_fields.3`…). */
    field: text('field').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    actorUserId: integer('actor_user_id'),
    actorName: text('actor_name').notNull(),
    impersonatorUserId: integer('impersonator_user_id'),
    impersonatorName: text('impersonator_name'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employee_changes_employee_idx').on(t.companyId, t.employeeId, t.changedAt)],
);

/** An employee's full name in SQL, as formatFullName writes it: first, middle, last. */
export const employeeFullName = sql<string>`concat_ws(' ', nullif(btrim(${employees.firstName}), ''), nullif(btrim(${employees.middleName}), ''), nullif(btrim(${employees.lastName}), ''))`;

/** The same name ordered for lists: last name, then first name, case-insensitively. */
export const employeeSortName = [
  sql`lower(${employees.lastName})`,
  sql`lower(${employees.firstName})`,
  employees.id,
];

export const EMPLOYEE_IMPORT_STATUSES = ['checked', 'imported', 'failed'] as const;
export type EmployeeImportStatus = (typeof EMPLOYEE_IMPORT_STATUSES)[number];

/** What the dry run found in one row: created, updated, or refused with its errors (by column). */
export type EmployeeImportRowReport = {
  row: number;
  action: 'create' | 'update' | 'error';
  employeeId?: number;
  name?: string;
  errors?: { column: string; message: string }[];
};

/**
 * An uploaded employee import (XLSX or CSV): checked by a dry run, then imported on confirmation in
 * one transaction. The file stays in the file store until it is imported or the import is dropped.
 */
export const employeeImports = pgTable(
  'employee_imports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    createdByUserId: integer('created_by_user_id'),
    fileName: text('file_name').notNull(),
    /** The file store key of the uploaded file. */
    storageKey: text('storage_key').notNull(),
    format: text('format', { enum: ['xlsx', 'csv'] }).notNull(),
    status: text('status', { enum: EMPLOYEE_IMPORT_STATUSES }).notNull(),
    /** Counts: rows, create, update, error. */
    summary: jsonb('summary').$type<Record<string, number>>().notNull().default({}),
    /** The dry run's report of every row with an error (and the rows it would create or update). */
    report: jsonb('report').$type<EmployeeImportRowReport[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    importedAt: timestamp('imported_at', { withTimezone: true }),
  },
  (t) => [
    index('employee_imports_company_idx').on(t.companyId, t.createdAt),
    check('employee_imports_status_check', buildInListCheck('status', EMPLOYEE_IMPORT_STATUSES)),
  ],
);
