import type { FieldErrors, FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * The field messages of a 422 answer (`{ errors: { "<field path>": [text, ...] } }`), first message
 * per field, keyed by the path's first segment (`team_ids.0` → `team_ids`); null for any other failure.
 */
export function readServerFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const body = error.body as { errors?: unknown } | null;
  const errors = typeof body?.errors === 'object' && body.errors !== null ? body.errors : {};
  const result: Record<string, string> = {};
  for (const [path, messages] of Object.entries(errors as Record<string, unknown>)) {
    const field = path.split('.')[0] ?? path;
    const first = Array.isArray(messages) ? messages.find((item) => typeof item === 'string') : undefined;
    if (typeof first === 'string' && !(field in result)) result[field] = first;
  }
  return result;
}

/**
 * A react-hook-form resolver that checks the form's values with the contract's zod schema (the same
 * one the server runs) and words each problem with `describe`, so messages come from our catalogs
 * rather than zod's English defaults. Errors land on the first segment of each issue's path.
 */
export function createZodResolver<TValues extends FieldValues>(
  schema: z.ZodType,
  toBody: (values: TValues) => unknown,
  describe: (issue: z.core.$ZodIssue) => string,
): Resolver<TValues> {
  return async (values) => {
    const result = schema.safeParse(toBody(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? 'root');
      errors[field] ??= { type: issue.code, message: describe(issue) };
    }
    return { values: {}, errors: errors as FieldErrors<TValues> };
  };
}

/**
 * Puts a failed save's field messages (a 422) on the form's fields and moves focus to the first of
 * them, in the form's order, that can take it. Answers the messages no field of the form shows
 * (joined, to be said above the buttons), or null when there are none or the failure was not a 422.
 */
export function applyServerFieldErrors<TValues extends FieldValues>(
  form: UseFormReturn<TValues>,
  error: unknown,
  {
    fields,
    focusable = fields,
  }: {
    /** The fields that show an error, in the form's order. */
    fields: readonly Path<TValues>[];
    /** Those of them focus can go to (a composite control may not take focus from the form). */
    focusable?: readonly Path<TValues>[];
  },
): string | null {
  const fieldErrors = readServerFieldErrors(error);
  if (!fieldErrors) return null;
  const unplaced: string[] = [];
  for (const [field, message] of Object.entries(fieldErrors)) {
    const shown = fields.find((name) => name === field);
    if (shown) form.setError(shown, { message });
    else unplaced.push(message);
  }
  const first = fields.find((name) => name in fieldErrors && focusable.includes(name));
  if (first) form.setFocus(first);
  return unplaced.length > 0 ? unplaced.join(' ') : null;
}

/** After a failed check in the browser: focus the first field, in the form's order, with an error. */
export function focusFirstInvalidField<TValues extends FieldValues>(
  form: UseFormReturn<TValues>,
  errors: FieldErrors<TValues>,
  focusable: readonly Path<TValues>[],
): void {
  const first = focusable.find((name) => name in errors);
  if (first) form.setFocus(first);
}
