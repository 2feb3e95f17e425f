import { route } from '@kadry/shared/routes';
import { type StaffForm, staffFormSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client';

export const formResponseSchema = z.object({ data: staffFormSchema });

export async function getForm(id: number, signal?: AbortSignal): Promise<StaffForm> {
  const response = await api.get(route('recruiting.forms.one', id), { schema: formResponseSchema, signal });
  return response.data.data;
}

export function useApplicationForm(id: number | null) {
  return useQuery({
    queryKey: ['forms', 'one', id],
    queryFn: ({ signal }) => getForm(id as number, signal),
    enabled: id !== null,
  });
}
