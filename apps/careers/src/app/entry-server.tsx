/** @jsxRuntime automatic */
import type { CareersPageData } from '@kadry/shared/schemas/page-data';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { CareersApp } from './careers-app';
import type { CareersInitialData } from './page-data';

/**
 * The careers page's markup for the server to put inside <div id="root">. The browser hydrates it
 * with the same page data, initial data and location (see entry-client.tsx).
 */
export function renderCareersApp(input: {
  pageData: CareersPageData;
  initialData: CareersInitialData;
  pathname: string;
  search: string;
}): string {
  return renderToString(
    <StrictMode>
      <CareersApp
        pageData={input.pageData}
        initialData={input.initialData}
        location={{ pathname: input.pathname, search: input.search }}
      />
    </StrictMode>,
  );
}
