import type { Locale } from '@kadry/shared/constants';
import { createCatalogTranslator } from '@kadry/shared/i18n/translator';
import type { TranslateFn } from './i18n';

/**
 * A translator over the translations embedded in the page (the server merged the English fallback in),
 * with the shared rules but without bundling every locale's catalog.
 */
export function createPageTranslator(
  locale: Locale,
  translations: Readonly<Record<string, string>>,
): TranslateFn {
  return createCatalogTranslator([{ locale, catalog: translations }]);
}
