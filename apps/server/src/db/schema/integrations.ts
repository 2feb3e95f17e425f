import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { buildInListCheck } from './sql-helpers';
import { users } from './users';

// Integrations (issue 16 item 6): API tokens for the public API and signed webhooks.

/**
 * A token for `Authorization: Bearer`. The secret is shown once; only its SHA-256 is stored, with a
 * short prefix to recognise it in lists. Revoking sets `revoked_at`; `last_used_at` is touched on use.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenPrefix: text('token_prefix').notNull(),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_company_idx').on(t.companyId, t.createdAt),
  ],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** A URL that receives the company's events, each delivery signed with `secret` (HMAC-SHA256). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    url: text('url').notNull(),
    description: text('description'),
    secret: text('secret').notNull(),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...createTimestampColumns(),
  },
  (t) => [index('webhooks_company_idx').on(t.companyId)],
);
export type WebhookRow = typeof webhooks.$inferSelect;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed', 'dead'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];

/** One event sent (or being sent) to one webhook: the delivery log, retried by the job queue. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** The event's id, sent in the body: receivers drop duplicates by it. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    state: text('state').$type<WebhookDeliveryState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    responseStatus: integer('response_status'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('webhook_deliveries_webhook_idx').on(t.companyId, t.webhookId, t.createdAt),
    uniqueIndex('webhook_deliveries_event_key').on(t.webhookId, t.eventId),
    check('webhook_deliveries_state_check', buildInListCheck('state', WEBHOOK_DELIVERY_STATES)),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
