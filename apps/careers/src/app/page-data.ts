import type { CareersPageData } from '@kadry/shared/schemas/page-data';
import type { VacancyDetails, VacancyListResponse } from '@kadry/shared/schemas/vacancy';

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

function readEmbeddedJson(doc: Document, id: string): unknown {
  const text = doc.getElementById(id)?.textContent;
  if (!text) throw new Error(`The page has no #${id} data`);
  return JSON.parse(text);
}

/**
 * The page data the server embedded. Not re-validated here: the server builds it typed
 * (careers-page-data.ts, checked against careersPageDataSchema in its tests), and zod would add
 * ~25 KB gzipped to the first-load bundle.
 */
export function readPageData(doc: Document): CareersPageData {
  return readEmbeddedJson(doc, PAGE_DATA_ELEMENT_ID) as CareersPageData;
}

export function readInitialData(doc: Document): CareersInitialData {
  if (!doc.getElementById(INITIAL_DATA_ELEMENT_ID)) return { kind: 'none' };
  return readEmbeddedJson(doc, INITIAL_DATA_ELEMENT_ID) as CareersInitialData;
}
