import type { Stage } from '@kadry/shared/schemas/recruiting';
import type { BulkMoveResponse, BulkUndoResponse } from '@kadry/shared/schemas/recruiting-bulk';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useBulkMove, useUndoBulkMove } from '../api/bulk-move';
import type { ApplicationFilters } from '../api/get-applications';
import { useCanWriteToCandidates } from './can-write-to-candidates';
import { countedText, formatCappedCount } from './capped-count';
import {
  type DraftState,
  emptyDraft,
  findDraftErrors,
  MailDraftFields,
  toMailDraft,
} from './mail-draft-fields';
import './bulk.css';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** The list's filters as a bulk action's "all matching" sends them (no paging, no sorting). */
export type BulkFilter = Omit<ApplicationFilters, 'page' | 'per_page' | 'sort' | 'order'>;

/** What a bulk action takes: the picked ids, or every application matching the list's filters. */
export type BulkTarget =
  | { kind: 'ids'; ids: readonly number[] }
  /** `isCapped`: `total` is a ranked search's cap, not the count (decision 030); the server counts itself. */
  | { kind: 'filter'; filter: BulkFilter; total: number; isCapped?: boolean };

export function targetBody(target: BulkTarget) {
  return target.kind === 'ids' ? { application_ids: [...target.ids] } : { filter: target.filter };
}

export function targetCount(target: BulkTarget): number {
  return target.kind === 'ids' ? target.ids.length : target.total;
}

/** "1,000+" when the target is all matching a search counted only up to its cap; else null. */
export function cappedTargetCount(target: BulkTarget, locale: string, t: Translate): string | null {
  return target.kind === 'filter' && target.isCapped ? formatCappedCount(target.total, locale, t) : null;
}

/** A bulk move's or its undo's outcome in words: how many were done, and why the others were not. */
export function describeMoveResult(result: BulkMoveResponse | BulkUndoResponse, t: Translate): string {
  const reasons = new Map<string, number>();
  for (const item of result.data) {
    if (item.outcome !== 'done') reasons.set(item.outcome, (reasons.get(item.outcome) ?? 0) + 1);
  }
  const parts = [t('hr.recruiting_bulk.done', { done: result.meta.done, total: result.data.length })];
  for (const [outcome, count] of reasons) parts.push(t(`hr.recruiting_bulk.outcome.${outcome}`, { count }));
  return parts.join(' ');
}

/** A bulk action's undo as its answer gives it (`meta`): null when it cannot be undone (it sent mail). */
export type UndoableAction = { actionId: number; until: string };

export function undoableOf(meta: {
  action_id: number | null;
  undoable_until: string | null;
}): UndoableAction | null {
  return meta.action_id !== null && meta.undoable_until !== null
    ? { actionId: meta.action_id, until: meta.undoable_until }
    : null;
}

/** Seconds left until an instant, never below zero. */
function secondsUntil(iso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

/**
 * The snackbar that offers to undo a bulk action — a move, a tagging, a rejection without mail —
 * while its window is open (the server's `undoable_until`), counting down; it goes once the window
 * closes or the action is undone (decision 033).
 */
export function UndoSnackbar({
  action: move,
  onClose,
  onUndone,
}: {
  action: (UndoableAction & { message: string }) | null;
  onClose: () => void;
  onUndone: (message: string) => void;
}) {
  const t = useT();
  const undo = useUndoBulkMove();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!move) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [move]);
  const left = move ? secondsUntil(move.until, now) : 0;
  useEffect(() => {
    if (move && left === 0) onClose();
  }, [move, left, onClose]);
  if (!move || left === 0) return null;
  return (
    <div className="snackbar-region undo-snackbar-region">
      <section className="snackbar" aria-label={t('hr.recruiting_bulk.undo_region')}>
        <p className="snackbar__message">
          {move.message}{' '}
          <span className="undo-snackbar__left">{t('hr.recruiting_bulk.undo_left', { seconds: left })}</span>
        </p>
        <button
          type="button"
          className="undo-snackbar__button"
          aria-disabled={undo.isPending}
          onClick={() => {
            if (undo.isPending) return;
            undo.mutate(move.actionId, {
              onSuccess: (result) => {
                onUndone(`${t('hr.recruiting_bulk.undone')} ${describeMoveResult(result, t)}`);
                onClose();
              },
              onError: (error) => {
                snackbar.error(getRequestErrorMessage(error));
                onClose();
              },
            });
          }}
        >
          {t('hr.recruiting_bulk.undo')}
        </button>
        <button
          type="button"
          className="snackbar__close"
          aria-label={t('hr.recruiting_bulk.undo_dismiss')}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </section>
    </div>
  );
}

/**
 * "Move to stage" for a selection: the stages of the one vacancy shown (the list filtered by a
 * vacancy, or its board), optionally with a mail to each candidate about the move. The outcome is
 * reported; the answer says whether the move can be undone for a while (one that sent mail never can,
 * decision 033).
 */
export function BulkMoveAction({
  target,
  stages,
  onDone,
}: {
  target: BulkTarget;
  stages: readonly Stage[];
  onDone: (message: string, undo: UndoableAction | null) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const move = useBulkMove();
  const [stageId, setStageId] = useState('');
  const [wantsMail, setHasMail] = useState(false);
  const canWrite = useCanWriteToCandidates();
  const hasMail = wantsMail && canWrite;
  const [draft, setDraft] = useState<DraftState>(() => emptyDraft(locale));
  const [isSubmitted, setIsSubmitted] = useState(false);
  const draftErrors = findDraftErrors(draft, t);
  const stage = stages.find((item) => String(item.id) === stageId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (stageId === '' || move.isPending) return;
    setIsSubmitted(true);
    if (hasMail && (draftErrors.subject || draftErrors.body)) return;
    move.mutate(
      { ...targetBody(target), stage_id: Number(stageId), ...(hasMail ? { mail: toMailDraft(draft) } : {}) },
      {
        onSuccess: (result) => {
          setStageId('');
          setHasMail(false);
          setDraft(emptyDraft(locale));
          setIsSubmitted(false);
          const outcome = describeMoveResult(result, t);
          onDone(
            hasMail
              ? `${outcome} ${t('hr.recruiting_bulk.move_mails_queued', { count: result.meta.done })}`
              : outcome,
            undoableOf(result.meta),
          );
        },
        onError: (error) => snackbar.error(getRequestErrorMessage(error)),
      },
    );
  };
  return (
    <form className="bulk-move" data-has-mail={hasMail} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-stage`} className="visually-hidden">
        {t('hr.recruiting_bulk.move_label')}
      </label>
      <select id={`${id}-stage`} value={stageId} onChange={(event) => setStageId(event.target.value)}>
        <option value="">{t('hr.recruiting_bulk.move_label')}</option>
        {stages.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </select>
      {canWrite ? (
        <label className="bulk-move__mail-toggle">
          <input type="checkbox" checked={hasMail} onChange={(event) => setHasMail(event.target.checked)} />{' '}
          {t('hr.recruiting_bulk.move_with_mail')}
        </label>
      ) : null}
      {hasMail ? (
        <fieldset className="bulk-move__mail">
          <legend>
            {stage
              ? t('hr.recruiting_bulk.move_mail_title', { stage: stage.name })
              : t('hr.recruiting_bulk.move_with_mail')}
          </legend>
          <p className="hint">{t('hr.recruiting_bulk.move_mail_hint')}</p>
          {/* Many candidates: the preview shows the placeholders' labels, not one candidate's names. */}
          <MailDraftFields
            draft={draft}
            onChange={setDraft}
            sample={{ candidateName: null, vacancy: null }}
            errors={isSubmitted ? draftErrors : { subject: null, body: null }}
          />
        </fieldset>
      ) : null}
      <button type="submit" aria-disabled={stageId === '' || move.isPending}>
        {hasMail
          ? t('hr.recruiting_bulk.move_and_send')
          : countedText(
              t,
              'hr.recruiting_bulk.move',
              targetCount(target),
              cappedTargetCount(target, locale, t),
            )}
      </button>
    </form>
  );
}
