import type { FormField } from '@kadry/shared/schemas/form';

// How much of a submission's multipart body a vacancy's form can legitimately need: the text parts
// the careers page sends for it (shared/wire/response-form.ts, encodeResponse) at their longest.
// Anything beyond is refused before it is read (413), since the parser holds text parts in memory.

/** A text answer whose field sets no maximum: what the parser's per-part cap (fieldSize) used to allow. */
export const UNBOUNDED_TEXT_BYTES = 100_000;
/** However large the form, no submission's text parts exceed this together. */
export const SUBMISSION_TEXT_CAP_BYTES = 1024 * 1024;
/**
 * UTF-8 bytes per character as validation.max counts them (code points): at most 4. A textarea's
 * line break arrives as CRLF, 2 bytes for the one character the candidate typed.
 */
const BYTES_PER_CHAR = 4;
/** A part's name: `fields[199][input_value][199][language]` is 40 bytes. */
const PART_NAME_BYTES = 64;
/**
 * Values with a fixed shape (an option id, a date, a phone number, a salary bound, 'true'): longer
 * than any valid one, so a wrong value is still answered with its field's message (422), not 413.
 */
const SHORT_VALUE_CHARS = 256;
/**
 * The parts that belong to no field: the careers link's `source` (any ?source= a link carried), the
 * CV parse's `cache_id`, and the reCAPTCHA token (Enterprise tokens run to a few KB).
 */
const FIXED_PARTS: readonly { name: string; chars: number }[] = [
  { name: 'source', chars: 2_048 },
  { name: 'cache_id', chars: 128 },
  { name: 'g_recaptcha_response', chars: 8_192 },
];
/** Parts a future careers page might add beside the form (ignored by the server), and their size. */
const SPARE_PARTS = 20;

export type SubmissionLimits = {
  /** Names and values of every text part, together. */
  textBytes: number;
  /** Text parts (the parser's `fields` limit). */
  textParts: number;
  /** The longest one text value (the parser's `fieldSize`). */
  valueBytes: number;
  /**
   * File parts: every files field's maximum plus one (one too many is answered 422, not 413), plus
   * one stray file the form did not ask for (drained and dropped, as before).
   */
  fileParts: number;
};

/** A field's input parts: how many, and the characters each may hold. */
function inputParts(field: FormField): { count: number; chars: number } {
  const options = Math.max(1, field.input_meta?.options?.length ?? 0);
  const max = field.validation?.max;
  switch (field.input_type) {
    case 'text':
    case 'textarea':
    case 'link':
      return { count: 1, chars: max ?? UNBOUNDED_TEXT_BYTES / BYTES_PER_CHAR };
    case 'email':
      return { count: 1, chars: Math.max(max ?? 0, 254) };
    case 'phone':
    case 'number':
    case 'date':
    case 'select':
    case 'checkbox':
      return { count: 1, chars: Math.max(max ?? 0, SHORT_VALUE_CHARS) };
    case 'multiselect':
    case 'checkbox_list':
      return { count: options, chars: SHORT_VALUE_CHARS };
    case 'language':
      // A language and its level per row, a row per language offered.
      return { count: 2 * options, chars: SHORT_VALUE_CHARS };
    case 'salary':
      return { count: 3, chars: SHORT_VALUE_CHARS };
    case 'files':
      return { count: 0, chars: 0 };
  }
}

/**
 * The limits of a submission to a form with these fields: each field's `type` and `value` parts and
 * its input parts at their longest, the fixed parts, a few spare ones, all capped at
 * SUBMISSION_TEXT_CAP_BYTES.
 */
export function measureSubmissionLimits(fields: readonly FormField[]): SubmissionLimits {
  let textBytes = 0;
  let textParts = 0;
  let valueBytes = 0;
  let fileParts = 1;
  const add = (count: number, chars: number) => {
    const bytes = chars * BYTES_PER_CHAR;
    textParts += count;
    textBytes += count * (PART_NAME_BYTES + bytes);
    if (count > 0) valueBytes = Math.max(valueBytes, bytes);
  };
  for (const { chars } of FIXED_PARTS) add(1, chars);
  add(SPARE_PARTS, SHORT_VALUE_CHARS);
  for (const field of fields) {
    add(1, SHORT_VALUE_CHARS); // fields[i][type]
    add(1, Math.max(SHORT_VALUE_CHARS, String(field.value ?? '').length)); // fields[i][value]
    const input = inputParts(field);
    add(input.count, input.chars);
    if (field.input_type === 'files') fileParts += (field.input_meta?.maxFiles ?? 1) + 1;
  }
  return {
    textBytes: Math.min(textBytes, SUBMISSION_TEXT_CAP_BYTES),
    textParts,
    valueBytes: Math.min(valueBytes, SUBMISSION_TEXT_CAP_BYTES),
    fileParts,
  };
}
