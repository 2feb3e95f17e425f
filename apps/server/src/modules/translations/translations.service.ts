import { DEFAULT_LOCALE, type Locale } from '@kadry/shared/constants';
import { getCatalog } from '@kadry/shared/i18n/translate';

/** More keys than any screen needs; bounds the work one request can ask for. */
export const MAX_TRANSLATION_KEYS = 500;

/** `a,b` or repeated `keys=a&keys=b` → distinct non-empty keys. */
export function parseTranslationKeys(keys: string | string[] | undefined): string[] {
  const list = (Array.isArray(keys) ? keys : [keys ?? '']).flatMap((entry) => entry.split(','));
  return [...new Set(list.map((key) => key.trim()).filter((key) => key !== '' && key.length <= 200))];
}

/**
 * Texts of the keys in `locale`, falling back to English for a key the locale lacks. A key ending in
 * `.*` asks for every key under that prefix (`auth.*`). Unknown keys are left out, so the client can
 * tell them from real texts.
 */
export function findTranslations(locale: Locale, keys: readonly string[]): Record<string, string> {
  const catalog = getCatalog(locale);
  const fallback = getCatalog(DEFAULT_LOCALE);
  const result: Record<string, string> = {};
  for (const key of keys) {
    if (key.endsWith('.*')) {
      const prefix = key.slice(0, -1);
      for (const name of Object.keys(fallback)) {
        if (name.startsWith(prefix)) result[name] = catalog[name] ?? fallback[name] ?? name;
      }
      for (const name of Object.keys(catalog)) {
        // Plural forms some locales have and English lacks (ru/uk `_few`, `_many`).
        if (name.startsWith(prefix) && result[name] === undefined) result[name] = catalog[name] ?? name;
      }
      continue;
    }
    const text = catalog[key] ?? fallback[key];
    if (text !== undefined) result[key] = text;
  }
  return result;
}
