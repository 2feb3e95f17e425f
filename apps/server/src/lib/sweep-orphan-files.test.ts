import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../test/db';
import type { DatabaseHandle } from '../db/client';
import { storedFiles } from '../db/schema/files';
import { createMemoryStore } from '../storage/memory-store';
import { sweepOrphanFiles } from './sweep-orphan-files';

describe('sweepOrphanFiles', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(async () => handle.close());

  it('deletes old files no row references and keeps referenced and recent ones', async () => {
    const store = createMemoryStore();
    const company = await seedCompany(handle.db);
    const put = () => store.put(Readable.from([Buffer.from('x'.repeat(2048))]), { maxBytes: 10_000 });
    const referenced = await put();
    const orphan = await put();
    await handle.db.insert(storedFiles).values({
      companyId: company.id,
      storageKey: referenced.key,
      originalName: 'cv.pdf',
      size: referenced.size,
      sha256: referenced.sha256,
    });

    // Recent files are still on their way into a transaction.
    expect(await sweepOrphanFiles(handle.db, store, new Date())).toBe(0);

    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    expect(await sweepOrphanFiles(handle.db, store, later)).toBe(1);
    await expect(store.get(orphan.key)).rejects.toThrow();
    await expect(store.get(referenced.key)).resolves.toBeDefined();
  });
});
