import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import type { DatabaseHandle } from './client';
import { syncGlobalDictionaries } from './dictionaries';
import { GLOBAL_DICTIONARY_DATA } from './dictionary-data';
import { dictionaryItems } from './schema/dictionaries';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

async function findGlobalId(dictionary: 'language' | 'language_level' | 'currency', code: string) {
  const [row] = await handle.db
    .select({ id: dictionaryItems.id })
    .from(dictionaryItems)
    .where(
      and(
        eq(dictionaryItems.dictionary, dictionary),
        eq(dictionaryItems.code, code),
        isNull(dictionaryItems.companyId),
      ),
    );
  if (!row) throw new Error(`no ${dictionary} ${code}`);
  return row.id;
}

describe('syncGlobalDictionaries', () => {
  it('changes nothing when the data is already in place', async () => {
    const before = await handle.db.select().from(dictionaryItems).where(isNull(dictionaryItems.companyId));
    expect(before).toHaveLength(GLOBAL_DICTIONARY_DATA.length);
    await syncGlobalDictionaries(handle.db);
    const after = await handle.db.select().from(dictionaryItems).where(isNull(dictionaryItems.companyId));
    expect(after).toEqual(before);
  });

  it('restores edited names and order and re-adds missing entries, keeping ids', async () => {
    const usd = await findGlobalId('currency', 'usd');
    await handle.db
      .update(dictionaryItems)
      .set({ names: { en: 'Dollar' }, position: 99 })
      .where(eq(dictionaryItems.id, usd));
    await handle.db
      .delete(dictionaryItems)
      .where(and(eq(dictionaryItems.dictionary, 'currency'), eq(dictionaryItems.code, 'gel')));

    await syncGlobalDictionaries(handle.db);

    const [restored] = await handle.db.select().from(dictionaryItems).where(eq(dictionaryItems.id, usd));
    expect(restored).toMatchObject({ position: 0, names: { en: 'USD ($)', ru: 'USD ($)', uk: 'USD ($)' } });
    await expect(findGlobalId('currency', 'gel')).resolves.toBeTypeOf('number');
  });
});
