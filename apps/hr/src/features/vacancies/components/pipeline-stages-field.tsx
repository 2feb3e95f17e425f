import { STAGE_NAME_MAX_LENGTH, STAGES_MAX } from '@kadry/shared/schemas/recruiting';
import { useId, useRef } from 'react';
import { useT } from '../../../lib/i18n';
import './pipeline-templates.css';

/** A stage being edited: a key that stays with it while it moves, and its name. */
export type StageDraft = { key: string; name: string };

let nextKey = 0;
export function toStageDrafts(names: readonly string[]): StageDraft[] {
  return names.map((name) => {
    nextKey += 1;
    return { key: `stage-${nextKey}`, name };
  });
}

/** The problem with a list of stage names, as a message key (none: null). */
export function findStagesProblem(stages: readonly StageDraft[]): string | null {
  const names = stages.map((stage) => stage.name.trim());
  if (names.length === 0) return 'hr.pipeline_templates.error.no_stages';
  if (names.some((name) => name === '')) return 'hr.pipeline_templates.error.blank_stage';
  if (new Set(names.map((name) => name.toLowerCase())).size !== names.length) {
    return 'hr.pipeline_templates.error.repeated_stage';
  }
  return null;
}

/**
 * An ordered list of stage names to edit (a pipeline template, or a new vacancy's pipeline): rename,
 * move up and down, remove, add. Plain buttons, so it works the same by keyboard; a move keeps the
 * focus on the moved stage's button and is announced.
 */
export function PipelineStagesField({
  legend,
  stages,
  onChange,
  error,
}: {
  legend: string;
  stages: readonly StageDraft[];
  onChange: (stages: StageDraft[]) => void;
  error?: string | null;
}) {
  const t = useT();
  const id = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const announce = useRef<HTMLParagraphElement>(null);

  const say = (text: string) => {
    if (announce.current) announce.current.textContent = text;
  };
  const move = (index: number, step: -1 | 1, buttonName: 'up' | 'down') => {
    const target = index + step;
    const moved = stages[index];
    if (!moved || target < 0 || target >= stages.length) return;
    const next = [...stages];
    next.splice(index, 1);
    next.splice(target, 0, moved);
    onChange(next);
    say(
      t('hr.pipeline_templates.moved', {
        name: moved.name || t('hr.pipeline_templates.unnamed'),
        position: target + 1,
        count: stages.length,
      }),
    );
    // The same button of the moved stage keeps the focus (or the other one at the ends).
    requestAnimationFrame(() => {
      const row = listRef.current?.querySelector<HTMLElement>(`[data-key="${moved.key}"]`);
      const button =
        row?.querySelector<HTMLButtonElement>(`button[data-move="${buttonName}"]:not([disabled])`) ??
        row?.querySelector<HTMLButtonElement>('button[data-move]:not([disabled])');
      button?.focus();
    });
  };

  return (
    <fieldset className="pipeline-stages" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{legend}</legend>
      <ol className="pipeline-stages__list" ref={listRef}>
        {stages.map((stage, index) => (
          <li key={stage.key} data-key={stage.key} className="pipeline-stages__row">
            <label htmlFor={`${id}-${stage.key}`} className="visually-hidden">
              {t('hr.pipeline_templates.stage_name', { position: index + 1 })}
            </label>
            <input
              id={`${id}-${stage.key}`}
              value={stage.name}
              maxLength={STAGE_NAME_MAX_LENGTH}
              onChange={(event) =>
                onChange(
                  stages.map((item) =>
                    item.key === stage.key ? { ...item, name: event.target.value } : item,
                  ),
                )
              }
            />
            <span className="pipeline-stages__buttons">
              <button
                type="button"
                data-move="up"
                disabled={index === 0}
                onClick={() => move(index, -1, 'up')}
                aria-label={t('hr.pipeline_templates.move_up', { name: stage.name || index + 1 })}
              >
                ↑
              </button>
              <button
                type="button"
                data-move="down"
                disabled={index === stages.length - 1}
                onClick={() => move(index, 1, 'down')}
                aria-label={t('hr.pipeline_templates.move_down', { name: stage.name || index + 1 })}
              >
                ↓
              </button>
              <button
                type="button"
                disabled={stages.length <= 1}
                onClick={() => {
                  onChange(stages.filter((item) => item.key !== stage.key));
                  say(t('hr.pipeline_templates.removed', { name: stage.name || index + 1 }));
                }}
                aria-label={t('hr.pipeline_templates.remove', { name: stage.name || index + 1 })}
              >
                ×
              </button>
            </span>
          </li>
        ))}
      </ol>
      {stages.length < STAGES_MAX ? (
        <button
          type="button"
          onClick={() => {
            const [added] = toStageDrafts(['']);
            if (!added) return;
            onChange([...stages, added]);
            requestAnimationFrame(() => document.getElementById(`${id}-${added.key}`)?.focus());
          }}
        >
          {t('hr.pipeline_templates.add_stage')}
        </button>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
      <p className="visually-hidden" role="status" ref={announce} />
    </fieldset>
  );
}
