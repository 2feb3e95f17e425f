import type { Locale } from '@kadry/shared/constants';
import type { Translate } from '@kadry/shared/i18n/translator';
import { createContext, type ReactNode, useContext } from 'react';

type I18nValue = { locale: Locale; t: Translate };

const I18nContext = createContext<I18nValue | null>(null);

/**
 * The language the shared components speak. Each app builds `t` its own way (the careers page from the
 * texts the server embedded, the HR app from the catalog it loaded) and provides it here.
 */
export function I18nProvider({ locale, t, children }: I18nValue & { children: ReactNode }) {
  return <I18nContext.Provider value={{ locale, t }}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useTranslate must be used inside <I18nProvider>');
  return value;
}

export function useTranslate(): Translate {
  return useI18n().t;
}

export function useLocale(): Locale {
  return useI18n().locale;
}
