import type { Locale } from '@kadry/shared/constants';
import type { MailTemplatePurpose } from '@kadry/shared/schemas/recruiting-mail';
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type CandidateMailTemplate,
  candidateMailTemplates,
  recruitingMailSettings,
} from '../../db/schema/recruiting-mail';
import type { Db } from '../../db/tables';
import type { DefaultTemplate } from './default-templates';

// All SQL of candidate mail templates and settings; every statement filters by company_id.

/**
 * Makes sure the company has its settings row, and seeds the default templates the first time (the
 * row's insert decides: two processes racing seed once).
 */
export async function ensureMailDefaults(
  db: Db,
  companyId: number,
  defaults: readonly DefaultTemplate[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(recruitingMailSettings)
      .values({ companyId })
      .onConflictDoNothing()
      .returning({ companyId: recruitingMailSettings.companyId });
    if (inserted.length === 0) return;
    await tx.insert(candidateMailTemplates).values(defaults.map((template) => ({ companyId, ...template })));
  });
}

export async function findMailSettings(db: Db, companyId: number): Promise<{ autoAcknowledge: boolean }> {
  const [row] = await db
    .select({ autoAcknowledge: recruitingMailSettings.autoAcknowledge })
    .from(recruitingMailSettings)
    .where(eq(recruitingMailSettings.companyId, companyId));
  return { autoAcknowledge: row?.autoAcknowledge ?? true };
}

export async function updateMailSettings(
  db: Db,
  companyId: number,
  values: { autoAcknowledge: boolean },
): Promise<void> {
  await db.update(recruitingMailSettings).set(values).where(eq(recruitingMailSettings.companyId, companyId));
}

/** The company's templates, by purpose, language and name. */
export function findTemplates(
  db: Db,
  companyId: number,
  filter: { locale?: Locale | undefined; purpose?: MailTemplatePurpose | undefined },
): Promise<CandidateMailTemplate[]> {
  return db
    .select()
    .from(candidateMailTemplates)
    .where(
      and(
        eq(candidateMailTemplates.companyId, companyId),
        filter.locale ? eq(candidateMailTemplates.locale, filter.locale) : undefined,
        filter.purpose ? eq(candidateMailTemplates.purpose, filter.purpose) : undefined,
      ),
    )
    .orderBy(
      sql`array_position(array['acknowledgement','rejection','generic'], ${candidateMailTemplates.purpose})`,
      asc(candidateMailTemplates.locale),
      asc(candidateMailTemplates.name),
      asc(candidateMailTemplates.id),
    );
}

export async function findTemplate(
  db: Db,
  companyId: number,
  id: number,
): Promise<CandidateMailTemplate | null> {
  const [row] = await db
    .select()
    .from(candidateMailTemplates)
    .where(and(eq(candidateMailTemplates.companyId, companyId), eq(candidateMailTemplates.id, id)));
  return row ?? null;
}

/** The first template of a purpose in a language (the oldest: the one seeded or made first). */
export async function findFirstTemplate(
  db: Db,
  companyId: number,
  purpose: MailTemplatePurpose,
  locale: Locale,
): Promise<CandidateMailTemplate | null> {
  const [row] = await db
    .select()
    .from(candidateMailTemplates)
    .where(
      and(
        eq(candidateMailTemplates.companyId, companyId),
        eq(candidateMailTemplates.purpose, purpose),
        eq(candidateMailTemplates.locale, locale),
      ),
    )
    .orderBy(asc(candidateMailTemplates.id))
    .limit(1);
  return row ?? null;
}

type TemplateValues = Pick<CandidateMailTemplate, 'purpose' | 'locale' | 'name' | 'subject' | 'body'>;

export async function insertTemplate(
  db: Db,
  companyId: number,
  values: TemplateValues,
): Promise<CandidateMailTemplate> {
  const [row] = await db
    .insert(candidateMailTemplates)
    .values({ companyId, ...values })
    .returning();
  if (!row) throw new Error('template insert returned nothing');
  return row;
}

export async function updateTemplate(
  db: Db,
  companyId: number,
  id: number,
  values: TemplateValues,
): Promise<CandidateMailTemplate | null> {
  const [row] = await db
    .update(candidateMailTemplates)
    .set(values)
    .where(and(eq(candidateMailTemplates.companyId, companyId), eq(candidateMailTemplates.id, id)))
    .returning();
  return row ?? null;
}

/** Deletes a template; mail sent with it keeps its text (template_id is set null). */
export async function deleteTemplate(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(candidateMailTemplates)
    .where(and(eq(candidateMailTemplates.companyId, companyId), eq(candidateMailTemplates.id, id)))
    .returning({ id: candidateMailTemplates.id });
  return rows.length > 0;
}
