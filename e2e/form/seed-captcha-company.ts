// Runs after seed-e2e-database.ts and before the e2e server starts (playwright.config.ts): adds the
// company of captcha-company.ts with a copy of the demo form and one published vacancy.
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { DEMO_FORM_FIELDS } from '../../apps/server/src/db/demo/demo-form';
import { companies } from '../../apps/server/src/db/schema/companies';
import { applicationForms, formFields } from '../../apps/server/src/db/schema/forms';
import { vacancies } from '../../apps/server/src/db/schema/vacancies';
import { CAPTCHA_COMPANY } from './captcha-company';

async function seedCaptchaCompany(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await database.db.transaction(async (tx) => {
      const existing = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.slug, CAPTCHA_COMPANY.slug));
      if (existing.length > 0) return;
      const [company] = await tx
        .insert(companies)
        .values({
          name: CAPTCHA_COMPANY.name,
          slug: CAPTCHA_COMPANY.slug,
          hosts: [CAPTCHA_COMPANY.host],
          consentPageUrl: 'https://example.com/privacy',
          captchaProvider: 'test',
          captchaSiteKey: 'test',
          languages: ['en', 'uk'],
          defaultLanguage: 'en',
        })
        .returning({ id: companies.id });
      if (!company) throw new Error('seed-captcha-company: no company row');
      const [form] = await tx
        .insert(applicationForms)
        .values({ companyId: company.id, name: 'Default application form', isDefault: true })
        .returning({ id: applicationForms.id });
      if (!form) throw new Error('seed-captcha-company: no form row');
      await tx.insert(formFields).values(
        DEMO_FORM_FIELDS.map((field, position) => ({
          ...field,
          companyId: company.id,
          formId: form.id,
          position,
        })),
      );
      const now = new Date();
      await tx.insert(vacancies).values({
        companyId: company.id,
        name: CAPTCHA_COMPANY.vacancyName,
        description: '<p>A vacancy whose applications need a captcha token.</p>',
        isPublished: true,
        publishedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    });
  } finally {
    await database.close();
  }
}

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('seed-captcha-company: DATA_DIR is not set');
await seedCaptchaCompany(dataDir);
