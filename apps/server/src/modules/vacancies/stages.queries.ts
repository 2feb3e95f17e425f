import { DEFAULT_STAGE_NAMES } from '@kadry/shared/schemas/recruiting';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { applications } from '../../db/schema/applications';
import { type VacancyStage, vacancyStages } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import type { DbOrTx } from './vacancies.queries';

// All SQL of vacancy pipelines; every statement filters by company_id.

/** Gives a vacancy the default pipeline (New … Rejected) unless it has stages already. */
export async function createDefaultStages(db: DbOrTx, companyId: number, vacancyId: number): Promise<void> {
  await db
    .insert(vacancyStages)
    .values(DEFAULT_STAGE_NAMES.map((name, position) => ({ companyId, vacancyId, name, position })))
    // A concurrent first read created them already: theirs are as good as ours.
    .onConflictDoNothing();
}

/** Gives a new vacancy its pipeline from a list of stage names (a pipeline template, edited). */
export async function createNamedStages(
  db: DbOrTx,
  companyId: number,
  vacancyId: number,
  names: readonly string[],
): Promise<void> {
  await db
    .insert(vacancyStages)
    .values(names.map((name, position) => ({ companyId, vacancyId, name, position })));
}

function selectStages(db: DbOrTx, companyId: number, vacancyId: number) {
  return db
    .select()
    .from(vacancyStages)
    .where(and(eq(vacancyStages.companyId, companyId), eq(vacancyStages.vacancyId, vacancyId)))
    .orderBy(asc(vacancyStages.position));
}

/**
 * The vacancy's stages in order. Vacancies made before pipelines existed (or by seeds) get the
 * defaults on first read, so every vacancy has a first stage for its applications.
 */
export async function listStages(db: DbOrTx, companyId: number, vacancyId: number): Promise<VacancyStage[]> {
  const stages = await selectStages(db, companyId, vacancyId);
  if (stages.length > 0) return stages;
  await createDefaultStages(db, companyId, vacancyId);
  return selectStages(db, companyId, vacancyId);
}

/** Stages of several vacancies at once (defaults created where missing), by vacancy id. */
export async function listStagesOf(
  db: Db,
  companyId: number,
  vacancyIds: readonly number[],
): Promise<Map<number, VacancyStage[]>> {
  const byVacancy = new Map<number, VacancyStage[]>();
  if (vacancyIds.length === 0) return byVacancy;
  const rows = await db
    .select()
    .from(vacancyStages)
    .where(and(eq(vacancyStages.companyId, companyId), inArray(vacancyStages.vacancyId, [...vacancyIds])))
    .orderBy(asc(vacancyStages.position));
  for (const row of rows) byVacancy.set(row.vacancyId, [...(byVacancy.get(row.vacancyId) ?? []), row]);
  for (const vacancyId of vacancyIds) {
    if (!byVacancy.has(vacancyId)) byVacancy.set(vacancyId, await listStages(db, companyId, vacancyId));
  }
  return byVacancy;
}

/** Whether a stage belongs to the vacancy. */
export async function isStageOf(
  db: DbOrTx,
  companyId: number,
  vacancyId: number,
  stageId: number,
): Promise<boolean> {
  const found = await db.$count(
    vacancyStages,
    and(
      eq(vacancyStages.companyId, companyId),
      eq(vacancyStages.vacancyId, vacancyId),
      eq(vacancyStages.id, stageId),
    ),
  );
  return found > 0;
}

/**
 * Which of `stageIds` hold applications (an application without a stage counts as being in
 * `firstStageId`), as stage ids.
 */
export async function findOccupiedStageIds(
  tx: DbOrTx,
  companyId: number,
  vacancyId: number,
  stageIds: readonly number[],
  firstStageId: number | undefined,
): Promise<Set<number>> {
  const ids = [...stageIds];
  const rows = await tx
    .selectDistinct({ stageId: applications.stageId })
    .from(applications)
    .where(
      and(
        eq(applications.companyId, companyId),
        eq(applications.vacancyId, vacancyId),
        firstStageId !== undefined && ids.includes(firstStageId)
          ? sql`(${applications.stageId} is null or ${inArray(applications.stageId, ids)})`
          : inArray(applications.stageId, ids),
      ),
    );
  return new Set(
    rows.map((row) => row.stageId ?? firstStageId).filter((id): id is number => id !== undefined),
  );
}

/**
 * Writes a pipeline: removes `removedIds`, then gives every stage of `ordered` its position (new ones
 * inserted, existing ones renamed and moved). Run inside a transaction.
 */
export async function writeStages(
  tx: DbOrTx,
  companyId: number,
  vacancyId: number,
  removedIds: readonly number[],
  ordered: readonly { id?: number | undefined; name: string }[],
): Promise<VacancyStage[]> {
  if (removedIds.length > 0) {
    await tx
      .delete(vacancyStages)
      .where(and(eq(vacancyStages.companyId, companyId), inArray(vacancyStages.id, [...removedIds])));
  }
  const keptIds = ordered.flatMap((stage) => (stage.id === undefined ? [] : [stage.id]));
  // Move kept stages out of the way first: positions are unique per vacancy.
  if (keptIds.length > 0) {
    await tx
      .update(vacancyStages)
      .set({ position: sql`${vacancyStages.position} + 10000` })
      .where(and(eq(vacancyStages.companyId, companyId), inArray(vacancyStages.id, keptIds)));
  }
  for (const [position, stage] of ordered.entries()) {
    if (stage.id === undefined) {
      await tx.insert(vacancyStages).values({ companyId, vacancyId, name: stage.name, position });
    } else {
      await tx
        .update(vacancyStages)
        .set({ name: stage.name, position })
        .where(and(eq(vacancyStages.companyId, companyId), eq(vacancyStages.id, stage.id)));
    }
  }
  return selectStages(tx, companyId, vacancyId);
}
