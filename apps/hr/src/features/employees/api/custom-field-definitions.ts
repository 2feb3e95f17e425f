import { route } from '@kadry/shared/routes';
import {
  type CustomFieldDefinition,
  type customFieldDefinitionBodySchema,
  customFieldDefinitionsResponseSchema,
} from '@kadry/shared/schemas/employees';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { EMPLOYEES_QUERY_KEY } from './get-employees';

export type CustomFieldDefinitionBody = z.input<typeof customFieldDefinitionBodySchema>;

const DEFINITIONS_QUERY_KEY = [...EMPLOYEES_QUERY_KEY, 'field-definitions'] as const;

/** The company's custom employee fields (`GET employee.fields`), in their order. */
export async function getCustomFieldDefinitions(signal?: AbortSignal): Promise<CustomFieldDefinition[]> {
  const response = await api.get(route('employee.fields'), {
    schema: customFieldDefinitionsResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useCustomFieldDefinitions() {
  return useQuery({
    queryKey: DEFINITIONS_QUERY_KEY,
    queryFn: ({ signal }) => getCustomFieldDefinitions(signal),
  });
}

export async function createCustomFieldDefinition(body: CustomFieldDefinitionBody): Promise<void> {
  await api.post(route('employee.fields'), body);
}

export async function updateCustomFieldDefinition(
  id: number,
  body: CustomFieldDefinitionBody,
): Promise<void> {
  await api.put(route('employee.fields.one', id), body);
}

export async function deleteCustomFieldDefinition(id: number): Promise<void> {
  await api.delete(route('employee.fields.one', id));
}

/** Creates (no id) or changes (an id) a definition; the list is read again after. */
export function useSaveCustomFieldDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: CustomFieldDefinitionBody }) =>
      id === null ? createCustomFieldDefinition(body) : updateCustomFieldDefinition(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEFINITIONS_QUERY_KEY }),
  });
}

export function useDeleteCustomFieldDefinition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomFieldDefinition,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEFINITIONS_QUERY_KEY }),
  });
}
