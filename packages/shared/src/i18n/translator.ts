// The translation rules without any catalog: the browser bundles use this with the texts the server
// embedded in the page, so they do not ship every locale's catalog.

/** Flat message key → text. Placeholders are written {name}; plural forms are key_one, key_few, … */
export type Catalog = Record<string, string>;

/** Looks a key up, fills {placeholders} from params, and picks a plural form when params.count is a number. */
export type Translate = (key: string, params?: Record<string, string | number>) => string;

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
 * A translator over catalogs tried in order (e.g. the visitor's language, then English); a key found in
 * none of them is shown as the key itself.
 */
export function createCatalogTranslator(sources: readonly { locale: string; catalog: Catalog }[]): Translate {
  return (key, params) => {
    const count = typeof params?.count === 'number' ? params.count : undefined;
    for (const { locale, catalog } of sources) {
      const text = lookUp(catalog, locale, key, count);
      if (text !== undefined) return fillPlaceholders(text, params);
    }
    return fillPlaceholders(key, params);
  };
}
