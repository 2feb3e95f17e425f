import type { CareersRenderInput } from '@kadry/shared/careers-page';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { CareersApp } from './careers-app';

/**
 * The careers page's markup for the server to put inside <div id="root">. Built on its own by
 * `vite build --ssr` (dist/server/entry-server.js), which the server loads at run time; the browser
 * hydrates the markup with the same page data, initial data and location (see entry-client.tsx).
 */
export function renderCareersApp(input: CareersRenderInput): string {
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
