import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../../test/db';
import type { DatabaseHandle } from '../../db/client';
import { dictionaryItemOverrides, dictionaryItems } from '../../db/schema/dictionaries';
import { findDictionaries, findDictionary } from './dictionaries.queries';

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

describe('findDictionary', () => {
  it('names options in the requested locale', async () => {
    const company = await seedCompany(handle.db);
    const en = await findDictionary(handle.db, company.id, 'experience', 'en');
    const uk = await findDictionary(handle.db, company.id, 'experience', 'uk');
    const ru = await findDictionary(handle.db, company.id, 'experience', 'ru');
    expect(en[0]).toEqual({ id: expect.any(Number), name: 'No experience' });
    expect(uk[0]?.name).toBe('Без досвіду');
    expect(ru[0]?.name).toBe('Без опыта');
    // Same entries, same order, whatever the locale.
    expect(uk.map((option) => option.id)).toEqual(en.map((option) => option.id));
  });

  it("offers the currency named 'USD ($)' first in every locale", async () => {
    const company = await seedCompany(handle.db);
    for (const locale of ['en', 'ru', 'uk'] as const) {
      const currencies = await findDictionary(handle.db, company.id, 'currency', locale);
      expect(currencies[0]?.name).toBe('USD ($)');
    }
  });

  it('gives every language its levels as meta, beginner first', async () => {
    const company = await seedCompany(handle.db);
    const languages = await findDictionary(handle.db, company.id, 'language', 'en');
    const english = languages.find((language) => language.name === 'English');
    expect(english?.meta?.[0]?.name).toBe('A1 — Beginner');
    expect(english?.meta?.map((level) => level.name)).toContain('Native');
    expect(languages.every((language) => (language.meta?.length ?? 0) >= 7)).toBe(true);
    // Levels are not offered as languages.
    expect(languages.some((language) => language.name.startsWith('A1'))).toBe(false);
  });

  it("adds a company's own entries after the global ones, for that company only, with English fallback", async () => {
    const [own, other] = [await seedCompany(handle.db), await seedCompany(handle.db)];
    await handle.db.insert(dictionaryItems).values({
      companyId: own.id,
      dictionary: 'experience',
      code: 'intern',
      position: 100,
      names: { en: 'Internship only' },
    });
    const mine = await findDictionary(handle.db, own.id, 'experience', 'uk');
    const theirs = await findDictionary(handle.db, other.id, 'experience', 'uk');
    expect(mine.at(-1)?.name).toBe('Internship only');
    expect(mine).toHaveLength(theirs.length + 1);
    expect(theirs.map((option) => option.name)).not.toContain('Internship only');
  });

  it('attaches a language-specific level only to its language', async () => {
    const company = await seedCompany(handle.db);
    const japanese = await findGlobalId('language', 'ja');
    await handle.db.insert(dictionaryItems).values({
      companyId: company.id,
      dictionary: 'language_level',
      code: 'jlpt_n1',
      names: { en: 'JLPT N1' },
      parentId: japanese,
    });
    const languages = await findDictionary(handle.db, company.id, 'language', 'en');
    const levelsOf = (name: string) =>
      languages.find((language) => language.name === name)?.meta?.map((level) => level.name);
    expect(levelsOf('Japanese')).toContain('JLPT N1');
    expect(levelsOf('English')).not.toContain('JLPT N1');
  });

  it('loads several dictionaries in one call, empty lists for none requested', async () => {
    const company = await seedCompany(handle.db);
    const found = await findDictionaries(handle.db, company.id, ['sex', 'search_status'], 'en');
    expect([...found.keys()].sort()).toEqual(['search_status', 'sex']);
    expect(found.get('sex')?.map((option) => option.name)).toEqual(['Male', 'Female']);
    expect(await findDictionaries(handle.db, company.id, [], 'en')).toEqual(new Map());
  });

  it("applies the company's overrides: renamed entries renamed, hidden ones left out", async () => {
    const [own, other] = [await seedCompany(handle.db), await seedCompany(handle.db)];
    const english = await findGlobalId('language', 'en');
    const german = await findGlobalId('language', 'de');
    await handle.db.insert(dictionaryItemOverrides).values([
      { companyId: own.id, itemId: english, names: { en: 'English (business)' } },
      { companyId: own.id, itemId: german, isHidden: true },
    ]);
    const mine = (await findDictionary(handle.db, own.id, 'language', 'en')).map((option) => option.name);
    const theirs = (await findDictionary(handle.db, other.id, 'language', 'en')).map((option) => option.name);
    expect(mine).toContain('English (business)');
    expect(mine).not.toContain('German');
    expect(theirs).toEqual(expect.arrayContaining(['English', 'German']));
    // A rename in one language leaves the others as shipped.
    const ukrainian = await findDictionary(handle.db, own.id, 'language', 'uk');
    expect(ukrainian.map((option) => option.name)).toContain('Англійська');
  });
});
