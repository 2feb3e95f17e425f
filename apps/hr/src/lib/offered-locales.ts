import { LOCALES, type Locale } from '@kadry/shared/constants';

/** Each language by its own name, as language pickers show them (a reader of it finds it whatever the UI language). */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: 'English', ru: 'Русский', uk: 'Українська' };

/**
 * The languages the HR app offers: Russian only where the company enabled it (page data
 * `russianIsEnabled`), though a person who already has it keeps it on offer so a form does not
 * silently change it.
 */
export function listOfferedLocales(russianIsEnabled: boolean, current?: Locale): Locale[] {
  return LOCALES.filter((locale) => locale !== 'ru' || russianIsEnabled || current === 'ru');
}
