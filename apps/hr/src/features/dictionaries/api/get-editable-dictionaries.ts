import { route } from '@kadry/shared/routes';
import {
  type EditableDictionary,
  editableDictionariesResponseSchema,
} from '@kadry/shared/schemas/dictionaries';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { dictionaryKeys } from '../../../lib/local-db/use-dictionary';

/** Query keys of the dictionaries screen, under the prefix the cached reads use. */
export const editableKeys = {
  list: [...dictionaryKeys.all, 'manage'] as const,
  one: (dictionary: EditableDictionary) => [...dictionaryKeys.all, 'manage', dictionary] as const,
};

/** `GET dictionaries.manage`: the dictionaries the company may edit, with their entry counts. */
export function useEditableDictionaries() {
  return useQuery({
    queryKey: editableKeys.list,
    queryFn: async ({ signal }) =>
      (await api.get(route('dictionaries.manage'), { schema: editableDictionariesResponseSchema, signal }))
        .data.data,
  });
}
