import { route } from '@kadry/shared/routes';
import { type FormInput, type StaffForm, staffFormResponseSchema } from '@kadry/shared/schemas/recruiting';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Creates a form (id null) or replaces one's name, default flag and whole field list. */
async function saveForm(id: number | null, input: FormInput): Promise<StaffForm> {
  const response =
    id === null
      ? await api.post(route('recruiting.forms'), input, { schema: staffFormResponseSchema })
      : await api.put(route('recruiting.forms.one', id), input, { schema: staffFormResponseSchema });
  return response.data.data;
}

export function useSaveForm(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FormInput) => saveForm(id, input),
    onSuccess: (form) => {
      queryClient.setQueryData(['forms', 'one', form.id], form);
      return queryClient.invalidateQueries({ queryKey: ['forms', 'list'] });
    },
  });
}
