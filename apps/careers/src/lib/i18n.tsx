/** @jsxRuntime automatic */
import type { Locale } from '@kadry/shared/constants';
import { createContext, type ReactNode, useContext } from 'react';

/** Looks a key up in the page's translations; `{name}` placeholders are filled from `params`. */
export type TranslateFn = (key: string, params?: Record<string, string | number>) => string;

type I18nValue = { locale: Locale; t: TranslateFn };

const I18nContext = createContext<I18nValue | null>(null);

export function I18nProvider({ locale, t, children }: I18nValue & { children: ReactNode }) {
  return <I18nContext.Provider value={{ locale, t }}>{children}</I18nContext.Provider>;
}

function useI18n(): I18nValue {
  const value = useContext(I18nContext);
  if (!value) throw new Error('useTranslate must be used inside <I18nProvider>');
  return value;
}

export function useTranslate(): TranslateFn {
  return useI18n().t;
}

export function useLocale(): Locale {
  return useI18n().locale;
}
