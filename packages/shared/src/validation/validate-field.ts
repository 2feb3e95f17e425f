import type { FormField, InputType } from '../schemas/form';
import {
  type FileFacts,
  ISSUE_KEYS,
  type LanguageRow,
  type SalaryInput,
  type ValidationIssue,
  validateDate,
  validateEmail,
  validateFiles,
  validateLanguageRows,
  validateLink,
  validateMax,
  validateNumber,
  validateOptionIds,
  validatePhone,
  validateSalary,
  validateSelect,
} from './rules';

/** The decoded answer to one field, by input_type. Both the browser form and the server validate these. */
export type FieldAnswer =
  /** text, textarea, email, phone, link, number, date (YYYY-MM-DD), select (option id as text, or raw text) */
  | { kind: 'text'; value: string }
  /** multiselect, checkbox_list: option ids as text */
  | { kind: 'list'; value: string[] }
  | { kind: 'checkbox'; value: boolean }
  | { kind: 'language'; value: LanguageRow[] }
  /** '' where a part is absent; currency is an option id */
  | { kind: 'salary'; value: SalaryInput }
  /** format is the detected lower-case extension */
  | { kind: 'files'; value: FileFacts[] }
  /** nothing was sent for the field */
  | { kind: 'empty' };

export type FieldAnswerKind = FieldAnswer['kind'];

export type ValidationContext = {
  /** Today as 'YYYY-MM-DD' in the company's time zone; rules never read the clock. */
  today: string;
};

const ANSWER_KIND_BY_INPUT_TYPE: Record<InputType, Exclude<FieldAnswerKind, 'empty'>> = {
  text: 'text',
  textarea: 'text',
  email: 'text',
  phone: 'text',
  link: 'text',
  date: 'text',
  number: 'text',
  select: 'text',
  multiselect: 'list',
  checkbox_list: 'list',
  checkbox: 'checkbox',
  language: 'language',
  salary: 'salary',
  files: 'files',
};

/** The answer kind a field of this input_type takes. */
export function getAnswerKind(inputType: InputType): Exclude<FieldAnswerKind, 'empty'> {
  return ANSWER_KIND_BY_INPUT_TYPE[inputType];
}

/** The dotted path under which an issue of field `index` is reported (the wire's `errors` key). */
export function getFieldIssuePath(index: number): string {
  return `fields.${index}.input_value`;
}

/** Whether anything at all was answered; for a checkbox, false is an answer too. */
function isAnswered(answer: FieldAnswer): boolean {
  switch (answer.kind) {
    case 'empty':
      return false;
    case 'text':
      return answer.value.trim() !== '';
    case 'list':
    case 'language':
    case 'files':
      return answer.value.length > 0;
    case 'checkbox':
      return true;
    case 'salary':
      return [answer.value.min, answer.value.max, answer.value.currency].some((part) => part.trim() !== '');
  }
}

/** The type-specific `required` of spec §5. */
function isRequirementMet(answer: Exclude<FieldAnswer, { kind: 'empty' }>): boolean {
  switch (answer.kind) {
    case 'text':
      return answer.value.trim() !== '';
    case 'list':
    case 'files':
      return answer.value.length > 0;
    case 'checkbox':
      return answer.value;
    case 'salary':
      return answer.value.min.trim() !== '' || answer.value.max.trim() !== '';
    case 'language':
      return answer.value.some((row) => row.language !== '' && row.level !== '');
  }
}

function validateText(field: FormField, text: string, ctx: ValidationContext): ValidationIssue | null {
  const options = field.input_meta?.options;
  let issue: ValidationIssue | null = null;
  switch (field.input_type) {
    case 'email':
      issue = validateEmail(text);
      break;
    case 'phone':
      issue = validatePhone(text);
      break;
    case 'link':
      issue = validateLink(text);
      break;
    case 'number':
      issue = validateNumber(text);
      break;
    case 'date':
      return validateDate(text, {
        today: ctx.today,
        isCustom: field.type === 'custom_property',
        fieldName: field.name,
      });
    case 'select':
      return validateSelect(text, options);
    default:
      break;
  }
  if (issue) return issue;
  const max = field.validation?.max;
  return max === undefined ? null : validateMax(text, max);
}

/**
 * All rules of spec §5 for one field. A wrong answer kind for the input_type is an issue, never a throw.
 * Unanswered optional fields pass; a required field's emptiness is reported as 'public.fill_fields'.
 */
export function validateField(
  field: FormField,
  answer: FieldAnswer,
  ctx: ValidationContext,
): ValidationIssue | null {
  if (answer.kind !== 'empty' && answer.kind !== getAnswerKind(field.input_type)) {
    return { key: ISSUE_KEYS.invalidValue };
  }
  if (field.required) {
    // relocate gets no type rule: any answer will do, including an unticked box.
    const met =
      field.type === 'relocate' ? isAnswered(answer) : answer.kind !== 'empty' && isRequirementMet(answer);
    if (!met) return { key: ISSUE_KEYS.required };
  }
  if (!isAnswered(answer)) return null;

  const meta = field.input_meta;
  switch (answer.kind) {
    case 'text':
      return validateText(field, answer.value, ctx);
    case 'list':
      return validateOptionIds(answer.value, meta?.options);
    case 'checkbox':
      return null;
    case 'language':
      return validateLanguageRows(answer.value, meta?.options);
    case 'salary':
      return validateSalary(answer.value, meta?.options);
    case 'files':
      return validateFiles(answer.value, { formats: meta?.formats, maxFiles: meta?.maxFiles });
    case 'empty':
      return null;
  }
}

/**
 * The whole form: issues keyed 'fields.N.input_value'; empty when the form may be sent.
 * A field without an answer (answers shorter than fields) is treated as unanswered.
 */
export function validateAnswers(
  fields: readonly FormField[],
  answers: readonly FieldAnswer[],
  ctx: ValidationContext,
): Record<string, ValidationIssue> {
  const issues: Record<string, ValidationIssue> = {};
  fields.forEach((field, index) => {
    const issue = validateField(field, answers[index] ?? { kind: 'empty' }, ctx);
    if (issue) issues[getFieldIssuePath(index)] = issue;
  });
  return issues;
}
