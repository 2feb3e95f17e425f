import { route } from '@kadry/shared/routes';
import {
  type PipelineTemplate,
  type PipelineTemplateInput,
  pipelineTemplateListResponseSchema,
  pipelineTemplateResponseSchema,
} from '@kadry/shared/schemas/recruiting-bulk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// The company's pipeline templates (issue 17): picked when a vacancy is created, managed in settings.

const KEY = ['pipeline-templates'] as const;

export function usePipelineTemplates(enabled = true) {
  return useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('recruiting.pipelineTemplates'), {
          schema: pipelineTemplateListResponseSchema,
          signal,
        })
      ).data,
    enabled,
  });
}

/** Creates a template (no id) or changes one. */
export function useSavePipelineTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
    }: {
      id: number | null;
      input: PipelineTemplateInput;
    }): Promise<PipelineTemplate> =>
      id === null
        ? (
            await api.post(route('recruiting.pipelineTemplates'), input, {
              schema: pipelineTemplateResponseSchema,
            })
          ).data.data
        : (
            await api.put(route('recruiting.pipelineTemplates.one', id), input, {
              schema: pipelineTemplateResponseSchema,
            })
          ).data.data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeletePipelineTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(route('recruiting.pipelineTemplates.one', id));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
