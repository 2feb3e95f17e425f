import type { StaffVacancy } from '@kadry/shared/schemas/recruiting';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useChangeVacancyPublication } from '../api/change-vacancy-publication';
import { useDeleteVacancy } from '../api/delete-vacancy';
import './delete-vacancy-dialog.css';

/**
 * "Delete" and the dialog that confirms it. The server keeps a vacancy that has candidates (409): the
 * dialog then says so and offers what to do instead, withdrawing it from the careers site right there.
 */
export function DeleteVacancyButton({
  vacancy,
  canWithdraw,
}: {
  vacancy: StaffVacancy;
  /** Whether the user may update the vacancy, and so withdraw it. */
  canWithdraw: boolean;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const remove = useDeleteVacancy();
  const publication = useChangeVacancyPublication();
  const [isOpen, setIsOpen] = useState(false);
  // The server's reason for keeping the vacancy (409), once it refused.
  const [conflict, setConflict] = useState<string | null>(null);

  const open = () => {
    setConflict(null);
    setIsOpen(true);
  };
  const confirm = async () => {
    try {
      await remove.mutateAsync(vacancy.id);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(getRequestErrorMessage(error));
        return;
      }
      throw error;
    }
    setIsOpen(false);
    snackbar.success(t('hr.vacancies.deleted', { name: vacancy.name }));
    navigate('/vacancies');
  };
  const withdraw = () =>
    publication.mutate(
      { id: vacancy.id, publish: false },
      {
        onSuccess: () => {
          setIsOpen(false);
          snackbar.success(t('hr.vacancies.withdrawn_done'));
        },
      },
    );

  return (
    <>
      <button type="button" className="vacancy-delete" onClick={open}>
        {t('hr.vacancies.delete')}
      </button>
      <ConfirmDialog
        open={isOpen}
        onClose={() => setIsOpen(false)}
        title={t('hr.vacancies.delete_title', { name: vacancy.name })}
        confirmLabel={t('hr.vacancies.delete_confirm')}
        cancelLabel={t('hr.vacancies.delete_cancel')}
        onConfirm={confirm}
        isConfirmOffered={conflict === null}
        otherActions={
          conflict !== null && vacancy.is_published && canWithdraw ? (
            <button type="button" onClick={withdraw} disabled={publication.isPending}>
              {t('hr.vacancies.delete_withdraw')}
            </button>
          ) : null
        }
      >
        <p>{t('hr.vacancies.delete_text')}</p>
        {conflict !== null ? (
          // Inside the dialog, because a modal dialog hides the page's snackbars from screen readers.
          <div role="alert">
            <p className="field-error">{conflict}</p>
            <p>{t('hr.vacancies.delete_conflict_hint')}</p>
          </div>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
