import type { CareersPageData } from '@kadry/shared/schemas/page-data';
import { createContext, type ReactNode, useContext } from 'react';

/** The page's address as the server saw it; the same on both sides so hydration matches. */
export type PageLocation = { pathname: string; search: string };

type PageContextValue = { pageData: CareersPageData; location: PageLocation };

const PageContext = createContext<PageContextValue | null>(null);

export function PageContextProvider({ value, children }: { value: PageContextValue; children: ReactNode }) {
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

function usePageContext(): PageContextValue {
  const value = useContext(PageContext);
  if (!value) throw new Error('Page hooks must be used inside <PageContextProvider>');
  return value;
}

/** The embedded page data: settings, languages, consent page URL, captcha site key… */
export function usePageData(): CareersPageData {
  return usePageContext().pageData;
}

/** The page's path and query string (`search` starts with '?' or is empty). */
export function usePageLocation(): PageLocation {
  return usePageContext().location;
}

/** The `source` query parameter the application is sent with (spec §3.1), '' when absent. */
export function usePageSource(): string {
  return new URLSearchParams(usePageContext().location.search).get('source') ?? '';
}
