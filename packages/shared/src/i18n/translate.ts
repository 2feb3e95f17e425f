import { DEFAULT_LOCALE, type Locale } from '../constants';
import en from './en.json';
import ru from './ru.json';
import { type Catalog, createCatalogTranslator, type Translate } from './translator';
import uk from './uk.json';

export type { Catalog, Translate } from './translator';

const CATALOGS: Record<Locale, Catalog> = { en, ru, uk };

/** The bundled catalog of a locale. */
export function getCatalog(locale: Locale): Catalog {
  return CATALOGS[locale];
}

/**
 * A translator for `locale` over `catalog` (default: the bundled one). A key missing there falls back to
 * the English text, then to the key itself.
 */
export function createTranslator(locale: Locale, catalog: Catalog = getCatalog(locale)): Translate {
  return createCatalogTranslator([
    { locale, catalog },
    { locale: DEFAULT_LOCALE, catalog: getCatalog(DEFAULT_LOCALE) },
  ]);
}
