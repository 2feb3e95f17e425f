import { type RouteName, route } from '@kadry/shared/routes';
import { type DictionaryEntry, dictionaryResponseSchema } from '@kadry/shared/schemas/dictionaries';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useLocale } from '../../../lib/i18n';

// A small stand-in for the app's shared dictionary cache (lib/local-db, being built alongside): the
// employee pickers fetch the named dictionary route directly. Swap for useDictionary once it exists.

/** The dictionaries the employee screens pick from. */
export type EmployeeDictionary = Extract<
  RouteName,
  | 'dictionaries.typesEmployment'
  | 'dictionaries.peopleStatus'
  | 'dictionaries.employeeReasonOfFire'
  | 'dictionaries.typesRelative'
  | 'dictionaries.language'
  | 'dictionaries.typesPortfolioIcons'
  | 'dictionaries.gender'
  | 'dictionaries.martialStatus'
  | 'dictionaries.employeeToc'
  | 'dictionaries.peopleExperience'
>;

export async function getDictionary(
  name: EmployeeDictionary,
  signal?: AbortSignal,
): Promise<DictionaryEntry[]> {
  const response = await api.get(route(name), { schema: dictionaryResponseSchema, signal });
  return response.data.data;
}

/** A dictionary's entries in the user's language (entries are named per locale). */
export function useDictionaryOptions(name: EmployeeDictionary, { isEnabled = true } = {}) {
  const locale = useLocale();
  return useQuery({
    queryKey: ['dictionaries', name, locale],
    queryFn: ({ signal }) => getDictionary(name, signal),
    staleTime: 5 * 60 * 1000,
    enabled: isEnabled,
  });
}
