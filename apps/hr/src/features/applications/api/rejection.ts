import { route } from '@kadry/shared/routes';
import { dictionaryResponseSchema } from '@kadry/shared/schemas/dictionaries';
import type { ApplicationFilterInput } from '@kadry/shared/schemas/recruiting-bulk';
import {
  type BulkResultResponse,
  bulkResultResponseSchema,
  type RejectInput,
  rejectionResponseSchema,
} from '@kadry/shared/schemas/recruiting-mail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Rejection with a reason: its reasons (a company dictionary), rejecting one or many, reopening.

export function useRejectionReasons({ isEnabled = true } = {}) {
  return useQuery({
    queryKey: ['dictionaries', 'rejection-reasons'],
    queryFn: async ({ signal }) =>
      (await api.get(route('dictionaries.rejectionReasons'), { schema: dictionaryResponseSchema, signal }))
        .data.data,
    enabled: isEnabled,
  });
}

export function useRejection(applicationId: number, { isEnabled = true } = {}) {
  return useQuery({
    queryKey: ['applications', 'rejection', applicationId],
    queryFn: async ({ signal }) =>
      (
        await api.get(route('recruiting.applications.rejection', applicationId), {
          schema: rejectionResponseSchema,
          signal,
        })
      ).data.data,
    enabled: isEnabled,
  });
}

/** Rejects one application (null answer) or a selection (the outcome of each). */
export function useReject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      applicationIds,
      input,
      isBulk,
      filter,
    }: {
      applicationIds: readonly number[];
      /** Instead of the ids: every application the user sees that matches the list's filters. */
      filter?: ApplicationFilterInput | undefined;
      input: RejectInput;
      /** Through the bulk endpoint, whose answer reports each application (the list's selection). */
      isBulk: boolean;
    }): Promise<BulkResultResponse | null> => {
      const [only] = applicationIds;
      if (!isBulk && only !== undefined) {
        await api.post(route('recruiting.applications.rejection', only), input, {
          schema: rejectionResponseSchema,
        });
        return null;
      }
      const response = await api.post(
        route('recruiting.applications.bulkRejection'),
        filter ? { ...input, filter } : { ...input, application_ids: [...applicationIds] },
        { schema: bulkResultResponseSchema },
      );
      return response.data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}

export function useReopen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (applicationId: number) => {
      await api.delete(route('recruiting.applications.rejection', applicationId));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}
