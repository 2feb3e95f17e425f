import type { CareersPageData } from './schemas/page-data';
import type { VacancyDetails, VacancyListResponse } from './schemas/vacancy';

// The contract between the server and the careers app's server-side rendering bundle
// (apps/careers/dist/server/entry-server.js, built from src/app/entry-server.tsx). The server loads
// the built file at run time; neither side imports the other (docs/decisions/001, 004).

/** Id of the <script type="application/json"> holding CareersPageData (ARCHITECTURE.md). */
export const PAGE_DATA_ELEMENT_ID = 'page-data';
/** Id of the second JSON script: what the server rendered, so hydration does not refetch it. */
export const INITIAL_DATA_ELEMENT_ID = 'initial-data';

/**
 * The data the server rendered into the HTML: the first list page, or the vacancy of a details page,
 * or nothing (not-found page). Kept apart from CareersPageData so the shared wire contract stays as agreed.
 */
export type CareersInitialData =
  | { kind: 'list'; list: VacancyListResponse }
  | { kind: 'details'; vacancy: VacancyDetails }
  | { kind: 'none' };

/** What the renderer gets: the same page data, initial data and location the browser hydrates with. */
export type CareersRenderInput = {
  pageData: CareersPageData;
  initialData: CareersInitialData;
  pathname: string;
  /** The query string with its '?', or ''. */
  search: string;
};

/** The SSR bundle's module: the careers page's markup for the server to put inside <div id="root">. */
export type CareersServerEntry = {
  renderCareersApp(input: CareersRenderInput): string;
};

const SCRIPT_UNSAFE_CHARS: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON safe to place inside a <script> element: `<` and `>` are escaped so no string in the data
 * (a vacancy name, a translation) can close the element or open a comment.
 */
export function serializeScriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => SCRIPT_UNSAFE_CHARS[char] ?? char);
}
