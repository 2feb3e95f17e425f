import { DEFAULT_STAGE_NAMES } from '@kadry/shared/schemas/recruiting';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type VacancyStage, vacancyStages } from '../../db/schema/recruiting';
import { responses } from '../../db/schema/responses';
import { AppError } from '../../lib/app-error';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type StageWire = { id: number; name: string; position: number };

export function toStageWire(stage: VacancyStage): StageWire {
  return { id: stage.id, name: stage.name, position: stage.position };
}

/** Gives a vacancy the default pipeline (New … Rejected) unless it has stages already. */
export async function createDefaultStages(db: Db | Tx, companyId: number, vacancyId: number): Promise<void> {
  await db
    .insert(vacancyStages)
    .values(DEFAULT_STAGE_NAMES.map((name, position) => ({ companyId, vacancyId, name, position })))
    // A concurrent first read created them already: theirs are as good as ours.
    .onConflictDoNothing();
}

/**
 * The vacancy's stages in order. Vacancies made before pipelines existed (or by seeds) get the
 * defaults on first read, so every vacancy has a first stage for its applications.
 */
export async function listStages(db: Db | Tx, companyId: number, vacancyId: number): Promise<VacancyStage[]> {
  const read = () =>
    db
      .select()
      .from(vacancyStages)
      .where(and(eq(vacancyStages.companyId, companyId), eq(vacancyStages.vacancyId, vacancyId)))
      .orderBy(asc(vacancyStages.position));
  const stages = await read();
  if (stages.length > 0) return stages;
  await createDefaultStages(db, companyId, vacancyId);
  return read();
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

/** The stage an application is in: its own, else (none yet, or its stage was removed) the first. */
export function resolveStage(stages: readonly VacancyStage[], stageId: number | null): VacancyStage {
  const first = stages[0];
  if (!first) throw new Error('a vacancy without stages');
  return stages.find((stage) => stage.id === stageId) ?? first;
}

/**
 * Replaces a vacancy's pipeline with an ordered list: stages with an id are renamed and moved, new ones
 * created, missing ones removed, but only when no application is in them (409 otherwise; the first
 * stage counts as holding the applications that have no stage yet).
 */
export async function replaceStages(
  db: Db,
  companyId: number,
  vacancyId: number,
  input: readonly { id?: number | undefined; name: string }[],
): Promise<VacancyStage[]> {
  return db.transaction(async (tx) => {
    const current = await listStages(tx, companyId, vacancyId);
    const currentIds = new Set(current.map((stage) => stage.id));
    const keptIds = input.flatMap((stage) => (stage.id === undefined ? [] : [stage.id]));
    if (keptIds.some((id) => !currentIds.has(id)) || new Set(keptIds).size !== keptIds.length) {
      throw new AppError('validation', { issues: { stages: [{ key: 'errors.invalid_value' }] } });
    }
    const removed = current.filter((stage) => !keptIds.includes(stage.id));
    if (removed.length > 0) {
      const firstId = current[0]?.id;
      const removedIds = removed.map((stage) => stage.id);
      const inUse = await tx
        .selectDistinct({ stageId: responses.stageId })
        .from(responses)
        .where(
          and(
            eq(responses.companyId, companyId),
            eq(responses.vacancyId, vacancyId),
            removedIds.includes(firstId ?? -1)
              ? sql`(${responses.stageId} is null or ${inArray(responses.stageId, removedIds)})`
              : inArray(responses.stageId, removedIds),
          ),
        );
      // Name the stage (the earliest in board order) so the user knows which candidates to move.
      const heldIds = new Set(inUse.map((row) => row.stageId ?? firstId));
      const held = removed.find((stage) => heldIds.has(stage.id));
      if (held) {
        throw new AppError('conflict', {
          key: 'recruiting.errors.stage_has_candidates',
          params: { stage: held.name },
        });
      }
      await tx.delete(vacancyStages).where(inArray(vacancyStages.id, removedIds));
    }
    // Move kept stages out of the way first: positions are unique per vacancy.
    if (keptIds.length > 0) {
      await tx
        .update(vacancyStages)
        .set({ position: sql`${vacancyStages.position} + 10000` })
        .where(inArray(vacancyStages.id, keptIds));
    }
    for (const [position, stage] of input.entries()) {
      if (stage.id === undefined) {
        await tx.insert(vacancyStages).values({ companyId, vacancyId, name: stage.name, position });
      } else {
        await tx
          .update(vacancyStages)
          .set({ name: stage.name, position })
          .where(eq(vacancyStages.id, stage.id));
      }
    }
    const stages = await tx
      .select()
      .from(vacancyStages)
      .where(and(eq(vacancyStages.companyId, companyId), eq(vacancyStages.vacancyId, vacancyId)))
      .orderBy(asc(vacancyStages.position));
    return stages;
  });
}
