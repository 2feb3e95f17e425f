import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { STAGE_NAME_MAX_LENGTH, STAGES_MAX, type Stage } from '@kadry/shared/schemas/recruiting';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import { QueryState } from '../../../components/ui/query-state';
import { usePromptBeforeUnload } from '../../../components/ui/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { handleMoveKeys, useFocusAfterRender, useSortableSensors } from '../../../lib/sortable-list';
import { useStageCounts } from '../api/get-stage-counts';
import { useStages } from '../api/get-stages';
import { useSaveStages } from '../api/save-stages';
import {
  createStageDraft,
  createStageDrafts,
  findRemovedStages,
  findStageProblems,
  hasStageChanges,
  restoreStage,
  type StageDraft,
  type StageProblem,
  toStagesInput,
} from './stages-model';
import './stages-editor.css';

const NO_STAGES: Stage[] = [];

type StageRowProps = {
  row: StageDraft;
  index: number;
  total: number;
  label: string;
  inputId: string;
  savedName: string | undefined;
  count: number | undefined;
  error: string | undefined;
  canAdd: boolean;
  lastStageHintId: string | undefined;
  onRename: (name: string) => void;
  onMove: (to: number, control: 'up' | 'down') => void;
  onAddBelow: () => void;
  onRemove: () => void;
};

function StageRow({
  row,
  index,
  total,
  label,
  inputId,
  savedName,
  count,
  error,
  canAdd,
  lastStageHintId,
  onRename,
  onMove,
  onAddBelow,
  onRemove,
}: StageRowProps) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: row.key, attributes: { roleDescription: t('hr.vacancies.stages.draggable') } });
  const errorId = `${inputId}-error`;
  const noteId = `${inputId}-note`;
  const isNew = row.id === undefined;
  const isRenamed = savedName !== undefined && savedName !== row.name.trim();

  // Alt+↑/↓ anywhere in the row moves it, as in the form builder.
  const onKeyDown = (event: KeyboardEvent) =>
    handleMoveKeys(event, (direction) => onMove(direction === 'up' ? index - 1 : index + 1, direction));

  return (
    <li
      ref={setNodeRef}
      data-key={row.key}
      data-dragging={isDragging}
      data-changed={isNew || isRenamed}
      className="stages-editor__row"
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
      }}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="stages-editor__handle"
        {...attributes}
        {...listeners}
        aria-label={t('hr.vacancies.stages.drag', { name: label })}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span className="stages-editor__position" aria-hidden="true">
        {index + 1}
      </span>
      <div className="stages-editor__name">
        <label htmlFor={inputId} className="visually-hidden">
          {t('hr.vacancies.stages.name_label', { position: index + 1 })}
        </label>
        <input
          id={inputId}
          type="text"
          value={row.name}
          maxLength={STAGE_NAME_MAX_LENGTH}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [error ? errorId : null, isNew || isRenamed ? noteId : null].filter(Boolean).join(' ') ||
            undefined
          }
          onChange={(event) => onRename(event.target.value)}
        />
        {error ? (
          <p className="field-error" id={errorId}>
            {error}
          </p>
        ) : null}
        {isNew || isRenamed ? (
          <p className="hint stages-editor__note" id={noteId}>
            {isNew
              ? t('hr.vacancies.stages.added_badge')
              : t('hr.vacancies.stages.renamed_from', { name: savedName ?? '' })}
          </p>
        ) : null}
      </div>
      <span className="hint stages-editor__count">
        {count === undefined ? null : t('hr.vacancies.stages.candidates_count', { count })}
      </span>
      <div className="stages-editor__actions">
        <button
          type="button"
          data-move="up"
          aria-label={t('hr.vacancies.stages.move_up', { name: label })}
          aria-disabled={index === 0}
          onClick={() => onMove(index - 1, 'up')}
        >
          <span aria-hidden="true">↑</span> {t('hr.vacancies.stages.up')}
        </button>
        <button
          type="button"
          data-move="down"
          aria-label={t('hr.vacancies.stages.move_down', { name: label })}
          aria-disabled={index === total - 1}
          onClick={() => onMove(index + 1, 'down')}
        >
          <span aria-hidden="true">↓</span> {t('hr.vacancies.stages.down')}
        </button>
        <button
          type="button"
          aria-label={t('hr.vacancies.stages.add_below_named', { name: label })}
          aria-disabled={!canAdd}
          onClick={onAddBelow}
        >
          {t('hr.vacancies.stages.add_below')}
        </button>
        <button
          type="button"
          data-remove=""
          aria-label={t('hr.vacancies.stages.remove_named', { name: label })}
          aria-disabled={total === 1}
          aria-describedby={total === 1 ? lastStageHintId : undefined}
          onClick={onRemove}
        >
          {t('hr.vacancies.stages.remove')}
        </button>
      </div>
    </li>
  );
}

/**
 * A vacancy's pipeline: rename, add, remove and reorder its stages (buttons, Alt+↑/↓, or drag and drop
 * by pointer or keyboard), then save the whole ordered list at once. Edits stay local, and visibly
 * unsaved, until "Save pipeline"; a stage the server will not remove (candidates in it) keeps the edits
 * and shows why.
 */
export function StagesEditor({
  vacancyId,
  onDirtyChange,
}: {
  vacancyId: number;
  /** Told whether there are unsaved stage edits, for the page's in-app guard (RecruitingUnsavedGuard). */
  onDirtyChange?: (isDirty: boolean) => void;
}) {
  const t = useT();
  const ids = useId();
  const permissions = usePermissions();
  const stages = useStages(vacancyId);
  const save = useSaveStages(vacancyId);
  const saved = stages.data ?? NO_STAGES;
  const savedIds = useMemo(() => saved.map((stage) => stage.id), [saved]);
  const canSeeCandidates = permissions.can('Candidate', 'view');
  const counts = useStageCounts(vacancyId, savedIds, canSeeCandidates && stages.isSuccess);

  // null: nothing edited, the rows are the saved stages (and follow them when they change).
  const [edited, setEdited] = useState<StageDraft[] | null>(null);
  const rows = useMemo(() => edited ?? createStageDrafts(saved), [edited, saved]);
  const isDirty = edited !== null && hasStageChanges(edited, saved);
  const removed = findRemovedStages(rows, saved);
  const [showProblems, setShowProblems] = useState(false);
  const problems = showProblems ? findStageProblems(rows) : new Map<string, StageProblem>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [saveError, setSaveError] = useState<{ message: string; isConflict: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  // After a move, add or restore, focus follows the stage so keyboard users keep their place.
  const dropAnnouncement = useRef('');
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfterRender = useFocusAfterRender(listRef);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleId = `${ids}-title`;
  const lastStageHintId = `${ids}-last-stage`;
  const saveErrorId = `${ids}-save-error`;

  // Leaving the page (reload, closing the tab) with unsaved stages asks first; the page's guard asks
  // on in-app navigation too.
  usePromptBeforeUnload(isDirty);
  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  // The board's "Edit stages" link lands on #pipeline.
  const isLoaded = stages.isSuccess;
  useEffect(() => {
    if (!isLoaded || window.location.hash !== '#pipeline') return;
    // The shell focuses the page's h1 after a route change (it looks every 50 ms): come after it.
    const timer = window.setTimeout(() => headingRef.current?.focus(), 200);
    return () => window.clearTimeout(timer);
  }, [isLoaded]);

  const labelOf = (row: StageDraft, index: number) =>
    row.name.trim() || t('hr.vacancies.stages.unnamed', { position: index + 1 });
  const savedNameOf = (row: StageDraft) =>
    row.id === undefined ? undefined : saved.find((stage) => stage.id === row.id)?.name;
  const countOf = (stageId: number | undefined) =>
    stageId === undefined ? undefined : counts.data?.get(stageId);
  const canAdd = rows.length < STAGES_MAX;

  const move = (index: number, to: number, control: 'up' | 'down') => {
    const row = rows[index];
    if (!row || to < 0 || to >= rows.length) return;
    setEdited(arrayMove(rows, index, to));
    setAnnouncement(
      t('hr.vacancies.stages.moved', { name: labelOf(row, index), position: to + 1, total: rows.length }),
    );
    focusAfterRender(`[data-key="${row.key}"] [data-move="${control}"]`);
  };
  const add = (at: number) => {
    if (!canAdd) return;
    const row = createStageDraft();
    setEdited([...rows.slice(0, at), row, ...rows.slice(at)]);
    setAnnouncement(t('hr.vacancies.stages.added', { position: at + 1 }));
    focusAfterRender(`[data-key="${row.key}"] input`);
  };
  const remove = (index: number) => {
    const row = rows[index];
    if (!row || rows.length === 1) return;
    setEdited(rows.filter((_, other) => other !== index));
    setAnnouncement(
      t(row.id === undefined ? 'hr.vacancies.stages.removed_new' : 'hr.vacancies.stages.removed', {
        name: labelOf(row, index),
      }),
    );
    const neighbour = rows[index + 1] ?? rows[index - 1];
    if (neighbour) focusAfterRender(`[data-key="${neighbour.key}"] [data-remove]`);
  };
  const rename = (key: string, name: string) => {
    setEdited(rows.map((row) => (row.key === key ? { ...row, name } : row)));
    if (serverErrors[key]) {
      const { [key]: _fixed, ...rest } = serverErrors;
      setServerErrors(rest);
    }
  };
  const restore = (stage: Stage, index: number) => {
    setEdited(restoreStage(rows, stage, index));
    setAnnouncement(t('hr.vacancies.stages.restored', { name: stage.name }));
    focusAfterRender(`[data-key="stage-${stage.id}"] input`);
  };
  const reset = () => {
    if (!isDirty) return;
    setEdited(null);
    setShowProblems(false);
    setServerErrors({});
    setSaveError(null);
    setAnnouncement(t('hr.vacancies.stages.discarded'));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isDirty || save.isPending) return;
    const found = findStageProblems(rows);
    if (found.size > 0) {
      setShowProblems(true);
      const first = rows.find((row) => found.has(row.key));
      if (first) listRef.current?.querySelector<HTMLElement>(`[data-key="${first.key}"] input`)?.focus();
      return;
    }
    setSaveError(null);
    setServerErrors({});
    const sent = rows;
    try {
      await save.mutateAsync(toStagesInput(sent));
      setEdited(null);
      setShowProblems(false);
      snackbar.success(t('hr.vacancies.stages.saved'));
    } catch (error) {
      // The API client has shown the message as a snackbar; keep it beside the pipeline too, where it
      // stays while the user fixes the stages.
      if (!(error instanceof ApiError)) return;
      const body = error.body as { errors?: Record<string, string[]> } | null;
      const byRow: Record<string, string> = {};
      for (const [path, messages] of Object.entries(body?.errors ?? {})) {
        const match = /^stages\.(\d+)\.name$/.exec(path);
        const row = match ? sent[Number(match[1])] : undefined;
        if (row && messages[0]) byRow[row.key] = messages[0];
      }
      setServerErrors(byRow);
      if (Object.keys(byRow).length === 0) {
        setSaveError({ message: getRequestErrorMessage(error), isConflict: error.status === 409 });
      }
    }
  };

  const sensors = useSortableSensors();
  const positionOf = (id: UniqueIdentifier) => rows.findIndex((row) => row.key === id) + 1;
  const nameOf = (id: UniqueIdentifier) => {
    const index = rows.findIndex((row) => row.key === id);
    const row = rows[index];
    return row ? labelOf(row, index) : '';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('hr.vacancies.stages.drag_start', {
        name: nameOf(active.id),
        position: positionOf(active.id),
        total: rows.length,
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t('hr.vacancies.stages.drag_over', {
            name: nameOf(active.id),
            position: positionOf(over.id),
            total: rows.length,
          })
        : t('hr.vacancies.stages.drag_outside', { name: nameOf(active.id) }),
    // Said after the drop has reordered the rows, so it is worked out in onDragEnd below.
    onDragEnd: () => dropAnnouncement.current,
    onDragCancel: ({ active }) => t('hr.vacancies.stages.drag_cancel', { name: nameOf(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const from = rows.findIndex((row) => row.key === active.id);
    const to = over ? rows.findIndex((row) => row.key === over.id) : -1;
    const row = rows[from];
    if (!row || to === -1) {
      dropAnnouncement.current = t('hr.vacancies.stages.drag_cancel', { name: nameOf(active.id) });
      return;
    }
    dropAnnouncement.current = t('hr.vacancies.stages.drag_end', {
      name: labelOf(row, from),
      position: to + 1,
      total: rows.length,
    });
    if (from !== to) setEdited(arrayMove(rows, from, to));
  };

  const errorOf = (row: StageDraft) => {
    const problem = problems.get(row.key);
    if (problem) return t(`hr.vacancies.stages.problem.${problem}`, { max: STAGE_NAME_MAX_LENGTH });
    return serverErrors[row.key];
  };

  return (
    <section className="panel stages-editor" id="pipeline" aria-labelledby={titleId}>
      <div className="stages-editor__header">
        <h2 id={titleId} ref={headingRef} tabIndex={-1}>
          {t('hr.vacancies.stages.title')}
        </h2>
        {isDirty ? <span className="chip chip--orange">{t('hr.vacancies.stages.unsaved')}</span> : null}
      </div>
      <p className="hint">{t('hr.vacancies.stages.hint')}</p>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <QueryState isPending={stages.isPending} isError={stages.isError} onRetry={() => stages.refetch()}>
        <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('hr.vacancies.stages.drag_instructions') },
            }}
          >
            <SortableContext items={rows.map((row) => row.key)} strategy={verticalListSortingStrategy}>
              <ol className="stages-editor__list" ref={listRef} aria-labelledby={titleId}>
                {rows.map((row, index) => (
                  <StageRow
                    key={row.key}
                    row={row}
                    index={index}
                    total={rows.length}
                    label={labelOf(row, index)}
                    inputId={`${ids}-${row.key}`}
                    savedName={savedNameOf(row)}
                    count={countOf(row.id)}
                    error={errorOf(row)}
                    canAdd={canAdd}
                    lastStageHintId={lastStageHintId}
                    onRename={(name) => rename(row.key, name)}
                    onMove={(to, control) => move(index, to, control)}
                    onAddBelow={() => add(index + 1)}
                    onRemove={() => remove(index)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
          {rows.length === 1 ? (
            <p className="hint" id={lastStageHintId}>
              {t('hr.vacancies.stages.last_stage')}
            </p>
          ) : null}
          <p className="stages-editor__add">
            <button
              type="button"
              aria-disabled={!canAdd}
              aria-describedby={canAdd ? undefined : `${ids}-max`}
              onClick={() => add(rows.length)}
            >
              <span aria-hidden="true">+</span> {t('hr.vacancies.stages.add')}
            </button>
            {canAdd ? null : (
              <span className="hint" id={`${ids}-max`}>
                {' '}
                {t('hr.vacancies.stages.max_reached', { max: STAGES_MAX })}
              </span>
            )}
          </p>

          {removed.length > 0 ? (
            <div className="stages-editor__removed">
              <h3 id={`${ids}-removed`}>{t('hr.vacancies.stages.removed_title')}</h3>
              <ul aria-labelledby={`${ids}-removed`}>
                {removed.map(({ stage, index }) => {
                  const count = countOf(stage.id) ?? 0;
                  return (
                    <li key={stage.id}>
                      <span className="stages-editor__removed-name">{stage.name}</span>
                      {count > 0 ? (
                        <span className="warning stages-editor__removed-warning">
                          {t('hr.vacancies.stages.removed_has_candidates', { count })}
                        </span>
                      ) : null}
                      <button
                        type="button"
                        aria-label={t('hr.vacancies.stages.restore_named', { name: stage.name })}
                        onClick={() => restore(stage, index)}
                      >
                        {t('hr.vacancies.stages.restore')}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ) : null}

          {saveError ? (
            <div className="stages-editor__error" id={saveErrorId}>
              <p className="field-error">{saveError.message}</p>
              {saveError.isConflict && canSeeCandidates ? (
                <p>
                  <Link href={`/vacancies/${vacancyId}/board`}>{t('hr.vacancies.stages.open_board')}</Link>
                </p>
              ) : null}
            </div>
          ) : null}
          <div className="stages-editor__footer">
            <button
              type="submit"
              className="primary"
              aria-disabled={!isDirty || save.isPending}
              aria-describedby={saveError ? saveErrorId : undefined}
            >
              {t('hr.vacancies.stages.save')}
            </button>
            <button type="button" aria-disabled={!isDirty} onClick={reset}>
              {t('hr.vacancies.stages.reset')}
            </button>
          </div>
        </form>
      </QueryState>
    </section>
  );
}
