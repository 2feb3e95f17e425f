/** Calendar dates as 'YYYY-MM-DD' strings: no Date objects, so no time zone can shift a day. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function getDaysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function formatIsoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function isRealDate(year: number, month: number, day: number): boolean {
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= getDaysInMonth(year, month);
}

/** True for 'YYYY-MM-DD' naming a real calendar day (2024-02-29 yes, 2023-02-29 no). */
export function isValidIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  return isRealDate(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The same day `years` later; 29 February becomes 28 February in a non-leap year. */
export function addYearsToIsoDate(iso: string, years: number): string {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`not a YYYY-MM-DD date: ${iso}`);
  const year = Number(match[1]) + years;
  const month = Number(match[2]);
  const day = Math.min(Number(match[3]), getDaysInMonth(year, month));
  return formatIsoDate(year, month, day);
}

/** Today in the given IANA time zone (default: the runtime's), as 'YYYY-MM-DD'. For callers, not rules. */
export function getTodayIsoDate(timeZone?: string, now: Date = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

export type DateMask = 'MM/DD/YYYY' | 'DD.MM.YYYY';

/** Languages whose date input reads month first (spec §5: English and Spanish). */
const MONTH_FIRST_LANGUAGES = ['en', 'es'];

function getLanguage(locale: string): string {
  return locale.toLowerCase().split(/[-_]/)[0] ?? '';
}

/** The date-input mask of a locale: month/day/year in English and Spanish, day.month.year otherwise. */
export function dateMaskForLocale(locale: string): DateMask {
  return MONTH_FIRST_LANGUAGES.includes(getLanguage(locale)) ? 'MM/DD/YYYY' : 'DD.MM.YYYY';
}

/**
 * Reads a date typed in the locale's mask. One-digit day and month are padded (the mask pads them as the
 * user types). Returns 'YYYY-MM-DD', or null when incomplete or not a real calendar day.
 */
export function parseMaskedDate(text: string, locale: string): string | null {
  const mask = dateMaskForLocale(locale);
  const pattern =
    mask === 'MM/DD/YYYY' ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/ : /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const first = Number(match[1]);
  const second = Number(match[2]);
  const year = Number(match[3]);
  const [month, day] = mask === 'MM/DD/YYYY' ? [first, second] : [second, first];
  return isRealDate(year, month, day) ? formatIsoDate(year, month, day) : null;
}

/** 'YYYY-MM-DD' written in the locale's mask; '' when the input is not a valid date. */
export function formatDateForLocale(iso: string, locale: string): string {
  if (!isValidIsoDate(iso)) return '';
  const [year, month, day] = iso.split('-');
  return dateMaskForLocale(locale) === 'MM/DD/YYYY' ? `${month}/${day}/${year}` : `${day}.${month}.${year}`;
}
