import { route } from '@kadry/shared/routes';
import {
  type DictionaryEntry,
  dictionaryResponseSchema,
  type EventTemplatesResponse,
  eventTemplatesResponseSchema,
  type HrTemplates,
  splitHrTemplates,
} from '@kadry/shared/schemas/dictionaries';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../api-client';
import { usePageData } from '../page-data';
import { CACHED_AREAS, type CachedArea, createCachedSource, selectSource, stampFor } from './data-sources';
import { type LocalCache, localCache } from './local-cache';

/** The areas read as a plain list of entries (event templates and permissions have shapes of their own). */
export type DictionaryArea = Exclude<CachedArea, 'eventTemplates' | 'permissions'>;

function parseEntries(data: unknown): DictionaryEntry[] | null {
  const parsed = dictionaryResponseSchema.shape.data.safeParse(data);
  return parsed.success ? parsed.data : null;
}

function parseTemplates(data: unknown): EventTemplatesResponse['data'] | null {
  const parsed = eventTemplatesResponseSchema.shape.data.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** Query keys of the dictionary reads; the dictionaries screen invalidates `['dictionaries']` after a change. */
export const dictionaryKeys = {
  all: ['dictionaries'] as const,
  area: (area: CachedArea, stamp: unknown) => ['dictionaries', 'read', area, stamp] as const,
};

/**
 * Entries of one dictionary in the user's language, from the local cache while it is current.
 * `isEnabled` false: not read (a picker the reader cannot use).
 */
export function useDictionary(
  area: DictionaryArea,
  cache: LocalCache = localCache,
  { isEnabled = true }: { isEnabled?: boolean } = {},
) {
  const { user, settings } = usePageData();
  const stamp = stampFor(area, { locale: user.locale, ...settings });
  const live = async () =>
    (await api.get(route(CACHED_AREAS[area].route), { schema: dictionaryResponseSchema })).data.data;
  return useQuery({
    queryKey: dictionaryKeys.area(area, stamp),
    queryFn: () =>
      selectSource({ live, cached: createCachedSource(`dictionary:${area}`, live, parseEntries, cache) })(
        stamp,
      ),
    // Current until the page data says otherwise (the stamp is part of the key).
    staleTime: Number.POSITIVE_INFINITY,
    enabled: isEnabled,
  });
}

/** The event-template dictionary by category (splitHrTemplates gives the HR standard and custom lists). */
export function useEventTemplates(cache: LocalCache = localCache) {
  const { user, settings } = usePageData();
  const stamp = stampFor('eventTemplates', { locale: user.locale, ...settings });
  const live = async () =>
    (await api.get(route('dashboard.dictionaries.eventTemplates'), { schema: eventTemplatesResponseSchema }))
      .data.data;
  return useQuery({
    queryKey: dictionaryKeys.area('eventTemplates', stamp),
    queryFn: () =>
      selectSource({
        live,
        cached: createCachedSource('dictionary:eventTemplates', live, parseTemplates, cache),
      })(stamp),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The templates HR actions come from, as spec §3.2's `hr` split: the standard ones in the spec's
 * order (11, 12, 7, 5, 4, 13, those switched on), and every other one as custom — the HR category's
 * own first, then those of the other categories, each once.
 */
export function hrTemplateGroupsOf(data: EventTemplatesResponse['data']): HrTemplates {
  const { hr } = splitHrTemplates(data);
  const custom = [...hr.custom];
  const seen = new Set([...hr.standard, ...hr.custom].map((entry) => entry.id));
  for (const entries of Object.values(data)) {
    for (const entry of entries) {
      if (seen.has(entry.id)) continue;
      seen.add(entry.id);
      custom.push(entry);
    }
  }
  return { standard: hr.standard, custom };
}

/** useEventTemplates as the HR `{ standard, custom }` split (hrTemplateGroupsOf). */
export function useHrEventTemplates(cache: LocalCache = localCache) {
  const query = useEventTemplates(cache);
  const groups = useMemo(() => (query.data ? hrTemplateGroupsOf(query.data) : undefined), [query.data]);
  return { isPending: query.isPending, isError: query.isError, data: groups };
}
