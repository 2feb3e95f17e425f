import { randomUUID } from 'node:crypto';
import type { Locale } from '@kadry/shared/constants';
import { getCatalog } from '@kadry/shared/i18n/translate';
import type { VisibilityAction } from '@kadry/shared/permissions/vocabulary';
import {
  type CreateEntryBody,
  type DictionaryEntry,
  type DictionaryResponse,
  EDITABLE_DICTIONARIES,
  type EditableDictionariesResponse,
  type EditableDictionary,
  type EditableDictionaryResponse,
  type EditableEntry,
  type EntryNames,
  type UpdateEntryBody,
} from '@kadry/shared/schemas/dictionaries';
import type { FieldOption } from '@kadry/shared/schemas/form';
import type { Dictionary, LocalizedNames } from '../../db/schema/dictionaries';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type Access, levelFor } from '../../plugins/access/access';
import { cityNameIn, sharedCityNameBook } from './city-name-book';
import {
  bumpDictionaryVersion,
  countEntries,
  deleteCompanyEntry,
  type EntryRow,
  findCompanyRoles,
  findDictionaries,
  findDictionaryVersions,
  findEntryRow,
  findEntryRows,
  insertCompanyEntry,
  lockDictionaries,
  pickName,
  updateCompanyEntry,
  upsertOverride,
} from './dictionaries.queries';
import type { PlacesSource } from './places';

/** What reading a dictionary needs: the reader's company and language. */
export type ReadContext = { db: Db; companyId: number; locale: Locale };

/** What changing one needs: the editor's Access, the clock, and who to tell of a change. */
export type EditContext = {
  db: Db;
  access: Access;
  now: () => Date;
  /** Called after a change of a dictionary careers forms use (their public answers are cached). */
  onFormDictionaryChange?: (companyId: number) => void;
};

/** Dictionaries careers forms draw options from, whose changes reach the public site. */
const FORM_DICTIONARIES: ReadonlySet<Dictionary> = new Set(['experience', 'sex', 'language']);

/**
 * Options of the given dictionaries for form fields, in `locale`: what other modules ask this one
 * for (forms draw dictionary-backed fields with it). Hidden entries are left out.
 */
export function findDictionaryOptions(
  db: Db,
  companyId: number,
  dictionaries: readonly Dictionary[],
  locale: Locale,
): Promise<Map<Dictionary, FieldOption[]>> {
  return findDictionaries(db, companyId, dictionaries, locale);
}

/**
 * When each of the company's dictionaries last changed, as ISO times: the page data's
 * `settings.dictionaryUpdatedAt`. A dictionary never changed by the company is absent (its entries
 * change only with a release, which `releaseVersion` covers).
 */
export async function findDictionaryUpdatedAt(db: Db, companyId: number): Promise<Record<string, string>> {
  const versions = await findDictionaryVersions(db, companyId);
  return Object.fromEntries([...versions].map(([dictionary, at]) => [dictionary, at.toISOString()]));
}

/**
 * Marks a dictionary another module keeps changed for the company (the event templates of the
 * action-templates module), inside the caller's transaction, so the HR app drops its cached copy.
 */
export async function markDictionaryChanged(
  tx: Db,
  companyId: number,
  dictionary: Dictionary,
  now: Date,
): Promise<void> {
  await bumpDictionaryVersion(tx, companyId, dictionary, now);
}

function toEntry(row: EntryRow, locale: Locale): DictionaryEntry {
  return {
    id: row.id,
    code: row.code,
    name: pickName(row.names, locale),
    meta: row.meta,
    position: row.position,
  };
}

/**
 * Every entry of a dictionary the company has, by id, named in `locale`, hidden ones included
 * (`isHidden`): for records that name an entry chosen earlier, and to check a choice (a hidden entry
 * is no longer offered). What other modules ask this one for (recruiting's rejection reasons).
 */
export async function findDictionaryEntryNames(
  db: Db,
  companyId: number,
  dictionary: Dictionary,
  locale: Locale,
): Promise<Map<number, { name: string; isHidden: boolean }>> {
  const rows = await findEntryRows(db, companyId, [dictionary]);
  return new Map(rows.map((row) => [row.id, { name: pickName(row.names, locale), isHidden: row.isHidden }]));
}

/** A dictionary's visible entries in the reader's language (a `dictionaries.*` route). */
export async function listDictionaryEntries(
  ctx: ReadContext,
  dictionary: EditableDictionary,
): Promise<DictionaryResponse> {
  if (dictionary === 'language') return listLanguages(ctx);
  const rows = await findEntryRows(ctx.db, ctx.companyId, [dictionary]);
  return { data: rows.filter((row) => !row.isHidden).map((row) => toEntry(row, ctx.locale)) };
}

/** Languages, each with the levels it can be known at as `meta.levels` (the employee form's level picker). */
async function listLanguages(ctx: ReadContext): Promise<DictionaryResponse> {
  const rows = (await findEntryRows(ctx.db, ctx.companyId, ['language', 'language_level'])).filter(
    (row) => !row.isHidden,
  );
  const levels = rows.filter((row) => row.dictionary === 'language_level');
  return {
    data: rows
      .filter((row) => row.dictionary === 'language')
      .map((row) => {
        const entry = toEntry(row, ctx.locale);
        const own = levels.filter((level) => level.parentId === null || level.parentId === row.id);
        return {
          ...entry,
          meta: {
            ...entry.meta,
            levels: own.map((level) => ({ id: level.id, name: pickName(level.names, ctx.locale) })),
          },
        };
      }),
  };
}

/** The names the server gives built-in roles; a built-in role still named so reads in the reader's language. */
const BUILT_IN_ROLE_NAMES: Record<string, string> = {
  owner: 'Owner',
  hr: 'HR',
  recruiter: 'Recruiter',
  manager: 'Manager',
  employee: 'Employee',
};

/** The company's roles as a dictionary (`dictionaries.peopleRole`). */
export async function listRoleEntries(ctx: ReadContext): Promise<DictionaryResponse> {
  const catalog = getCatalog(ctx.locale);
  const rows = await findCompanyRoles(ctx.db, ctx.companyId);
  return {
    data: rows.map((role, position) => {
      const isDefaultName = role.key !== null && BUILT_IN_ROLE_NAMES[role.key] === role.name;
      const name = (isDefaultName && catalog[`hr.staff.role_name.${role.key}`]) || role.name;
      return { id: role.id, code: role.key ?? `role_${role.id}`, name, meta: {}, position };
    }),
  };
}

/** At most this many translated cities take part in a city filter (a few letters match many). */
const CITY_FILTER_IDS = 500;

/**
 * Names employees' cities in the reader's language (what the employees module asks for): a city
 * picked from the list (`cityId`) with translated names is named as a city search names it in
 * `locale`; any other keeps the name stored with the employee. Answers the names by the row's index.
 */
export async function nameCitiesIn(
  locale: Locale,
  rows: readonly { cityId: number | null; cityName: string | null }[],
): Promise<(string | null)[]> {
  const ids = rows.flatMap((row) => (row.cityId !== null && row.cityName !== null ? [row.cityId] : []));
  const names = await sharedCityNameBook.namesOf(ids);
  return rows.map((row) =>
    row.cityName === null
      ? null
      : cityNameIn(row.cityId === null ? undefined : names.get(row.cityId), row.cityName, locale),
  );
}

/** Cities (by id) with a name in any language containing `text`: a city filter also finds them. */
export function findCityIdsNamed(text: string): Promise<number[]> {
  return sharedCityNameBook.idsNamed(text, CITY_FILTER_IDS);
}

export async function searchCountries(
  places: PlacesSource,
  locale: Locale,
  query: string | undefined,
): Promise<DictionaryResponse> {
  return { data: await places.searchCountries(query, locale) };
}

export async function searchCities(
  places: PlacesSource,
  locale: Locale,
  country: string,
  query: string | undefined,
): Promise<DictionaryResponse> {
  return { data: await places.searchCities(country, query, locale) };
}

// The dictionaries screen.

/** 403 unless the role has the action on Dictionaries for the whole company. */
function requireEditLevel(access: Access, actions: readonly VisibilityAction[]): void {
  if (!actions.some((action) => levelFor(access, 'Dictionaries', action) === 'to_all')) {
    throw new AppError('forbidden');
  }
}

const EDIT_ACTIONS: readonly VisibilityAction[] = ['create', 'update', 'delete'];

function toEditableEntry(row: EntryRow): EditableEntry {
  return {
    id: row.id,
    code: row.code,
    names: { en: row.names.en, ru: row.names.ru || row.names.en, uk: row.names.uk || row.names.en },
    meta: row.meta,
    position: row.position,
    is_global: row.companyId === null,
    is_hidden: row.isHidden,
  };
}

/** The editable dictionaries with their entry counts and when the company last changed each. */
export async function listEditableDictionaries(ctx: EditContext): Promise<EditableDictionariesResponse> {
  requireEditLevel(ctx.access, EDIT_ACTIONS);
  const companyId = ctx.access.user.companyId;
  const [counts, versions] = await Promise.all([
    countEntries(ctx.db, companyId, EDITABLE_DICTIONARIES),
    findDictionaryVersions(ctx.db, companyId),
  ]);
  return {
    data: EDITABLE_DICTIONARIES.map((dictionary) => ({
      dictionary,
      entries_count: counts.get(dictionary) ?? 0,
      updated_at: versions.get(dictionary)?.toISOString() ?? null,
    })),
  };
}

/** Every entry of a dictionary, hidden ones included, with all their names. */
export async function getEditableDictionary(
  ctx: EditContext,
  dictionary: EditableDictionary,
): Promise<EditableDictionaryResponse> {
  requireEditLevel(ctx.access, EDIT_ACTIONS);
  return presentDictionary(ctx.db, ctx.access.user.companyId, dictionary);
}

async function presentDictionary(
  db: Db,
  companyId: number,
  dictionary: EditableDictionary,
): Promise<EditableDictionaryResponse> {
  const [rows, versions] = await Promise.all([
    findEntryRows(db, companyId, [dictionary]),
    findDictionaryVersions(db, companyId),
  ]);
  return {
    data: {
      dictionary,
      updated_at: versions.get(dictionary)?.toISOString() ?? null,
      entries: rows.map(toEditableEntry),
    },
  };
}

function toNames(names: EntryNames): LocalizedNames {
  return {
    en: names.en,
    ...(names.ru ? { ru: names.ru } : {}),
    ...(names.uk ? { uk: names.uk } : {}),
  };
}

/** Runs a change in one transaction, under the company's dictionaries lock, and bumps the version. */
async function change<T>(
  ctx: EditContext,
  dictionary: EditableDictionary,
  work: (tx: Db, companyId: number, now: Date) => Promise<T>,
): Promise<T> {
  const companyId = ctx.access.user.companyId;
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    await lockDictionaries(tx, companyId);
    const value = await work(tx, companyId, now);
    await bumpDictionaryVersion(tx, companyId, dictionary, now);
    return value;
  });
  if (FORM_DICTIONARIES.has(dictionary)) ctx.onFormDictionaryChange?.(companyId);
  return result;
}

async function findEntryOr404(
  db: Db,
  companyId: number,
  dictionary: EditableDictionary,
  id: number,
): Promise<EntryRow> {
  const row = await findEntryRow(db, companyId, dictionary, id);
  if (!row) throw new AppError('not_found');
  return row;
}

/** Adds a company entry at the end of the dictionary. */
export async function addEntry(
  ctx: EditContext,
  dictionary: EditableDictionary,
  body: CreateEntryBody,
): Promise<{ data: EditableEntry }> {
  requireEditLevel(ctx.access, ['create']);
  const id = await change(ctx, dictionary, async (tx, companyId) => {
    const rows = await findEntryRows(tx, companyId, [dictionary]);
    const position = Math.max(-1, ...rows.map((row) => row.position)) + 1;
    const code = `custom_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    return insertCompanyEntry(tx, companyId, { dictionary, code, names: toNames(body.names), position });
  });
  return { data: toEditableEntry(await findEntryOr404(ctx.db, ctx.access.user.companyId, dictionary, id)) };
}

/**
 * Renames, hides or shows an entry. A company entry is renamed in place; a global one gets the
 * company's override (its shipped names stay for every other company).
 */
export async function changeEntry(
  ctx: EditContext,
  dictionary: EditableDictionary,
  id: number,
  body: UpdateEntryBody,
): Promise<{ data: EditableEntry }> {
  requireEditLevel(ctx.access, ['update']);
  const companyId = ctx.access.user.companyId;
  await change(ctx, dictionary, async (tx, _companyId, now) => {
    const row = await findEntryOr404(tx, companyId, dictionary, id);
    const isGlobal = row.companyId === null;
    if (body.names && !isGlobal) {
      await updateCompanyEntry(tx, companyId, id, { names: toNames(body.names), updatedAt: now });
    }
    const overrideNames = body.names && isGlobal ? { names: toNames(body.names) } : {};
    const hidden = body.is_hidden === undefined ? {} : { isHidden: body.is_hidden };
    if (Object.keys(overrideNames).length > 0 || Object.keys(hidden).length > 0) {
      await upsertOverride(tx, companyId, id, { ...overrideNames, ...hidden, updatedAt: now });
    }
  });
  return { data: toEditableEntry(await findEntryOr404(ctx.db, companyId, dictionary, id)) };
}

/** Puts the dictionary's entries in the given order; `ids` must be every entry, each once (422). */
export async function reorderEntries(
  ctx: EditContext,
  dictionary: EditableDictionary,
  ids: readonly number[],
): Promise<EditableDictionaryResponse> {
  requireEditLevel(ctx.access, ['update']);
  const companyId = ctx.access.user.companyId;
  await change(ctx, dictionary, async (tx, _companyId, now) => {
    const rows = await findEntryRows(tx, companyId, [dictionary]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    if (new Set(ids).size !== ids.length || ids.length !== rows.length || ids.some((id) => !byId.has(id))) {
      throw new AppError('validation', {
        issues: { ids: [{ key: 'errors.dictionary_order' }] },
      });
    }
    for (const [position, id] of ids.entries()) {
      const row = byId.get(id);
      if (!row || row.position === position) continue;
      if (row.companyId === null) await upsertOverride(tx, companyId, id, { position, updatedAt: now });
      else await updateCompanyEntry(tx, companyId, id, { position, updatedAt: now });
    }
  });
  return presentDictionary(ctx.db, companyId, dictionary);
}

/**
 * Deletes a company entry; records that referenced it lose the reference (ON DELETE SET NULL). A
 * global entry cannot be deleted (409): hide it instead.
 */
export async function removeEntry(
  ctx: EditContext,
  dictionary: EditableDictionary,
  id: number,
): Promise<void> {
  requireEditLevel(ctx.access, ['delete']);
  const companyId = ctx.access.user.companyId;
  await change(ctx, dictionary, async (tx) => {
    const row = await findEntryOr404(tx, companyId, dictionary, id);
    if (row.companyId === null) throw new AppError('conflict', { key: 'errors.dictionary_global_entry' });
    await deleteCompanyEntry(tx, companyId, id);
  });
}
