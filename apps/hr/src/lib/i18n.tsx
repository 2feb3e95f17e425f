import type { Locale } from '@kadry/shared/constants';
import { type Catalog, createCatalogTranslator, type Translate } from '@kadry/shared/i18n/translator';
import { route } from '@kadry/shared/routes';
import { translationsResponseSchema } from '@kadry/shared/schemas/auth';
import {
  I18nProvider as SharedI18nProvider,
  useLocale as useSharedLocale,
  useTranslate,
} from '@kadry/ui/i18n';
import { type ReactNode, useMemo } from 'react';
import { type ApiClient, api } from './api-client';

/**
 * Key groups the HR app reads. The careers prefixes are here because the form builder's preview
 * renders the careers site's field components (@kadry/ui), which speak those keys.
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

/**
 * The user's language for the whole app. It is @kadry/ui's context, so the shared components (the form
 * preview's fields) speak it too.
 */
export function I18nProvider({
  locale,
  catalog,
  children,
}: {
  locale: Locale;
  catalog: Catalog;
  children: ReactNode;
}) {
  const t = useMemo(() => createCatalogTranslator([{ locale, catalog }]), [locale, catalog]);
  return (
    <SharedI18nProvider locale={locale} t={t}>
      {children}
    </SharedI18nProvider>
  );
}

/** The translate function of the user's language. */
export function useT(): Translate {
  return useTranslate();
}

/** The user's language. */
export function useLocale(): Locale {
  return useSharedLocale();
}
