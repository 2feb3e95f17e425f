import { PIPELINE_TEMPLATES_MAX, type PipelineTemplate } from '@kadry/shared/schemas/recruiting-bulk';
import type { PipelineTemplate as PipelineTemplateRow } from '../../db/schema/recruiting-bulk';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type Access, levelFor } from '../../plugins/access/access';
import {
  countPipelineTemplates,
  deletePipelineTemplate,
  findPipelineTemplates,
  insertPipelineTemplate,
  isTemplateNameTaken,
  updatePipelineTemplate,
} from './pipeline-templates.queries';

// Pipeline templates (issue 17): the company's lists of stage names, offered when a vacancy is created.

export type PipelineTemplateContext = { db: Db; access: Access };

type TemplateInput = { name: string; stages: string[] };

/**
 * Templates are read by whoever creates or edits vacancies (they pick one) or sees pipelines
 * (Vacancy.Stage view). Changing them is company-wide: Vacancy.Stage at to_all for the action (owners
 * and HR by default; a recruiter's level is their own and their team's).
 */
function requireReading(access: Access): void {
  for (const [entity, action] of [
    ['Vacancy', 'create'],
    ['Vacancy', 'update'],
    ['Vacancy.Stage', 'view'],
  ] as const) {
    if (levelFor(access, entity, action) !== 'not_visible') return;
  }
  throw new AppError('forbidden');
}

function canManage(access: Access, action: 'create' | 'update' | 'delete'): boolean {
  return levelFor(access, 'Vacancy.Stage', action) === 'to_all';
}

function requireManaging(access: Access, action: 'create' | 'update' | 'delete'): void {
  if (!canManage(access, action)) throw new AppError('forbidden');
}

function nameTaken(): AppError {
  return new AppError('validation', {
    key: 'hr.pipeline_templates.error.name_taken',
    issues: { name: [{ key: 'hr.pipeline_templates.error.name_taken' }] },
  });
}

function toWire(row: PipelineTemplateRow): PipelineTemplate {
  return {
    id: row.id,
    name: row.name,
    stages: row.stages,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The company's templates by name, and whether the user may manage them. */
export async function listPipelineTemplates(ctx: PipelineTemplateContext) {
  requireReading(ctx.access);
  const rows = await findPipelineTemplates(ctx.db, ctx.access.user.companyId);
  return { data: rows.map(toWire), meta: { can_manage: canManage(ctx.access, 'update') } };
}

export async function createPipelineTemplate(
  ctx: PipelineTemplateContext,
  input: TemplateInput,
): Promise<PipelineTemplate> {
  requireManaging(ctx.access, 'create');
  const companyId = ctx.access.user.companyId;
  if ((await countPipelineTemplates(ctx.db, companyId)) >= PIPELINE_TEMPLATES_MAX) {
    throw new AppError('validation', {
      key: 'hr.pipeline_templates.error.too_many',
      issues: {
        name: [{ key: 'hr.pipeline_templates.error.too_many', params: { max: PIPELINE_TEMPLATES_MAX } }],
      },
    });
  }
  if (await isTemplateNameTaken(ctx.db, companyId, input.name)) throw nameTaken();
  const row = await insertPipelineTemplate(ctx.db, { ...input, companyId, createdBy: ctx.access.user.id });
  if (!row) throw nameTaken();
  return toWire(row);
}

export async function changePipelineTemplate(
  ctx: PipelineTemplateContext,
  id: number,
  input: TemplateInput,
): Promise<PipelineTemplate> {
  requireManaging(ctx.access, 'update');
  const companyId = ctx.access.user.companyId;
  if (await isTemplateNameTaken(ctx.db, companyId, input.name, id)) throw nameTaken();
  const row = await updatePipelineTemplate(ctx.db, companyId, id, input);
  if (row === 'name_taken') throw nameTaken();
  if (!row) throw new AppError('not_found');
  return toWire(row);
}

/** Deleting a template leaves the vacancies made from it as they are (their stages are their own). */
export async function removePipelineTemplate(ctx: PipelineTemplateContext, id: number): Promise<void> {
  requireManaging(ctx.access, 'delete');
  if (!(await deletePipelineTemplate(ctx.db, ctx.access.user.companyId, id))) {
    throw new AppError('not_found');
  }
}
