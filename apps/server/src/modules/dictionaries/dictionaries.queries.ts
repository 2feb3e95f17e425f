import type { Locale } from '@kadry/shared/constants';
import type { FieldOption } from '@kadry/shared/schemas/form';
import { and, asc, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  type Dictionary,
  dictionaryItemOverrides,
  dictionaryItems,
  dictionaryVersions,
  type LocalizedNames,
} from '../../db/schema/dictionaries';
import { roles } from '../../db/schema/roles';
import type { Db } from '../../db/tables';

// Reading and changing dictionaries: the global entries (db/dictionary-data.ts, synced at start) plus
// the company's own, with the company's overrides (rename, hide, move) applied.

/** One entry as a company sees it, hidden ones included. */
export type EntryRow = {
  id: number;
  /** Null for a global entry. */
  companyId: number | null;
  dictionary: Dictionary;
  code: string;
  /** The shipped or own names with the company's rename laid over them. */
  names: LocalizedNames;
  meta: Record<string, unknown>;
  parentId: number | null;
  /** The company's position when it moved the entry, else the entry's own. */
  position: number;
  isHidden: boolean;
};

/**
 * Entries of the dictionaries for a company, hidden ones included, in display order: by position,
 * global entries before the company's at the same position, then by id.
 */
export async function findEntryRows(
  db: Db,
  companyId: number,
  dictionaries: readonly Dictionary[],
): Promise<EntryRow[]> {
  if (dictionaries.length === 0) return [];
  const position = sql<number>`coalesce(${dictionaryItemOverrides.position}, ${dictionaryItems.position})`;
  const rows = await db
    .select({
      id: dictionaryItems.id,
      companyId: dictionaryItems.companyId,
      dictionary: dictionaryItems.dictionary,
      code: dictionaryItems.code,
      names: dictionaryItems.names,
      overrideNames: dictionaryItemOverrides.names,
      meta: dictionaryItems.meta,
      parentId: dictionaryItems.parentId,
      position,
      isHidden: dictionaryItemOverrides.isHidden,
    })
    .from(dictionaryItems)
    .leftJoin(
      dictionaryItemOverrides,
      and(
        eq(dictionaryItemOverrides.itemId, dictionaryItems.id),
        eq(dictionaryItemOverrides.companyId, companyId),
      ),
    )
    .where(
      and(
        inArray(dictionaryItems.dictionary, [...dictionaries]),
        // Global entries have a null company_id and belong to every company: hence the `is null` branch.
        or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
      ),
    )
    .orderBy(
      asc(dictionaryItems.dictionary),
      asc(position),
      asc(sql`${dictionaryItems.companyId} is not null`),
      asc(dictionaryItems.id),
    );
  return rows.map(({ overrideNames, isHidden, ...row }) => ({
    ...row,
    names: { ...row.names, ...dropEmpty(overrideNames) },
    isHidden: isHidden ?? false,
  }));
}

function dropEmpty(names: Partial<LocalizedNames> | null): Partial<LocalizedNames> {
  if (!names) return {};
  return Object.fromEntries(Object.entries(names).filter(([, value]) => typeof value === 'string' && value));
}

/** One entry of a dictionary the company sees (global or its own), hidden ones included. */
export async function findEntryRow(
  db: Db,
  companyId: number,
  dictionary: Dictionary,
  id: number,
): Promise<EntryRow | null> {
  const rows = await findEntryRows(db, companyId, [dictionary]);
  return rows.find((row) => row.id === id) ?? null;
}

/**
 * Options of one dictionary for a form field, in the given locale (English when a name is missing):
 * the global entries plus the company's own, hidden ones left out, in position order. Language
 * options carry their levels as `meta`.
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

  const rows = (await findEntryRows(db, companyId, [...wanted])).filter((row) => !row.isHidden);
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

function findLevelsOf(language: EntryRow, levels: EntryRow[], locale: Locale) {
  return levels
    .filter((level) => level.parentId === null || level.parentId === language.id)
    .map((level) => ({ id: level.id, name: pickName(level.names, locale) }));
}

/** The name in `locale`, else English. */
export function pickName(names: LocalizedNames, locale: Locale): string {
  return names[locale] || names.en;
}

/** The company's roles, built-in ones first, for `dictionaries.peopleRole`. */
export function findCompanyRoles(db: Db, companyId: number) {
  return db
    .select({ id: roles.id, key: roles.key, name: roles.name })
    .from(roles)
    .where(eq(roles.companyId, companyId))
    .orderBy(asc(sql`${roles.key} is null`), asc(roles.id));
}

/** When each of the company's dictionaries last changed. */
export async function findDictionaryVersions(db: Db, companyId: number): Promise<Map<string, Date>> {
  const rows = await db
    .select({ dictionary: dictionaryVersions.dictionary, updatedAt: dictionaryVersions.updatedAt })
    .from(dictionaryVersions)
    .where(eq(dictionaryVersions.companyId, companyId));
  return new Map(rows.map((row) => [row.dictionary, row.updatedAt]));
}

/** Marks a dictionary changed for a company; call inside the transaction of the change. */
export async function bumpDictionaryVersion(
  tx: Db,
  companyId: number,
  dictionary: Dictionary,
  now: Date,
): Promise<void> {
  await tx
    .insert(dictionaryVersions)
    .values({ companyId, dictionary, updatedAt: now })
    .onConflictDoUpdate({
      target: [dictionaryVersions.companyId, dictionaryVersions.dictionary],
      // Never backwards, so a cached copy is dropped even when two changes share a clock tick.
      set: {
        updatedAt: sql`greatest(${now.toISOString()}::timestamptz, ${dictionaryVersions.updatedAt} + interval '1 millisecond')`,
      },
    });
}

/** How many entries (hidden included) each dictionary has for the company. */
export async function countEntries(db: Db, companyId: number, dictionaries: readonly Dictionary[]) {
  const rows = await db
    .select({ dictionary: dictionaryItems.dictionary, total: count() })
    .from(dictionaryItems)
    .where(
      and(
        inArray(dictionaryItems.dictionary, [...dictionaries]),
        or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, companyId)),
      ),
    )
    .groupBy(dictionaryItems.dictionary);
  return new Map(rows.map((row) => [row.dictionary, row.total]));
}

export async function insertCompanyEntry(
  tx: Db,
  companyId: number,
  input: { dictionary: Dictionary; code: string; names: LocalizedNames; position: number },
): Promise<number> {
  const [row] = await tx
    .insert(dictionaryItems)
    .values({ companyId, ...input })
    .returning({ id: dictionaryItems.id });
  if (!row) throw new Error('insertCompanyEntry: insert returned no row');
  return row.id;
}

/** Changes a company's own entry; global entries are never touched (their company_id is null). */
export async function updateCompanyEntry(
  tx: Db,
  companyId: number,
  id: number,
  changes: { names?: LocalizedNames; position?: number; updatedAt: Date },
): Promise<void> {
  await tx
    .update(dictionaryItems)
    .set(changes)
    .where(and(eq(dictionaryItems.companyId, companyId), eq(dictionaryItems.id, id)));
}

/** Writes the company's override of an entry; what `changes` leaves out keeps its value. */
export async function upsertOverride(
  tx: Db,
  companyId: number,
  itemId: number,
  changes: { names?: Partial<LocalizedNames>; isHidden?: boolean; position?: number; updatedAt: Date },
): Promise<void> {
  await tx
    .insert(dictionaryItemOverrides)
    .values({ companyId, itemId, ...changes })
    .onConflictDoUpdate({
      target: [dictionaryItemOverrides.companyId, dictionaryItemOverrides.itemId],
      set: changes,
    });
}

export async function deleteCompanyEntry(tx: Db, companyId: number, id: number): Promise<void> {
  await tx
    .delete(dictionaryItems)
    .where(and(eq(dictionaryItems.companyId, companyId), eq(dictionaryItems.id, id)));
}

/** First key of the advisory lock over a company's dictionaries (roles and teams use 7_30x). */
const DICTIONARIES_LOCK = 7_310;

/** Serialises changes to a company's dictionaries (positions are read, then written). */
export async function lockDictionaries(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DICTIONARIES_LOCK}::integer, ${companyId}::integer)`);
}
