import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { createPglite, type DatabaseHandle, openDatabase } from '../src/db/client';
import { type Company, companies, type NewCompany } from '../src/db/schema/companies';
import {
  type ApplicationForm,
  applicationForms,
  type FormFieldRow,
  formFields,
  type NewApplicationForm,
  type NewFormFieldRow,
} from '../src/db/schema/forms';
import { type NewVacancy, type Vacancy, vacancies } from '../src/db/schema/vacancies';
import type { Db } from '../src/db/tables';
import { dropPostgresDatabase, runAdminQuery, withDatabaseName } from './global-setup';

let templateBlob: Promise<Blob> | undefined;

/**
 * A fresh, migrated database of its own, copied from the run's template (never a fresh initdb).
 * Close it in `afterAll`/`afterEach`; for PostgreSQL, closing drops the copy.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const context = inject('kadryTestDatabase');
  if (context.kind === 'pglite') {
    templateBlob ??= readFile(context.templatePath).then((bytes) => new Blob([bytes]));
    const pglite = createPglite({ loadDataDir: await templateBlob });
    await pglite.waitReady;
    return openDatabase({ pglite });
  }

  const name = `kadry_test_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(context.adminUrl, `create database ${name} template ${context.templateName}`);
  const handle = await openDatabase({ databaseUrl: withDatabaseName(context.adminUrl, name) });
  // Replaced in place (not spread) so the handle stays the one openDatabase registered.
  const closeConnections = handle.close;
  handle.close = async () => {
    await closeConnections();
    await dropPostgresDatabase(context.adminUrl, name);
  };
  return handle;
}

let seedCounter = 0;
function nextSuffix(): string {
  seedCounter += 1;
  return `${seedCounter}-${randomBytes(3).toString('hex')}`;
}

/**
 * Inserts a company. It becomes the default company when the database has none yet, and answers to
 * the host `<slug>.test`.
 */
export async function seedCompany(db: Db, overrides: Partial<NewCompany> = {}): Promise<Company> {
  const slug = overrides.slug ?? `company-${nextSuffix()}`;
  const hasDefault = (await db.$count(companies, eq(companies.isDefault, true))) > 0;
  const [company] = await db
    .insert(companies)
    .values({
      name: 'Test Company',
      slug,
      hosts: [`${slug}.test`],
      isDefault: !hasDefault,
      languages: ['en', 'ru', 'uk'],
      defaultLanguage: 'en',
      ...overrides,
    })
    .returning();
  if (!company) throw new Error('seedCompany: insert returned no row');
  return company;
}

/** Inserts a published vacancy (published now) unless overrides say otherwise. */
export async function seedVacancy(
  db: Db,
  companyId: number,
  overrides: Partial<Omit<NewVacancy, 'companyId'>> = {},
): Promise<Vacancy> {
  const isPublished = overrides.isPublished ?? true;
  const [vacancy] = await db
    .insert(vacancies)
    .values({
      name: 'Backend Engineer',
      salary: '$4,000 – $6,000',
      residence: 'Remote',
      experience: '3–5 years',
      workTypes: 'Full-time, Remote',
      languages: [{ language: 'English', level: 'B2 — Upper intermediate' }],
      description: '<p>Build the services behind our product.</p>',
      publishedAt: isPublished ? new Date() : null,
      ...overrides,
      companyId,
      isPublished,
    })
    .returning();
  if (!vacancy) throw new Error('seedVacancy: insert returned no row');
  return vacancy;
}

/** A field for seedForm; position comes from its index in the list. */
export type SeedFormField = Omit<NewFormFieldRow, 'id' | 'companyId' | 'formId' | 'position'>;

/**
 * Inserts a form with the given fields in order. It becomes the company's default form when the
 * company has none yet.
 */
export async function seedForm(
  db: Db,
  companyId: number,
  fields: readonly SeedFormField[],
  overrides: Partial<Omit<NewApplicationForm, 'companyId'>> = {},
): Promise<{ form: ApplicationForm; fields: FormFieldRow[] }> {
  return db.transaction(async (tx) => {
    const hasDefault =
      (await tx.$count(
        applicationForms,
        and(eq(applicationForms.companyId, companyId), eq(applicationForms.isDefault, true)),
      )) > 0;
    const [form] = await tx
      .insert(applicationForms)
      .values({ name: 'Application form', isDefault: !hasDefault, ...overrides, companyId })
      .returning();
    if (!form) throw new Error('seedForm: insert returned no row');
    const rows =
      fields.length === 0
        ? []
        : await tx
            .insert(formFields)
            .values(fields.map((field, position) => ({ ...field, companyId, formId: form.id, position })))
            .returning();
    rows.sort((a, b) => a.position - b.position);
    return { form, fields: rows };
  });
}
