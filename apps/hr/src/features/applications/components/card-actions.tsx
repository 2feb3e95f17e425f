import type { ApplicationSummary, Stage } from '@kadry/shared/schemas/recruiting';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useState } from 'react';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useRejection, useReopen } from '../api/rejection';
import { formatDateTime } from './application-history';
import { useCanWriteToCandidates } from './can-write-to-candidates';
import { getCandidateLabel } from './candidate-name';
import { RejectDialog } from './reject-dialog';
import { SendMailDialog } from './send-mail-dialog';
import './recruiting-mail.css';

/**
 * The card's recruiting actions: write to the candidate (optionally moving them on), and reject with a
 * reason (or reopen a rejected application). Offered to roles that may change candidates; the server
 * checks the application itself.
 */
export function CardActions({
  application,
  stages,
}: {
  application: ApplicationSummary;
  stages: readonly Stage[];
}) {
  const t = useT();
  const [dialog, setDialog] = useState<'mail' | 'reject' | null>(null);
  const name = getCandidateLabel(application.candidate, t);
  const isRejected = Boolean(application.rejection);
  const canWrite = useCanWriteToCandidates();
  return (
    <>
      {canWrite ? (
        <button type="button" onClick={() => setDialog('mail')}>
          {t('hr.recruiting_mail.send_action')}
        </button>
      ) : null}
      {isRejected ? null : (
        <button type="button" className="danger" onClick={() => setDialog('reject')}>
          {t('hr.recruiting_mail.reject_action')}
        </button>
      )}
      <SendMailDialog
        open={dialog === 'mail'}
        onClose={() => setDialog(null)}
        applicationIds={[application.id]}
        candidateName={name}
        vacancyName={application.vacancy.name}
        stages={isRejected ? [] : stages}
        currentStageId={application.stage.id}
      />
      <RejectDialog
        open={dialog === 'reject'}
        onClose={() => setDialog(null)}
        applicationIds={[application.id]}
        candidateName={name}
        vacancyName={application.vacancy.name}
      />
    </>
  );
}

/** A rejected application's reason, who rejected it and when, its stage of exit, and reopening. */
export function RejectionNotice({ applicationId, canChange }: { applicationId: number; canChange: boolean }) {
  const t = useT();
  const locale = useLocale();
  const rejection = useRejection(applicationId);
  const reopen = useReopen();
  const data = rejection.data;
  if (!data) return null;
  return (
    <div className="rejection-notice">
      <p>
        <strong>{t('hr.recruiting_mail.rejected_title')}</strong>{' '}
        {t('hr.recruiting_mail.rejected_reason', {
          reason: data.reason?.name ?? t('hr.recruiting_mail.no_reason'),
        })}
      </p>
      <p className="hint">
        {t('hr.recruiting_mail.rejected_by', {
          name: data.rejected_by?.name ?? '—',
          at: formatDateTime(data.rejected_at, locale),
          stage: data.stage?.name ?? '—',
        })}
      </p>
      {data.mail ? (
        <p className="hint">
          {t('hr.recruiting_mail.rejected_mail', { state: t(`hr.recruiting_mail.state.${data.mail.state}`) })}
        </p>
      ) : null}
      {canChange ? (
        <button
          type="button"
          aria-disabled={reopen.isPending}
          onClick={() =>
            !reopen.isPending &&
            reopen.mutate(applicationId, {
              onSuccess: () => snackbar.success(t('hr.recruiting_mail.reopened')),
              onError: (error) => snackbar.error(getRequestErrorMessage(error)),
            })
          }
        >
          {t('hr.recruiting_mail.reopen')}
        </button>
      ) : null}
    </div>
  );
}
