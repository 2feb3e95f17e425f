import type { Locale } from '@kadry/shared/constants';
import type { FormField } from '@kadry/shared/schemas/form';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { findDictionaries } from '../../db/dictionaries';
import type { Dictionary } from '../../db/schema/dictionaries';
import { applicationForms, formFields } from '../../db/schema/forms';

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
  const dictionaryNames = [...new Set(rows.map((row) => row.dictionary).filter((d): d is Dictionary => !!d))];
  const dictionaries = await findDictionaries(db, companyId, dictionaryNames, locale);
  return rows.map((row) => {
    const options = row.dictionary ? dictionaries.get(row.dictionary) : row.inputMeta.options;
    const inputMeta = { ...row.inputMeta, ...(options ? { options } : {}) };
    return {
      name: row.name,
      type: row.type,
      input_type: row.inputType,
      required: row.required,
      validation: row.maxLength ? { max: row.maxLength } : null,
      input_meta: Object.keys(inputMeta).length > 0 ? inputMeta : null,
      value: row.value,
    };
  });
}
