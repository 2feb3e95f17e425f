import { LONG_NAME_LIMIT } from '../constants';

/** Keys a numeric input lets through (spec §5): digits and the editing keys. */
const NUMERIC_EDIT_KEYS = ['Backspace', 'Delete', 'ArrowLeft', 'ArrowRight'];

/** True for a character a phone input accepts: a digit or '+'. */
export function isPhoneChar(char: string): boolean {
  return /^[0-9+]$/.test(char);
}

/** True for a KeyboardEvent.key a numeric input accepts: a digit, Backspace, Delete, left and right arrows. */
export function isAllowedNumericKey(key: string): boolean {
  return /^[0-9]$/.test(key) || NUMERIC_EDIT_KEYS.includes(key);
}

/** The alternative numeric check of spec §5: a digit, dot or comma. */
export function isAllowedDecimalChar(char: string): boolean {
  return /^[0-9.,]$/.test(char);
}

/** Replaces the characters file systems reject (/ : ? " < > | \) with '_'. */
export function sanitizeFileName(name: string): string {
  return name.replace(/[/:?"<>|\\]/g, '_');
}

/** Names over 30 characters become the first 15 + '...' + the last 15 (counted in code points). */
export function cropLongName(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= LONG_NAME_LIMIT) return name;
  const half = LONG_NAME_LIMIT / 2;
  return `${chars.slice(0, half).join('')}...${chars.slice(-half).join('')}`;
}

/** The lower-case extension of a file name without the dot ('CV.PDF' → 'pdf'), or null when it has none. */
export function getFileExtension(name: string): string | null {
  const match = /\.([A-Za-z0-9]+)$/.exec(name);
  return match?.[1] ? match[1].toLowerCase() : null;
}
