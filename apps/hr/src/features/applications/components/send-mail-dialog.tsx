import type { Stage } from '@kadry/shared/schemas/recruiting';
import type { ApplicationFilterInput } from '@kadry/shared/schemas/recruiting-bulk';
import type { BulkResultResponse } from '@kadry/shared/schemas/recruiting-mail';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, type RefObject, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useSendMail } from '../api/application-mail';
import { countedText } from './capped-count';
import {
  type DraftState,
  emptyDraft,
  findDraftErrors,
  MailDraftFields,
  toMailDraft,
} from './mail-draft-fields';

/** A bulk action's outcome in words: how many were done, and why the others were not. */
export function describeBulkResult(
  result: BulkResultResponse,
  t: (key: string, params?: Record<string, string | number>) => string,
) {
  const reasons = new Map<string, number>();
  for (const item of result.data) {
    if (item.outcome !== 'done') reasons.set(item.outcome, (reasons.get(item.outcome) ?? 0) + 1);
  }
  const parts = [t('hr.recruiting_mail.bulk.done', { done: result.meta.done, total: result.data.length })];
  for (const [outcome, count] of reasons) parts.push(t(`hr.recruiting_mail.bulk.${outcome}`, { count }));
  return parts.join(' ');
}

/**
 * Writing to candidates: one (from the card, optionally moving them to another stage in the same step)
 * or many (the list's selection, each with the outcome reported). The server resolves the addresses.
 */
export function SendMailDialog({
  open,
  onClose,
  applicationIds,
  candidateName,
  vacancyName,
  stages,
  currentStageId,
  onDone,
  isBulk = false,
  filter,
  count,
  cappedCount = null,
  finalFocus,
}: {
  open: boolean;
  onClose: () => void;
  /** Where focus goes on closing when what opened the dialog is gone (the board's offer after a move). */
  finalFocus?: RefObject<HTMLElement | null>;
  applicationIds: readonly number[];
  /** "All matching the filter": sent instead of the ids; `count` is how many match. */
  filter?: ApplicationFilterInput | undefined;
  count?: number | undefined;
  /** All matching a search counted only up to its cap: the count as shown ("1,000+"), not `count`. */
  cappedCount?: string | null | undefined;
  /** The list's selection: each application's outcome is reported, whatever their number. */
  isBulk?: boolean;
  /** For one application: names for the preview. */
  candidateName?: string | null;
  vacancyName?: string | null;
  /** For one application: the stages it may be moved to with the mail. */
  stages?: readonly Stage[];
  currentStageId?: number;
  /** A bulk send's outcome, for the screen to show. */
  onDone?: (result: BulkResultResponse | null) => void;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={
        !isBulk
          ? t('hr.recruiting_mail.send_title_one', { name: candidateName ?? '' })
          : countedText(t, 'hr.recruiting_mail.send_title_many', count ?? applicationIds.length, cappedCount)
      }
      size="wide"
      hasCloseButton
      closesOnOutsideClick={false}
      finalFocus={finalFocus}
    >
      <SendMailForm
        onClose={onClose}
        applicationIds={applicationIds}
        candidateName={candidateName ?? null}
        vacancyName={vacancyName ?? null}
        stages={stages ?? []}
        currentStageId={currentStageId}
        onDone={onDone}
        isBulk={isBulk}
        filter={filter}
        count={count}
      />
    </DialogFrame>
  );
}

function SendMailForm({
  onClose,
  applicationIds,
  candidateName,
  vacancyName,
  stages,
  currentStageId,
  onDone,
  isBulk,
  filter,
}: {
  onClose: () => void;
  applicationIds: readonly number[];
  isBulk: boolean;
  filter: ApplicationFilterInput | undefined;
  count: number | undefined;
  candidateName: string | null;
  vacancyName: string | null;
  stages: readonly Stage[];
  currentStageId: number | undefined;
  onDone: ((result: BulkResultResponse | null) => void) | undefined;
}) {
  const t = useT();
  const locale = useLocale();
  const send = useSendMail();
  const [draft, setDraft] = useState<DraftState>(() => emptyDraft(locale));
  const [stageId, setStageId] = useState<number | null>(null);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errors = findDraftErrors(draft, t);
  const shownErrors = isSubmitted ? errors : { subject: null, body: null };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (errors.subject || errors.body || send.isPending) return;
    setError(null);
    send.mutate(
      { applicationIds, filter, draft: toMailDraft(draft), stageId, isBulk },
      {
        onSuccess: (result) => {
          snackbar.success(
            result
              ? describeBulkResult(result, t)
              : t(stageId ? 'hr.recruiting_mail.moved_and_sent' : 'hr.recruiting_mail.sent'),
          );
          onDone?.(result);
          onClose();
        },
        onError: (failure) => setError(getRequestErrorMessage(failure)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      {stages.length > 0 ? (
        <Field
          label={t('hr.recruiting_mail.move_with_mail')}
          hint={t('hr.recruiting_mail.move_with_mail_hint')}
        >
          {(control) => (
            <select
              {...control}
              value={stageId ?? ''}
              onChange={(event) => setStageId(event.target.value === '' ? null : Number(event.target.value))}
            >
              <option value="">{t('hr.recruiting_mail.no_move')}</option>
              {stages
                .filter((stage) => stage.id !== currentStageId)
                .map((stage) => (
                  <option key={stage.id} value={stage.id}>
                    {stage.name}
                  </option>
                ))}
            </select>
          )}
        </Field>
      ) : null}
      <MailDraftFields
        draft={draft}
        onChange={setDraft}
        sample={{ candidateName, vacancy: vacancyName }}
        errors={shownErrors}
      />
      <FormError message={error} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={send.isPending}>
          {stageId ? t('hr.recruiting_mail.move_and_send') : t('hr.recruiting_mail.send')}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.recruiting_mail.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}
