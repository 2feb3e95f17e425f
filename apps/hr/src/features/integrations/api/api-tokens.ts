import { route } from '@kadry/shared/routes';
import {
  type ApiToken,
  apiTokenResponseSchema,
  apiTokensResponseSchema,
  type CreateApiTokenBody,
  type CreatedApiToken,
  createdApiTokenResponseSchema,
} from '@kadry/shared/schemas/integrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every API-token query's key starts with this, so one invalidation refreshes the list. */
export const API_TOKENS_QUERY_KEY = ['integrations', 'api-tokens'] as const;

export async function getApiTokens(signal?: AbortSignal): Promise<ApiToken[]> {
  const response = await api.get(route('integrations.apiTokens'), {
    schema: apiTokensResponseSchema,
    signal,
  });
  return response.data.data;
}

export function useApiTokens() {
  return useQuery({ queryKey: API_TOKENS_QUERY_KEY, queryFn: ({ signal }) => getApiTokens(signal) });
}

/** `POST integrations.apiTokens` → 201 with the token's secret, which the server never shows again. */
export async function createApiToken(body: CreateApiTokenBody): Promise<CreatedApiToken> {
  const response = await api.post(route('integrations.apiTokens'), body, {
    schema: createdApiTokenResponseSchema,
  });
  return response.data.data;
}

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}

export async function revokeApiToken(id: number): Promise<ApiToken> {
  const response = await api.post(route('integrations.apiTokens.revoke', id), undefined, {
    schema: apiTokenResponseSchema,
  });
  return response.data.data;
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_TOKENS_QUERY_KEY }),
  });
}
