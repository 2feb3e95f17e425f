import type { Locale } from '@kadry/shared/constants';
import type { TranslateFn } from './i18n';

/**
 * A translator over the translations embedded in the page. Same rules as createTranslator of
 * @kadry/shared/i18n/translate — `{name}` placeholders, plural forms `key_one/_few/_many/_other` chosen
 * by Intl.PluralRules when `params.count` is a number — but without importing that module, which
 * bundles every locale's catalog: the server already embedded this locale's texts with the English
 * fallback merged in.
 */
export function createPageTranslator(
  locale: Locale,
  translations: Readonly<Record<string, string>>,
): TranslateFn {
  const pluralRules = new Intl.PluralRules(locale);
  return (key, params) => {
    const count = typeof params?.count === 'number' ? params.count : undefined;
    const plural =
      count === undefined
        ? undefined
        : (translations[`${key}_${pluralRules.select(count)}`] ?? translations[`${key}_other`]);
    const text = plural ?? translations[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
      Object.hasOwn(params, name) ? String(params[name]) : whole,
    );
  };
}
