import { z } from 'zod';

/**
 * The one error shape on the wire. `errors` maps a field path (e.g. `fields.3.input_value`)
 * to its translated messages; present on 422 only.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
