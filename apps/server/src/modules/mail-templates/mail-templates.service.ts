import type { Locale } from '@kadry/shared/constants';
import type {
  MailSettings,
  MailTemplate,
  MailTemplateInput,
  MailTemplatePurpose,
} from '@kadry/shared/schemas/recruiting-mail';
import type { CandidateMailTemplate } from '../../db/schema/recruiting-mail';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type Access, levelFor } from '../../plugins/access/access';
import { DEFAULT_TEMPLATES } from './default-templates';
import { sanitizeMailBody } from './mail-html';
import {
  deleteTemplate,
  ensureMailDefaults,
  findFirstTemplate,
  findMailSettings,
  findTemplate,
  findTemplates,
  insertTemplate,
  updateMailSettings,
  updateTemplate,
} from './mail-templates.queries';

export { formatInterviewTime, type RenderedMail, renderComposedMail, renderMail } from './mail-html';

/** What the template rules need to act for a signed-in user. */
export type MailTemplateContext = { db: Db; access: Access };

/**
 * Templates are read by whoever works on candidates (they write to them) or sees the Template entity;
 * changing them — and the acknowledgement setting — is company-wide and needs the Template action at
 * the level to_all (owners and HR by default; a custom role can give it to recruiters).
 */
function requireReading(access: Access): void {
  if (levelFor(access, 'Candidate', 'update') !== 'not_visible') return;
  if (levelFor(access, 'Template', 'view') !== 'not_visible') return;
  throw new AppError('forbidden');
}

function requireManaging(access: Access, action: 'create' | 'update' | 'delete'): void {
  if (levelFor(access, 'Template', action) !== 'to_all') throw new AppError('forbidden');
}

function toWire(row: CandidateMailTemplate): MailTemplate {
  return {
    id: row.id,
    purpose: row.purpose,
    locale: row.locale,
    name: row.name,
    subject: row.subject,
    body: row.body,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The company's templates (seeded with the defaults the first time anyone looks). */
export async function listTemplates(
  ctx: MailTemplateContext,
  filter: { locale?: Locale | undefined; purpose?: MailTemplatePurpose | undefined },
): Promise<MailTemplate[]> {
  requireReading(ctx.access);
  const companyId = ctx.access.user.companyId;
  await ensureMailDefaults(ctx.db, companyId, DEFAULT_TEMPLATES);
  return (await findTemplates(ctx.db, companyId, filter)).map(toWire);
}

function valuesOf(input: MailTemplateInput) {
  const body = sanitizeMailBody(input.body);
  if (body.replace(/<[^>]*>/g, '').trim() === '') {
    throw new AppError('validation', { issues: { body: [{ key: 'errors.required' }] } });
  }
  return { purpose: input.purpose, locale: input.locale, name: input.name, subject: input.subject, body };
}

export async function createTemplate(
  ctx: MailTemplateContext,
  input: MailTemplateInput,
): Promise<MailTemplate> {
  requireManaging(ctx.access, 'create');
  const companyId = ctx.access.user.companyId;
  await ensureMailDefaults(ctx.db, companyId, DEFAULT_TEMPLATES);
  return toWire(await insertTemplate(ctx.db, companyId, valuesOf(input)));
}

export async function changeTemplate(
  ctx: MailTemplateContext,
  id: number,
  input: MailTemplateInput,
): Promise<MailTemplate> {
  requireManaging(ctx.access, 'update');
  const row = await updateTemplate(ctx.db, ctx.access.user.companyId, id, valuesOf(input));
  if (!row) throw new AppError('not_found');
  return toWire(row);
}

export async function removeTemplate(ctx: MailTemplateContext, id: number): Promise<void> {
  requireManaging(ctx.access, 'delete');
  if (!(await deleteTemplate(ctx.db, ctx.access.user.companyId, id))) throw new AppError('not_found');
}

export async function getMailSettings(ctx: MailTemplateContext): Promise<MailSettings> {
  requireReading(ctx.access);
  const companyId = ctx.access.user.companyId;
  await ensureMailDefaults(ctx.db, companyId, DEFAULT_TEMPLATES);
  const settings = await findMailSettings(ctx.db, companyId);
  return { auto_acknowledge: settings.autoAcknowledge };
}

export async function changeMailSettings(
  ctx: MailTemplateContext,
  input: MailSettings,
): Promise<MailSettings> {
  requireManaging(ctx.access, 'update');
  const companyId = ctx.access.user.companyId;
  await ensureMailDefaults(ctx.db, companyId, DEFAULT_TEMPLATES);
  await updateMailSettings(ctx.db, companyId, { autoAcknowledge: input.auto_acknowledge });
  return input;
}

// For other modules (applications): no Access, the caller has checked it.

/** A template of the company to send from; null when there is none with this id. */
export async function findTemplateForSending(
  db: Db,
  companyId: number,
  id: number,
): Promise<{ id: number; subject: string; body: string } | null> {
  return findTemplate(db, companyId, id);
}

/**
 * The acknowledgement to send when someone applies: the company's setting and its acknowledgement
 * template in the candidate's language (English, then any, when that one is missing). Null when the
 * company acknowledges nothing or has no such template left.
 */
export async function findAcknowledgementTemplate(
  db: Db,
  companyId: number,
  locale: Locale,
): Promise<{ id: number; locale: Locale; subject: string; body: string } | null> {
  await ensureMailDefaults(db, companyId, DEFAULT_TEMPLATES);
  const settings = await findMailSettings(db, companyId);
  if (!settings.autoAcknowledge) return null;
  for (const candidate of [locale, 'en', 'ru', 'uk'] as const) {
    const template = await findFirstTemplate(db, companyId, 'acknowledgement', candidate);
    if (template) return template;
  }
  return null;
}
