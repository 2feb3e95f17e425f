import type { FieldPermission } from '@kadry/shared/permissions/vocabulary';
import type { UpdateEmployeeBody } from '@kadry/shared/schemas/employees';
import type { Employee } from '../../db/schema/employees';
import type { Section } from './employee-visibility';

// Where each wire field of the employee record sits: its section (the sub-entity that governs its
// view and, for most keys, its update), the field permission that governs it, and its column.
// Decision (documented here, see the report of issue 13): keys that change who sees whom or the
// account — teams, manager, employee number, dismissal — are "structural" and need the Employee
// update level itself besides; every other key needs its section's update level only, so an
// employee role with Employee.Contacts update only_my edits its own phone and nothing else.

export type FieldRule = {
  /** null: the record's header, seen by whoever sees the employee. */
  section: Section | null;
  field?: FieldPermission;
  /** Needs the Employee update level too. */
  structural?: boolean;
};

export type BodyKey = keyof UpdateEmployeeBody;

/** Rules of the body's keys. */
export const BODY_RULES: Record<BodyKey, FieldRule> = {
  first_name: { section: 'profile' },
  last_name: { section: 'profile' },
  middle_name: { section: 'profile' },
  first_name_alt: { section: 'profile' },
  last_name_alt: { section: 'profile' },
  middle_name_alt: { section: 'profile' },
  employee_number: { section: 'profile', structural: true },
  position: { section: 'profile', field: 'field_position' },
  grade_id: { section: 'profile' },
  team_ids: { section: null, structural: true },
  manager_id: { section: 'profile', structural: true },
  employment_type_id: { section: 'profile' },
  terms_of_cooperation_id: { section: 'profile' },
  status_id: { section: 'profile' },
  experience_id: { section: 'profile' },
  start_of_work: { section: 'profile', field: 'field_start_of_work' },
  probation_period: { section: 'profile', field: 'field_probation_period' },
  dismissal_date: { section: 'profile', structural: true },
  dismissal_reason_id: { section: 'profile', structural: true },
  notes: { section: 'profile' },
  email: { section: 'contacts', field: 'field_email' },
  phone: { section: 'contacts', field: 'field_phone' },
  // Personal contacts follow the work ones' permissions: a role that may not see emails sees none.
  personal_email: { section: 'contacts', field: 'field_email' },
  personal_phone: { section: 'contacts', field: 'field_phone' },
  links: { section: 'contacts' },
  birth_date: { section: 'personal_info', field: 'field_birth_date' },
  gender_id: { section: 'personal_info' },
  marital_status_id: { section: 'personal_info' },
  country_code: { section: 'personal_info' },
  city_id: { section: 'personal_info' },
  city_name: { section: 'personal_info' },
  address: { section: 'personal_info', field: 'field_address' },
  languages: { section: 'personal_info' },
  relatives: { section: 'personal_info' },
  custom_fields: { section: 'profile' },
};

/** Rules of what the history records besides the body's keys. */
export const HISTORY_RULES: Record<string, FieldRule> = {
  ...BODY_RULES,
  salary: { section: 'profile', field: 'field_salary' },
  files: { section: 'files', field: 'field_files' },
  photo: { section: null },
};

/** The rule of a history field name (`custom_fields.3` is a custom field). */
export function ruleOfHistoryField(field: string): FieldRule | undefined {
  if (field.startsWith('custom_fields.')) return BODY_RULES.custom_fields;
  return Object.hasOwn(HISTORY_RULES, field) ? HISTORY_RULES[field] : undefined;
}

/** Body keys stored in one column of `employees`, by column. */
export const COLUMN_OF = {
  first_name: 'firstName',
  last_name: 'lastName',
  middle_name: 'middleName',
  first_name_alt: 'firstNameAlt',
  last_name_alt: 'lastNameAlt',
  middle_name_alt: 'middleNameAlt',
  employee_number: 'employeeNumber',
  position: 'position',
  grade_id: 'gradeId',
  manager_id: 'managerId',
  employment_type_id: 'employmentTypeId',
  terms_of_cooperation_id: 'termsOfCooperationId',
  status_id: 'statusId',
  experience_id: 'experienceId',
  start_of_work: 'startOfWork',
  probation_period: 'probationEnd',
  dismissal_date: 'dismissalDate',
  dismissal_reason_id: 'dismissalReasonId',
  notes: 'notes',
  email: 'workEmail',
  phone: 'workPhone',
  personal_email: 'personalEmail',
  personal_phone: 'personalPhone',
  birth_date: 'birthDate',
  gender_id: 'genderId',
  marital_status_id: 'maritalStatusId',
  country_code: 'countryCode',
  city_id: 'cityId',
  city_name: 'cityName',
  address: 'address',
} as const satisfies Partial<Record<BodyKey, keyof Employee>>;
export type ColumnKey = keyof typeof COLUMN_OF;

export function isColumnKey(key: string): key is ColumnKey {
  return Object.hasOwn(COLUMN_OF, key);
}

/** Dictionary-valued keys and the dictionary each takes its entries from. */
export const DICTIONARY_OF = {
  grade_id: 'grade',
  employment_type_id: 'employment_type',
  terms_of_cooperation_id: 'terms_of_cooperation',
  status_id: 'people_status',
  experience_id: 'experience',
  dismissal_reason_id: 'dismissal_reason',
  gender_id: 'sex',
  marital_status_id: 'marital_status',
} as const satisfies Partial<Record<BodyKey, string>>;
