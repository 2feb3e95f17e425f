import { route } from '@kadry/shared/routes';
import { formListResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type FormSummary = z.infer<typeof formListResponseSchema>['data'][number];

async function getForms(signal?: AbortSignal): Promise<FormSummary[]> {
  const response = await api.get(route('recruiting.forms'), { schema: formListResponseSchema, signal });
  return response.data.data;
}

export function useForms(enabled = true) {
  return useQuery({ queryKey: ['forms', 'list'], queryFn: ({ signal }) => getForms(signal), enabled });
}
