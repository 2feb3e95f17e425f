import type { Translate } from '@kadry/shared/i18n/translator';
import type { FormField } from '@kadry/shared/schemas/form';
import { getTodayIsoDate } from '@kadry/shared/validation/dates';
import { convertValueToAnswer } from '@kadry/shared/validation/form-values';
import { validateAnswers } from '@kadry/shared/validation/validate-field';
import type { ResponseFormValues } from '@kadry/ui/form/form-model';
import type { FieldErrors, Resolver } from 'react-hook-form';

const ISSUE_PATH = /^fields\.(\d+)\.input_value$/;

/**
 * A react-hook-form resolver that runs the rules of packages/shared (the same ones the server runs)
 * on exactly what would be sent: each value is converted to the answer the server will decode.
 * Errors sit at `fields.N` with the issue key as their type and the translated text as message.
 */
export function createResponseResolver(
  fields: readonly FormField[],
  t: Translate,
  getToday: () => string = () => getTodayIsoDate(),
): Resolver<ResponseFormValues> {
  return (values) => {
    const answers = fields.map((field, index) => {
      const value = values.fields[index];
      return value ? convertValueToAnswer(field, value) : ({ kind: 'empty' } as const);
    });
    const issues = validateAnswers(fields, answers, { today: getToday() });
    const entries = Object.entries(issues);
    if (entries.length === 0) return { values, errors: {} };
    const fieldErrors: { type: string; message: string }[] = [];
    for (const [path, issue] of entries) {
      const index = Number(ISSUE_PATH.exec(path)?.[1] ?? -1);
      if (index >= 0) fieldErrors[index] = { type: issue.key, message: t(issue.key, issue.params) };
    }
    // The sparse array is how react-hook-form stores errors of indexed names.
    return { values: {}, errors: { fields: fieldErrors } as unknown as FieldErrors<ResponseFormValues> };
  };
}
