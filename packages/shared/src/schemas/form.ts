import { z } from 'zod';
import { FIELD_TYPES, INPUT_TYPES } from '../form-kinds';

export type { FieldType, InputType } from '../form-kinds';

export const optionLevelSchema = z.object({ id: z.number().int(), name: z.string() });

/** An option of a select-like field. Language options carry their levels as `meta`. */
export const fieldOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  meta: z.array(optionLevelSchema).optional(),
});
export type FieldOption = z.infer<typeof fieldOptionSchema>;

export const inputMetaSchema = z.object({
  options: z.array(fieldOptionSchema).optional(),
  maxFiles: z.number().int().min(1).max(20).optional(),
  /** Accepted file formats as lower-case extensions without the dot, e.g. ['pdf', 'docx']. */
  formats: z.array(z.string()).optional(),
});
export type InputMeta = z.infer<typeof inputMetaSchema>;

/** One field of an application form definition (spec §3.1). */
export const formFieldSchema = z.object({
  name: z.string(),
  type: z.enum(FIELD_TYPES),
  input_type: z.enum(INPUT_TYPES),
  required: z.boolean(),
  validation: z.object({ max: z.number().int().positive().optional() }).nullable(),
  input_meta: inputMetaSchema.nullable(),
  /** Identifies the custom property a custom_property field fills; echoed back as fields[i][value]. */
  value: z.union([z.string(), z.number()]).nullable().optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;

/** GET /api/v1/public-vacancies/{id}/response */
export const formDefinitionResponseSchema = z.object({ fields: z.array(formFieldSchema) });
export type FormDefinitionResponse = z.infer<typeof formDefinitionResponseSchema>;

/** POST /api/v1/public-vacancies/parse/cv answer. */
export const cvParseResponseSchema = z.object({
  data: z.object({
    cache_id: z.string(),
    parsed: z.object({
      name: z.string().nullable(),
      email: z.string().nullable(),
      phone: z.string().nullable(),
      links: z.array(z.string()),
    }),
  }),
});
export type CvParseResponse = z.infer<typeof cvParseResponseSchema>;

/** POST /api/v1/public-vacancies/{id}/response answer (201). The careers page does not read it. */
export const responseCreatedSchema = z.object({ data: z.object({ id: z.number().int() }) });
export type ResponseCreated = z.infer<typeof responseCreatedSchema>;
