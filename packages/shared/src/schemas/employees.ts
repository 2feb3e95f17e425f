import { z } from 'zod';
import { LIST_PER_PAGE_MAX } from '../constants';
import { isValidIsoDate } from '../validation/dates';
import {
  MAX_OBJECT_ID,
  objectIdSchema,
  pageMetaSchema,
  pagingQuerySchema,
  queryIdSchema,
  searchTextSchema,
} from './common';

// The employee record on the wire (issue 13, docs/decisions/012-people-model.md and 013).
// Values governed by field permissions sit at the top level under the names of FIELD_KEYS
// (`email`, `phone`, `salary`, `position`, `start_of_work`, `probation_period`, `birth_date`,
// `address`, `files`, `system_role`): the server removes them from answers the reader may not see
// and refuses (403) a write of one the writer may not see. A field hidden from the reader is also not
// searchable, filterable or sortable by that reader.

export const EMPLOYEE_NAME_MAX_LENGTH = 100;
export const EMPLOYEE_TEXT_MAX_LENGTH = 500;
export const EMPLOYEE_NOTES_MAX_LENGTH = 10_000;
export const EMPLOYEE_NUMBER_MAX_LENGTH = 50;
export const EMPLOYEE_LINKS_MAX = 20;
export const EMPLOYEE_RELATIVES_MAX = 30;
export const EMPLOYEE_LANGUAGES_MAX = 30;
export const EMPLOYEE_TEAMS_MAX = 50;
export const CUSTOM_FIELDS_MAX = 100;
export const CUSTOM_FIELD_OPTIONS_MAX = 200;
/** Spec §9: a phone has 7 to 15 characters. */
export const PHONE_MIN_LENGTH = 7;
export const PHONE_MAX_LENGTH = 15;
/** Salary amounts: up to 12 digits before the point and 2 after (the column is numeric(14, 2)). */
export const SALARY_AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

const nameSchema = z.string().trim().min(1).max(EMPLOYEE_NAME_MAX_LENGTH);
const optionalNameSchema = z.string().trim().max(EMPLOYEE_NAME_MAX_LENGTH).nullable();
const optionalTextSchema = z.string().trim().max(EMPLOYEE_TEXT_MAX_LENGTH).nullable();

/** An ISO calendar date (YYYY-MM-DD) that exists. */
export const isoDateSchema = z.string().refine(isValidIsoDate, { message: 'Invalid date' });

/** A phone as typed: digits with + ( ) - and spaces, 7 to 15 characters (spec §9). */
export const phoneSchema = z
  .string()
  .trim()
  .min(PHONE_MIN_LENGTH)
  .max(PHONE_MAX_LENGTH)
  .regex(/^\+?[\d\s()-]+$/);

export const emailSchema = z.string().trim().toLowerCase().max(254).email();

/** A dictionary entry as an employee answer carries it: id and its name in the reader's language. */
export const dictionaryRefSchema = z.object({ id: objectIdSchema, name: z.string() });
export type DictionaryRef = z.infer<typeof dictionaryRefSchema>;

/** Another employee as a reference (manager, who changed what). */
export const employeeRefSchema = z.object({
  id: objectIdSchema,
  name: z.string(),
  photo_url: z.string().nullable(),
});
export type EmployeeRef = z.infer<typeof employeeRefSchema>;

export const employeeTeamSchema = z.object({
  id: objectIdSchema,
  name: z.string(),
  is_manager: z.boolean(),
  is_hidden: z.boolean(),
});

export const employeeLanguageSchema = z.object({
  language: dictionaryRefSchema,
  level: dictionaryRefSchema.nullable(),
});
export const employeeLinkSchema = z.object({
  id: objectIdSchema,
  icon: dictionaryRefSchema.extend({ icon: z.string() }).nullable(),
  url: z.string(),
});
export const employeeRelativeSchema = z.object({
  id: objectIdSchema,
  relative_type: dictionaryRefSchema.nullable(),
  name: z.string(),
  birth_date: z.string().nullable(),
});
export const salarySchema = z.object({
  id: objectIdSchema,
  amount: z.string(),
  currency: z.string(),
  effective_from: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});
export type Salary = z.infer<typeof salarySchema>;
export const employeeFileSchema = z.object({
  id: objectIdSchema,
  name: z.string(),
  size: z.number().int(),
  mime_type: z.string(),
  url: z.string(),
  created_at: z.string(),
});

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'select'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];
export const customFieldOptionSchema = z.object({
  id: z.string().min(1).max(50),
  name: z.string().trim().min(1).max(EMPLOYEE_NAME_MAX_LENGTH),
});
export const customFieldDefinitionSchema = z.object({
  id: objectIdSchema,
  name: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(customFieldOptionSchema),
  position: z.number().int(),
});
export type CustomFieldDefinition = z.infer<typeof customFieldDefinitionSchema>;
export const customFieldDefinitionsResponseSchema = z.object({ data: z.array(customFieldDefinitionSchema) });
export const customFieldDefinitionBodySchema = z.object({
  name: z.string().trim().min(1).max(EMPLOYEE_NAME_MAX_LENGTH),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(customFieldOptionSchema).max(CUSTOM_FIELD_OPTIONS_MAX).default([]),
});
/** A custom field's value: text, number, ISO date (up to 100 years ahead, spec §9) or an option id. */
export const customFieldValueSchema = z.union([
  z.string().max(EMPLOYEE_TEXT_MAX_LENGTH),
  z.number(),
  z.null(),
]);

/**
 * One row of the directory. Governed fields (email, phone, position, start_of_work,
 * probation_period) are absent when the reader may not see them.
 */
export const employeeListItemSchema = z.object({
  id: objectIdSchema,
  name: z.string(),
  /** The name in its second-language spelling, when there is one. */
  name_alt: z.string().nullable(),
  photo_url: z.string().nullable(),
  employee_number: z.string().nullable(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  position: z.string().nullable().optional(),
  start_of_work: z.string().nullable().optional(),
  probation_period: z.string().nullable().optional(),
  teams: z.array(employeeTeamSchema.pick({ id: true, name: true, is_manager: true })),
  status: dictionaryRefSchema.nullable(),
  employment_type: dictionaryRefSchema.nullable(),
  city: z.string().nullable(),
  is_dismissed: z.boolean(),
  /** Whether the employee has a staff account (and whether it can sign in yet). */
  access: z.enum(['none', 'invited', 'active', 'disabled']),
});
export type EmployeeListItem = z.infer<typeof employeeListItemSchema>;

export const EMPLOYEE_SORTS = [
  'name',
  'start_of_work',
  'position',
  'probation_period',
  'created_at',
] as const;
export type EmployeeSort = (typeof EMPLOYEE_SORTS)[number];

/**
 * `employee.visibleEmployeesPaginated`: the directory. `search` looks through names in both
 * spellings, emails, phones and the employee number (only those the reader may see). Filters other
 * than search, team and status, and any sort but by name, need the extended_filters_and_sorting action.
 */
export const employeesQuerySchema = pagingQuerySchema.extend({
  search: searchTextSchema.optional(),
  team_ids: z
    .union([queryIdSchema, z.array(queryIdSchema).max(100)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  status_ids: z
    .union([queryIdSchema, z.array(queryIdSchema).max(100)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  employment_type_ids: z
    .union([queryIdSchema, z.array(queryIdSchema).max(100)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
  position: searchTextSchema.optional(),
  city: searchTextSchema.optional(),
  start_from: isoDateSchema.optional(),
  start_to: isoDateSchema.optional(),
  /** `active` (default): not dismissed; `dismissed`; `all`. */
  state: z.enum(['active', 'dismissed', 'all']).default('active'),
  sort: z.enum(EMPLOYEE_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type EmployeesQuery = z.output<typeof employeesQuerySchema>;
export const employeesResponseSchema = z.object({
  data: z.array(employeeListItemSchema),
  meta: pageMetaSchema,
});

/** `employee.all`: every visible, not dismissed employee as a reference (pickers). */
export const employeeRefsResponseSchema = z.object({ data: z.array(employeeRefSchema) });

/**
 * One entry of `employee.all`: the reference, and — only for readers who administer staff accounts
 * (Settings update at to_all, the administration widget's rule) — the employee's staff account id,
 * null when the employee has none (the widget's account picker).
 */
export const employeePickSchema = employeeRefSchema.extend({
  account_id: objectIdSchema.nullable().optional(),
});
export type EmployeePick = z.infer<typeof employeePickSchema>;
export const employeePicksResponseSchema = z.object({ data: z.array(employeePickSchema) });

/**
 * One employee's profile. Sections the reader may not see (by sub-entity level) are null; governed
 * fields the reader may not see are absent.
 */
export const employeeSchema = z.object({
  id: objectIdSchema,
  name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  middle_name: z.string().nullable(),
  first_name_alt: z.string().nullable(),
  last_name_alt: z.string().nullable(),
  middle_name_alt: z.string().nullable(),
  employee_number: z.string().nullable(),
  photo_url: z.string().nullable(),
  // Employee.Profile: work.
  position: z.string().nullable().optional(),
  grade: dictionaryRefSchema.nullable(),
  teams: z.array(employeeTeamSchema),
  manager: employeeRefSchema.nullable(),
  employment_type: dictionaryRefSchema.nullable(),
  terms_of_cooperation: dictionaryRefSchema.nullable(),
  status: dictionaryRefSchema.nullable(),
  experience: dictionaryRefSchema.nullable(),
  start_of_work: z.string().nullable().optional(),
  probation_period: z.string().nullable().optional(),
  dismissal_date: z.string().nullable(),
  dismissal_reason: dictionaryRefSchema.nullable(),
  is_dismissed: z.boolean(),
  notes: z.string().nullable(),
  // Employee.Contacts.
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  personal_email: z.string().nullable(),
  personal_phone: z.string().nullable(),
  links: z.array(employeeLinkSchema),
  // Employee.PersonalInfo.
  birth_date: z.string().nullable().optional(),
  gender: dictionaryRefSchema.nullable(),
  marital_status: dictionaryRefSchema.nullable(),
  country: z.object({ code: z.string(), name: z.string() }).nullable(),
  city: z.object({ id: z.number().int().nullable(), name: z.string() }).nullable(),
  address: z.string().nullable().optional(),
  languages: z.array(employeeLanguageSchema),
  relatives: z.array(employeeRelativeSchema),
  // Governed by field permissions.
  salary: salarySchema.nullable().optional(),
  files: z.array(employeeFileSchema).optional(),
  system_role: z
    .object({ id: objectIdSchema, name: z.string(), key: z.string().nullable() })
    .nullable()
    .optional(),
  custom_fields: z.record(z.string(), customFieldValueSchema),
  access: z.enum(['none', 'invited', 'active', 'disabled']),
  /** What the reader may do with this employee (the app shows only these). */
  can: z.object({
    update: z.boolean(),
    delete: z.boolean(),
    send_access: z.boolean(),
    login_as: z.boolean(),
    update_avatar: z.boolean(),
    /** The Employee email action: Kadry mails this employee for the reader (invitations; the app's mail link). */
    email: z.boolean(),
    /** Sections (sub-entities) the reader may see; values of the others are null or empty. */
    view_sections: z.array(z.enum(['profile', 'contacts', 'personal_info', 'files'])),
    /** Sections (sub-entities) the reader may edit. */
    edit_sections: z.array(z.enum(['profile', 'contacts', 'personal_info', 'files'])),
  }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EmployeeDetails = z.infer<typeof employeeSchema>;
export const employeeResponseSchema = z.object({ data: employeeSchema });

const idOrNull = objectIdSchema.nullable();

/**
 * Create or update an employee. Every key is optional on update (only what is sent changes; null
 * clears); on create first_name and last_name are required. Lists (teams, languages, links,
 * relatives) replace the stored list when sent.
 */
export const employeeBodySchema = z.object({
  first_name: nameSchema,
  last_name: z.string().trim().max(EMPLOYEE_NAME_MAX_LENGTH),
  middle_name: optionalNameSchema,
  first_name_alt: optionalNameSchema,
  last_name_alt: optionalNameSchema,
  middle_name_alt: optionalNameSchema,
  employee_number: z.string().trim().max(EMPLOYEE_NUMBER_MAX_LENGTH).nullable(),
  position: optionalTextSchema,
  grade_id: idOrNull,
  team_ids: z.array(objectIdSchema).max(EMPLOYEE_TEAMS_MAX),
  manager_id: idOrNull,
  employment_type_id: idOrNull,
  terms_of_cooperation_id: idOrNull,
  status_id: idOrNull,
  experience_id: idOrNull,
  start_of_work: isoDateSchema.nullable(),
  probation_period: isoDateSchema.nullable(),
  dismissal_date: isoDateSchema.nullable(),
  dismissal_reason_id: idOrNull,
  notes: z.string().max(EMPLOYEE_NOTES_MAX_LENGTH).nullable(),
  email: emailSchema.nullable(),
  phone: phoneSchema.nullable(),
  personal_email: emailSchema.nullable(),
  personal_phone: phoneSchema.nullable(),
  links: z
    .array(z.object({ icon_id: idOrNull, url: z.string().trim().min(1).max(EMPLOYEE_TEXT_MAX_LENGTH) }))
    .max(EMPLOYEE_LINKS_MAX),
  birth_date: isoDateSchema.nullable(),
  gender_id: idOrNull,
  marital_status_id: idOrNull,
  country_code: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  city_id: z.number().int().min(1).max(MAX_OBJECT_ID).nullable(),
  city_name: optionalTextSchema,
  address: optionalTextSchema,
  languages: z
    .array(z.object({ language_id: objectIdSchema, level_id: idOrNull }))
    .max(EMPLOYEE_LANGUAGES_MAX),
  relatives: z
    .array(
      z.object({
        relative_type_id: idOrNull,
        name: z.string().trim().min(1).max(EMPLOYEE_NAME_MAX_LENGTH),
        birth_date: isoDateSchema.nullable(),
      }),
    )
    .max(EMPLOYEE_RELATIVES_MAX),
  custom_fields: z.record(z.string().regex(/^\d{1,10}$/), customFieldValueSchema),
});
export const createEmployeeBodySchema = employeeBodySchema.partial().required({ first_name: true });
export const updateEmployeeBodySchema = employeeBodySchema.partial();
export type CreateEmployeeBody = z.input<typeof createEmployeeBodySchema>;
export type UpdateEmployeeBody = z.input<typeof updateEmployeeBodySchema>;

export const salaryBodySchema = z.object({
  amount: z.string().trim().regex(SALARY_AMOUNT_PATTERN),
  currency: z.string().trim().min(1).max(10),
  effective_from: isoDateSchema,
  note: z.string().trim().max(EMPLOYEE_TEXT_MAX_LENGTH).nullable().default(null),
});
export const salariesResponseSchema = z.object({ data: z.array(salarySchema) });

/** One changed field in an employee's history (only fields the reader may see are listed). */
export const employeeChangeSchema = z.object({
  id: objectIdSchema,
  field: z.string(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  actor_name: z.string(),
  /** Under "login as": who was signed in as the actor. */
  impersonator_name: z.string().nullable(),
  changed_at: z.string(),
});
export const employeeChangesQuerySchema = pagingQuerySchema;
export const employeeChangesResponseSchema = z.object({
  data: z.array(employeeChangeSchema),
  meta: pageMetaSchema,
});

/** "Send access": an account for the employee (sign-in email = the work email) and its invitation. */
export const sendAccessBodySchema = z.object({
  role_id: objectIdSchema,
  locale: z.enum(['en', 'ru', 'uk']).optional(),
});

/** `employee.probation`: visible employees whose probation ends from today on, soonest first. */
export const probationQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(LIST_PER_PAGE_MAX).default(20),
  team_ids: employeesQuerySchema.shape.team_ids,
});

/** An employee's document upload (multipart field `file`): at most this many bytes. */
export const EMPLOYEE_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** An employee's photo (multipart field `photo`: PNG, JPEG or WebP): at most this many bytes. */
export const EMPLOYEE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const employeeFileResponseSchema = z.object({ data: employeeFileSchema });
export const employeeFilesResponseSchema = z.object({ data: z.array(employeeFileSchema) });
export const salaryResponseSchema = z.object({ data: salarySchema });
export const customFieldDefinitionResponseSchema = z.object({ data: customFieldDefinitionSchema });
