import { z } from 'zod';

/** A language requirement of a vacancy, shown as 'language - level'. */
export const vacancyLanguageSchema = z.object({
  language: z.string(),
  level: z.string(),
});

/** A vacancy as the public list shows it (spec §2.1, §3.1). Empty texts are null. */
export const vacancyListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  public_url: z.string(),
  is_hot: z.boolean(),
  salary: z.string().nullable(),
  residence: z.string().nullable(),
  experience: z.string().nullable(),
  work_types: z.string().nullable(),
});
export type VacancyListItem = z.infer<typeof vacancyListItemSchema>;

/**
 * A vacancy as the details page shows it. Body sections are sanitised HTML
 * (allowlist) with URLs already turned into links; null when empty.
 */
export const vacancyDetailsSchema = vacancyListItemSchema.extend({
  languages: z.array(vacancyLanguageSchema),
  description: z.string().nullable(),
  demand: z.string().nullable(),
  responsibility: z.string().nullable(),
  addition: z.string().nullable(),
  working_conditions: z.string().nullable(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});
export type VacancyDetails = z.infer<typeof vacancyDetailsSchema>;

export type { VacancyBodySection } from '../vacancy-sections';

export const vacancyListMetaSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

/** GET /api/v1/public-vacancies */
export const vacancyListResponseSchema = z.object({
  data: z.array(vacancyListItemSchema),
  meta: vacancyListMetaSchema,
});
export type VacancyListResponse = z.infer<typeof vacancyListResponseSchema>;

/** GET /api/v1/public-vacancies/{id} */
export const vacancyDetailsResponseSchema = z.object({ data: vacancyDetailsSchema });
export type VacancyDetailsResponse = z.infer<typeof vacancyDetailsResponseSchema>;

/** Query of the public list: paging plus the filters it understands; unknown keys are ignored. */
export const vacancyListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).optional(),
  residence: z.string().trim().max(200).optional(),
  work_types: z.string().trim().max(200).optional(),
});
export type VacancyListQuery = z.infer<typeof vacancyListQuerySchema>;
