import type { Locale } from '@kadry/shared/constants';
import { route } from '@kadry/shared/routes';
import {
  type MailSettings,
  type MailTemplate,
  type MailTemplateInput,
  type MailTemplatePurpose,
  mailSettingsResponseSchema,
  mailTemplateListResponseSchema,
  mailTemplateResponseSchema,
} from '@kadry/shared/schemas/recruiting-mail';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

// Candidate mail templates and the acknowledgement setting (the templates screen and the mail dialogs).

export type TemplateFilter = { locale?: Locale; purpose?: MailTemplatePurpose };

const templateKeys = {
  all: ['mail-templates'] as const,
  list: (filter: TemplateFilter) => ['mail-templates', 'list', filter] as const,
  settings: ['mail-templates', 'settings'] as const,
};

export async function getMailTemplates(
  filter: TemplateFilter,
  signal?: AbortSignal,
): Promise<MailTemplate[]> {
  const response = await api.get(route('recruiting.mailTemplates', filter), {
    schema: mailTemplateListResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useMailTemplates(filter: TemplateFilter = {}, { isEnabled = true } = {}) {
  return useQuery({
    queryKey: templateKeys.list(filter),
    queryFn: ({ signal }) => getMailTemplates(filter, signal),
    enabled: isEnabled,
  });
}

/** A template saved: created without an id, changed with one. */
export async function saveMailTemplate(input: MailTemplateInput & { id?: number }): Promise<MailTemplate> {
  const { id, ...body } = input;
  const response =
    id === undefined
      ? await api.post(route('recruiting.mailTemplates'), body, { schema: mailTemplateResponseSchema })
      : await api.put(route('recruiting.mailTemplates.one', id), body, {
          schema: mailTemplateResponseSchema,
        });
  return response.data.data;
}

export function useSaveMailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMailTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteMailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => {
      await api.delete(route('recruiting.mailTemplates.one', id));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useMailSettings() {
  return useQuery({
    queryKey: templateKeys.settings,
    queryFn: async ({ signal }) =>
      (await api.get(route('recruiting.mailSettings'), { schema: mailSettingsResponseSchema, signal })).data
        .data,
  });
}

export function useChangeMailSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: MailSettings) =>
      (await api.put(route('recruiting.mailSettings'), settings, { schema: mailSettingsResponseSchema })).data
        .data,
    onSuccess: (settings) => queryClient.setQueryData(templateKeys.settings, settings),
  });
}
