import type { FieldOption, FormField } from '@kadry/shared/schemas/form';
import type { ApplicationAnswer } from '../../db/schema/applications';

/** An option's name; without the field's options (a form since changed) the id is all there is. */
function optionName(options: readonly FieldOption[] | undefined, id: unknown): string {
  const found = options?.find((option) => String(option.id) === String(id));
  return found ? found.name : String(id ?? '');
}

/**
 * How a person reads an answer: option names for ids, "min – max currency", file names. A salary
 * with neither bound is blank: the currency alone (preselected, the default one) is no answer, and
 * without the field it would be an option id ("Expected salary: 37", issue 18).
 */
export function formatAnswer(answer: ApplicationAnswer, field: FormField | undefined): string {
  const value = answer.value;
  const options = field?.input_meta?.options;
  if (value === null || value === undefined) return '';
  switch (answer.input_type) {
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'select':
      return optionName(options, value);
    case 'multiselect':
    case 'checkbox_list':
      return Array.isArray(value) ? value.map((id) => optionName(options, id)).join(', ') : String(value);
    case 'language':
      return Array.isArray(value)
        ? value
            .map((row: { language?: unknown; level?: unknown }) => {
              const language = options?.find((option) => String(option.id) === String(row.language));
              const level = language?.meta?.find((item) => String(item.id) === String(row.level));
              return `${language?.name ?? String(row.language)} - ${level?.name ?? String(row.level)}`;
            })
            .join(', ')
        : '';
    case 'salary': {
      const salary = value as { min?: string; max?: string; currency?: string };
      const range = [salary.min, salary.max].filter((part) => part && part.trim() !== '').join(' – ');
      if (range === '') return '';
      const currency = salary.currency ? optionName(options, salary.currency) : '';
      return [range, currency].filter(Boolean).join(' ');
    }
    case 'files':
      return Array.isArray(value)
        ? value.map((file: { name?: unknown }) => String(file.name ?? '')).join(', ')
        : '';
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}
