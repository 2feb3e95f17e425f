import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { type ApplicationForm, applicationForms, type FormFieldRow, formFields } from '../../db/schema/forms';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';

// All SQL of application forms; every statement filters by company_id.

/** A field as stored, without its keys (what a form's field list is written as). */
export type FieldValues = Omit<FormFieldRow, 'id' | 'companyId' | 'formId' | 'position'>;

/** The company's default form, if it has one. */
export async function findDefaultFormId(db: Db, companyId: number): Promise<number | null> {
  const rows = await db
    .select({ id: applicationForms.id })
    .from(applicationForms)
    .where(and(eq(applicationForms.companyId, companyId), eq(applicationForms.isDefault, true)))
    .limit(1);
  return rows[0]?.id ?? null;
}

export function findFormFields(db: Db, companyId: number, formId: number): Promise<FormFieldRow[]> {
  return db
    .select()
    .from(formFields)
    .where(and(eq(formFields.companyId, companyId), eq(formFields.formId, formId)))
    .orderBy(asc(formFields.position));
}

export async function findForm(db: Db, companyId: number, id: number): Promise<ApplicationForm | null> {
  const [form] = await db
    .select()
    .from(applicationForms)
    .where(and(eq(applicationForms.companyId, companyId), eq(applicationForms.id, id)));
  return form ?? null;
}

/** The company's forms by id, each with how many fields it has. */
export async function listForms(
  db: Db,
  companyId: number,
): Promise<(ApplicationForm & { fieldsCount: number })[]> {
  const forms = await db
    .select()
    .from(applicationForms)
    .where(eq(applicationForms.companyId, companyId))
    .orderBy(asc(applicationForms.id));
  if (forms.length === 0) return [];
  const counts = await db
    .select({ formId: formFields.formId, total: count() })
    .from(formFields)
    .where(
      and(
        eq(formFields.companyId, companyId),
        inArray(
          formFields.formId,
          forms.map((form) => form.id),
        ),
      ),
    )
    .groupBy(formFields.formId);
  return forms.map((form) => ({
    ...form,
    fieldsCount: counts.find((row) => row.formId === form.id)?.total ?? 0,
  }));
}

/** Ids of the vacancies that use a form of their own. */
export async function findVacancyIdsUsingForm(db: Db, companyId: number, formId: number): Promise<number[]> {
  const rows = await db
    .select({ id: vacancies.id })
    .from(vacancies)
    .where(and(eq(vacancies.companyId, companyId), eq(vacancies.formId, formId)))
    .orderBy(asc(vacancies.id));
  return rows.map((row) => row.id);
}

/**
 * Writes a form and its whole field list in one transaction: a new form, or the fields of an
 * existing one replaced. Making it the default unsets the company's other default.
 */
export function saveFormRows(
  db: Db,
  companyId: number,
  form: { name: string; isDefault: boolean },
  fields: readonly FieldValues[],
  existing: ApplicationForm | null,
): Promise<ApplicationForm | null> {
  return db.transaction(async (tx) => {
    if (form.isDefault) {
      await tx
        .update(applicationForms)
        .set({ isDefault: false })
        .where(
          and(
            eq(applicationForms.companyId, companyId),
            eq(applicationForms.isDefault, true),
            existing ? ne(applicationForms.id, existing.id) : undefined,
          ),
        );
    }
    let saved: ApplicationForm | undefined;
    if (existing) {
      [saved] = await tx
        .update(applicationForms)
        .set({ name: form.name, isDefault: form.isDefault || existing.isDefault })
        .where(and(eq(applicationForms.companyId, companyId), eq(applicationForms.id, existing.id)))
        .returning();
      await tx
        .delete(formFields)
        .where(and(eq(formFields.companyId, companyId), eq(formFields.formId, existing.id)));
    } else {
      [saved] = await tx
        .insert(applicationForms)
        .values({ companyId, name: form.name, isDefault: form.isDefault })
        .returning();
    }
    if (!saved) return null;
    const formId = saved.id;
    if (fields.length > 0) {
      await tx
        .insert(formFields)
        .values(fields.map((field, position) => ({ ...field, companyId, formId, position })));
    }
    return saved;
  });
}

export async function deleteForm(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .delete(applicationForms)
    .where(and(eq(applicationForms.companyId, companyId), eq(applicationForms.id, id)));
}
