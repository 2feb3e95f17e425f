/** Business constants of spec §9. One place, both sides of the wire. */

/** Public list page size (spec §9) and the largest page the API serves. */
export const LIST_PER_PAGE = 20;
export const LIST_PER_PAGE_MAX = 100;

/** Width at or below which the careers site uses its mobile layout. */
export const MOBILE_BREAKPOINT_PX = 600;

export const CAPTCHA_REFRESH_MS = 60_000;
export const ERROR_NOTIFICATION_MS = 3_000;
export const DEFAULT_SNACKBAR_MS = 4_000;
export const NOTIFICATION_AUTO_CLOSE_MS = 5_000;

export const PHONE_MIN_LENGTH = 7;
export const PHONE_MAX_LENGTH = 15;

/** Upload bounds: 1 KiB to 50 MiB per file (spec §5). */
export const FILE_MIN_BYTES = 1024;
export const FILE_MAX_BYTES = 52_428_800;

/** Custom date fields may be at most this many years ahead; other dates not after today. */
export const CUSTOM_DATE_MAX_YEARS_AHEAD = 100;

export const MULTISELECT_SEARCH_DEBOUNCE_MS = 500;
export const NUMBER_FIELD_MAX_DIGITS = 19;
export const DEFAULT_SALARY_CURRENCY_NAME = 'USD ($)';
export const DROPDOWN_MAX_HEIGHT_PX = 324;
/** A dropdown opens upward when fewer than this many fields remain below it. */
export const DROPDOWN_MIN_FIELDS_BELOW = 3;

export const LAYOUT = {
  publicContainerPx: 784,
  formInputPx: 416,
  notificationPx: 860,
  consentTextPx: 313,
  footerHeightPx: 57,
} as const;

/** Top-level domains auto-linked in vacancy bodies (plus any http(s) URL). */
export const AUTOLINK_TLDS = [
  'com',
  'org',
  'net',
  'int',
  'work',
  'edu',
  'gov',
  'io',
  'ua',
  'pl',
  'de',
  'fr',
  'us',
  'nl',
  'es',
  'ge',
  'uk',
  'tc',
  'cz',
  'kz',
  'pt',
  'ro',
  'lt',
  'ca',
  'am',
  'it',
] as const;

/** CV parse results are kept this long under their cache id. */
export const CV_CACHE_TTL_MS = 24 * 60 * 60 * 1000;

/** CV formats accepted by the parse endpoint, judged by content. */
export const CV_FORMATS = ['pdf', 'doc', 'docx', 'rtf', 'odt', 'txt'] as const;
export type CvFormat = (typeof CV_FORMATS)[number];

export const LOCALES = ['en', 'ru', 'uk'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Long names: over 30 characters cropped to first 15 + '...' + last 15. */
export const LONG_NAME_LIMIT = 30;
