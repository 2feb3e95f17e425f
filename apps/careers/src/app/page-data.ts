import {
  type CareersInitialData,
  INITIAL_DATA_ELEMENT_ID,
  PAGE_DATA_ELEMENT_ID,
} from '@kadry/shared/careers-page';
import type { CareersPageData } from '@kadry/shared/schemas/page-data';

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
