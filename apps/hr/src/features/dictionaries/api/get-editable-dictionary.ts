import { route } from '@kadry/shared/routes';
import {
  type EditableDictionary,
  editableDictionaryResponseSchema,
} from '@kadry/shared/schemas/dictionaries';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { editableKeys } from './get-editable-dictionaries';

/** `GET dictionaries.manage.entries`: every entry, hidden ones included, with all their names. */
export function useEditableDictionary(dictionary: EditableDictionary) {
  return useQuery({
    queryKey: editableKeys.one(dictionary),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dictionaries.manage.entries', { dictionary }), {
          schema: editableDictionaryResponseSchema,
          signal,
        })
      ).data.data,
  });
}
