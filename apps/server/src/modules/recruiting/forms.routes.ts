import { routePattern } from '@kadry/shared/routes';
import {
  formInputSchema,
  formPreviewInputSchema,
  type StaffForm,
  type StaffFormField,
} from '@kadry/shared/schemas/recruiting';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { type ApplicationForm, applicationForms, type FormFieldRow, formFields } from '../../db/schema/forms';
import { vacancies } from '../../db/schema/vacancies';
import { AppError } from '../../lib/app-error';
import { requireUser, staffLocaleOf } from '../../plugins/session';
import { buildFormFields, type StoredFormField } from '../careers/form-definition.service';
import { requireAbility, requireAnyAbility } from '../permissions/access';
import { registerPutRoute } from '../permissions/register-put-route';
import type { RecruitingRouteOptions } from './vacancies.routes';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const config = { plan: 'ats' as const };

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

async function loadForm(db: Db, form: ApplicationForm): Promise<StaffForm> {
  const [fields, users] = await Promise.all([
    db.select().from(formFields).where(eq(formFields.formId, form.id)).orderBy(asc(formFields.position)),
    db
      .select({ id: vacancies.id })
      .from(vacancies)
      .where(and(eq(vacancies.companyId, form.companyId), eq(vacancies.formId, form.id)))
      .orderBy(asc(vacancies.id)),
  ]);
  return {
    id: form.id,
    name: form.name,
    is_default: form.isDefault,
    fields: fields.map(toStaffField),
    vacancy_ids: users.map((row) => row.id),
  };
}

type FormInput = z.infer<typeof formInputSchema>;

/** A field as stored. Dictionary-backed fields take their options from the dictionary: only own lists are kept. */
function toStoredField(field: StaffFormField): StoredFormField {
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

function toFieldRows(companyId: number, formId: number, input: FormInput) {
  return input.fields.map((field, position) => ({ companyId, formId, position, ...toStoredField(field) }));
}

/** Previewing a form is part of editing one: allowed to whoever may create or update forms. */
async function requireFormEditing(request: FastifyRequest): Promise<void> {
  await requireAnyAbility(request, 'Vacancy.CareerSite', ['create', 'update']);
}

async function saveForm(db: Db, companyId: number, input: FormInput, existing: ApplicationForm | null) {
  return db.transaction(async (tx) => {
    // One default form per company: making this one the default unsets the other.
    if (input.is_default) {
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
    let form: ApplicationForm | undefined;
    if (existing) {
      [form] = await tx
        .update(applicationForms)
        .set({ name: input.name, isDefault: input.is_default || existing.isDefault })
        .where(eq(applicationForms.id, existing.id))
        .returning();
      await tx.delete(formFields).where(eq(formFields.formId, existing.id));
    } else {
      [form] = await tx
        .insert(applicationForms)
        .values({ companyId, name: input.name, isDefault: input.is_default })
        .returning();
    }
    if (!form) throw new AppError('not_found');
    if (input.fields.length > 0) await tx.insert(formFields).values(toFieldRows(companyId, form.id, input));
    return form;
  });
}

/** Application forms (the company default and per-vacancy ones), under the Vacancy.CareerSite permission. */
export async function registerFormRoutes(app: FastifyInstance, opts: RecruitingRouteOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { db, cache } = opts;

  async function findForm(companyId: number, id: number): Promise<ApplicationForm> {
    const [form] = await db
      .select()
      .from(applicationForms)
      .where(and(eq(applicationForms.id, id), eq(applicationForms.companyId, companyId)));
    if (!form) throw new AppError('not_found');
    return form;
  }

  routes.get(routePattern('recruiting.forms'), { config }, async (request) => {
    await requireAbility(request, 'Vacancy.CareerSite', 'view');
    const user = requireUser(request);
    const forms = await db
      .select()
      .from(applicationForms)
      .where(eq(applicationForms.companyId, user.companyId))
      .orderBy(asc(applicationForms.id));
    const counts = forms.length
      ? await db
          .select({ formId: formFields.formId, total: count() })
          .from(formFields)
          .where(
            inArray(
              formFields.formId,
              forms.map((form) => form.id),
            ),
          )
          .groupBy(formFields.formId)
      : [];
    return {
      data: forms.map((form) => ({
        id: form.id,
        name: form.name,
        is_default: form.isDefault,
        fields_count: counts.find((row) => row.formId === form.id)?.total ?? 0,
      })),
    };
  });

  routes.post(
    routePattern('recruiting.forms'),
    { config, schema: { body: formInputSchema } },
    async (request, reply) => {
      await requireAbility(request, 'Vacancy.CareerSite', 'create');
      const user = requireUser(request);
      const form = await saveForm(db, user.companyId, request.body, null);
      cache.invalidate(user.companyId);
      return reply.code(201).send({ data: await loadForm(db, form) });
    },
  );

  // The builder's live preview: the unsaved fields stored nowhere, answered exactly as the public form
  // definition would give them to a candidate, dictionary options in the signed-in user's language.
  routes.post(
    routePattern('recruiting.forms.preview'),
    {
      config,
      schema: { body: formPreviewInputSchema },
      // Before validation, so a role that may not edit forms learns nothing from 422s.
      preValidation: async (request) => {
        await requireFormEditing(request);
      },
    },
    async (request) => {
      const user = requireUser(request);
      const fields = await buildFormFields(
        db,
        user.companyId,
        request.body.fields.map(toStoredField),
        staffLocaleOf(request),
      );
      return { fields };
    },
  );

  routes.get(
    routePattern('recruiting.forms.one'),
    { config, schema: { params: idParams } },
    async (request) => {
      await requireAbility(request, 'Vacancy.CareerSite', 'view');
      const user = requireUser(request);
      return { data: await loadForm(db, await findForm(user.companyId, request.params.id)) };
    },
  );

  registerPutRoute(
    routes,
    routePattern('recruiting.forms.one'),
    {
      config,
      schema: { params: idParams, body: formInputSchema },
      preValidation: async (request) => {
        await requireAbility(request, 'Vacancy.CareerSite', 'update');
      },
    },
    async (request) => {
      const user = requireUser(request);
      const existing = await findForm(user.companyId, request.params.id);
      const form = await saveForm(db, user.companyId, request.body, existing);
      cache.invalidate(user.companyId);
      return { data: await loadForm(db, form) };
    },
  );

  routes.delete(
    routePattern('recruiting.forms.one'),
    { config, schema: { params: idParams } },
    async (request, reply) => {
      await requireAbility(request, 'Vacancy.CareerSite', 'delete');
      const user = requireUser(request);
      const form = await findForm(user.companyId, request.params.id);
      // The default form is what every vacancy without its own form uses: make another the default first.
      if (form.isDefault) throw new AppError('conflict');
      await db.delete(applicationForms).where(eq(applicationForms.id, form.id));
      cache.invalidate(user.companyId);
      return reply.code(204).send();
    },
  );
}
