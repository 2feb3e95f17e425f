import { DEFAULT_LOCALE, type Locale } from '../constants';
import en from './en.json';
import ru from './ru.json';
import uk from './uk.json';

/** Flat message key → text. Placeholders are written {name}; plural forms are key_one, key_few, … */
export type Catalog = Record<string, string>;

/** Looks a key up, fills {placeholders} from params, and picks a plural form when params.count is a number. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

const CATALOGS: Record<Locale, Catalog> = { en, ru, uk };

/** The bundled catalog of a locale. */
export function getCatalog(locale: Locale): Catalog {
  return CATALOGS[locale];
}

const pluralRulesByLocale = new Map<string, Intl.PluralRules>();

function getPluralRules(locale: string): Intl.PluralRules {
  let rules = pluralRulesByLocale.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRulesByLocale.set(locale, rules);
  }
  return rules;
}

function lookUp(
  catalog: Catalog,
  locale: string,
  key: string,
  count: number | undefined,
): string | undefined {
  if (count !== undefined) {
    const form = getPluralRules(locale).select(count);
    const text = catalog[`${key}_${form}`] ?? catalog[`${key}_other`];
    if (text !== undefined) return text;
  }
  return catalog[key];
}

function fillPlaceholders(text: string, params: Record<string, string | number> | undefined): string {
  if (!params) return text;
  // Unknown placeholders stay as written, so a caller can still split on them (e.g. '{link}').
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * A translator for `locale` over `catalog` (default: the bundled one). A key missing there falls back to
 * the English text, then to the key itself.
 */
export function createTranslator(locale: Locale, catalog: Catalog = getCatalog(locale)): Translate {
  const fallback = getCatalog(DEFAULT_LOCALE);
  return (key, params) => {
    const count = typeof params?.count === 'number' ? params.count : undefined;
    const text = lookUp(catalog, locale, key, count) ?? lookUp(fallback, DEFAULT_LOCALE, key, count) ?? key;
    return fillPlaceholders(text, params);
  };
}
