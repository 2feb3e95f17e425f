import type { FieldPermission } from '@kadry/shared/permissions/vocabulary';
import {
  CUSTOM_FIELD_COLUMN_PREFIX,
  EMPLOYEE_IMPORT_COLUMNS,
  type EmployeeImportColumn,
} from '@kadry/shared/schemas/employee-import';
import type { Dictionary } from '../../../db/schema/dictionaries';
import type { Access } from '../../../plugins/access/access';
import { canSeeField, type Section } from '../employee-visibility';

// The columns of the import template, the import and the export (one list, so an export can be
// imported back): which profile section each belongs to and which field permission governs it.

export type ColumnSpec = {
  /** The profile section (sub-entity) the value belongs to; names and the number belong to none. */
  section?: Section;
  /** The field permission without which the column is neither exported nor importable. */
  field?: FieldPermission;
  /** The dictionary its values come from. */
  dictionary?: Dictionary;
  kind:
    | 'text'
    | 'date'
    | 'dictionary'
    | 'teams'
    | 'manager'
    | 'email'
    | 'phone'
    | 'amount'
    | 'languages'
    | 'relatives'
    | 'links';
};

export const COLUMN_SPECS: Record<EmployeeImportColumn, ColumnSpec> = {
  employee_number: { kind: 'text' },
  first_name: { kind: 'text' },
  last_name: { kind: 'text' },
  middle_name: { kind: 'text' },
  first_name_alt: { kind: 'text' },
  last_name_alt: { kind: 'text' },
  middle_name_alt: { kind: 'text' },
  email: { kind: 'email', section: 'contacts', field: 'field_email' },
  phone: { kind: 'phone', section: 'contacts', field: 'field_phone' },
  personal_email: { kind: 'email', section: 'contacts', field: 'field_email' },
  personal_phone: { kind: 'phone', section: 'contacts', field: 'field_phone' },
  links: { kind: 'links', section: 'contacts' },
  position: { kind: 'text', section: 'profile', field: 'field_position' },
  teams: { kind: 'teams', section: 'profile' },
  manager: { kind: 'manager', section: 'profile' },
  employment_type: { kind: 'dictionary', section: 'profile', dictionary: 'employment_type' },
  terms_of_cooperation: { kind: 'dictionary', section: 'profile', dictionary: 'terms_of_cooperation' },
  status: { kind: 'dictionary', section: 'profile', dictionary: 'people_status' },
  grade: { kind: 'dictionary', section: 'profile', dictionary: 'grade' },
  experience: { kind: 'dictionary', section: 'profile', dictionary: 'experience' },
  start_of_work: { kind: 'date', section: 'profile', field: 'field_start_of_work' },
  probation_period: { kind: 'date', section: 'profile', field: 'field_probation_period' },
  dismissal_date: { kind: 'date', section: 'profile' },
  dismissal_reason: { kind: 'dictionary', section: 'profile', dictionary: 'dismissal_reason' },
  birth_date: { kind: 'date', section: 'personal_info', field: 'field_birth_date' },
  gender: { kind: 'dictionary', section: 'personal_info', dictionary: 'sex' },
  marital_status: { kind: 'dictionary', section: 'personal_info', dictionary: 'marital_status' },
  country_code: { kind: 'text', section: 'personal_info' },
  city: { kind: 'text', section: 'personal_info' },
  address: { kind: 'text', section: 'personal_info', field: 'field_address' },
  languages: { kind: 'languages', section: 'personal_info' },
  relatives: { kind: 'relatives', section: 'personal_info' },
  salary: { kind: 'amount', section: 'profile', field: 'field_salary' },
  salary_currency: { kind: 'text', section: 'profile', field: 'field_salary' },
  notes: { kind: 'text', section: 'profile' },
};

/** The header of a custom field's column. */
export function customFieldHeader(name: string): string {
  return `${CUSTOM_FIELD_COLUMN_PREFIX}${name}`;
}

/** The built-in columns whose field permissions the user has (a hidden field is neither read nor written). */
export function listAllowedColumns(access: Pick<Access, 'permissions'>): EmployeeImportColumn[] {
  return EMPLOYEE_IMPORT_COLUMNS.filter((column) => {
    const spec = COLUMN_SPECS[column];
    return !spec.field || canSeeField(access, spec.field, spec.section);
  });
}

/**
 * A cell as a spreadsheet gives it, turned back into the text it shows: a leading `'` that an export
 * put before = + - @ (formula neutralising) is dropped again, so an export imports back unchanged.
 */
export function unneutraliseCell(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}
