import type { FormField } from '@kadry/shared/schemas/form';
import type { ApplicationAnswer } from '../../db/schema/applications';

/** The custom properties that ask where the applicant heard of the vacancy ("How did you hear about us"). */
const HEARD_FROM_PROPERTIES = new Set(['heard_from', 'source']);

/** Longest source kept (the column's budget). */
const SOURCE_MAX_LENGTH = 200;

/**
 * An application's source: the visit's `?source=` when it came with one, else what the applicant
 * answered to "How did you hear about us" (option names, comma-separated), else empty (issue 18).
 */
export function findApplicationSource(
  sourceParameter: string,
  fields: readonly FormField[],
  answers: readonly ApplicationAnswer[],
): string {
  if (sourceParameter.trim() !== '') return sourceParameter.slice(0, SOURCE_MAX_LENGTH);
  const index = fields.findIndex(
    (field) => field.type === 'custom_property' && HEARD_FROM_PROPERTIES.has(String(field.value ?? '')),
  );
  const field = fields[index];
  const value = answers[index]?.value;
  if (!field || value === null || value === undefined) return '';
  const options = field.input_meta?.options ?? [];
  const chosen = (Array.isArray(value) ? value : [value]).map((item) => {
    const option = options.find((candidate) => String(candidate.id) === String(item));
    return option ? option.name : typeof item === 'string' ? item.trim() : '';
  });
  return chosen.filter(Boolean).join(', ').slice(0, SOURCE_MAX_LENGTH);
}
