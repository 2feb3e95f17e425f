import { MULTISELECT_SEARCH_DEBOUNCE_MS } from '@kadry/shared/constants';
import { route } from '@kadry/shared/routes';
import { type DictionaryEntry, dictionaryResponseSchema } from '@kadry/shared/schemas/dictionaries';
import { useDebouncedValue } from '@kadry/ui/use-debounced-value';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocale } from '../../../lib/i18n';

// Countries and cities are searched, never listed whole (docs/decisions/014-countries-and-cities.md):
// what is typed goes to the server after the multiselect pause of spec §9.

/** Countries whose name (any language) or ISO code matches `query` (`dictionaries.countries`). */
export async function searchCountries(query: string, signal?: AbortSignal): Promise<DictionaryEntry[]> {
  const response = await api.get(route('dictionaries.countries'), {
    params: query ? { query } : {},
    schema: dictionaryResponseSchema,
    signal,
  });
  return response.data.data;
}

/** Cities of `country` (ISO alpha-2) whose name in any language matches `query` (`dictionaries.cities`). */
export async function searchCities(
  country: string,
  query: string,
  signal?: AbortSignal,
): Promise<DictionaryEntry[]> {
  const response = await api.get(route('dictionaries.cities'), {
    params: query ? { country, query } : { country },
    schema: dictionaryResponseSchema,
    signal,
  });
  return response.data.data;
}

/** The countries matching what is typed, asked for once typing pauses. */
export function useCountrySearch(typed: string) {
  const locale = useLocale();
  const query = useDebouncedValue(typed.trim(), MULTISELECT_SEARCH_DEBOUNCE_MS);
  return useQuery({
    queryKey: ['dictionaries', 'countries', locale, query],
    queryFn: ({ signal }) => searchCountries(query, signal),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}

/** The cities of a country matching what is typed (nothing is asked for without a country or text). */
export function useCitySearch(country: string | null, typed: string) {
  const locale = useLocale();
  const query = useDebouncedValue(typed.trim(), MULTISELECT_SEARCH_DEBOUNCE_MS);
  return useQuery({
    // The answer is in the reader's language (docs/decisions/014-countries-and-cities.md).
    queryKey: ['dictionaries', 'cities', locale, country, query],
    queryFn: ({ signal }) => searchCities(country ?? '', query, signal),
    enabled: country !== null && query !== '',
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}
