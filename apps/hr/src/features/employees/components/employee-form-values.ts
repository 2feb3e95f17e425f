import type { Translate } from '@kadry/shared/i18n/translator';
import type { z } from 'zod';

/** A text box's value as the API takes it: trimmed, and null when blank. */
export function toNullableText(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A select's value (an id as text, '' for none) as the API takes it. */
export function toNullableId(value: string): number | null {
  return value === '' ? null : Number(value);
}

/** An id or null as a select's value. */
export function fromNullableId(value: { id: number } | null | undefined): string {
  return value ? String(value.id) : '';
}

/**
 * Copies the keys the reader can see: a governed field hidden from them is absent from the profile,
 * and is then left out of the form and of what is sent (writing it would be refused).
 */
export function pickPresent<TKey extends string>(
  source: Partial<Record<TKey, unknown>>,
  keys: readonly TKey[],
): TKey[] {
  return keys.filter((key) => key in source);
}

/** A contract rule broken in an employee form, worded for the person filling it in. */
export function describeEmployeeIssue(issue: z.core.$ZodIssue, t: Translate): string {
  const field = String(issue.path[0] ?? '');
  if (issue.code === 'too_big' && 'maximum' in issue && issue.origin === 'string')
    return t('hr.employees.error.too_long', { max: Number(issue.maximum) });
  if (field === 'email' || field === 'personal_email') return t('hr.employees.error.email');
  if (field === 'phone' || field === 'personal_phone') return t('hr.employees.error.phone');
  if (field === 'amount') return t('hr.employees.error.amount');
  if (issue.code === 'too_small') return t('hr.employees.error.required');
  if (issue.code === 'custom' || /date|birth|start|probation|effective/.test(field))
    return t('hr.employees.error.date');
  return t('hr.employees.error.invalid');
}
