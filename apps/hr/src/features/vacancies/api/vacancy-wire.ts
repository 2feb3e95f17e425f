import { staffVacancySchema } from '@kadry/shared/schemas/recruiting';
import { z } from 'zod';

/**
 * A staff vacancy as the server really answers it: `salary` is absent (not null) for roles without
 * field_salary (hidden fields are removed server-side), which the shared schema does not model yet.
 */
export const clientVacancySchema = staffVacancySchema.extend({ salary: z.string().nullable().optional() });
export type ClientVacancy = z.infer<typeof clientVacancySchema>;

export const clientVacancyResponseSchema = z.object({ data: clientVacancySchema });
export const clientVacancyListResponseSchema = z.object({
  data: z.array(clientVacancySchema),
  meta: z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
