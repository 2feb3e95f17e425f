import type { AbsenceRequest, AbsenceType } from '@kadry/shared/schemas/absences';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useAbsenceRequest, useDecide, useDeleteEntry } from '../api/absences-api';
import { RequestCard } from './absence-parts';
import { EditEntryDialog } from './edit-entry-dialog';

/**
 * Asks for the reason of a rejection or a revocation (a rejection needs one) and sends it. The
 * server's refusal is said in the dialog, under the field when it names one.
 */
export function ReasonDialog({
  request,
  action,
  onClose,
}: {
  request: AbsenceRequest | null;
  action: 'reject' | 'revoke';
  onClose: () => void;
}) {
  const t = useT();
  const decide = useDecide();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const isRequired = action === 'reject';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!request) return;
    if (isRequired && !reason.trim()) {
      setFieldError(t('hr.absences.reason_required'));
      return;
    }
    try {
      await decide.mutateAsync({ id: request.id, action, reason: reason.trim() || undefined });
      snackbar.success(t(action === 'reject' ? 'hr.absences.rejected' : 'hr.absences.revoked'));
      setReason('');
      onClose();
    } catch (error) {
      const fields = readServerFieldErrors(error);
      if (fields?.reason) setFieldError(fields.reason);
      else setFormError(t('hr.absences.decision_failed'));
    }
  }

  return (
    <DialogFrame
      open={request !== null}
      onClose={onClose}
      title={t(action === 'reject' ? 'hr.absences.reject_title' : 'hr.absences.revoke_title', {
        name: request?.employee_name ?? '',
      })}
      closesOnOutsideClick={false}
    >
      <form onSubmit={onSubmit} noValidate>
        <Field label={t('hr.absences.reason')} isRequired={isRequired} error={fieldError}>
          {(control) => (
            <textarea
              {...control}
              data-autofocus="true"
              rows={3}
              maxLength={2000}
              aria-required={isRequired || undefined}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setFieldError(null);
              }}
            />
          )}
        </Field>
        <FormError message={formError} />
        <DialogActions>
          <button type="submit" disabled={decide.isPending}>
            {t(action === 'reject' ? 'hr.absences.reject' : 'hr.absences.revoke')}
          </button>
          <button type="button" onClick={onClose}>
            {t('hr.absences.dismiss')}
          </button>
        </DialogActions>
      </form>
    </DialogFrame>
  );
}

/**
 * A request's detail: its steps (who, when, why) and documents, with revoke where allowed, and for
 * an approved absence edit (`update_absence`) and delete (`delete_absence`, after a confirmation).
 * The server says what this request allows (`can`); the named actions are checked here too, so a
 * button never shows to someone whose role lacks them.
 */
export function RequestDetailDialog({
  id,
  types,
  onClose,
  onRevoke,
}: {
  id: number | null;
  types: readonly AbsenceType[] | undefined;
  onClose: () => void;
  onRevoke: (request: AbsenceRequest) => void;
}) {
  const t = useT();
  const permissions = usePermissions();
  const request = useAbsenceRequest(id);
  const remove = useDeleteEntry();
  const [editing, setEditing] = useState<AbsenceRequest | null>(null);
  const [deleting, setDeleting] = useState<AbsenceRequest | null>(null);
  const canEdit = request.data?.can.update === true && permissions.canDo('AbsenceRequest', 'update_absence');
  const canDelete =
    request.data?.can.delete === true && permissions.canDo('AbsenceRequest', 'delete_absence');
  return (
    <DialogFrame
      open={id !== null}
      onClose={onClose}
      title={t('hr.absences.detail_title')}
      size="wide"
      hasCloseButton
    >
      <QueryState
        isPending={request.isPending}
        isError={request.isError}
        error={request.error}
        onRetry={() => request.refetch()}
      >
        {request.data ? <RequestCard request={request.data} types={types} showEmployee /> : null}
      </QueryState>
      <DialogActions>
        {canEdit ? (
          <button type="button" onClick={() => setEditing(request.data ?? null)}>
            {t('hr.absences.edit_entry')}
          </button>
        ) : null}
        {canDelete ? (
          <button type="button" className="danger" onClick={() => setDeleting(request.data ?? null)}>
            {t('hr.absences.delete_entry')}
          </button>
        ) : null}
        {request.data?.can.revoke ? (
          <button type="button" onClick={() => request.data && onRevoke(request.data)}>
            {t('hr.absences.revoke')}
          </button>
        ) : null}
        <button type="button" onClick={onClose}>
          {t('hr.common.close')}
        </button>
      </DialogActions>
      <EditEntryDialog request={editing} types={types} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        role="alertdialog"
        onClose={() => setDeleting(null)}
        title={t('hr.absences.delete_title', { name: deleting?.employee_name ?? '' })}
        confirmLabel={t('hr.absences.delete_entry')}
        cancelLabel={t('hr.absences.keep_entry')}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          snackbar.success(t('hr.absences.entry_deleted'));
          setDeleting(null);
        }}
      >
        <p>{t('hr.absences.delete_text')}</p>
      </ConfirmDialog>
    </DialogFrame>
  );
}
