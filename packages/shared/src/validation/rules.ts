import {
  CUSTOM_DATE_MAX_YEARS_AHEAD,
  FILE_MAX_BYTES,
  FILE_MIN_BYTES,
  NUMBER_FIELD_MAX_DIGITS,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
} from '../constants';
import type { FieldOption } from '../schemas/form';
import { addYearsToIsoDate, isValidIsoDate } from './dates';

/** A failed rule: the message key and its placeholders. Translation happens at the edge. */
export type ValidationIssue = { key: string; params?: Record<string, string | number> };

/** Message keys of the rules (spec §5 keys verbatim, the rest ours). All are in every i18n catalog. */
export const ISSUE_KEYS = {
  required: 'public.fill_fields',
  email: 'career_page.application_form.error_email',
  phone: 'career_page.application_form.error_phone',
  maxLength: 'career_page.application_form.error_length',
  minLength: 'career_page.application_form.error_length_min',
  link: 'common.candidates.incorrect_url',
  numeric: 'validation.custom.numeric',
  salaryRequired: 'career_page.salary_required.error',
  salaryRange: 'career_page.salary_range.error',
  invalidDate: 'validation.invalid_date2',
  dateAfterToday: 'validation.custom.birth_date.before',
  dateTooFar: 'validation.custom.date_too_far',
  fileTooLarge: 'career_page.application_form.error_max_file_size',
  fileTooSmall: 'career_page.application_form.error_min_file_size',
  fileFormat: 'career_page.application_form.error_file_format',
  tooManyFiles: 'career_page.application_form.error_max_files',
  invalidOption: 'validation.invalid_option',
  duplicateLanguage: 'validation.duplicate_language',
  invalidValue: 'validation.invalid_value',
  regex: 'validation.regex',
  requiredObject: 'validation.required_object',
  requireIfOne: 'validation.require_if_one',
} as const;

/** Raw select answers (text typed instead of an option) are at most this long. */
export const SELECT_RAW_MAX_LENGTH = 255;

const EMAIL_MAX_LENGTH = 254;
// The WHATWG "valid e-mail address", but with at least one dot in the domain: real addresses have a TLD.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const PHONE_PATTERN = /^[0-9+]+$/;
// Scheme, dot-separated host labels ending in a 2–5 letter TLD, optional port, optional path/query/fragment.
const LINK_PATTERN =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,5}(?::\d{1,5})?(?:[/?#][^\s]*)?$/i;
const DECIMAL_PATTERN = /^\d+(?:\.\d+)?$/;
const DIGITS_PATTERN = /^\d+$/;

/** The number-of-positions mask: up to 4 digits, the first not zero. */
export const numberOfPositionsPattern = /^[1-9]\d{0,3}$/;

function countChars(text: string): number {
  // Code points, so an emoji counts once, as it does for the person typing it.
  return Array.from(text).length;
}

function isBlank(text: string): boolean {
  return text.trim() === '';
}

function isOptionId(options: readonly FieldOption[] | undefined, id: string): boolean {
  return (options ?? []).some((option) => String(option.id) === id);
}

// ---------------------------------------------------------------------------------------------------
// Generic registered rules (spec §5): required, regex, email, max, required_object, require_if_one.

/** Fails for null, undefined, a blank string, an empty array and false (an unticked box). */
export function validateRequired(value: unknown): ValidationIssue | null {
  const missing =
    value === null ||
    value === undefined ||
    value === false ||
    (typeof value === 'string' && isBlank(value)) ||
    (Array.isArray(value) && value.length === 0);
  return missing ? { key: ISSUE_KEYS.required } : null;
}

/** Fails when a non-empty text does not match the pattern; empty text is left to `required`. */
export function validateRegex(text: string, pattern: RegExp): ValidationIssue | null {
  if (text === '') return null;
  // A global or sticky pattern keeps lastIndex between calls; a fresh copy keeps this rule pure.
  return new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).test(text)
    ? null
    : { key: ISSUE_KEYS.regex };
}

export function validateEmail(text: string): ValidationIssue | null {
  if (text === '') return null;
  return text.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(text) ? null : { key: ISSUE_KEYS.email };
}

/** Text longer than `max` characters fails with error_length {max}. */
export function validateMax(text: string, max: number): ValidationIssue | null {
  return countChars(text) > max ? { key: ISSUE_KEYS.maxLength, params: { max } } : null;
}

/** Fails unless the value is a non-empty object with a present `id`. */
export function validateRequiredObject(value: unknown): ValidationIssue | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { key: ISSUE_KEYS.requiredObject };
  }
  const id = (value as { id?: unknown }).id;
  const hasId = id !== undefined && id !== null && id !== '';
  return Object.keys(value).length > 0 && hasId ? null : { key: ISSUE_KEYS.requiredObject };
}

/** Both values filled or neither (spec: "either none or exactly two of the values filled"). */
export function validateRequireIfOne(first: unknown, second: unknown): ValidationIssue | null {
  const isFilled = (value: unknown) => validateRequired(value) === null;
  return isFilled(first) === isFilled(second) ? null : { key: ISSUE_KEYS.requireIfOne };
}

// ---------------------------------------------------------------------------------------------------
// Field rules. Each assumes a non-empty answer: emptiness is `required`'s business.

/** Digits and '+' only, then 7 to 15 characters counted on the text as entered. */
export function validatePhone(text: string): ValidationIssue | null {
  if (!PHONE_PATTERN.test(text)) return { key: ISSUE_KEYS.phone };
  if (text.length > PHONE_MAX_LENGTH) return { key: ISSUE_KEYS.maxLength, params: { max: PHONE_MAX_LENGTH } };
  if (text.length < PHONE_MIN_LENGTH) return { key: ISSUE_KEYS.minLength, params: { min: PHONE_MIN_LENGTH } };
  return null;
}

/** http(s) URL with a domain ending in 2–5 letters, optional port and path. */
export function validateLink(text: string): ValidationIssue | null {
  return LINK_PATTERN.test(text) ? null : { key: ISSUE_KEYS.link };
}

/** The number field: digits only, at most 19 of them. */
export function validateNumber(text: string): ValidationIssue | null {
  if (!DIGITS_PATTERN.test(text)) return { key: ISSUE_KEYS.numeric };
  if (text.length > NUMBER_FIELD_MAX_DIGITS) {
    return { key: ISSUE_KEYS.maxLength, params: { max: NUMBER_FIELD_MAX_DIGITS } };
  }
  return null;
}

/** Compares two non-negative decimal strings exactly (no float rounding on long amounts). */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 {
  const split = (text: string): [string, string] => {
    const [int = '', frac = ''] = text.split('.');
    return [int.replace(/^0+/, ''), frac.replace(/0+$/, '')];
  };
  const [aInt, aFrac] = split(a);
  const [bInt, bFrac] = split(b);
  if (aInt.length !== bInt.length) return aInt.length < bInt.length ? -1 : 1;
  if (aInt !== bInt) return aInt < bInt ? -1 : 1;
  const width = Math.max(aFrac.length, bFrac.length);
  const aPadded = aFrac.padEnd(width, '0');
  const bPadded = bFrac.padEnd(width, '0');
  if (aPadded === bPadded) return 0;
  return aPadded < bPadded ? -1 : 1;
}

export type SalaryInput = { min: string; max: string; currency: string };

/**
 * Salary bounds: each optional but numeric when present, min not above max, currency (an option id)
 * one of the options when present. Whether at least one bound is needed is `validateSalaryRequired`'s job.
 */
export function validateSalary(
  salary: SalaryInput,
  currencies: readonly FieldOption[] | undefined,
): ValidationIssue | null {
  const min = salary.min.trim();
  const max = salary.max.trim();
  if ((min !== '' && !DECIMAL_PATTERN.test(min)) || (max !== '' && !DECIMAL_PATTERN.test(max))) {
    return { key: ISSUE_KEYS.numeric };
  }
  if (min !== '' && max !== '' && compareDecimals(min, max) > 0) return { key: ISSUE_KEYS.salaryRange };
  if (salary.currency !== '' && !isOptionId(currencies, salary.currency))
    return { key: ISSUE_KEYS.invalidOption };
  return null;
}

/** The salary "at least one bound" rule with its own message (spec §5), for forms that want it. */
export function validateSalaryRequired(salary: SalaryInput): ValidationIssue | null {
  return isBlank(salary.min) && isBlank(salary.max) ? { key: ISSUE_KEYS.salaryRequired } : null;
}

export type DateRuleOptions = {
  /** Today as 'YYYY-MM-DD', from the caller: rules never read the clock. */
  today: string;
  /** custom_property dates may lie up to 100 years ahead; all others must not be after today. */
  isCustom: boolean;
  /** The field's name, shown in the 'not after today' message. */
  fieldName: string;
};

export function validateDate(text: string, options: DateRuleOptions): ValidationIssue | null {
  if (!isValidIsoDate(text)) return { key: ISSUE_KEYS.invalidDate };
  if (options.isCustom) {
    const latest = addYearsToIsoDate(options.today, CUSTOM_DATE_MAX_YEARS_AHEAD);
    return text > latest
      ? { key: ISSUE_KEYS.dateTooFar, params: { years: CUSTOM_DATE_MAX_YEARS_AHEAD } }
      : null;
  }
  // ISO dates with four-digit years order correctly as strings.
  return text > options.today
    ? { key: ISSUE_KEYS.dateAfterToday, params: { attribute: options.fieldName } }
    : null;
}

/** A select answer: an option id, or else a non-blank raw choice of at most 255 characters. */
export function validateSelect(
  text: string,
  options: readonly FieldOption[] | undefined,
): ValidationIssue | null {
  if (isOptionId(options, text)) return null;
  if (isBlank(text)) return { key: ISSUE_KEYS.invalidOption };
  return validateMax(text, SELECT_RAW_MAX_LENGTH);
}

/** multiselect and checkbox_list: every id an option id, none twice. */
export function validateOptionIds(
  ids: readonly string[],
  options: readonly FieldOption[] | undefined,
): ValidationIssue | null {
  const allKnown = ids.every((id) => isOptionId(options, id));
  return allKnown && new Set(ids).size === ids.length ? null : { key: ISSUE_KEYS.invalidOption };
}

export type LanguageRow = { language: string; level: string };

/**
 * Language rows: the language an option id, each language once, the level one of that language's levels
 * (or empty when the language has no levels).
 */
export function validateLanguageRows(
  rows: readonly LanguageRow[],
  languages: readonly FieldOption[] | undefined,
): ValidationIssue | null {
  const seen = new Set<string>();
  for (const row of rows) {
    const option = (languages ?? []).find((candidate) => String(candidate.id) === row.language);
    if (!option) return { key: ISSUE_KEYS.invalidOption };
    if (seen.has(row.language)) return { key: ISSUE_KEYS.duplicateLanguage };
    seen.add(row.language);
    const levels = option.meta ?? [];
    const levelOk =
      levels.length === 0 ? row.level === '' : levels.some((level) => String(level.id) === row.level);
    if (!levelOk) return { key: ISSUE_KEYS.invalidOption };
  }
  return null;
}

/** What the rules know of an uploaded file: its name, byte size and detected lower-case extension. */
export type FileFacts = { name: string; size: number; format: string | null };

export type FileRuleOptions = {
  /** Accepted lower-case extensions; any format when absent or empty. */
  formats?: readonly string[];
  /** At most this many files; 1 when absent. */
  maxFiles?: number;
};

/** Count first, then each file: at least 1 KiB, at most 50 MiB, an accepted format. */
export function validateFiles(
  files: readonly FileFacts[],
  options: FileRuleOptions = {},
): ValidationIssue | null {
  const maxFiles = options.maxFiles ?? 1;
  if (files.length > maxFiles) return { key: ISSUE_KEYS.tooManyFiles, params: { max: maxFiles } };
  for (const file of files) {
    const issue = validateFile(file, options.formats);
    if (issue) return issue;
  }
  return null;
}

/** One file's size and format; the browser shows it beside that file. */
export function validateFile(file: FileFacts, formats?: readonly string[]): ValidationIssue | null {
  if (file.size < FILE_MIN_BYTES)
    return { key: ISSUE_KEYS.fileTooSmall, params: { min: FILE_MIN_BYTES / 1024 } };
  if (file.size > FILE_MAX_BYTES) {
    return { key: ISSUE_KEYS.fileTooLarge, params: { max: FILE_MAX_BYTES / 1024 / 1024 } };
  }
  if (formats && formats.length > 0) {
    const accepted = formats.map((format) => format.toLowerCase());
    if (file.format === null || !accepted.includes(file.format.toLowerCase())) {
      return { key: ISSUE_KEYS.fileFormat, params: { formats: accepted.join(', ') } };
    }
  }
  return null;
}
