import { route } from '@kadry/shared/routes';
import {
  type CreatedWebhook,
  createdWebhookResponseSchema,
  type Webhook,
  type WebhookBody,
  type WebhookDelivery,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookResponseSchema,
  webhookSecretResponseSchema,
  webhooksResponseSchema,
} from '@kadry/shared/schemas/integrations';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

/** Every webhook query's key starts with this (the list and each delivery log). */
export const WEBHOOKS_QUERY_KEY = ['integrations', 'webhooks'] as const;

export async function getWebhooks(signal?: AbortSignal): Promise<Webhook[]> {
  const response = await api.get(route('integrations.webhooks'), { schema: webhooksResponseSchema, signal });
  return response.data.data;
}

export function useWebhooks() {
  return useQuery({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'list'],
    queryFn: ({ signal }) => getWebhooks(signal),
  });
}

function useInvalidatingMutation<TInput, TResult>(mutationFn: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

/** `POST integrations.webhooks` → 201 with the signing secret, shown this once. */
export async function createWebhook(body: WebhookBody): Promise<CreatedWebhook> {
  const response = await api.post(route('integrations.webhooks'), body, {
    schema: createdWebhookResponseSchema,
  });
  return response.data.data;
}

export function useCreateWebhook() {
  return useInvalidatingMutation(createWebhook);
}

export async function updateWebhook({ id, body }: { id: number; body: WebhookBody }): Promise<Webhook> {
  const response = await api.put(route('integrations.webhooks.one', id), body, {
    schema: webhookResponseSchema,
  });
  return response.data.data;
}

export function useUpdateWebhook() {
  return useInvalidatingMutation(updateWebhook);
}

export async function deleteWebhook(id: number): Promise<void> {
  await api.delete(route('integrations.webhooks.one', id));
}

export function useDeleteWebhook() {
  return useInvalidatingMutation(deleteWebhook);
}

/** A new signing secret, shown this once; the old one stops signing at once. */
export async function rotateWebhookSecret(id: number): Promise<string> {
  const response = await api.post(route('integrations.webhooks.secret', id), undefined, {
    schema: webhookSecretResponseSchema,
  });
  return response.data.data.secret;
}

export function useRotateWebhookSecret() {
  return useMutation({ mutationFn: rotateWebhookSecret });
}

/** Queues a `ping` delivery to the webhook. */
export async function sendTestEvent(id: number): Promise<WebhookDelivery> {
  const response = await api.post(route('integrations.webhooks.test', id), undefined, {
    schema: webhookDeliveryResponseSchema,
  });
  return response.data.data;
}

export function useSendTestEvent() {
  return useInvalidatingMutation(sendTestEvent);
}

export type WebhookDeliveryPage = z.infer<typeof webhookDeliveriesResponseSchema>;

export async function getWebhookDeliveries(
  id: number,
  page: number,
  signal?: AbortSignal,
): Promise<WebhookDeliveryPage> {
  const response = await api.get(route('integrations.webhooks.deliveries', id), {
    params: { page },
    schema: webhookDeliveriesResponseSchema,
    signal,
  });
  return response.data;
}

export function useWebhookDeliveries(id: number | null, page: number) {
  return useQuery({
    queryKey: [...WEBHOOKS_QUERY_KEY, 'deliveries', id, page],
    queryFn: ({ signal }) => getWebhookDeliveries(id ?? 0, page, signal),
    enabled: id !== null,
    placeholderData: keepPreviousData,
    // Pending deliveries settle within seconds: look again while any is on the page.
    refetchInterval: (query) =>
      query.state.data?.data.some((delivery) => delivery.state === 'pending') ? 2_000 : false,
  });
}

export async function redeliver({
  id,
  deliveryId,
}: {
  id: number;
  deliveryId: number;
}): Promise<WebhookDelivery> {
  const response = await api.post(route('integrations.webhooks.redeliver', { id, deliveryId }), undefined, {
    schema: webhookDeliveryResponseSchema,
  });
  return response.data.data;
}

export function useRedeliver() {
  return useInvalidatingMutation(redeliver);
}
