import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  webhookDeliveriesResponseSchema,
  webhookDeliveryResponseSchema,
} from '@kadry/shared/schemas/integrations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { webhooks } from '../../db/schema/integrations';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// The SSRF rule with the default settings (WEBHOOKS_ALLOW_PRIVATE_TARGETS off): a loopback or private
// target is refused when saved, and again when a delivery is sent (a URL that resolved elsewhere at
// save time, or DNS that changed since).

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
let receiver: Server;
let port: number;
let hits = 0;

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  receiver = createServer((_request, response) => {
    hits += 1;
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  port = (receiver.address() as AddressInfo).port;
});

afterAll(async () => {
  receiver?.closeAllConnections();
  await new Promise((resolve) => receiver?.close(resolve));
  await t?.close();
});

describe('webhook targets by default', () => {
  it.each([
    'http://127.0.0.1:{port}/hook',
    'http://localhost:{port}/hook',
    'http://[::1]:{port}/hook',
    'http://[::ffff:7f00:1]:{port}/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.8/hook',
    'http://100.64.1.1/hook',
  ])('refuse %s with 422 under url', async (pattern) => {
    const url = pattern.replace('{port}', String(port));
    const response = await callAs(t, owner, 'POST', '/api/v1/integrations/webhooks', {
      url,
      events: ['application.created'],
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors ?? {})).toEqual(['url']);
    const updated = await callAs(t, owner, 'GET', '/api/v1/integrations/webhooks');
    expect(updated.json().data).toEqual([]);
  });

  it('are checked again on delivery: a stored loopback URL is never connected to', async () => {
    // As if the name had resolved to a public address when it was saved.
    const [hook] = await t.database.db
      .insert(webhooks)
      .values({
        companyId: company.id,
        url: `http://127.0.0.1:${port}/hook`,
        secret: 'whsec_test',
        events: ['application.created'],
        createdById: owner.user.id,
      })
      .returning({ id: webhooks.id });
    if (!hook) throw new Error('no webhook');
    const test = await callAs(t, owner, 'POST', `/api/v1/integrations/webhooks/${hook.id}/test`);
    expect(test.statusCode, test.body).toBe(201);
    const ping = webhookDeliveryResponseSchema.parse(test.json()).data;
    await t.app.jobs.settled();

    const log = webhookDeliveriesResponseSchema.parse(
      (await callAs(t, owner, 'GET', `/api/v1/integrations/webhooks/${hook.id}/deliveries`)).json(),
    );
    expect(log.data).toEqual([
      expect.objectContaining({ id: ping.id, state: 'failed', attempts: 1, response_status: null }),
    ]);
    expect(log.data[0]?.last_error).toMatch(/refused: 127\.0\.0\.1 is not a public address/);
    expect(hits).toBe(0);
  });
});
