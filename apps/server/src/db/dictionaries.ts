import type { Locale } from '@kadry/shared/constants';
import type { FieldOption } from '@kadry/shared/schemas/form';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from './client';
import { GLOBAL_DICTIONARY_DATA } from './dictionary-data';
import {
  type Dictionary,
  type DictionaryItem,
  dictionaryItems,
  type LocalizedNames,
} from './schema/dictionaries';

/**
 * Adds missing global dictionary entries and updates the names and order of existing ones, matched by
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
      } else if (row.position !== position || !areNamesEqual(row.names, entry.names)) {
        await tx
          .update(dictionaryItems)
          .set({ names: entry.names, position })
          .where(eq(dictionaryItems.id, row.id));
      }
    }
    if (missing.length > 0) await tx.insert(dictionaryItems).values(missing).onConflictDoNothing();
  });
}

/**
 * Options of one dictionary for a form field, in the given locale (English when a name is missing):
 * the global entries plus the company's own, in position order. Language options carry their levels
 * as `meta`.
 */
export async function findDictionary(
  db: Db,
  companyId: number,
  dictionary: Dictionary,
  locale: Locale,
): Promise<FieldOption[]> {
  const found = await findDictionaries(db, companyId, [dictionary], locale);
  return found.get(dictionary) ?? [];
}

/** Like findDictionary for several dictionaries in one query (a form usually needs four or five). */
export async function findDictionaries(
  db: Db,
  companyId: number,
  dictionaries: readonly Dictionary[],
  locale: Locale,
): Promise<Map<Dictionary, FieldOption[]>> {
  const wanted = new Set<Dictionary>(dictionaries);
  if (wanted.has('language')) wanted.add('language_level');
  const result = new Map<Dictionary, FieldOption[]>(dictionaries.map((name) => [name, []]));
  if (wanted.size === 0) return result;

  const rows = await db
    .select()
    .from(dictionaryItems)
    .where(
      and(
        inArray(dictionaryItems.dictionary, [...wanted]),
        or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
      ),
    )
    // Global entries first, then the company's, each in their own position order.
    .orderBy(
      asc(dictionaryItems.dictionary),
      asc(sql`${dictionaryItems.companyId} is not null`),
      asc(dictionaryItems.position),
      asc(dictionaryItems.id),
    );

  const levels = rows.filter((row) => row.dictionary === 'language_level');
  for (const row of rows) {
    const options = result.get(row.dictionary);
    if (!options) continue;
    const option: FieldOption = { id: row.id, name: pickName(row.names, locale) };
    if (row.dictionary === 'language') option.meta = findLevelsOf(row, levels, locale);
    options.push(option);
  }
  return result;
}

function findLevelsOf(language: DictionaryItem, levels: DictionaryItem[], locale: Locale) {
  return levels
    .filter((level) => level.parentId === null || level.parentId === language.id)
    .map((level) => ({ id: level.id, name: pickName(level.names, locale) }));
}

/** The name in `locale`, else English. */
export function pickName(names: LocalizedNames, locale: Locale): string {
  return names[locale] ?? names.en;
}

function areNamesEqual(a: LocalizedNames, b: LocalizedNames): boolean {
  return a.en === b.en && a.ru === b.ru && a.uk === b.uk;
}
