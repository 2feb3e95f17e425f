import type { ApplicationFilterInput } from '@kadry/shared/schemas/recruiting-bulk';
import type { BulkResultResponse } from '@kadry/shared/schemas/recruiting-mail';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useReject, useRejectionReasons } from '../api/rejection';
import { useCanWriteToCandidates } from './can-write-to-candidates';
import { countedText } from './capped-count';
import {
  type DraftState,
  emptyDraft,
  findDraftErrors,
  MailDraftFields,
  toMailDraft,
} from './mail-draft-fields';
import { describeBulkResult } from './send-mail-dialog';

/** When a rejection mail leaves: at once, or later (cancellable until then), in minutes. */
const DELAYS = [0, 60, 24 * 60, 3 * 24 * 60] as const;

/**
 * Rejecting one application (the card, the board) or many (the list's selection): a reason is
 * required; a rejection mail is optional, sent now or after a delay during which it can be cancelled.
 */
export function RejectDialog({
  open,
  onClose,
  applicationIds,
  candidateName,
  vacancyName,
  onDone,
  isBulk = false,
  filter,
  count,
  cappedCount = null,
}: {
  open: boolean;
  onClose: () => void;
  applicationIds: readonly number[];
  /** "All matching the filter": sent instead of the ids; `count` is how many match. */
  filter?: ApplicationFilterInput | undefined;
  count?: number | undefined;
  /** All matching a search counted only up to its cap: the count as shown ("1,000+"), not `count`. */
  cappedCount?: string | null | undefined;
  /** The list's selection: each application's outcome is reported, whatever their number. */
  isBulk?: boolean;
  candidateName?: string | null;
  vacancyName?: string | null;
  onDone?: (result: BulkResultResponse | null) => void;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={
        !isBulk
          ? t('hr.recruiting_mail.reject_title_one', { name: candidateName ?? '' })
          : countedText(
              t,
              'hr.recruiting_mail.reject_title_many',
              count ?? applicationIds.length,
              cappedCount,
            )
      }
      size="wide"
      hasCloseButton
      closesOnOutsideClick={false}
    >
      <RejectForm
        onClose={onClose}
        applicationIds={applicationIds}
        candidateName={candidateName ?? null}
        vacancyName={vacancyName ?? null}
        onDone={onDone}
        isBulk={isBulk}
        filter={filter}
        count={count}
        cappedCount={cappedCount}
      />
    </DialogFrame>
  );
}

function RejectForm({
  onClose,
  applicationIds,
  candidateName,
  vacancyName,
  onDone,
  isBulk,
  filter,
  count,
  cappedCount,
}: {
  onClose: () => void;
  applicationIds: readonly number[];
  isBulk: boolean;
  filter: ApplicationFilterInput | undefined;
  count: number | undefined;
  cappedCount: string | null;
  candidateName: string | null;
  vacancyName: string | null;
  onDone: ((result: BulkResultResponse | null) => void) | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const reasons = useRejectionReasons();
  const reject = useReject();
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [wantsMail, setHasMail] = useState(false);
  const canWrite = useCanWriteToCandidates();
  const hasMail = wantsMail && canWrite;
  const [delay, setDelay] = useState<number>(0);
  const [draft, setDraft] = useState<DraftState>(() => emptyDraft(locale));
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draftErrors = findDraftErrors(draft, t);
  const reasonError = reasonId === null ? t('hr.recruiting_mail.error.reason_required') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (reasonId === null || (hasMail && (draftErrors.subject || draftErrors.body)) || reject.isPending)
      return;
    setError(null);
    reject.mutate(
      {
        applicationIds,
        filter,
        input: {
          reason_id: reasonId,
          mail: hasMail ? { ...toMailDraft(draft), delay_minutes: delay } : null,
        },
        isBulk,
      },
      {
        onSuccess: (result) => {
          snackbar.success(result ? describeBulkResult(result, t) : t('hr.recruiting_mail.rejected'));
          onDone?.(result);
          onClose();
        },
        onError: (failure) => setError(getRequestErrorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Field
        label={t('hr.recruiting_mail.reason')}
        isRequired
        error={isSubmitted ? reasonError : null}
        hint={reasons.isError ? t('hr.recruiting_mail.reasons_failed') : undefined}
      >
        {(control) => (
          <select
            {...control}
            aria-required="true"
            data-autofocus="true"
            value={reasonId ?? ''}
            aria-busy={reasons.isPending}
            onChange={(event) => setReasonId(event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="">
              {reasons.isPending
                ? t('hr.recruiting_mail.loading_reasons')
                : t('hr.recruiting_mail.choose_reason')}
            </option>
            {(reasons.data ?? []).map((reason) => (
              <option key={reason.id} value={reason.id}>
                {reason.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      {reasons.isError ? (
        <p>
          <button type="button" onClick={() => reasons.refetch()}>
            {t('hr.recruiting_mail.retry')}
          </button>
        </p>
      ) : null}
      {canWrite ? (
        <div className="field">
          <label>
            <input type="checkbox" checked={hasMail} onChange={(event) => setHasMail(event.target.checked)} />{' '}
            {t('hr.recruiting_mail.with_mail')}
          </label>
        </div>
      ) : null}
      {hasMail ? (
        <>
          <Field label={t('hr.recruiting_mail.delay')} hint={t('hr.recruiting_mail.delay_hint')}>
            {(control) => (
              <select {...control} value={delay} onChange={(event) => setDelay(Number(event.target.value))}>
                {DELAYS.map((minutes) => (
                  <option key={minutes} value={minutes}>
                    {t(`hr.recruiting_mail.delay_${minutes}`)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <MailDraftFields
            draft={draft}
            onChange={setDraft}
            purpose="rejection"
            sample={{ candidateName, vacancy: vacancyName }}
            errors={isSubmitted ? draftErrors : { subject: null, body: null }}
          />
        </>
      ) : null}
      <FormError message={error} />
      <DialogActions>
        <button type="submit" className="danger" aria-disabled={reject.isPending}>
          {!isBulk
            ? t('hr.recruiting_mail.reject')
            : countedText(t, 'hr.recruiting_mail.reject_many', count ?? applicationIds.length, cappedCount)}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.recruiting_mail.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}
