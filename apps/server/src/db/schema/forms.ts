import type { FieldType, InputMeta, InputType } from '@kadry/shared/schemas/form';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { FORM_DICTIONARIES } from './dictionaries';

/** An application form. Vacancies without their own form use the company's default form. */
export const applicationForms = pgTable(
  'application_forms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    ...createTimestampColumns(),
  },
  (t) => [
    index('application_forms_company_idx').on(t.companyId),
    // At most one default form per company.
    uniqueIndex('application_forms_one_default_key').on(t.companyId).where(sql`is_default`),
  ],
);

/**
 * One field of a form, in `position` order.
 *
 * Options: fields backed by a dictionary (select for experience / search_status / sex, language,
 * salary currencies) name it in `dictionary` and keep `input_meta.options` empty; the form service
 * fills the options from `dictionary_items` in the visitor's locale, so dictionary edits reach every
 * form. Fields with their own option list (custom_property multiselect / checkbox_list / select)
 * store it inline in `input_meta.options`, with ids unique within the field.
 */
export const formFields = pgTable(
  'form_fields',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    formId: integer('form_id')
      .notNull()
      .references(() => applicationForms.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    /** The label shown to the candidate. */
    name: text('name').notNull(),
    type: text('type').$type<FieldType>().notNull(),
    inputType: text('input_type').$type<InputType>().notNull(),
    required: boolean('required').notNull().default(false),
    /** validation.max on the wire: the longest accepted text. */
    maxLength: integer('max_length'),
    inputMeta: jsonb('input_meta').$type<InputMeta>().notNull().default({}),
    /** Dictionary that supplies the options (see above); null for fields without or with own options. */
    dictionary: text('dictionary', { enum: FORM_DICTIONARIES }),
    /** Key of the custom property a custom_property field fills; echoed back as fields[i][value]. */
    value: text('value'),
  },
  (t) => [
    // company_id leads (shard key); form_id determines the company, so this is unique per form.
    unique('form_fields_form_position_key').on(t.companyId, t.formId, t.position),
    check('form_fields_max_length_check', sql`max_length is null or max_length > 0`),
  ],
);

export type ApplicationForm = typeof applicationForms.$inferSelect;
export type NewApplicationForm = typeof applicationForms.$inferInsert;
export type FormFieldRow = typeof formFields.$inferSelect;
export type NewFormFieldRow = typeof formFields.$inferInsert;
