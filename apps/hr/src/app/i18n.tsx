import type { Locale } from '@kadry/shared/constants';
import { type Catalog, createCatalogTranslator, type Translate } from '@kadry/shared/i18n/translator';
import { route } from '@kadry/shared/routes';
import { translationsResponseSchema } from '@kadry/shared/schemas/auth';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { type ApiClient, api } from '../lib/api-client';

/**
 * Key groups the HR app reads. The careers prefixes are here because the form builder's preview
 * renders the careers site's own field components, which speak those keys.
 */
export const TRANSLATION_KEYS = [
  'hr.*',
  'careers.form.*',
  'public.*',
  'career_page.*',
  'common.*',
  'validation.*',
  'candidate.*',
] as const;

/** The user's texts from `GET /vue-global/translations`; a failure is only logged (spec §8). */
export async function loadTranslations(client: ApiClient = api): Promise<Catalog> {
  try {
    const response = await client.get(route('vueGlobal.translations'), {
      params: { keys: TRANSLATION_KEYS.join(',') },
      schema: translationsResponseSchema,
    });
    return response.data;
  } catch (error) {
    console.error('Could not load translations', error);
    return {};
  }
}

type I18nValue = { locale: Locale; t: Translate };
const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({
  locale,
  catalog,
  children,
}: {
  locale: Locale;
  catalog: Catalog;
  children: ReactNode;
}) {
  const value = useMemo(
    () => ({ locale, t: createCatalogTranslator([{ locale, catalog }]) }),
    [locale, catalog],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useT must be used inside <I18nProvider>');
  return value;
}

/** The translate function of the user's language. */
export function useT(): Translate {
  return useI18n().t;
}

export function useLocale(): Locale {
  return useI18n().locale;
}
