import { readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { runInNewContext } from 'node:vm';
import {
  createdWebhookResponseSchema,
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
  webhookResponseSchema,
  webhookSecretResponseSchema,
  webhooksResponseSchema,
} from '@kadry/shared/schemas/integrations';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRecruitingFixture, vacancyBody } from '../../../test/recruiting-fixture';
import { webhookDeliveries } from '../../db/schema/integrations';
import { jobs } from '../../db/schema/jobs';
import { WEBHOOK_MAX_ATTEMPTS } from './webhooks.service';

// Webhooks end to end against a real HTTP receiver on 127.0.0.1 (allowed here by
// WEBHOOKS_ALLOW_PRIVATE_TARGETS): events become signed deliveries, retried by the job queue.

const fx = createRecruitingFixture({ env: () => ({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }) });
const HOOKS = '/api/v1/integrations/webhooks';

type Received = { headers: IncomingHttpHeaders; body: string; url: string };
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
/** Statuses the receiver answers, in order; 200 once they run out. */
let statuses: number[] = [];

/** The Node recipe of docs/webhooks.md, taken from the document itself. */
let verifyKadrySignature: (rawBody: string, header: string, secret: string) => boolean;

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        url: request.url ?? '',
      });
      response.writeHead(statuses.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  const doc = await readFile(new URL('../../../../../docs/webhooks.md', import.meta.url), 'utf8');
  const recipe = /```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!recipe) throw new Error('docs/webhooks.md has no js block');
  verifyKadrySignature = runInNewContext(`${recipe}\nverifyKadrySignature`, {
    require: createRequire(import.meta.url),
    Buffer,
  });
});

afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  statuses = [];
});

async function createHook(body: Record<string, unknown>) {
  const response = await fx.call(fx.staff.owner, 'POST', HOOKS, body);
  expect(response.statusCode, response.body).toBe(201);
  return createdWebhookResponseSchema.parse(response.json()).data;
}

/** Runs events and due jobs until nothing is left to do now. */
async function settle() {
  await fx.t.app.events.settled();
  await fx.t.app.jobs.settled();
}

/** Makes the webhook jobs waiting for their backoff due now (time passes), then runs them. */
async function skipBackoff() {
  await fx.t.database.db
    .update(jobs)
    .set({ availableAt: sql`now()` })
    .where(and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.state, 'pending')));
  await settle();
}

async function deliveriesOf(webhookId: number, query = '') {
  const response = await fx.call(fx.staff.owner, 'GET', `${HOOKS}/${webhookId}/deliveries${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return webhookDeliveriesResponseSchema.parse(response.json());
}

describe('webhooks (owners)', () => {
  it('are managed by owners only; the secret is shown on creation and rotation only', async () => {
    expect((await fx.call(fx.staff.hr, 'GET', HOOKS)).statusCode).toBe(403);
    expect(
      (await fx.call(fx.staff.hr, 'POST', HOOKS, { url: `${receiverUrl}/x`, events: ['vacancy.published'] }))
        .statusCode,
    ).toBe(403);

    const hook = await createHook({
      url: `${receiverUrl}/crud`,
      events: ['vacancy.published'],
      description: 'CRM',
    });
    expect(hook.secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(hook).toMatchObject({ active: true, events: ['vacancy.published'], last_delivery: null });

    const list = await fx.call(fx.staff.owner, 'GET', HOOKS);
    expect(list.body).not.toContain(hook.secret);
    expect(webhooksResponseSchema.parse(list.json()).data.map((h) => h.id)).toContain(hook.id);

    const updated = await fx.call(fx.staff.owner, 'PUT', `${HOOKS}/${hook.id}`, {
      url: `${receiverUrl}/crud2`,
      events: ['application.created', 'vacancy.published'],
      description: null,
      active: false,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(webhookResponseSchema.parse(updated.json()).data).toMatchObject({
      url: `${receiverUrl}/crud2`,
      active: false,
      description: null,
    });
    expect(updated.body).not.toContain('whsec_');

    const rotated = await fx.call(fx.staff.owner, 'POST', `${HOOKS}/${hook.id}/secret`);
    const { secret } = webhookSecretResponseSchema.parse(rotated.json()).data;
    expect(secret).not.toBe(hook.secret);

    for (const body of [
      { url: 'ftp://example.com/', events: ['vacancy.published'] },
      { url: `${receiverUrl}/x`, events: [] },
      { url: `${receiverUrl}/x`, events: ['application.deleted'] },
      { url: 'https://user:pw@example.com/', events: ['vacancy.published'] },
    ]) {
      expect((await fx.call(fx.staff.owner, 'POST', HOOKS, body)).statusCode, JSON.stringify(body)).toBe(422);
    }

    expect((await fx.call(fx.staff.hr, 'DELETE', `${HOOKS}/${hook.id}`)).statusCode).toBe(403);
    expect((await fx.call(fx.staff.owner, 'DELETE', `${HOOKS}/${hook.id}`)).statusCode).toBe(204);
    expect((await fx.call(fx.staff.owner, 'GET', `${HOOKS}/${hook.id}`)).statusCode).toBe(404);
  });
});

describe('deliveries', () => {
  it('sign application.created with the documented recipe and carry the event headers', async () => {
    const hook = await createHook({ url: `${receiverUrl}/created`, events: ['application.created'] });
    const applicationId = await fx.apply(fx.vacancyA, {
      name: 'Iryna',
      email: 'iryna@example.com',
      phone: '+380501112233',
    });
    await settle();

    const delivery = received.find((entry) => entry.url === '/created');
    if (!delivery) throw new Error('nothing delivered');
    const body = JSON.parse(delivery.body);
    expect(body).toMatchObject({
      type: 'application.created',
      company_id: fx.company.id,
      data: { application_id: applicationId },
    });
    expect(body.id).toMatch(/^evt_/);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['kadry-event']).toBe('application.created');
    const signature = String(delivery.headers['kadry-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifyKadrySignature(delivery.body, signature, hook.secret)).toBe(true);
    // Another secret, or a body changed by one byte, does not verify.
    expect(verifyKadrySignature(delivery.body, signature, `${hook.secret}x`)).toBe(false);
    expect(verifyKadrySignature(`${delivery.body} `, signature, hook.secret)).toBe(false);

    const log = await deliveriesOf(hook.id);
    expect(log.data).toEqual([
      expect.objectContaining({
        id: Number(delivery.headers['kadry-delivery']),
        event_id: body.id,
        event_type: 'application.created',
        state: 'delivered',
        attempts: 1,
        response_status: 200,
        last_error: null,
      }),
    ]);
    expect(log.data[0]?.payload).toEqual(body);
  });

  it('announce stage changes and publications to the webhooks subscribed, and skip inactive ones', async () => {
    const hook = await createHook({
      url: `${receiverUrl}/pipeline`,
      events: ['application.stage_changed', 'vacancy.published'],
    });
    const inactive = await createHook({
      url: `${receiverUrl}/inactive`,
      events: ['application.stage_changed', 'vacancy.published'],
      active: false,
    });
    const stages = (await fx.call(fx.staff.owner, 'GET', `/api/v1/vacancies/${fx.vacancyA}/stages`)).json()
      .data;
    const target = stages[stages.length - 1];
    const moved = await fx.call(fx.staff.owner, 'PUT', `/api/v1/applications/${fx.applicationA}/stage`, {
      stage_id: target.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const created = await fx.call(
      fx.staff.hr,
      'POST',
      '/api/v1/vacancies',
      vacancyBody({ name: 'Announced' }),
    );
    const vacancyId = created.json().data.id;
    expect((await fx.call(fx.staff.hr, 'POST', `/api/v1/vacancies/${vacancyId}/publish`)).statusCode).toBe(
      200,
    );
    // Publishing what is published already announces nothing.
    expect((await fx.call(fx.staff.hr, 'POST', `/api/v1/vacancies/${vacancyId}/publish`)).statusCode).toBe(
      200,
    );
    await settle();

    const bodies = received
      .filter((entry) => entry.url === '/pipeline')
      .map((entry) => JSON.parse(entry.body));
    expect(bodies).toEqual([
      expect.objectContaining({
        type: 'application.stage_changed',
        data: expect.objectContaining({
          application_id: fx.applicationA,
          vacancy_id: fx.vacancyA,
          to_stage_id: target.id,
        }),
      }),
      expect.objectContaining({ type: 'vacancy.published', data: { vacancy_id: vacancyId } }),
    ]);
    expect(received.filter((entry) => entry.url === '/inactive')).toEqual([]);
    expect((await deliveriesOf(inactive.id)).meta.total).toBe(0);
    expect((await deliveriesOf(hook.id, '?per_page=1')).meta).toMatchObject({
      total: 2,
      last_page: 2,
      per_page: 1,
    });
  });

  it('retry after a 500 with backoff, then deliver', async () => {
    const hook = await createHook({ url: `${receiverUrl}/flaky`, events: ['vacancy.published'] });
    statuses = [500];
    const test = await fx.call(fx.staff.owner, 'POST', `${HOOKS}/${hook.id}/test`);
    expect(test.statusCode, test.body).toBe(201);
    const ping = webhookDeliveryResponseSchema.parse(test.json()).data;
    expect(ping).toMatchObject({ event_type: 'ping', state: 'pending' });
    await settle();

    let [delivery] = (await deliveriesOf(hook.id)).data;
    expect(delivery).toMatchObject({ id: ping.id, state: 'failed', attempts: 1, response_status: 500 });
    expect(delivery?.last_error).toContain('500');
    expect(received.filter((entry) => entry.url === '/flaky')).toHaveLength(1);

    await skipBackoff();
    [delivery] = (await deliveriesOf(hook.id)).data;
    expect(delivery).toMatchObject({
      state: 'delivered',
      attempts: 2,
      response_status: 200,
      last_error: null,
    });
    const attempts = received.filter((entry) => entry.url === '/flaky');
    expect(attempts).toHaveLength(2);
    // The same delivery and event, signed afresh.
    expect(attempts[1]?.headers['kadry-delivery']).toBe(attempts[0]?.headers['kadry-delivery']);
    expect(attempts[1]?.body).toBe(attempts[0]?.body);
    expect(
      verifyKadrySignature(
        attempts[1]?.body ?? '',
        String(attempts[1]?.headers['kadry-signature']),
        hook.secret,
      ),
    ).toBe(true);
    expect(JSON.parse(attempts[0]?.body ?? '{}')).toMatchObject({
      type: 'ping',
      data: { webhook_id: hook.id },
    });
  });

  it('give up after the last retry: the delivery and its job end dead; redeliver starts again', async () => {
    const hook = await createHook({ url: `${receiverUrl}/down`, events: ['vacancy.published'] });
    statuses = Array.from({ length: WEBHOOK_MAX_ATTEMPTS }, () => 503);
    await fx.call(fx.staff.owner, 'POST', `${HOOKS}/${hook.id}/test`);
    await settle();
    for (let attempt = 2; attempt <= WEBHOOK_MAX_ATTEMPTS; attempt += 1) {
      const [delivery] = (await deliveriesOf(hook.id)).data;
      expect(delivery).toMatchObject({ state: 'failed', attempts: attempt - 1 });
      await skipBackoff();
    }
    const [dead] = (await deliveriesOf(hook.id)).data;
    expect(dead).toMatchObject({ state: 'dead', attempts: WEBHOOK_MAX_ATTEMPTS, response_status: 503 });
    expect(received.filter((entry) => entry.url === '/down')).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const [job] = await fx.t.database.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.companyId, fx.company.id), eq(jobs.state, 'dead')),
      );
    expect(job).toBeDefined();
    // Nothing more is tried.
    await skipBackoff();
    expect(received.filter((entry) => entry.url === '/down')).toHaveLength(WEBHOOK_MAX_ATTEMPTS);

    // Redeliver: the receiver is back.
    if (!dead) throw new Error('no delivery');
    const again = await fx.call(
      fx.staff.owner,
      'POST',
      `${HOOKS}/${hook.id}/deliveries/${dead.id}/redeliver`,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(webhookDeliveryResponseSchema.parse(again.json()).data.state).toBe('pending');
    await settle();
    const [redelivered] = (await deliveriesOf(hook.id)).data;
    expect(redelivered).toMatchObject({ state: 'delivered', attempts: WEBHOOK_MAX_ATTEMPTS + 1 });

    // A delivery still pending (queued, or being sent) is not sent twice: 409.
    const [pending] = await fx.t.database.db
      .insert(webhookDeliveries)
      .values({
        companyId: fx.company.id,
        webhookId: hook.id,
        eventId: 'evt_pending_one',
        eventType: 'ping',
        payload: {},
      })
      .returning({ id: webhookDeliveries.id });
    const conflict = await fx.call(
      fx.staff.owner,
      'POST',
      `${HOOKS}/${hook.id}/deliveries/${pending?.id}/redeliver`,
    );
    expect(conflict.statusCode).toBe(409);
  });

  it('keep deliveries of other webhooks and companies apart (404)', async () => {
    const mine = await createHook({ url: `${receiverUrl}/mine`, events: ['vacancy.published'] });
    const other = await createHook({ url: `${receiverUrl}/other`, events: ['vacancy.published'] });
    const ping = webhookDeliveryResponseSchema.parse(
      (await fx.call(fx.staff.owner, 'POST', `${HOOKS}/${mine.id}/test`)).json(),
    ).data;
    await settle();
    const wrong = await fx.call(
      fx.staff.owner,
      'POST',
      `${HOOKS}/${other.id}/deliveries/${ping.id}/redeliver`,
    );
    expect(wrong.statusCode).toBe(404);
    expect((await fx.call(fx.staff.hr, 'GET', `${HOOKS}/${mine.id}/deliveries`)).statusCode).toBe(403);
    expect((await fx.call(fx.staff.owner, 'GET', `${HOOKS}/999999/deliveries`)).statusCode).toBe(404);
  });
});
