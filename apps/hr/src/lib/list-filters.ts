import { SEARCH_TEXT_MAX_LENGTH } from '@kadry/shared/schemas/common';
import { useDebouncedValue } from '@kadry/ui/use-debounced-value';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

/*
 * A list's search, filters and page live in the address (`/vacancies?search=engineer&status=1&page=2`),
 * so Back and Forward step through them, a filtered list can be bookmarked or sent, and coming back
 * from a record returns to the same filtered page. The query string is the only state: the list reads
 * its filters from it on every render and every change is a navigation.
 *
 * History entries:
 * - A choice made at once (a select, a page, "Clear filters", Enter or a search button) adds an entry,
 *   so Back undoes exactly that choice.
 * - Typing (a search or source box, a date) is applied once typing pauses. The first pause adds an
 *   entry, later pauses of the same typing replace it: Back returns to the list as it was before the
 *   typing, not to every half-typed word, and never leaves the list because someone searched.
 *
 * Any change of filter goes back to page 1 (the old page may not exist in the new result); paging
 * keeps the filters. Empty filters and page 1 are left out of the address, so a plain `/vacancies`
 * means "everything"; unknown or malformed parameters are ignored, never sent to the API.
 */

/** How one filter is read from, and written to, its query parameter. */
export type FilterField<T> = {
  /** The parameter as a filter value; undefined (the filter is ignored) when it is malformed. */
  read(raw: string): T | undefined;
  write(value: T): string;
};

/** A filter typed into a box: the box holds a draft, applied once typing pauses. */
export type TypedFilterField = FilterField<string> & { isTyped: true };

// Methods, not function properties: a FilterField<number> then stands in for a FilterField<unknown>.
export type FilterFields = { readonly [name: string]: FilterField<unknown> };

type FieldValue<TField> = TField extends FilterField<infer TValue> ? TValue : never;

/** The filters of a list: the page and any of its fields. */
export type ListFilters<TFields extends FilterFields> = { page: number } & {
  [Name in keyof TFields]?: FieldValue<TFields[Name]>;
};

/** The text in each typed filter's box. */
export type FilterDraft<TFields extends FilterFields> = {
  [Name in keyof TFields as TFields[Name] extends { isTyped: true } ? Name : never]: string;
};

export type ListFilterSchema<TFields extends FilterFields> = {
  fields: TFields;
  /** Drops combinations the screen cannot show (e.g. a stage without its vacancy); runs on read and write. */
  refine?: (filters: ListFilters<TFields>) => ListFilters<TFields>;
};

/** How long typing in a search box pauses before the list is asked again (not once per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/** Declares a list's filters once, at module level (the hook relies on the object staying the same). */
export function defineListFilters<TFields extends FilterFields>(
  fields: TFields,
  refine?: (filters: ListFilters<TFields>) => ListFilters<TFields>,
): ListFilterSchema<TFields> {
  return { fields, refine };
}

/**
 * A filter's value (from a select or the address) as an id: '' ("All"), null and anything but a
 * positive whole number give undefined, so nothing malformed is sent.
 */
export function readFilterId(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

/** An id chosen from a list the server gives (a team, a role, a vacancy). */
export const idFilter: FilterField<number> = { read: readFilterId, write: String };

/** One of a fixed set of values (a status); anything else is ignored. */
export function oneOfFilter<const TValue extends string | number>(
  values: readonly TValue[],
): FilterField<TValue> {
  return { read: (raw) => values.find((value) => String(value) === raw), write: String };
}

/** Free text, trimmed; blank is no filter, and more than the API takes is cut to its limit. */
export const textFilter: TypedFilterField = {
  isTyped: true,
  // The API's limit, so an address cannot ask for what the API refuses.
  read: (raw) => raw.trim().slice(0, SEARCH_TEXT_MAX_LENGTH).trim() || undefined,
  write: (value) => value,
};

/** A calendar date as a date input gives it (YYYY-MM-DD); a partial or impossible date is no filter. */
export const dateFilter: TypedFilterField = {
  isTyped: true,
  read: (raw) => (isCalendarDate(raw) ? raw : undefined),
  write: (value) => value,
};

function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // 2031-02-30 rolls over to March: only a date that reads back the same exists.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function fieldNames<TFields extends FilterFields>(
  schema: ListFilterSchema<TFields>,
): (keyof TFields & string)[] {
  return Object.keys(schema.fields);
}

function fieldOf(fields: FilterFields, name: string): FilterField<unknown> {
  const field = fields[name];
  if (!field) throw new Error(`Unknown list filter: ${name}`);
  return field;
}

/** The filters in a query string; malformed and unknown parameters are left out. */
export function readListFilters<TFields extends FilterFields>(
  schema: ListFilterSchema<TFields>,
  params: URLSearchParams,
): ListFilters<TFields> {
  const filters: Record<string, unknown> = { page: readFilterId(params.get('page')) ?? 1 };
  for (const name of fieldNames(schema)) {
    const raw = params.get(name);
    const value = raw === null ? undefined : fieldOf(schema.fields, name).read(raw);
    if (value !== undefined) filters[name] = value;
  }
  const read = filters as ListFilters<TFields>;
  return schema.refine ? schema.refine(read) : read;
}

/** The query string of the filters, in the schema's order; empty ones and page 1 left out. */
export function writeListFilters<TFields extends FilterFields>(
  schema: ListFilterSchema<TFields>,
  filters: ListFilters<TFields>,
): URLSearchParams {
  const refined: Record<string, unknown> = schema.refine ? schema.refine(filters) : filters;
  const params = new URLSearchParams();
  for (const name of fieldNames(schema)) {
    const value = refined[name];
    if (value !== undefined && value !== '') params.set(name, fieldOf(schema.fields, name).write(value));
  }
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** Whether anything narrows the list (paging does not). */
export function hasActiveFilters<TFields extends FilterFields>(
  schema: ListFilterSchema<TFields>,
  filters: ListFilters<TFields>,
): boolean {
  const values: Record<string, unknown> = filters;
  return fieldNames(schema).some((name) => values[name] !== undefined);
}

type Navigation = 'push' | 'replace' | 'typing';

/**
 * The list's filters from the address, and the ways to change them (see the top of this file for
 * which changes add a history entry). `draft` is the text of the typed filters' boxes: it starts from
 * the address, is applied once typing pauses (or at once by `submitDraft`, for Enter and search
 * buttons), and follows the address when Back, Forward or a link changes it.
 */
export function useUrlFilters<TFields extends FilterFields>(schema: ListFilterSchema<TFields>) {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const currentQuery = useMemo(() => new URLSearchParams(search).toString(), [search]);
  const filters = useMemo(() => readListFilters(schema, new URLSearchParams(search)), [schema, search]);
  const typedNames = useMemo(
    () => fieldNames(schema).filter((name) => 'isTyped' in fieldOf(schema.fields, name)),
    [schema],
  );

  // The query the last typing pause wrote: while the address still shows it, the next pause replaces it.
  const typedQuery = useRef<string | null>(null);
  // The query this list wrote itself, so the boxes are not reset to what they already show (or are ahead of).
  const ownQuery = useRef<string | null>(null);

  const draftOf = (values: Record<string, unknown>): Record<string, string> =>
    Object.fromEntries(
      typedNames.map((name) => {
        const value = values[name];
        return [name, value === undefined ? '' : fieldOf(schema.fields, name).write(value)];
      }),
    );
  const readDraft = (text: Record<string, string>): Record<string, unknown> =>
    Object.fromEntries(typedNames.map((name) => [name, fieldOf(schema.fields, name).read(text[name] ?? '')]));
  const showsFilters = (values: Record<string, unknown>) => {
    const current: Record<string, unknown> = filters;
    return typedNames.every((name) => values[name] === current[name]);
  };

  const [draft, setDraftState] = useState<Record<string, string>>(() => draftOf(filters));

  // The address as last rendered or, after a change not rendered yet, as changed: two changes in one
  // pass (two unknown options forgotten at once) build on each other instead of the second undoing the first.
  const latest = useRef({ query: currentQuery, filters });
  latest.current = { query: currentQuery, filters };

  const go = (change: (current: ListFilters<TFields>) => ListFilters<TFields>, how: Navigation) => {
    const next = change(latest.current.filters);
    const query = writeListFilters(schema, next).toString();
    if (query === latest.current.query) return;
    const replace = how === 'replace' || (how === 'typing' && typedQuery.current === latest.current.query);
    typedQuery.current = how === 'typing' ? query : null;
    ownQuery.current = query;
    latest.current = { query, filters: readListFilters(schema, new URLSearchParams(query)) };
    navigate(query ? `${location}?${query}` : location, { replace });
  };

  const settledDraft = useDebouncedValue(JSON.stringify(draft), SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a pause in typing applies the draft.
  useEffect(() => {
    const values = readDraft(JSON.parse(settledDraft) as Record<string, string>);
    if (!showsFilters(values)) go((current) => ({ ...current, ...values, page: 1 }), 'typing');
  }, [settledDraft]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only.
  useEffect(() => {
    if (ownQuery.current === currentQuery) {
      ownQuery.current = null;
      return;
    }
    // Back, Forward or a link changed the address: the boxes show its filters.
    if (!showsFilters(readDraft(draft))) setDraftState(draftOf(filters));
  }, [currentQuery]);

  /** Changes filters (page 1 again); the boxes of typed filters in `patch` show the new values. */
  const applyFilters = (
    patch: Partial<Omit<ListFilters<TFields>, 'page'>>,
    options: { replace?: boolean } = {},
  ) => {
    const changed: Record<string, unknown> = patch;
    const typedInPatch = typedNames.filter((name) => name in changed);
    if (typedInPatch.length > 0) {
      const text = draftOf(changed);
      setDraftState((current) => ({
        ...current,
        ...Object.fromEntries(typedInPatch.map((name) => [name, text[name] ?? ''])),
      }));
    }
    go((current) => ({ ...current, ...patch, page: 1 }), options.replace ? 'replace' : 'push');
  };

  /** Applies a select's value, read as the address would read it: '' ("All") or anything unknown clears it. */
  const selectFilter = (name: keyof TFields & string, value: string) =>
    applyFilters({ [name]: fieldOf(schema.fields, name).read(value) } as Partial<
      Omit<ListFilters<TFields>, 'page'>
    >);

  const setPage = (page: number, options: { replace?: boolean } = {}) =>
    go((current) => ({ ...current, page }), options.replace ? 'replace' : 'push');

  const clearFilters = () => {
    setDraftState(draftOf({}));
    go(() => ({ page: 1 }) as ListFilters<TFields>, 'push');
  };

  const submitDraft = () => go((current) => ({ ...current, ...readDraft(draft), page: 1 }), 'push');

  const setDraft = useCallback(
    (name: keyof FilterDraft<TFields> & string, text: string) =>
      setDraftState((current) => ({ ...current, [name]: text })),
    [],
  );

  return {
    filters,
    draft: draft as FilterDraft<TFields>,
    setDraft,
    submitDraft,
    applyFilters,
    selectFilter,
    setPage,
    clearFilters,
    hasActiveFilters: hasActiveFilters(schema, filters),
  };
}

/**
 * Keeps the page inside the result: an address from before the list shrank (a bookmark, Back after
 * deleting) goes to the last page, replacing the entry, instead of showing an empty page. Pass
 * `lastPage` from a fresh answer only (not placeholder data still showing the previous query).
 */
export function useKeepPageInRange(
  page: number,
  lastPage: number | undefined,
  setPage: (page: number, options: { replace: boolean }) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: setPage changes every render; page and lastPage decide.
  useEffect(() => {
    if (lastPage !== undefined && page > Math.max(1, lastPage))
      setPage(Math.max(1, lastPage), { replace: true });
  }, [page, lastPage]);
}

/**
 * Forgets a chosen option that is not among the loaded ones (a deleted team, a stage of another
 * vacancy), replacing the entry: otherwise the select would show "All" while the list stays narrowed.
 * Pass `options` once they have loaded, undefined before.
 */
export function useForgetUnknownOption(
  value: string | number | undefined,
  options: readonly { value: string | number }[] | undefined,
  forget: () => void,
) {
  const isUnknown =
    value !== undefined && options !== undefined && !options.some((option) => option.value === value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: forget changes every render; only the check decides.
  useEffect(() => {
    if (isUnknown) forget();
  }, [isUnknown]);
}
