import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/client';
import type { Company } from '../../src/db/schema/companies';
import { schema } from '../../src/db/tables';
import { createEventBus } from '../../src/lib/event-bus';
import { releaseAbandonedClaims } from '../../src/lib/idempotency';
import { createJobQueue, releaseAbandonedJobLeases } from '../../src/lib/job-queue';
import { sweepOrphanFiles } from '../../src/lib/sweep-orphan-files';
import { deleteExpiredCvParses } from '../../src/modules/cv/cv.queries';
import { deleteStaleCheckedImports } from '../../src/modules/employees/import/employee-import.queries';
import { findIntegrityRows } from '../../src/modules/test-support/test-support.queries';
import { deleteExpiredAuthRows } from '../../src/plugins/session-store';
import { createMemoryStore } from '../../src/storage/memory-store';
import { createTestDatabase, seedCompany } from '../db';
import { EXEMPTIONS, findExemption } from './exemptions';
import { serverStatements } from './server-statements';
import { recordServerStatements } from './statement-log';
import { checkStatement, loadSqlParser, tenantTablesOf } from './tenant-filter';

// The exemption list against the code it names: each piece of infrastructure runs here on a recording
// database, and then every statement it sent is either filtered by company or exempted, and every
// exemption matched a statement (so none outlives the code it was written for).

const quietLog = { error: () => undefined, warn: () => undefined };

let database: DatabaseHandle;
let company: Company;

beforeAll(async () => {
  database = await createTestDatabase();
  company = await seedCompany(database.db);
  await loadSqlParser();
});

afterAll(async () => {
  await database?.close();
});

describe('the infrastructure that spans companies', () => {
  it('sends only statements that filter by company or are exempted, and uses every exemption', async () => {
    const { db } = recordServerStatements(database);

    // The job queue: a claim, a lease renewed while the job runs, the clean-up after the batch.
    const queue = createJobQueue({ db, log: quietLog, leaseMs: 30 });
    queue.register('mail.send', () => sleep(120));
    await queue.enqueue(db, company.id, 'mail.send', { to: 'a@example.com', subject: 's', text: 't' });
    queue.runSoon();
    await queue.settled(10_000);
    await queue.stop();

    // The outbox: the same three, for event deliveries.
    const events = createEventBus({ db, log: quietLog, claimMs: 30 });
    events.subscribe('vacancy.published', 'tenant-filter-test', () => sleep(120));
    await events.publish(db, company.id, 'vacancy.published', { vacancyId: 1 });
    events.dispatchSoon();
    await events.settled(10_000);
    await events.stop();

    // The sweeps of timers and of the start of a process.
    const fileStore = createMemoryStore();
    await fileStore.put(Readable.from([Buffer.from('orphan')]), { maxBytes: 100 });
    const inTwoHours = new Date(Date.now() + 2 * 3_600_000);
    expect(await sweepOrphanFiles(db, fileStore, inTwoHours)).toBe(1);
    await releaseAbandonedClaims(db);
    await releaseAbandonedJobLeases(db);
    await deleteExpiredCvParses(db, new Date());
    await deleteStaleCheckedImports(db, new Date());
    await deleteExpiredAuthRows(db, { now: new Date(), idleMs: 60_000, throttleWindowMs: 60_000 });
    // What the reliability tests read after a crash (test-support routes only).
    await findIntegrityRows(db);

    const tenantTables = tenantTablesOf(schema);
    const unexempted: string[] = [];
    const used = new Set<(typeof EXEMPTIONS)[number]>();
    for (const sql of serverStatements.keys()) {
      const result = checkStatement(sql, tenantTables);
      if (!result.ok) throw new Error(`did not parse: ${sql}`);
      for (const violation of result.violations) {
        const exemption = findExemption(sql, violation);
        if (exemption) used.add(exemption);
        else unexempted.push(`${violation.kind} ${violation.table}: ${sql}`);
      }
    }
    expect(unexempted).toEqual([]);
    const unused = EXEMPTIONS.filter((exemption) => !used.has(exemption)).map(
      (exemption) => exemption.reason,
    );
    expect(unused).toEqual([]);
  });
});
