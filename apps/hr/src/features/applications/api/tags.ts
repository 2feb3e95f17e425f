import { route } from '@kadry/shared/routes';
import type { BulkResultResponse } from '@kadry/shared/schemas/recruiting-mail';
import { bulkResultResponseSchema } from '@kadry/shared/schemas/recruiting-mail';
import {
  type AppliedTag,
  applicationTagsResponseSchema,
  type Tag,
  type TagInput,
  tagListResponseSchema,
  tagResponseSchema,
} from '@kadry/shared/schemas/recruiting-tags';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The company's tags (issue 17) and tags on applications. A change refreshes the tags, the
// applications (their cards show tags) and the history.

export function useTags(enabled = true) {
  return useQuery({
    queryKey: ['tags'],
    queryFn: async ({ signal }) =>
      (await api.get(route('recruiting.tags'), { schema: tagListResponseSchema, signal })).data.data,
    enabled,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['tags'] }),
      queryClient.invalidateQueries({ queryKey: ['applications'] }),
    ]);
}

/** Creates a tag (no id) or changes one. */
export function useSaveTag() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, input }: { id: number | null; input: TagInput }): Promise<Tag> =>
      id === null
        ? (await api.post(route('recruiting.tags'), input, { schema: tagResponseSchema })).data.data
        : (await api.put(route('recruiting.tags.one', id), input, { schema: tagResponseSchema })).data.data,
    onSuccess: refresh,
  });
}

export function useDeleteTag() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(route('recruiting.tags.one', id));
    },
    onSuccess: refresh,
  });
}

/** Puts a tag on an application, or takes one off; answers its tags. */
export function useApplicationTag(applicationId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ tagId, on }: { tagId: number; on: boolean }): Promise<AppliedTag[]> =>
      on
        ? (
            await api.post(
              route('recruiting.applications.tags', applicationId),
              { tag_id: tagId },
              { schema: applicationTagsResponseSchema },
            )
          ).data.data
        : (
            await api.delete(route('recruiting.applications.tags.one', { id: applicationId, tagId }), {
              schema: applicationTagsResponseSchema,
            })
          ).data.data,
    onSuccess: refresh,
  });
}

/** One tag on the selected applications; the result per application. */
export function useBulkTag() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({
      ids,
      tagId,
    }: {
      ids: readonly number[];
      tagId: number;
    }): Promise<BulkResultResponse> =>
      (
        await api.post(
          route('recruiting.applications.bulkTags'),
          { application_ids: ids, tag_id: tagId },
          { schema: bulkResultResponseSchema },
        )
      ).data,
    onSuccess: refresh,
  });
}
