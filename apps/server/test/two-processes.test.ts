import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { parseEnv } from '../src/config/env';
import type { DatabaseHandle } from '../src/db/client';
import { type Company, companies } from '../src/db/schema/companies';
import { roles } from '../src/db/schema/roles';
import { agentFor, seedUser } from '../src/modules/auth/auth-test-support';
import { createCvParserPool } from '../src/modules/cv/cv-parser-pool';
import { createSession } from '../src/plugins/session-store';
import { createConfiguredFileStore } from '../src/storage/configured-store';
import { CAREERS_SERVER_ENTRY } from './careers-build';
import { createTestDatabase, seedCompany } from './db';
import { recordServerStatements } from './tenant-filter/statement-log';

// Two server processes on one PostgreSQL, as behind a load balancer (issue 16 item 2): what one
// process keeps in memory must not let it disagree with the other. Each app below has its own
// memory (caches, rate-limit store, LISTEN connection); they share only the database.

const context = inject('kadryTestDatabase');

describe.runIf(context.kind === 'postgres')('two processes on one PostgreSQL', () => {
  let database: DatabaseHandle;
  let dataDir: string;
  let company: Company;
  const apps: FastifyInstance[] = [];
  const cvParser = createCvParserPool({ workers: 1, timeoutMs: 5_000 });

  async function startProcess(): Promise<FastifyInstance> {
    const env = parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SHED_EVENT_LOOP_DELAY_MS: '0',
    });
    const app = await buildApp({
      env,
      database: recordServerStatements(database),
      fileStore: createConfiguredFileStore(env, dataDir).fileStore,
      cvParser,
      careersClientDir: path.join(dataDir, 'no-client-build'),
      careersServerEntry: CAREERS_SERVER_ENTRY,
      hrClientDir: path.join(dataDir, 'no-hr-build'),
      logger: false,
    });
    app.get('/test/limited', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => ({
      ok: true,
    }));
    app.get('/test/company', async (request) => ({ name: request.company?.name ?? null }));
    await app.ready();
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-two-'));
    database = await createTestDatabase();
    company = await seedCompany(database.db, { name: 'Old Name' });
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await cvParser.close();
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('counts a rate limit over the requests of both', async () => {
    const [first, second] = [await startProcess(), await startProcess()];
    const get = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/test/limited', remoteAddress: '198.51.100.7' });
    const statuses = [];
    for (const app of [first, second, first, second]) statuses.push((await get(app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // Another client is counted apart.
    const other = await first.inject({ method: 'GET', url: '/test/limited', remoteAddress: '198.51.100.8' });
    expect(other.statusCode).toBe(200);
  });

  it('drops the other process’s cached company at once when one process changes it', async () => {
    const [first, second] = [apps[0], apps[1]];
    if (!first || !second) throw new Error('the processes of the first test are missing');
    const host = company.hosts[0] ?? '';
    const read = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/test/company', headers: { host } })).json<{ name: string }>()
        .name;
    expect(await read(second)).toBe('Old Name');
    await database.db.update(companies).set({ name: 'New Name' }).where(eq(companies.id, company.id));
    // Still cached in the second process (for up to 5 s) until the first one announces the change.
    expect(await read(second)).toBe('Old Name');
    first.forgetCachedCompanies();
    const startedAt = Date.now();
    await expect.poll(() => read(second), { timeout: 1_000, interval: 20 }).toBe('New Name');
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });

  it('enforces a role change made through one process in the other within 1 s, both ways', async () => {
    const [first, second] = [apps[0], apps[1]];
    if (!first || !second) throw new Error('the processes of the first test are missing');
    const host = company.hosts[0] ?? '';
    async function signedIn(role: 'owner' | 'employee') {
      const { user } = await seedUser(database.db, company.id, { role });
      const token = await createSession(database.db, {
        companyId: company.id,
        userId: user.id,
        now: new Date(),
        maxAgeMs: 3_600_000,
      });
      return { user, headers: { ...agentFor(token).headers, host, accept: 'application/json' } };
    }
    const owner = await signedIn('owner');
    const person = await signedIn('owner');
    // The built-in roles exist once the company has its first account.
    const roleIds = Object.fromEntries(
      (
        await database.db
          .select({ id: roles.id, key: roles.key })
          .from(roles)
          .where(eq(roles.companyId, company.id))
      ).map((role) => [role.key, role.id]),
    );
    expect(roleIds.owner).toBeDefined();
    expect(roleIds.employee).toBeDefined();
    // Owners only: what the person may do follows their role.
    const listUsers = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/v1/admin/users', headers: person.headers })).statusCode;
    const setRole = async (key: 'owner' | 'employee') => {
      const response = await first.inject({
        method: 'PUT',
        url: `/api/v1/admin/users/${person.user.id}`,
        headers: owner.headers,
        payload: { role_id: roleIds[key] },
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    expect(await listUsers(second)).toBe(200);
    await setRole('employee');
    let startedAt = Date.now();
    await expect.poll(() => listUsers(second), { timeout: 1_000, interval: 20 }).toBe(403);
    expect(Date.now() - startedAt).toBeLessThan(1_000);

    await setRole('owner');
    startedAt = Date.now();
    await expect.poll(() => listUsers(second), { timeout: 1_000, interval: 20 }).toBe(200);
    expect(Date.now() - startedAt).toBeLessThan(1_000);
  });
});
