import { STAGE_NAME_MAX_LENGTH, type Stage, type StagesInput } from '@kadry/shared/schemas/recruiting';

/** A row of the pipeline editor: a saved stage (with its id) or a new one, and a stable key for React. */
export type StageDraft = { key: string; id?: number; name: string };

export type StageProblem = 'required' | 'too_long' | 'duplicate';

let nextKey = 1;

export function createStageDraft(stage?: Stage): StageDraft {
  if (stage) return { key: `stage-${stage.id}`, id: stage.id, name: stage.name };
  const key = `new-${nextKey}`;
  nextKey += 1;
  return { key, name: '' };
}

export function createStageDrafts(stages: readonly Stage[]): StageDraft[] {
  return stages.map((stage) => createStageDraft(stage));
}

/** Whether the rows differ from the saved pipeline in order, names, or which stages are in it. */
export function hasStageChanges(drafts: readonly StageDraft[], saved: readonly Stage[]): boolean {
  if (drafts.length !== saved.length) return true;
  return drafts.some((draft, index) => {
    const stage = saved[index];
    return draft.id !== stage?.id || draft.name.trim() !== stage?.name;
  });
}

/**
 * What is wrong with each row, by key: the contract's rules (not empty, not too long) and one of our
 * own, no two stages with the same name, because the board and the filters show stages by name only.
 */
export function findStageProblems(drafts: readonly StageDraft[]): Map<string, StageProblem> {
  const problems = new Map<string, StageProblem>();
  const seen = new Set<string>();
  for (const draft of drafts) {
    const name = draft.name.trim();
    const folded = name.toLocaleLowerCase();
    if (name === '') problems.set(draft.key, 'required');
    else if (name.length > STAGE_NAME_MAX_LENGTH) problems.set(draft.key, 'too_long');
    else if (seen.has(folded)) problems.set(draft.key, 'duplicate');
    seen.add(folded);
  }
  return problems;
}

/** The body of the save: the whole ordered list, saved stages by id. */
export function toStagesInput(drafts: readonly StageDraft[]): StagesInput {
  return {
    stages: drafts.map((draft) =>
      draft.id === undefined ? { name: draft.name.trim() } : { id: draft.id, name: draft.name.trim() },
    ),
  };
}

/** Saved stages missing from the rows (removed on save), each with the index it had. */
export function findRemovedStages(
  drafts: readonly StageDraft[],
  saved: readonly Stage[],
): { stage: Stage; index: number }[] {
  const kept = new Set(drafts.map((draft) => draft.id));
  return saved.flatMap((stage, index) => (kept.has(stage.id) ? [] : [{ stage, index }]));
}

/** Puts a removed stage back where it was, or at the end when the list is shorter now. */
export function restoreStage(drafts: readonly StageDraft[], stage: Stage, index: number): StageDraft[] {
  const next = [...drafts];
  next.splice(Math.min(index, next.length), 0, createStageDraft(stage));
  return next;
}
