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

/**
 * The error answers a route may give, for its response schemas: `...errorResponses(401, 404)`.
 * Every one has the one error shape.
 */
export function errorResponses<const S extends readonly number[]>(
  ...statuses: S
): Record<S[number], typeof errorBodySchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorBodySchema])) as Record<
    S[number],
    typeof errorBodySchema
  >;
}

/** What every staff API route may answer besides its own: not signed in, no CSRF token, no permission. */
export const STAFF_ERRORS = [401, 403, 419] as const;
