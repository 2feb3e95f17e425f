import { createHmac } from 'node:crypto';
import {
  type CreatedWebhook,
  WEBHOOK_DELIVERY_HEADER,
  type WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENT_HEADER,
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from '@kadry/shared/schemas/integrations';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { DeliveredEvent, DomainEvents, EventBus } from '../../lib/event-bus';
import type { JobQueue } from '../../lib/job-queue';
import {
  checkOutgoingUrl,
  type OutgoingPolicy,
  OutgoingUrlError,
  type OutgoingUrlProblem,
  postOutgoing,
} from '../../lib/outgoing-url';
import { createRandomToken } from '../../lib/tokens';
import type { SessionUser } from '../../plugins/session-store';
import {
  deleteWebhookRow,
  findDeliveryRow,
  findDeliveryToSend,
  findLastDeliveries,
  findSubscribedWebhookIds,
  findWebhookRow,
  insertDeliveryRow,
  insertWebhookRow,
  listDeliveryRows,
  listWebhookRows,
  recordDeliveryAttempt,
  resetDeliveryRow,
  updateWebhookRow,
  type WebhookDeliveryRow,
  type WebhookRow,
} from './webhooks.queries';

/**
 * Webhooks (issue 16 item 6, docs/webhooks.md): owners register URLs for the company's events; each
 * event becomes one delivery per subscribed active webhook, recorded with a 'webhook.deliver' job in
 * one transaction and POSTed, signed, by the job queue (retried with backoff, `dead` after the last
 * attempt). Targets pass the SSRF rule of lib/outgoing-url.ts when saved and on every attempt.
 */

/** Attempts per delivery: at once, then after 10 s, 40 s, 2m40s, 10m40s, 42m40s, 1 h and 1 h (job queue). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** The whole request (connect, send, answer) must finish within this. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

type JobsForWebhooks = Pick<JobQueue, 'enqueue' | 'runSoon'>;

export type WebhooksContext = {
  db: Db;
  owner: SessionUser;
  policy: OutgoingPolicy;
  jobs: JobsForWebhooks;
};

export type WebhookInput = {
  url: string;
  events: WebhookEvent[];
  description: string | null;
  active: boolean;
};

// ---------------------------------------------------------------------------------------------
// Signatures

/**
 * `Kadry-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>` (docs/webhooks.md).
 */
export function signWebhookPayload(secret: string, timestamp: number, body: string): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

function createSecret(): string {
  return `whsec_${createRandomToken(32)}`;
}

// ---------------------------------------------------------------------------------------------
// Wire shapes

function isWebhookEvent(value: string): value is WebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(value);
}

function toWebhookWire(
  row: WebhookRow,
  last: { state: (typeof WEBHOOK_DELIVERY_STATES)[number]; createdAt: Date } | undefined,
): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.filter(isWebhookEvent),
    active: row.active,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_delivery: last ? { state: last.state, created_at: last.createdAt.toISOString() } : null,
  };
}

function toDeliveryWire(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType as WebhookDelivery['event_type'],
    state: row.state,
    attempts: row.attempts,
    response_status: row.responseStatus,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    payload: row.payload,
  };
}

const URL_PROBLEM_KEYS: Record<OutgoingUrlProblem, string> = {
  invalid_url: 'integrations.errors.url_format',
  unresolvable: 'integrations.errors.url_unresolvable',
  private_address: 'integrations.errors.url_private',
};

/** 422 under `url` unless the target passes the SSRF rule. */
async function requireAllowedUrl(url: string, policy: OutgoingPolicy): Promise<void> {
  try {
    await checkOutgoingUrl(url, policy);
  } catch (error) {
    if (!(error instanceof OutgoingUrlError)) throw error;
    throw new AppError('validation', { issues: { url: [{ key: URL_PROBLEM_KEYS[error.problem] }] } });
  }
}

async function findOwnWebhook(ctx: WebhooksContext, id: number): Promise<WebhookRow> {
  const row = await findWebhookRow(ctx.db, ctx.owner.companyId, id);
  if (!row) throw new AppError('not_found');
  return row;
}

// ---------------------------------------------------------------------------------------------
// Webhooks

export async function listWebhooks(ctx: WebhooksContext): Promise<Webhook[]> {
  const rows = await listWebhookRows(ctx.db, ctx.owner.companyId);
  const last = await findLastDeliveries(
    ctx.db,
    ctx.owner.companyId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toWebhookWire(row, last.get(row.id)));
}

export async function getWebhook(ctx: WebhooksContext, id: number): Promise<Webhook> {
  const row = await findOwnWebhook(ctx, id);
  const last = await findLastDeliveries(ctx.db, ctx.owner.companyId, [row.id]);
  return toWebhookWire(row, last.get(row.id));
}

export async function createWebhook(ctx: WebhooksContext, input: WebhookInput): Promise<CreatedWebhook> {
  await requireAllowedUrl(input.url, ctx.policy);
  const secret = createSecret();
  const row = await insertWebhookRow(ctx.db, {
    companyId: ctx.owner.companyId,
    url: input.url,
    description: input.description || null,
    secret,
    events: input.events,
    active: input.active,
    createdById: ctx.owner.id,
  });
  return { ...toWebhookWire(row, undefined), secret };
}

export async function updateWebhook(ctx: WebhooksContext, id: number, input: WebhookInput): Promise<Webhook> {
  await findOwnWebhook(ctx, id);
  await requireAllowedUrl(input.url, ctx.policy);
  const row = await updateWebhookRow(ctx.db, ctx.owner.companyId, id, {
    url: input.url,
    description: input.description || null,
    events: input.events,
    active: input.active,
  });
  if (!row) throw new AppError('not_found');
  return getWebhook(ctx, row.id);
}

export async function deleteWebhook(ctx: WebhooksContext, id: number): Promise<void> {
  if (!(await deleteWebhookRow(ctx.db, ctx.owner.companyId, id))) throw new AppError('not_found');
}

/** A new signing secret; deliveries sent from now on are signed with it only. */
export async function rotateWebhookSecret(ctx: WebhooksContext, id: number): Promise<{ secret: string }> {
  await findOwnWebhook(ctx, id);
  const secret = createSecret();
  const row = await updateWebhookRow(ctx.db, ctx.owner.companyId, id, { secret });
  if (!row) throw new AppError('not_found');
  return { secret };
}

// ---------------------------------------------------------------------------------------------
// Deliveries

export async function listWebhookDeliveries(
  ctx: WebhooksContext,
  id: number,
  paging: { page: number; per_page: number },
): Promise<{
  data: WebhookDelivery[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}> {
  await findOwnWebhook(ctx, id);
  const { rows, total } = await listDeliveryRows(ctx.db, ctx.owner.companyId, id, {
    page: paging.page,
    perPage: paging.per_page,
  });
  return {
    data: rows.map(toDeliveryWire),
    meta: {
      current_page: paging.page,
      last_page: Math.max(1, Math.ceil(total / paging.per_page)),
      per_page: paging.per_page,
      total,
    },
  };
}

/** The body every delivery sends (docs/webhooks.md). */
function buildPayload(input: {
  eventId: string;
  type: string;
  createdAt: Date;
  companyId: number;
  data: Record<string, unknown>;
}) {
  return {
    id: input.eventId,
    type: input.type,
    created_at: input.createdAt.toISOString(),
    company_id: input.companyId,
    data: input.data,
  };
}

function replaceKeyOf(deliveryId: number): string {
  return `webhook-delivery:${deliveryId}`;
}

/** "Send test event": a `ping` delivery to this webhook (active or not), queued and tried at once. */
export async function sendTestEvent(ctx: WebhooksContext, id: number): Promise<WebhookDelivery> {
  const webhook = await findOwnWebhook(ctx, id);
  const companyId = ctx.owner.companyId;
  const eventId = `evt_${createRandomToken(12)}`;
  const delivery = await ctx.db.transaction(async (tx) => {
    const row = await insertDeliveryRow(tx, {
      companyId,
      webhookId: webhook.id,
      eventId,
      eventType: 'ping',
      payload: buildPayload({
        eventId,
        type: 'ping',
        createdAt: new Date(),
        companyId,
        data: { webhook_id: webhook.id, message: 'A test event from Kadry.' },
      }),
    });
    if (!row) throw new Error('sendTestEvent: the delivery was not recorded');
    await ctx.jobs.enqueue(
      tx,
      companyId,
      'webhook.deliver',
      { deliveryId: row.id },
      {
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
        replaceKey: replaceKeyOf(row.id),
      },
    );
    return row;
  });
  ctx.jobs.runSoon();
  return toDeliveryWire(delivery);
}

/** Sends a delivery again with a fresh set of attempts; 409 while it is still pending. */
export async function redeliver(
  ctx: WebhooksContext,
  id: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  await findOwnWebhook(ctx, id);
  const companyId = ctx.owner.companyId;
  const reset = await ctx.db.transaction(async (tx) => {
    const row = await resetDeliveryRow(tx, companyId, id, deliveryId);
    if (!row) return null;
    // A retry of the old job still waiting is replaced by this one.
    await ctx.jobs.enqueue(
      tx,
      companyId,
      'webhook.deliver',
      { deliveryId: row.id },
      {
        maxAttempts: WEBHOOK_MAX_ATTEMPTS,
        replaceKey: replaceKeyOf(row.id),
      },
    );
    return row;
  });
  if (!reset) {
    const existing = await findDeliveryRow(ctx.db, companyId, id, deliveryId);
    throw new AppError(existing ? 'conflict' : 'not_found');
  }
  ctx.jobs.runSoon();
  return toDeliveryWire(reset);
}

// ---------------------------------------------------------------------------------------------
// Reacting to events, and sending

/** What a webhook receives as `data` for each event: ids, to fetch the rest with an API token. */
const EVENT_DATA: { [N in WebhookEvent]: (payload: DomainEvents[N]) => Record<string, unknown> } = {
  'application.created': (payload) => ({ application_id: payload.applicationId }),
  'application.stage_changed': (payload) => ({
    application_id: payload.applicationId,
    vacancy_id: payload.vacancyId,
    from_stage_id: payload.fromStageId,
    to_stage_id: payload.toStageId,
  }),
  'vacancy.published': (payload) => ({ vacancy_id: payload.vacancyId }),
};

export type WebhookDeps = {
  db: Db;
  jobs: JobsForWebhooks;
};

/**
 * Subscribes one handler per webhook event: it records a delivery (and its job) for every active
 * webhook of the company subscribed to the event, in one transaction; a redelivered event adds none.
 * An event no webhook is subscribed to costs one read.
 */
export function subscribeWebhooks(events: EventBus, deps: WebhookDeps): void {
  const handle = async <N extends WebhookEvent>(event: DeliveredEvent<N>) => {
    // Most companies have no webhook for most events: one read, and no transaction (a bulk move of
    // 1,000 applications is 1,000 events, delivered on the one connection PGlite has).
    if ((await findSubscribedWebhookIds(deps.db, event.companyId, event.name)).length === 0) return;
    const eventId = `evt_${event.id}`;
    const payload = buildPayload({
      eventId,
      type: event.name,
      createdAt: event.createdAt,
      companyId: event.companyId,
      data: EVENT_DATA[event.name](event.payload),
    });
    const queued = await deps.db.transaction(async (tx) => {
      let count = 0;
      for (const webhookId of await findSubscribedWebhookIds(tx, event.companyId, event.name)) {
        const row = await insertDeliveryRow(tx, {
          companyId: event.companyId,
          webhookId,
          eventId,
          eventType: event.name,
          payload,
        });
        if (!row) continue;
        await deps.jobs.enqueue(
          tx,
          event.companyId,
          'webhook.deliver',
          { deliveryId: row.id },
          {
            maxAttempts: WEBHOOK_MAX_ATTEMPTS,
            replaceKey: replaceKeyOf(row.id),
          },
        );
        count += 1;
      }
      return count;
    });
    if (queued > 0) deps.jobs.runSoon();
  };
  events.subscribe('application.created', 'webhooks.application.created', handle);
  events.subscribe('application.stage_changed', 'webhooks.application.stage_changed', handle);
  events.subscribe('vacancy.published', 'webhooks.vacancy.published', handle);
}

function describeFailure(error: unknown): string {
  if (error instanceof OutgoingUrlError) return `refused: ${error.message}`;
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * Registers the 'webhook.deliver' job: POST the stored body, signed with the webhook's current
 * secret and a fresh timestamp. A 2xx is delivered; anything else (another status, a refused target,
 * a network error, the timeout) is recorded and thrown, so the queue retries it; after the last
 * attempt the delivery is `dead`.
 */
export function registerWebhookDeliveries(
  queue: Pick<JobQueue, 'register'>,
  deps: { db: Db; policy: OutgoingPolicy; timeoutMs?: number },
): void {
  queue.register('webhook.deliver', async (job) => {
    const delivery = await findDeliveryToSend(deps.db, job.companyId, job.payload.deliveryId);
    // The webhook was deleted with its log, or an earlier run already got through.
    if (!delivery || delivery.state === 'delivered') return;
    const body = JSON.stringify(delivery.payload);
    const timestamp = Math.floor(Date.now() / 1000);
    let status: number | null = null;
    let failure: string | null = null;
    try {
      ({ status } = await postOutgoing(
        delivery.url,
        {
          body,
          timeoutMs: deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Kadry-Webhooks/1.0',
            [WEBHOOK_SIGNATURE_HEADER]: signWebhookPayload(delivery.secret, timestamp, body),
            [WEBHOOK_EVENT_HEADER]: delivery.eventType,
            [WEBHOOK_DELIVERY_HEADER]: String(delivery.id),
          },
        },
        deps.policy,
      ));
      if (status < 200 || status >= 300) failure = `the receiver answered HTTP ${status}`;
    } catch (error) {
      failure = describeFailure(error).slice(0, 1_000);
    }
    if (failure === null) {
      await recordDeliveryAttempt(deps.db, job.companyId, delivery.id, {
        state: 'delivered',
        responseStatus: status,
        lastError: null,
      });
      return;
    }
    await recordDeliveryAttempt(deps.db, job.companyId, delivery.id, {
      state: job.attempt >= WEBHOOK_MAX_ATTEMPTS ? 'dead' : 'failed',
      responseStatus: status,
      lastError: failure,
    });
    throw new Error(failure);
  });
}
