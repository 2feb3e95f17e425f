import { DEFAULT_LOCALE, LOCALES, type Locale } from '@kadry/shared/constants';

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language of a request: the `lang` query parameter when the company offers it, else the best
 * Accept-Language match among the offered ones, else the company default.
 */
export function resolveLocale(input: {
  lang: unknown;
  acceptLanguage: string | undefined;
  offered: readonly string[];
  fallback: string | null | undefined;
}): Locale {
  const offered = input.offered.filter(isLocale);
  if (isLocale(input.lang) && offered.includes(input.lang)) return input.lang;
  for (const tag of parseAcceptLanguage(input.acceptLanguage)) {
    const base = tag.split('-')[0]?.toLowerCase();
    if (isLocale(base) && offered.includes(base)) return base;
  }
  if (isLocale(input.fallback) && (offered.length === 0 || offered.includes(input.fallback))) {
    return input.fallback;
  }
  return offered[0] ?? DEFAULT_LOCALE;
}

/** Language tags of an Accept-Language header, best first (q=0 dropped). */
function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 500)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
