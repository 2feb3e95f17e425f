import {
  type CareersInitialData,
  INITIAL_DATA_ELEMENT_ID,
  PAGE_DATA_ELEMENT_ID,
  serializeScriptJson,
} from '@kadry/shared/careers-page';
import type { CareersPageData } from '@kadry/shared/schemas/page-data';
import type { CareersClientAssets } from './careers-page-assets';
import { escapeHtml } from './careers-page-head';

/**
 * The careers page as a whole HTML document: head tags, the server-rendered app inside #root, the
 * page data and initial data as JSON (read by entry-client.tsx), and the client build's files.
 * Script tags are module scripts from our own origin only (the CSP allows no inline script); the JSON
 * and JSON-LD blocks are data, not scripts, and every `<` in them is escaped.
 */
export function renderCareersDocument(input: {
  locale: string;
  headTags: string;
  appHtml: string;
  pageData: CareersPageData;
  initialData: CareersInitialData;
  jsonLd: Record<string, unknown> | null;
  assets: CareersClientAssets | null;
}): string {
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    input.headTags,
  ];
  // The build's own CSS, inlined when read (no render-blocking request); `</` cannot end the element
  // early (in CSS, `\/` is the same `/`).
  if (input.assets?.inlineCss !== undefined)
    head.push(`<style>${input.assets.inlineCss.replaceAll('</', '<\\/')}</style>`);
  else
    for (const href of input.assets?.styles ?? [])
      head.push(`<link rel="stylesheet" href="${escapeHtml(href)}">`);
  if (input.assets?.entryScript) {
    head.push(`<script type="module" crossorigin src="${escapeHtml(input.assets.entryScript)}"></script>`);
  }
  for (const href of input.assets?.modulePreloads ?? []) {
    head.push(`<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
  }
  if (input.jsonLd)
    head.push(`<script type="application/ld+json">${serializeScriptJson(input.jsonLd)}</script>`);

  return `<!doctype html>
<html lang="${escapeHtml(input.locale)}" dir="ltr">
  <head>
    ${head.join('\n    ')}
  </head>
  <body>
    <div id="root">${input.appHtml}</div>
    <script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${serializeScriptJson(input.pageData)}</script>
    <script type="application/json" id="${INITIAL_DATA_ELEMENT_ID}">${serializeScriptJson(input.initialData)}</script>
  </body>
</html>
`;
}
