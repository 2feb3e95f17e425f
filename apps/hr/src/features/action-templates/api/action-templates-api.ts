import { route } from '@kadry/shared/routes';
import {
  type ActionStatus,
  actionsTemplateResponseSchema,
  actionTemplateResponseSchema,
  actionTemplatesResponseSchema,
  type CreateActionTemplateBody,
  type MakeActionTaskBody,
  makeActionTaskResponseSchema,
  templateEventsOneResponseSchema,
  templateEventsResponseSchema,
} from '@kadry/shared/schemas/action-templates';
import { employeePicksResponseSchema } from '@kadry/shared/schemas/employees';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { localCache } from '../../../lib/local-db/local-cache';
import { dictionaryKeys } from '../../../lib/local-db/use-dictionary';

// HR action templates (issue 15): the settings screen's calls and the dashboard widget's.

/** The widget's request (spec §3.2 action template request): null dates are left out of the query. */
export type ActionsRequest = {
  custom_period_start: string | null;
  custom_period_end: string | null;
  team_ids: readonly number[];
  employee_ids: readonly number[];
  template_ids: readonly number[];
  per_template: number;
};

export const actionTemplateKeys = {
  all: ['action-templates'] as const,
  list: ['action-templates', 'list'] as const,
  people: ['action-templates', 'people'] as const,
  actions: ['action-templates', 'actions'] as const,
  groups: (params: ActionsRequest) => ['action-templates', 'actions', 'groups', params] as const,
  one: (id: number, params: Record<string, unknown>) =>
    ['action-templates', 'actions', 'one', id, params] as const,
  events: (params: TemplateEventsRequest) => ['action-templates', 'actions', 'events', params] as const,
};

/** `dashboard.actions.templateEvents`' filters (spec §3.2 templates-events request); null dates left out. */
export type TemplateEventsRequest = {
  custom_period_start: string | null;
  custom_period_end: string | null;
  team_ids: readonly number[];
  employee_ids: readonly number[];
  template_ids: readonly number[];
  status: ActionStatus;
  mine: boolean;
  page: number;
  per_page: number;
};

/** `GET actionTemplates.all`: every template, switched-off ones too. */
export function useActionTemplates() {
  return useQuery({
    queryKey: actionTemplateKeys.list,
    queryFn: async ({ signal }) =>
      (await api.get(route('actionTemplates.all'), { schema: actionTemplatesResponseSchema, signal })).data
        .data,
  });
}

/** The employees the user sees (`employee.all`): the widget's person filter and the form's picker. */
export function useVisiblePeople({ isEnabled }: { isEnabled: boolean }) {
  return useQuery({
    queryKey: actionTemplateKeys.people,
    queryFn: async ({ signal }) =>
      (await api.get(route('employee.all'), { schema: employeePicksResponseSchema, signal })).data.data,
    enabled: isEnabled,
    staleTime: 60_000,
  });
}

/** The people a chosen-person template may name: those the user sees who have an account. */
export function useTemplatePeople({ isEnabled }: { isEnabled: boolean }) {
  const query = useVisiblePeople({ isEnabled });
  return { ...query, data: query.data?.filter((person) => person.account_id != null) };
}

export type TemplateChange =
  | { kind: 'create'; body: CreateActionTemplateBody }
  | { kind: 'update'; id: number; body: CreateActionTemplateBody }
  | { kind: 'delete'; id: number };

async function sendChange(change: TemplateChange): Promise<void> {
  switch (change.kind) {
    case 'create':
      await api.post(route('actionTemplates.all'), change.body, { schema: actionTemplateResponseSchema });
      return;
    case 'update':
      await api.put(route('actionTemplates.one', { id: change.id }), change.body, {
        schema: actionTemplateResponseSchema,
      });
      return;
    case 'delete':
      await api.delete(route('actionTemplates.one', { id: change.id }));
      return;
  }
}

/**
 * A template created, changed or deleted: the list, the dashboard's actions and the cached event
 * template dictionary are read again (the server moved the dictionary's version; this tab drops its
 * copy now).
 */
export function useChangeTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendChange,
    onSettled: async () => {
      await localCache.remove('dictionary:eventTemplates');
      await Promise.all([
        client.invalidateQueries({ queryKey: actionTemplateKeys.all }),
        client.invalidateQueries({ queryKey: dictionaryKeys.all }),
      ]);
    },
  });
}

/** `dashboard.actions.template`: each template's first actions in the period, with counts. */
export function useActionGroups(params: ActionsRequest) {
  return useQuery({
    queryKey: actionTemplateKeys.groups(params),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.actions.template'), {
          params: { ...params },
          schema: actionsTemplateResponseSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** `dashboard.actions.templateEventsOne`: one template's actions, a page at a time. */
export function useTemplateActions(
  id: number,
  params: Record<string, string | number | readonly number[] | null>,
  { isEnabled }: { isEnabled: boolean },
) {
  return useQuery({
    queryKey: actionTemplateKeys.one(id, params),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.actions.templateEventsOne', { id, ...params }), {
          schema: templateEventsOneResponseSchema,
          signal,
        })
      ).data,
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

/** `dashboard.actions.templateEvents`: every action of the period across the templates, a page at a time. */
export function useTemplateEvents(request: TemplateEventsRequest) {
  return useQuery({
    queryKey: actionTemplateKeys.events(request),
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dashboard.actions.templateEvents'), {
          params: { ...request, mine: request.mine ? 'true' : 'false' },
          schema: templateEventsResponseSchema,
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** `POST dashboard.actions.task`: the action made a task (once); the actions are read again. */
export function useMakeActionTask() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: MakeActionTaskBody) =>
      (await api.post(route('dashboard.actions.task'), body, { schema: makeActionTaskResponseSchema })).data
        .data,
    onSuccess: () => client.invalidateQueries({ queryKey: actionTemplateKeys.actions }),
  });
}
