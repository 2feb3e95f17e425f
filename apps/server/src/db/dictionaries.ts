import { isDeepStrictEqual } from 'node:util';
import { eq, isNull } from 'drizzle-orm';
import { GLOBAL_DICTIONARY_DATA } from './dictionary-data';
import { type Dictionary, dictionaryItems, type LocalizedNames } from './schema/dictionaries';
import type { Db } from './tables';

/**
 * Adds missing global dictionary entries and updates the names, meta and order of existing ones, matched by
 * (dictionary, code). Runs at every start; a no-op (one select) when nothing changed.
 */
export async function syncGlobalDictionaries(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({
        id: dictionaryItems.id,
        dictionary: dictionaryItems.dictionary,
        code: dictionaryItems.code,
        names: dictionaryItems.names,
        position: dictionaryItems.position,
        meta: dictionaryItems.meta,
      })
      .from(dictionaryItems)
      .where(isNull(dictionaryItems.companyId));
    const byKey = new Map(existing.map((row) => [`${row.dictionary}\u0000${row.code}`, row]));

    const positions = new Map<Dictionary, number>();
    const missing: (typeof dictionaryItems.$inferInsert)[] = [];
    for (const entry of GLOBAL_DICTIONARY_DATA) {
      const position = positions.get(entry.dictionary) ?? 0;
      positions.set(entry.dictionary, position + 1);
      const row = byKey.get(`${entry.dictionary}\u0000${entry.code}`);
      if (!row) {
        missing.push({ ...entry, position, companyId: null });
      } else if (
        row.position !== position ||
        !areNamesEqual(row.names, entry.names) ||
        !isDeepStrictEqual(row.meta, entry.meta ?? {})
      ) {
        await tx
          .update(dictionaryItems)
          .set({ names: entry.names, position, meta: entry.meta ?? {}, updatedAt: new Date() })
          .where(eq(dictionaryItems.id, row.id));
      }
    }
    if (missing.length > 0) await tx.insert(dictionaryItems).values(missing).onConflictDoNothing();
  });
}

function areNamesEqual(a: LocalizedNames, b: LocalizedNames): boolean {
  return a.en === b.en && a.ru === b.ru && a.uk === b.uk;
}
