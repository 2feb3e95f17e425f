import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { migrateDatabase } from '../src/db/client';
import { applications, candidates } from '../src/db/schema/applications';
import { companies } from '../src/db/schema/companies';
import { dictionaryItems } from '../src/db/schema/dictionaries';
import { applicationForms } from '../src/db/schema/forms';
import { teams } from '../src/db/schema/teams';
import { vacancies } from '../src/db/schema/vacancies';
import { createTestDatabase, seedCompany, seedForm, seedVacancy } from './db';

const journal = JSON.parse(
  await readFile(new URL('../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

let first: DatabaseHandle;
let second: DatabaseHandle;

beforeAll(async () => {
  [first, second] = await Promise.all([createTestDatabase(), createTestDatabase()]);
});

afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** Ids of vacancies matching a web-search style query, best match first. */
async function searchVacancies(handle: DatabaseHandle, companyId: number, query: string): Promise<number[]> {
  const rows = await handle.db
    .select({ id: vacancies.id })
    .from(vacancies)
    .where(
      and(
        eq(vacancies.companyId, companyId),
        sql`${vacancies.search} @@ websearch_to_tsquery('simple', ${query})`,
      ),
    )
    .orderBy(sql`ts_rank(${vacancies.search}, websearch_to_tsquery('simple', ${query})) desc`, vacancies.id);
  return rows.map((row) => row.id);
}

describe('a test database copied from the template', () => {
  it('has every committed migration applied and the global dictionaries loaded', async () => {
    const applied = await first.db.execute<{ count: number }>(
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied.rows[0]?.count).toBe(journal.entries.length);

    const currencies = await first.db
      .select({ names: dictionaryItems.names })
      .from(dictionaryItems)
      .where(eq(dictionaryItems.dictionary, 'currency'));
    expect(currencies.map((row) => row.names.en)).toContain('USD ($)');
  });

  it('starts with no companies', async () => {
    expect(await first.db.$count(companies)).toBe(0);
  });

  it('does not see rows written to another copy', async () => {
    const company = await seedCompany(first.db, { name: 'Only in the first copy' });
    await seedVacancy(first.db, company.id);

    expect(await first.db.$count(companies)).toBe(1);
    expect(await second.db.$count(companies)).toBe(0);
    expect(await second.db.$count(vacancies)).toBe(0);
  });

  it('re-running the migrations on a copy changes nothing', async () => {
    const before = await second.db.$count(dictionaryItems);
    await migrateDatabase(second);
    expect(await second.db.$count(dictionaryItems)).toBe(before);
  });

  it('answers ping', async () => {
    await expect(first.ping()).resolves.toBeUndefined();
  });
});

describe('vacancy full-text search', () => {
  it('finds vacancies by words of the name and the HTML body, ignoring tags', async () => {
    const company = await seedCompany(second.db);
    const rust = await seedVacancy(second.db, company.id, {
      name: 'Rust Developer',
      description: '<p>You will work on our <strong>payments</strong> engine.</p>',
      demand: null,
    });
    const designer = await seedVacancy(second.db, company.id, {
      name: 'Product Designer',
      description: '<ul><li>Figma prototypes</li></ul>',
      workingConditions: '<p>Remote <a href="https://example.com">budget</a></p>',
    });

    expect(await searchVacancies(second, company.id, 'payments')).toEqual([rust.id]);
    expect(await searchVacancies(second, company.id, 'rust')).toEqual([rust.id]);
    expect(await searchVacancies(second, company.id, 'figma')).toEqual([designer.id]);
    expect(await searchVacancies(second, company.id, 'budget')).toEqual([designer.id]);
    // Tag and attribute names are not words of the text.
    expect(await searchVacancies(second, company.id, 'strong')).toEqual([]);
    expect(await searchVacancies(second, company.id, 'href')).toEqual([]);
  });

  it('keeps the search column up to date when a vacancy changes', async () => {
    const company = await seedCompany(second.db);
    const vacancy = await seedVacancy(second.db, company.id, { name: 'Accountant', description: null });
    expect(await searchVacancies(second, company.id, 'payroll')).toEqual([]);

    await second.db
      .update(vacancies)
      .set({ description: '<p>Polish payroll</p>' })
      .where(eq(vacancies.id, vacancy.id));
    expect(await searchVacancies(second, company.id, 'payroll')).toEqual([vacancy.id]);
  });

  it('has a GIN index on the search column', async () => {
    const indexes = await second.db.execute<{ indexdef: string }>(
      sql`select indexdef from pg_indexes where tablename = 'vacancies' and indexname = 'vacancies_search_idx'`,
    );
    expect(indexes.rows[0]?.indexdef).toMatch(/USING gin \(search\)/);
  });
});

describe('relations', () => {
  it("load a vacancy with its team and form through drizzle's relational queries", async () => {
    const company = await seedCompany(second.db);
    const [team] = await second.db.insert(teams).values({ companyId: company.id, name: 'Data' }).returning();
    const { form } = await seedForm(second.db, company.id, [
      { name: 'Email', type: 'email', inputType: 'email', required: true },
    ]);
    const vacancy = await seedVacancy(second.db, company.id, { teamId: team?.id, formId: form.id });

    const found = await second.db.query.vacancies.findFirst({
      where: eq(vacancies.id, vacancy.id),
      columns: { id: true },
      with: { team: { columns: { name: true } }, form: { with: { fields: { columns: { name: true } } } } },
    });
    expect(found).toMatchObject({
      team: { name: 'Data' },
      form: { id: form.id, fields: [{ name: 'Email' }] },
    });
  });
});

describe('schema constraints', () => {
  it('allows only one default company', async () => {
    // Becomes the default when the database has none yet.
    await seedCompany(second.db);
    expect(await second.db.$count(companies, eq(companies.isDefault, true))).toBe(1);
    await expect(seedCompany(second.db, { isDefault: true })).rejects.toThrow();
  });

  it('allows only one default form per company, and one per position in a form', async () => {
    const [a, b] = [await seedCompany(second.db), await seedCompany(second.db)];
    const { form } = await seedForm(second.db, a.id, []);
    expect(form.isDefault).toBe(true);
    // Another company may have its own default form.
    await expect(seedForm(second.db, b.id, [], { isDefault: true })).resolves.toBeTruthy();
    await expect(seedForm(second.db, a.id, [], { isDefault: true })).rejects.toThrow();
    expect(
      await second.db.$count(
        applicationForms,
        and(eq(applicationForms.companyId, a.id), eq(applicationForms.isDefault, true)),
      ),
    ).toBe(1);
  });

  it('rejects an unknown captcha provider and a language outside en/ru/uk', async () => {
    await expect(
      second.db.execute(
        sql`update companies set captcha_provider = 'hcaptcha' where id = (select min(id) from companies)`,
      ),
    ).rejects.toThrow();
    await expect(
      second.db.execute(
        sql`update companies set languages = '{en,de}' where id = (select min(id) from companies)`,
      ),
    ).rejects.toThrow();
  });

  it('keeps one response per idempotency key and company', async () => {
    const company = await seedCompany(second.db);
    const vacancy = await seedVacancy(second.db, company.id);
    const [candidate] = await second.db
      .insert(candidates)
      .values({ companyId: company.id, name: 'Ada', email: 'ada@example.com' })
      .returning();
    if (!candidate) throw new Error('no candidate');
    const response = { companyId: company.id, vacancyId: vacancy.id, candidateId: candidate.id };

    await second.db.insert(applications).values({ ...response, idempotencyKey: 'key-1' });
    await expect(
      second.db.insert(applications).values({ ...response, idempotencyKey: 'key-1' }),
    ).rejects.toThrow();
    // Responses without a key never collide.
    await second.db.insert(applications).values([response, response]);
    expect(await second.db.$count(applications, eq(applications.companyId, company.id))).toBe(3);
  });
});

describe('seed helpers', () => {
  it('seedForm stores the fields in the given order', async () => {
    const company = await seedCompany(second.db);
    const { fields } = await seedForm(second.db, company.id, [
      { name: 'First name', type: 'name', inputType: 'text', required: true },
      { name: 'Email', type: 'email', inputType: 'email', required: true },
      { name: 'Languages', type: 'languages', inputType: 'language', dictionary: 'language' },
    ]);
    expect(fields.map((field) => [field.position, field.name])).toEqual([
      [0, 'First name'],
      [1, 'Email'],
      [2, 'Languages'],
    ]);
  });

  it('seedVacancy publishes by default and leaves drafts unpublished', async () => {
    const company = await seedCompany(second.db);
    const published = await seedVacancy(second.db, company.id);
    const draft = await seedVacancy(second.db, company.id, { isPublished: false });
    expect(published.isPublished).toBe(true);
    expect(published.publishedAt).toBeInstanceOf(Date);
    expect(draft.isPublished).toBe(false);
    expect(draft.publishedAt).toBeNull();
  });
});
