import type { Locale } from '@kadry/shared/constants';
import type { FormField } from '@kadry/shared/schemas/form';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findDictionaries } from '../../db/dictionaries';
import type { Dictionary } from '../../db/schema/dictionaries';
import { applicationForms, type FormFieldRow, formFields } from '../../db/schema/forms';

/** The form of a vacancy: its own when it has one, else the company's default form. */
async function resolveFormId(
  db: Db,
  companyId: number,
  vacancyFormId: number | null,
): Promise<number | null> {
  if (vacancyFormId !== null) return vacancyFormId;
  const rows = await db
    .select({ id: applicationForms.id })
    .from(applicationForms)
    .where(and(eq(applicationForms.companyId, companyId), eq(applicationForms.isDefault, true)))
    .limit(1);
  return rows[0]?.id ?? null;
}

/** What a candidate's field is drawn from: a stored field row, or an unsaved one shaped as it would be stored. */
export type StoredFormField = Pick<
  FormFieldRow,
  'name' | 'type' | 'inputType' | 'required' | 'maxLength' | 'inputMeta' | 'dictionary' | 'value'
>;

/**
 * Stored fields as the careers form gets them, in the order given: options of dictionary-backed fields
 * come from the company's dictionaries in `locale` (so dictionary edits reach every form), own options
 * as stored. The public form definition and the form builder's preview both answer through this.
 */
export async function buildFormFields(
  db: Db,
  companyId: number,
  fields: readonly StoredFormField[],
  locale: Locale,
): Promise<FormField[]> {
  const dictionaryNames = [
    ...new Set(fields.map((field) => field.dictionary).filter((d): d is Dictionary => !!d)),
  ];
  const dictionaries = await findDictionaries(db, companyId, dictionaryNames, locale);
  return fields.map((field) => {
    const options = field.dictionary ? dictionaries.get(field.dictionary) : field.inputMeta.options;
    const inputMeta = { ...field.inputMeta, ...(options ? { options } : {}) };
    return {
      name: field.name,
      type: field.type,
      input_type: field.inputType,
      required: field.required,
      validation: field.maxLength ? { max: field.maxLength } : null,
      input_meta: Object.keys(inputMeta).length > 0 ? inputMeta : null,
      value: field.value,
    };
  });
}

/**
 * The fields of a vacancy's application form, in order, as the careers site renders them.
 * Dictionary-backed options (experience, languages with levels, currencies, …) come in `locale`.
 */
export async function findFormDefinition(
  db: Db,
  companyId: number,
  vacancyFormId: number | null,
  locale: Locale,
): Promise<FormField[]> {
  const formId = await resolveFormId(db, companyId, vacancyFormId);
  if (formId === null) return [];
  const rows = await db
    .select()
    .from(formFields)
    .where(and(eq(formFields.companyId, companyId), eq(formFields.formId, formId)))
    .orderBy(asc(formFields.position));
  return buildFormFields(db, companyId, rows, locale);
}
