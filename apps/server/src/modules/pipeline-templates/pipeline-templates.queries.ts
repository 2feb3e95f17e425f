import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { type PipelineTemplate, pipelineTemplates } from '../../db/schema/recruiting-bulk';
import type { Db } from '../../db/tables';

// All SQL of pipeline templates; every statement filters by company_id.

export function findPipelineTemplates(db: Db, companyId: number): Promise<PipelineTemplate[]> {
  return db
    .select()
    .from(pipelineTemplates)
    .where(eq(pipelineTemplates.companyId, companyId))
    .orderBy(asc(sql`lower(${pipelineTemplates.name})`), asc(pipelineTemplates.id));
}

export async function countPipelineTemplates(db: Db, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(pipelineTemplates)
    .where(eq(pipelineTemplates.companyId, companyId));
  return row?.total ?? 0;
}

/** Whether another template of the company has this name, whatever its case. */
export async function isTemplateNameTaken(
  db: Db,
  companyId: number,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: pipelineTemplates.id })
    .from(pipelineTemplates)
    .where(
      and(
        eq(pipelineTemplates.companyId, companyId),
        eq(sql`lower(${pipelineTemplates.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(pipelineTemplates.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

type TemplateValues = { name: string; stages: string[] };

/** A unique index refused the row (PostgreSQL 23505), wherever the driver wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A new template; null when the name was taken meanwhile (the unique index). */
export async function insertPipelineTemplate(
  db: Db,
  values: TemplateValues & { companyId: number; createdBy: number },
): Promise<PipelineTemplate | null> {
  const [row] = await db.insert(pipelineTemplates).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Changes a template; null when the company has none of this id, 'name_taken' on a clash. */
export async function updatePipelineTemplate(
  db: Db,
  companyId: number,
  id: number,
  values: TemplateValues,
): Promise<PipelineTemplate | null | 'name_taken'> {
  try {
    const [row] = await db
      .update(pipelineTemplates)
      .set(values)
      .where(and(eq(pipelineTemplates.companyId, companyId), eq(pipelineTemplates.id, id)))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'name_taken';
    throw error;
  }
}

export async function deletePipelineTemplate(db: Db, companyId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(pipelineTemplates)
    .where(and(eq(pipelineTemplates.companyId, companyId), eq(pipelineTemplates.id, id)))
    .returning({ id: pipelineTemplates.id });
  return rows.length > 0;
}
