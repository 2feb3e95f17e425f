import { BULK_APPLICATIONS_MAX, type BulkResultResponse } from '@kadry/shared/schemas/recruiting-mail';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { RejectDialog } from './reject-dialog';
import { describeBulkResult, SendMailDialog } from './send-mail-dialog';
import './recruiting-mail.css';

/** The list's selected applications, among those shown (a new page or filter starts afresh). */
export type BulkSelection = {
  visibleIds: readonly number[];
  selected: ReadonlySet<number>;
  toggle(id: number): void;
  setAll(isSelected: boolean): void;
  clear(): void;
};

export function useBulkSelection(visibleIds: readonly number[]): BulkSelection {
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const key = visibleIds.join(',');
  // What is selected is what the user sees: rows that left the page leave the selection.
  useEffect(() => {
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
      toggle: (id) =>
        setSelected((current) => {
          const next = new Set(current);
          if (next.has(id)) next.delete(id);
          else if (next.size < BULK_APPLICATIONS_MAX) next.add(id);
          return next;
        }),
      setAll: (isSelected) =>
        setSelected(new Set(isSelected ? visibleIds.slice(0, BULK_APPLICATIONS_MAX) : [])),
      clear: () => setSelected(new Set()),
    }),
    [visibleIds, selected],
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
 * What to do with the selected applications: write to their candidates or reject them with a reason
 * (and mail). The outcome per application is summed up in words, in a live region.
 */
export function BulkActions({ selection }: { selection: BulkSelection }) {
  const t = useT();
  const id = useId();
  const [dialog, setDialog] = useState<'mail' | 'reject' | null>(null);
  const [result, setResult] = useState<string>('');
  const ids = [...selection.selected];
  const onDone = (outcome: BulkResultResponse | null) => {
    setResult(outcome ? describeBulkResult(outcome, t) : '');
    selection.clear();
  };
  return (
    <>
      <p role="status" className="bulk-result" id={`${id}-result`}>
        {result}
      </p>
      {ids.length > 0 ? (
        <section className="bulk-bar" aria-label={t('hr.recruiting_mail.bulk.title')}>
          <span>{t('hr.recruiting_mail.bulk.selected', { count: ids.length })}</span>
          <button type="button" onClick={() => setDialog('mail')}>
            {t('hr.recruiting_mail.bulk.send')}
          </button>
          <button type="button" className="danger" onClick={() => setDialog('reject')}>
            {t('hr.recruiting_mail.bulk.reject')}
          </button>
          <button type="button" onClick={selection.clear}>
            {t('hr.recruiting_mail.bulk.clear')}
          </button>
        </section>
      ) : null}
      <SendMailDialog
        open={dialog === 'mail'}
        onClose={() => setDialog(null)}
        applicationIds={ids}
        onDone={onDone}
        isBulk
      />
      <RejectDialog
        open={dialog === 'reject'}
        onClose={() => setDialog(null)}
        applicationIds={ids}
        onDone={onDone}
        isBulk
      />
    </>
  );
}
