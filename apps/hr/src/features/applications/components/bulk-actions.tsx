import { route } from '@kadry/shared/routes';
import type { Stage } from '@kadry/shared/schemas/recruiting';
import { BULK_MATCHING_MAX } from '@kadry/shared/schemas/recruiting-bulk';
import { BULK_APPLICATIONS_MAX, type BulkResultResponse } from '@kadry/shared/schemas/recruiting-mail';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useLocale, useT } from '../../../lib/i18n';
import {
  type BulkFilter,
  BulkMoveAction,
  type BulkTarget,
  cappedTargetCount,
  targetCount,
  type UndoableAction,
  UndoSnackbar,
  undoableOf,
} from './bulk-move';
import { BulkTagAction } from './bulk-tag';
import { useCanWriteToCandidates } from './can-write-to-candidates';
import { countedText, formatCappedCount } from './capped-count';
import { RejectDialog } from './reject-dialog';
import { describeBulkResult, SendMailDialog } from './send-mail-dialog';
import './recruiting-mail.css';

/** The list's selected applications, among those shown (a new page or filter starts afresh). */
export type BulkSelection = {
  visibleIds: readonly number[];
  selected: ReadonlySet<number>;
  /** Every application matching the list's filters is selected, not just those shown (issue 17). */
  isAllMatching: boolean;
  selectAllMatching(): void;
  toggle(id: number): void;
  setAll(isSelected: boolean): void;
  clear(): void;
};

export function useBulkSelection(visibleIds: readonly number[]): BulkSelection {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [isAllMatching, setIsAllMatching] = useState(false);
  const key = visibleIds.join(',');
  // What is selected is what the user sees: rows that left the page leave the selection.
  useEffect(() => {
    setIsAllMatching(false);
    const visible = new Set(key === '' ? [] : key.split(',').map(Number));
    setSelected((current) => {
      const kept = [...current].filter((id) => visible.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [key]);
  return useMemo(
    () => ({
      visibleIds,
      selected,
      isAllMatching,
      selectAllMatching: () => {
        setSelected(new Set(visibleIds.slice(0, BULK_APPLICATIONS_MAX)));
        setIsAllMatching(true);
      },
      toggle: (id) => {
        setIsAllMatching(false);
        setSelected((current) => {
          const next = new Set(current);
          if (next.has(id)) next.delete(id);
          else if (next.size < BULK_APPLICATIONS_MAX) next.add(id);
          return next;
        });
      },
      setAll: (isSelected) => {
        setIsAllMatching(false);
        setSelected(new Set(isSelected ? visibleIds.slice(0, BULK_APPLICATIONS_MAX) : []));
      },
      clear: () => {
        setIsAllMatching(false);
        setSelected(new Set());
      },
    }),
    [visibleIds, selected, isAllMatching],
  );
}

/** "Select all on this page", mixed while only some are. */
export function SelectAllBox({ selection, label }: { selection: BulkSelection; label: string }) {
  const ref = useRef<HTMLInputElement>(null);
  const count = selection.visibleIds.filter((id) => selection.selected.has(id)).length;
  const isAll = count > 0 && count === selection.visibleIds.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !isAll;
  }, [count, isAll]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="bulk-select"
      aria-label={label}
      checked={isAll}
      onChange={() => selection.setAll(!isAll)}
    />
  );
}

/**
 * What to do with the selected applications — or all matching the list's filters: move them to a
 * stage (undoable for a while), write to their candidates, reject them with a reason (and mail), tag
 * them, export them. The outcome per application is summed up in words, in a live region.
 */
export function BulkActions({
  selection,
  matching,
  stages,
  canExport = false,
}: {
  selection: BulkSelection;
  /**
   * The list's filters and how many applications match them: offers "select all N matching".
   * `isCapped`: a ranked search counted only up to `total` (decision 030), shown as "1,000+".
   */
  matching?: { filter: BulkFilter; total: number; isCapped?: boolean } | undefined;
  /** The stages of the one vacancy shown, to move to; absent when the list mixes vacancies. */
  stages?: readonly Stage[] | undefined;
  canExport?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [dialog, setDialog] = useState<'mail' | 'reject' | null>(null);
  const canWrite = useCanWriteToCandidates();
  const [result, setResult] = useState<string>('');
  const [undo, setUndo] = useState<(UndoableAction & { message: string }) | null>(null);
  const closeUndo = useCallback(() => setUndo(null), []);
  const ids = [...selection.selected];
  const target: BulkTarget =
    selection.isAllMatching && matching
      ? { kind: 'filter', filter: matching.filter, total: matching.total, isCapped: matching.isCapped }
      : { kind: 'ids', ids };
  const count = targetCount(target);
  // All matching a search counted up to its cap: "1,000+" wherever the number is said.
  const capped = cappedTargetCount(target, locale, t);
  const onDone = (outcome: BulkResultResponse | null) => {
    setResult(outcome ? describeBulkResult(outcome, t) : '');
    selection.clear();
  };
  // A tagging or a rejection without mail can be undone for a while, like a move (decision 033).
  const onUndoableDone = (key: string) => (outcome: BulkResultResponse | null) => {
    onDone(outcome);
    const undoable = outcome ? undoableOf(outcome.meta) : null;
    setUndo(undoable && outcome ? { ...undoable, message: t(key, { count: outcome.meta.done }) } : null);
  };
  const isPageSelected =
    selection.visibleIds.length > 0 && selection.visibleIds.every((item) => selection.selected.has(item));
  const exportUrl =
    target.kind === 'ids'
      ? route('recruiting.applications.export', { format: 'xlsx', ids: target.ids.join(',') })
      : route('recruiting.applications.export', { format: 'xlsx', ...target.filter });
  return (
    <>
      <p role="status" className="bulk-result" id={`${id}-result`}>
        {result}
      </p>
      {isPageSelected &&
      matching &&
      matching.total > selection.visibleIds.length &&
      !selection.isAllMatching ? (
        <p className="bulk-matching">
          {t('hr.recruiting_bulk.page_selected', { count: selection.visibleIds.length })}{' '}
          {matching.total <= BULK_MATCHING_MAX ? (
            <button type="button" className="link-button" onClick={selection.selectAllMatching}>
              {matching.isCapped
                ? t('hr.recruiting_bulk.select_all_matching_capped', {
                    total: formatCappedCount(matching.total, locale, t),
                  })
                : t('hr.recruiting_bulk.select_all_matching', { count: matching.total })}
            </button>
          ) : (
            <span className="hint">{t('hr.recruiting_bulk.too_many', { max: BULK_MATCHING_MAX })}</span>
          )}
        </p>
      ) : null}
      {ids.length > 0 ? (
        <section className="bulk-bar" aria-label={t('hr.recruiting_mail.bulk.title')}>
          <span>
            {target.kind === 'filter'
              ? countedText(t, 'hr.recruiting_bulk.all_matching_selected', count, capped)
              : t('hr.recruiting_mail.bulk.selected', { count: ids.length })}
          </span>
          {stages && stages.length > 0 ? (
            <BulkMoveAction
              target={target}
              stages={stages}
              onDone={(message, undoable) => {
                setResult(message);
                selection.clear();
                setUndo(
                  undoable
                    ? {
                        ...undoable,
                        message: countedText(t, 'hr.recruiting_bulk.moved_snackbar', count, capped),
                      }
                    : null,
                );
              }}
            />
          ) : (
            <span className="hint">{t('hr.recruiting_bulk.move_needs_vacancy')}</span>
          )}
          {canWrite ? (
            <button type="button" onClick={() => setDialog('mail')}>
              {t('hr.recruiting_mail.bulk.send')}
            </button>
          ) : null}
          <button type="button" className="danger" onClick={() => setDialog('reject')}>
            {t('hr.recruiting_mail.bulk.reject')}
          </button>
          {target.kind === 'ids' ? (
            <BulkTagAction ids={ids} onDone={onUndoableDone('hr.recruiting_bulk.tagged_snackbar')} />
          ) : null}
          {canExport ? (
            <a href={exportUrl} download>
              {countedText(t, 'hr.recruiting_bulk.export', count, capped)}
            </a>
          ) : null}
          <button type="button" onClick={selection.clear}>
            {t('hr.recruiting_mail.bulk.clear')}
          </button>
        </section>
      ) : null}
      <SendMailDialog
        open={dialog === 'mail'}
        onClose={() => setDialog(null)}
        applicationIds={ids}
        filter={target.kind === 'filter' ? target.filter : undefined}
        count={count}
        cappedCount={capped}
        onDone={onDone}
        isBulk
      />
      <RejectDialog
        open={dialog === 'reject'}
        onClose={() => setDialog(null)}
        applicationIds={ids}
        filter={target.kind === 'filter' ? target.filter : undefined}
        count={count}
        cappedCount={capped}
        onDone={onUndoableDone('hr.recruiting_bulk.rejected_snackbar')}
        isBulk
      />
      <UndoSnackbar action={undo} onClose={closeUndo} onUndone={setResult} />
    </>
  );
}
