import { route } from '@kadry/shared/routes';
import { type StaffForm, staffFormResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

async function getForm(id: number, signal?: AbortSignal): Promise<StaffForm> {
  const response = await api.get(route('recruiting.forms.one', id), {
    schema: staffFormResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useApplicationForm(id: number | null) {
  return useQuery({
    queryKey: ['forms', 'one', id],
    queryFn: ({ signal }) => getForm(id as number, signal),
    enabled: id !== null,
  });
}
