import { z } from 'zod';
import type { RouteName } from '../routes';
import { objectIdParamSchema, pageMetaSchema, pagingQuerySchema } from './common';

/**
 * Integrations (issue 16 item 6, docs/webhooks.md), owners only: API tokens for the staff API
 * (`Authorization: Bearer kadry_…`) and webhooks that receive the company's events, each delivery
 * signed with the webhook's secret.
 */

// ---------------------------------------------------------------------------------------------
// API tokens

/**
 * What a token may do. Each scope opens a fixed set of routes (and nothing else, whatever the
 * creator's role allows): see API_TOKEN_SCOPE_ROUTES. `applications:write` moves applications between
 * stages, and reads the application it moves.
 */
export const API_TOKEN_SCOPES = [
  'vacancies:read',
  'applications:read',
  'applications:write',
  'employees:read',
] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];
export const apiTokenScopeSchema = z.enum(API_TOKEN_SCOPES);

/** The routes (name and method) each scope opens to a bearer token. Everything else answers 403. */
export const API_TOKEN_SCOPE_ROUTES = {
  'vacancies:read': [
    { name: 'recruiting.vacancies', method: 'GET' },
    { name: 'recruiting.vacancies.one', method: 'GET' },
  ],
  'applications:read': [
    { name: 'recruiting.applications', method: 'GET' },
    { name: 'recruiting.applications.one', method: 'GET' },
  ],
  // PUT, or POST with _method=PUT (the method override).
  'applications:write': [
    { name: 'recruiting.applications.stage', method: 'PUT' },
    { name: 'recruiting.applications.stage', method: 'POST' },
  ],
  'employees:read': [
    { name: 'employee.visibleEmployeesPaginated', method: 'GET' },
    { name: 'employee.one', method: 'GET' },
  ],
} as const satisfies Record<ApiTokenScope, readonly { name: RouteName; method: 'GET' | 'PUT' | 'POST' }[]>;

/** Every token starts with this, so secret scanners and people recognise one. */
export const API_TOKEN_PREFIX = 'kadry_';
/** How many characters of a token the list shows (the prefix and a few random ones). */
export const API_TOKEN_SHOWN_PREFIX_LENGTH = 12;
export const API_TOKEN_NAME_MAX_LENGTH = 100;

/**
 * `POST integrations.apiTokens` → 201 with the token's secret, shown this once. `expires_at`: an ISO
 * time in the future (422 otherwise), or none for a token that works until revoked.
 */
export const createApiTokenBodySchema = z.object({
  name: z.string().trim().min(1).max(API_TOKEN_NAME_MAX_LENGTH),
  scopes: z
    .array(apiTokenScopeSchema)
    .min(1)
    .max(API_TOKEN_SCOPES.length * 2)
    .transform((scopes) => [...new Set(scopes)]),
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type CreateApiTokenBody = z.input<typeof createApiTokenBodySchema>;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the token (`kadry_AbC123`), to recognise it; never the whole secret. */
  prefix: z.string(),
  scopes: z.array(apiTokenScopeSchema),
  /** The owner who made it; null once that account is gone (the token then stops working). */
  created_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  created_at: z.iso.datetime({ offset: true }),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  /** Updated at most once a minute. */
  last_used_at: z.iso.datetime({ offset: true }).nullable(),
  revoked_at: z.iso.datetime({ offset: true }).nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `GET integrations.apiTokens`: every token of the company, newest first, revoked ones included. */
export const apiTokensResponseSchema = z.object({ data: z.array(apiTokenSchema) });
export const apiTokenResponseSchema = z.object({ data: apiTokenSchema });
/** The answer to creating a token: `token` is the secret, shown this once and stored only hashed. */
export const createdApiTokenResponseSchema = z.object({
  data: apiTokenSchema.extend({ token: z.string() }),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenResponseSchema>['data'];

// `POST integrations.apiTokens.revoke` (no body) → 200 `{ data: ApiToken }`; revoking twice keeps the first time.

// ---------------------------------------------------------------------------------------------
// Webhooks

/** Events a webhook may subscribe to. `ping` (send test event) goes to one webhook on request only. */
export const WEBHOOK_EVENTS = [
  'application.created',
  'application.stage_changed',
  'vacancy.published',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const webhookEventSchema = z.enum(WEBHOOK_EVENTS);
/** Every event type a delivery may carry. */
export const WEBHOOK_DELIVERY_EVENTS = [...WEBHOOK_EVENTS, 'ping'] as const;

export const WEBHOOK_URL_MAX_LENGTH = 2_000;
export const WEBHOOK_DESCRIPTION_MAX_LENGTH = 500;

/**
 * http(s)://, a host (a name, an IPv4 address or a bracketed IPv6 one; no credentials), an optional
 * port, then a path, query or fragment without spaces. The server parses it again as a URL.
 */
const WEBHOOK_URL_PATTERN =
  /^https?:\/\/(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * A receiver's address: http or https, no credentials in it. Private and loopback targets are refused
 * by the server (422 under `url`) unless WEBHOOKS_ALLOW_PRIVATE_TARGETS is set.
 */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(WEBHOOK_URL_MAX_LENGTH)
  .regex(WEBHOOK_URL_PATTERN, 'integrations.errors.url_format');

/** `POST integrations.webhooks` → 201 with the secret (shown this once); `PUT integrations.webhooks.one` → 200. */
export const webhookBodySchema = z.object({
  url: webhookUrlSchema,
  events: z
    .array(webhookEventSchema)
    .min(1)
    .max(WEBHOOK_EVENTS.length * 2)
    .transform((events) => [...new Set(events)]),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX_LENGTH).nullable().default(null),
  active: z.boolean().default(true),
});
export type WebhookBody = z.input<typeof webhookBodySchema>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed', 'dead'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(webhookEventSchema),
  active: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
  /** The newest delivery's state and time; null before the first. */
  last_delivery: z
    .object({ state: z.enum(WEBHOOK_DELIVERY_STATES), created_at: z.iso.datetime({ offset: true }) })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhooksResponseSchema = z.object({ data: z.array(webhookSchema) });
export const webhookResponseSchema = z.object({ data: webhookSchema });
/** Creating a webhook answers its signing secret (`whsec_…`) this once; rotating answers the new one. */
export const createdWebhookResponseSchema = z.object({ data: webhookSchema.extend({ secret: z.string() }) });
export type CreatedWebhook = z.infer<typeof createdWebhookResponseSchema>['data'];
/** `POST integrations.webhooks.secret` → a new secret; the old one stops signing at once. */
export const webhookSecretResponseSchema = z.object({ data: z.object({ secret: z.string() }) });

/**
 * One event sent (or being sent) to a webhook. `attempts` counts every try, redeliveries included;
 * `failed` will be tried again, `dead` will not (after the last retry), `delivered` got a 2xx.
 */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.enum(WEBHOOK_DELIVERY_EVENTS),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
  delivered_at: z.iso.datetime({ offset: true }).nullable(),
  /** The JSON body sent: `{ id, type, created_at, company_id, data }`. */
  payload: z.unknown(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** `GET integrations.webhooks.deliveries`: the delivery log, newest first, paged. */
export const webhookDeliveriesQuerySchema = pagingQuerySchema;
export const webhookDeliveriesResponseSchema = z.object({
  data: z.array(webhookDeliverySchema),
  meta: pageMetaSchema,
});
/**
 * `POST integrations.webhooks.test` → 201 with a new `ping` delivery; `POST integrations.webhooks.redeliver`
 * → 200 with the delivery sent again (409 while it is still pending). Both are queued, tried at once.
 */
export const webhookDeliveryResponseSchema = z.object({ data: webhookDeliverySchema });

/** `{id}/deliveries/{deliveryId}` path parameters. */
export const webhookDeliveryParamsSchema = z.object({
  id: objectIdParamSchema,
  deliveryId: objectIdParamSchema,
});

/** The headers of every delivery (docs/webhooks.md). */
export const WEBHOOK_SIGNATURE_HEADER = 'Kadry-Signature';
export const WEBHOOK_EVENT_HEADER = 'Kadry-Event';
export const WEBHOOK_DELIVERY_HEADER = 'Kadry-Delivery';
