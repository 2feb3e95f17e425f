import type { Locale } from '@kadry/shared/constants';
import { createCatalogTranslator, type Translate } from '@kadry/shared/i18n/translator';

/**
 * A translator over the translations embedded in the page (the server merged the English fallback in),
 * with the shared rules but without bundling every locale's catalog.
 */
export function createPageTranslator(
  locale: Locale,
  translations: Readonly<Record<string, string>>,
): Translate {
  return createCatalogTranslator([{ locale, catalog: translations }]);
}
