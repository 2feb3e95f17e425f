import { route } from '@kadry/shared/routes';
import {
  type CandidateEditInput,
  type CandidateListQuery,
  candidateDetailsResponseSchema,
  candidateListResponseSchema,
  undoMergeResponseSchema,
} from '@kadry/shared/schemas/candidates';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// One person, many applications, and full-text search (issue 17, decision 027).

type ListParams = Partial<Omit<CandidateListQuery, 'page'>> & { page: number };

/** The people view: one row per person with an application matching the filters. */
export function useCandidates(params: ListParams, enabled = true) {
  return useQuery({
    queryKey: ['applications', 'people', params],
    queryFn: async ({ signal }) =>
      (await api.get(route('recruiting.candidates'), { params, schema: candidateListResponseSchema, signal }))
        .data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A person: all their applications the user sees, merges into them, possible duplicates. */
export function useCandidate(id: number) {
  return useQuery({
    queryKey: ['applications', 'person', id],
    queryFn: async ({ signal }) =>
      (
        await api.get(route('recruiting.candidates.one', id), {
          schema: candidateDetailsResponseSchema,
          signal,
        })
      ).data.data,
  });
}

/**
 * Corrects a person's name, e-mail or phone (only the fields given). Every card showing the person
 * and every history of theirs gains the change, so all of the applications' data is fetched again.
 */
export function useEditCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: number; changes: CandidateEditInput }) =>
      (
        await api.put(route('recruiting.candidates.one', id), changes, {
          schema: candidateDetailsResponseSchema,
        })
      ).data.data,
    onSuccess: (person) => queryClient.setQueryData(['applications', 'person', person.id], person),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}

/** Merges `mergedId` into `survivorId`; every application's card changes its person. */
export function useMergeCandidates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ survivorId, mergedId }: { survivorId: number; mergedId: number }) =>
      (
        await api.post(
          route('recruiting.candidates.merge', survivorId),
          { candidate_id: mergedId },
          { schema: candidateDetailsResponseSchema },
        )
      ).data.data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}

export function useUndoMerge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mergeId: number) =>
      (
        await api.post(route('recruiting.candidateMerges.undo', mergeId), undefined, {
          schema: undoMergeResponseSchema,
        })
      ).data.data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications'] }),
  });
}

export function useDismissDuplicate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, otherId }: { id: number; otherId: number }) =>
      (
        await api.post(
          route('recruiting.candidates.dismissDuplicate', id),
          { candidate_id: otherId },
          { schema: candidateDetailsResponseSchema },
        )
      ).data.data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['applications', 'person'] }),
  });
}
