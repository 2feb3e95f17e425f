import type { Locale } from '@kadry/shared/constants';
import type { FieldOption } from '@kadry/shared/schemas/form';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  type Dictionary,
  type DictionaryItem,
  dictionaryItems,
  type LocalizedNames,
} from '../../db/schema/dictionaries';
import type { Db } from '../../db/tables';

// Reading dictionaries: the global entries (db/dictionary-data.ts, synced at start) plus the
// company's own, in the reader's language.

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

  // Global entries have a null company_id and belong to every company: hence the `is null` branch.
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
