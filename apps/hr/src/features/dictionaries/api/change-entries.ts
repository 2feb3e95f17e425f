import { route } from '@kadry/shared/routes';
import {
  type EditableDictionary,
  type EntryNames,
  editableDictionaryResponseSchema,
  editableEntryResponseSchema,
} from '@kadry/shared/schemas/dictionaries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { CACHED_AREAS, type CachedArea } from '../../../lib/local-db/data-sources';
import { localCache } from '../../../lib/local-db/local-cache';
import { dictionaryKeys } from '../../../lib/local-db/use-dictionary';

// The dictionaries screen's changes: add, rename, hide or show, reorder, delete. Each refreshes the
// screen and every cached read of dictionaries (the server moved the dictionary's version; the page
// data learns of it on the next load, so this tab drops its copies now).

export type EntryChange =
  | { kind: 'create'; names: EntryNames }
  | { kind: 'update'; id: number; names?: EntryNames; is_hidden?: boolean }
  | { kind: 'reorder'; ids: number[] }
  | { kind: 'delete'; id: number };

async function sendChange(dictionary: EditableDictionary, change: EntryChange): Promise<void> {
  switch (change.kind) {
    case 'create':
      await api.post(
        route('dictionaries.manage.entries', { dictionary }),
        { names: change.names },
        { schema: editableEntryResponseSchema },
      );
      return;
    case 'update': {
      const { kind: _kind, id, ...body } = change;
      await api.put(route('dictionaries.manage.entry', { dictionary, id }), body, {
        schema: editableEntryResponseSchema,
      });
      return;
    }
    case 'reorder':
      await api.put(
        route('dictionaries.manage.order', { dictionary }),
        { ids: change.ids },
        { schema: editableDictionaryResponseSchema },
      );
      return;
    case 'delete':
      await api.delete(route('dictionaries.manage.entry', { dictionary, id: change.id }));
      return;
  }
}

export function useChangeEntries(dictionary: EditableDictionary) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: EntryChange) => sendChange(dictionary, change),
    onSettled: async () => {
      const areas = (Object.keys(CACHED_AREAS) as CachedArea[]).filter(
        (area) => CACHED_AREAS[area].dictionary === dictionary,
      );
      await Promise.all(areas.map((area) => localCache.remove(`dictionary:${area}`)));
      await queryClient.invalidateQueries({ queryKey: dictionaryKeys.all });
    },
  });
}
