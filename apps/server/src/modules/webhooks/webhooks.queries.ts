import type { WebhookDeliveryState } from '@kadry/shared/schemas/integrations';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type WebhookDeliveryRow,
  type WebhookRow,
  webhookDeliveries,
  webhooks,
} from '../../db/schema/integrations';
import type { Db } from '../../db/tables';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type DbOrTx = Db | Tx;

export type { WebhookDeliveryRow, WebhookRow };

export async function listWebhookRows(db: Db, companyId: number): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.companyId, companyId))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id));
}

export async function findWebhookRow(db: DbOrTx, companyId: number, id: number): Promise<WebhookRow | null> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.companyId, companyId), eq(webhooks.id, id)))
    .limit(1);
  return row ?? null;
}

/** The newest delivery of each webhook (by webhook id). */
export async function findLastDeliveries(
  db: Db,
  companyId: number,
  webhookIds: readonly number[],
): Promise<Map<number, { state: WebhookDeliveryState; createdAt: Date }>> {
  if (webhookIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.webhookId], {
      webhookId: webhookDeliveries.webhookId,
      state: webhookDeliveries.state,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.companyId, companyId), inArray(webhookDeliveries.webhookId, [...webhookIds])),
    )
    .orderBy(asc(webhookDeliveries.webhookId), desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id));
  return new Map(rows.map((row) => [row.webhookId, { state: row.state, createdAt: row.createdAt }]));
}

export async function insertWebhookRow(
  db: Db,
  input: {
    companyId: number;
    url: string;
    description: string | null;
    secret: string;
    events: string[];
    active: boolean;
    createdById: number;
  },
): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(input).returning();
  if (!row) throw new Error('insertWebhookRow: insert returned no row');
  return row;
}

export async function updateWebhookRow(
  db: Db,
  companyId: number,
  id: number,
  values: Partial<Pick<WebhookRow, 'url' | 'description' | 'events' | 'active' | 'secret'>>,
): Promise<WebhookRow | null> {
  const [row] = await db
    .update(webhooks)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(webhooks.companyId, companyId), eq(webhooks.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a webhook and (cascade) its delivery log; false when the company has no such webhook. */
export async function deleteWebhookRow(db: Db, companyId: number, id: number): Promise<boolean> {
  const deleted = await db
    .delete(webhooks)
    .where(and(eq(webhooks.companyId, companyId), eq(webhooks.id, id)))
    .returning({ id: webhooks.id });
  return deleted.length > 0;
}

/** The company's active webhooks subscribed to an event type. */
export async function findSubscribedWebhookIds(
  tx: DbOrTx,
  companyId: number,
  eventType: string,
): Promise<number[]> {
  const rows = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      and(
        eq(webhooks.companyId, companyId),
        eq(webhooks.active, true),
        sql`${webhooks.events} @> ${JSON.stringify([eventType])}::jsonb`,
      ),
    )
    .orderBy(asc(webhooks.id));
  return rows.map((row) => row.id);
}

/**
 * Records a delivery; null when this webhook already has one for the event (a subscriber delivered
 * twice by the event bus stays idempotent).
 */
export async function insertDeliveryRow(
  tx: DbOrTx,
  input: { companyId: number; webhookId: number; eventId: string; eventType: string; payload: unknown },
): Promise<WebhookDeliveryRow | null> {
  const [row] = await tx
    .insert(webhookDeliveries)
    .values(input)
    .onConflictDoNothing({ target: [webhookDeliveries.webhookId, webhookDeliveries.eventId] })
    .returning();
  return row ?? null;
}

export async function listDeliveryRows(
  db: Db,
  companyId: number,
  webhookId: number,
  paging: { page: number; perPage: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  const where = and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.webhookId, webhookId));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(paging.perPage)
      .offset((paging.page - 1) * paging.perPage),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** A delivery with what sending it needs of its webhook. */
export type DeliveryToSend = WebhookDeliveryRow & { url: string; secret: string };

export async function findDeliveryToSend(
  db: Db,
  companyId: number,
  deliveryId: number,
): Promise<DeliveryToSend | null> {
  const [row] = await db
    .select({ delivery: webhookDeliveries, url: webhooks.url, secret: webhooks.secret })
    .from(webhookDeliveries)
    .innerJoin(
      webhooks,
      and(eq(webhooks.companyId, webhookDeliveries.companyId), eq(webhooks.id, webhookDeliveries.webhookId)),
    )
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, deliveryId)))
    .limit(1);
  return row ? { ...row.delivery, url: row.url, secret: row.secret } : null;
}

/** Records one attempt's outcome (attempts counts every try). */
export async function recordDeliveryAttempt(
  db: Db,
  companyId: number,
  deliveryId: number,
  outcome: { state: WebhookDeliveryState; responseStatus: number | null; lastError: string | null },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      state: outcome.state,
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      responseStatus: outcome.responseStatus,
      lastError: outcome.lastError,
      ...(outcome.state === 'delivered' ? { deliveredAt: sql`now()` } : {}),
    })
    .where(and(eq(webhookDeliveries.companyId, companyId), eq(webhookDeliveries.id, deliveryId)));
}

/**
 * Makes a delivery of a webhook pending again (redeliver); null when there is no such delivery or it
 * is pending already.
 */
export async function resetDeliveryRow(
  tx: DbOrTx,
  companyId: number,
  webhookId: number,
  deliveryId: number,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await tx
    .update(webhookDeliveries)
    .set({ state: 'pending', lastError: null, deliveredAt: null })
    .where(
      and(
        eq(webhookDeliveries.companyId, companyId),
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.id, deliveryId),
        ne(webhookDeliveries.state, 'pending'),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findDeliveryRow(
  db: Db,
  companyId: number,
  webhookId: number,
  deliveryId: number,
): Promise<WebhookDeliveryRow | null> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.companyId, companyId),
        eq(webhookDeliveries.webhookId, webhookId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    )
    .limit(1);
  return row ?? null;
}
