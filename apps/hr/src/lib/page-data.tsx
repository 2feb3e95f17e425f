import { type AppPageData, appPageDataSchema } from '@kadry/shared/schemas/auth';
import { createContext, type ReactNode, useContext } from 'react';

/** The page data the server embeds in the /app shell (`<script id="page-data">`, spec §3.2). */
export function readPageData(doc: Pick<Document, 'getElementById'> = document): AppPageData {
  const text = doc.getElementById('page-data')?.textContent ?? '';
  return appPageDataSchema.parse(JSON.parse(text));
}

const PageDataContext = createContext<AppPageData | null>(null);

export function PageDataProvider({ value, children }: { value: AppPageData; children: ReactNode }) {
  return <PageDataContext.Provider value={value}>{children}</PageDataContext.Provider>;
}

export function usePageData(): AppPageData {
  const value = useContext(PageDataContext);
  if (!value) throw new Error('usePageData must be used inside <PageDataProvider>');
  return value;
}
