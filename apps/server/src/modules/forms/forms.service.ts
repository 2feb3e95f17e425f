import type { Locale } from '@kadry/shared/constants';
import type { FormField } from '@kadry/shared/schemas/form';
import type {
  FormInput,
  FormListItem,
  FormPreviewInput,
  StaffForm,
  StaffFormField,
} from '@kadry/shared/schemas/recruiting';
import type { Dictionary } from '../../db/schema/dictionaries';
import type { ApplicationForm, FormFieldRow } from '../../db/schema/forms';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { PublicCache } from '../../lib/public-cache';
import { type Access, levelFor, requireLevel } from '../../plugins/access/access';
import { findDictionaryOptions } from '../dictionaries/dictionaries.service';
import {
  deleteForm,
  type FieldValues,
  findDefaultFormId,
  findForm,
  findFormFields,
  findVacancyIdsUsingForm,
  listForms,
  saveFormRows,
} from './forms.queries';

/** What a candidate's field is drawn from: a stored field row, or an unsaved one shaped as it would be stored. */
type StoredFormField = Pick<
  FormFieldRow,
  'name' | 'type' | 'inputType' | 'required' | 'maxLength' | 'inputMeta' | 'dictionary' | 'value'
>;

/**
 * Stored fields as the careers form gets them, in the order given: options of dictionary-backed fields
 * come from the company's dictionaries in `locale` (so dictionary edits reach every form), own options
 * as stored. The public form definition and the form builder's preview both answer through this.
 */
async function buildFormFields(
  db: Db,
  companyId: number,
  fields: readonly StoredFormField[],
  locale: Locale,
): Promise<FormField[]> {
  const dictionaryNames = [
    ...new Set(fields.flatMap((field): Dictionary[] => (field.dictionary ? [field.dictionary] : []))),
  ];
  const dictionaries = await findDictionaryOptions(db, companyId, dictionaryNames, locale);
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
 * The fields of a vacancy's application form (its own, else the company's default), in order, as
 * the careers site renders them. Dictionary-backed options (experience, languages with levels,
 * currencies, …) come in `locale`.
 */
export async function findFormDefinition(
  db: Db,
  companyId: number,
  vacancyFormId: number | null,
  locale: Locale,
): Promise<FormField[]> {
  const formId = vacancyFormId ?? (await findDefaultFormId(db, companyId));
  if (formId === null) return [];
  return buildFormFields(db, companyId, await findFormFields(db, companyId, formId), locale);
}

/** What the form rules need to act for a signed-in user. */
export type FormContext = { db: Db; access: Access; cache: PublicCache };

function toStaffField(row: FormFieldRow): StaffFormField {
  return {
    name: row.name,
    type: row.type,
    input_type: row.inputType,
    required: row.required,
    validation: row.maxLength ? { max: row.maxLength } : null,
    input_meta: Object.keys(row.inputMeta).length > 0 ? row.inputMeta : null,
    value: row.value,
    // language_level rides along with language (its levels are the language options' meta).
    dictionary: row.dictionary === 'language_level' ? null : row.dictionary,
  };
}

/** A field as stored. Dictionary-backed fields take their options from the dictionary: only own lists are kept. */
function toStoredField(field: StaffFormField): FieldValues {
  const { options, ...meta } = field.input_meta ?? {};
  const dictionary = field.dictionary ?? null;
  return {
    name: field.name,
    type: field.type,
    inputType: field.input_type,
    required: field.required,
    maxLength: field.validation?.max ?? null,
    inputMeta: dictionary || !options ? meta : { ...meta, options },
    dictionary,
    value: field.value === null || field.value === undefined ? null : String(field.value),
  };
}

async function presentForm(db: Db, form: ApplicationForm): Promise<StaffForm> {
  const [fields, vacancyIds] = await Promise.all([
    findFormFields(db, form.companyId, form.id),
    findVacancyIdsUsingForm(db, form.companyId, form.id),
  ]);
  return {
    id: form.id,
    name: form.name,
    is_default: form.isDefault,
    fields: fields.map(toStaffField),
    vacancy_ids: vacancyIds,
  };
}

async function findCompanyForm(ctx: FormContext, id: number): Promise<ApplicationForm> {
  const form = await findForm(ctx.db, ctx.access.user.companyId, id);
  if (!form) throw new AppError('not_found');
  return form;
}

/** Forms belong to the careers site: the Vacancy.CareerSite permission governs them. */
export async function listCompanyForms(ctx: FormContext): Promise<FormListItem[]> {
  requireLevel(ctx.access, 'Vacancy.CareerSite', 'view');
  const forms = await listForms(ctx.db, ctx.access.user.companyId);
  return forms.map((form) => ({
    id: form.id,
    name: form.name,
    is_default: form.isDefault,
    fields_count: form.fieldsCount,
  }));
}

export async function getForm(ctx: FormContext, id: number): Promise<StaffForm> {
  requireLevel(ctx.access, 'Vacancy.CareerSite', 'view');
  return presentForm(ctx.db, await findCompanyForm(ctx, id));
}

export async function createForm(ctx: FormContext, input: FormInput): Promise<StaffForm> {
  requireLevel(ctx.access, 'Vacancy.CareerSite', 'create');
  const companyId = ctx.access.user.companyId;
  const form = await saveFormRows(
    ctx.db,
    companyId,
    { name: input.name, isDefault: input.is_default },
    input.fields.map(toStoredField),
    null,
  );
  if (!form) throw new AppError('not_found');
  ctx.cache.invalidate(companyId);
  return presentForm(ctx.db, form);
}

export async function updateForm(ctx: FormContext, id: number, input: FormInput): Promise<StaffForm> {
  requireLevel(ctx.access, 'Vacancy.CareerSite', 'update');
  const existing = await findCompanyForm(ctx, id);
  const form = await saveFormRows(
    ctx.db,
    existing.companyId,
    { name: input.name, isDefault: input.is_default },
    input.fields.map(toStoredField),
    existing,
  );
  if (!form) throw new AppError('not_found');
  ctx.cache.invalidate(existing.companyId);
  return presentForm(ctx.db, form);
}

/** The default form is what every vacancy without its own form uses: make another the default first (409). */
export async function removeForm(ctx: FormContext, id: number): Promise<void> {
  requireLevel(ctx.access, 'Vacancy.CareerSite', 'delete');
  const form = await findCompanyForm(ctx, id);
  if (form.isDefault) throw new AppError('conflict');
  await deleteForm(ctx.db, form.companyId, form.id);
  ctx.cache.invalidate(form.companyId);
}

/** Previewing a form is part of editing one: allowed to whoever may create or update forms. */
export function requireFormEditing(access: Access): void {
  const canEdit = (['create', 'update'] as const).some(
    (action) => levelFor(access, 'Vacancy.CareerSite', action) !== 'not_visible',
  );
  if (!canEdit) throw new AppError('forbidden');
}

/**
 * The builder's live preview: the unsaved fields stored nowhere, answered exactly as the public form
 * definition would give them to a candidate, dictionary options in the signed-in user's language.
 */
export async function previewForm(
  ctx: FormContext,
  input: FormPreviewInput,
  locale: Locale,
): Promise<FormField[]> {
  requireFormEditing(ctx.access);
  return buildFormFields(ctx.db, ctx.access.user.companyId, input.fields.map(toStoredField), locale);
}
