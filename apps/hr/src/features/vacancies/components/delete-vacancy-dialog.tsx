import { Dialog, DialogDescription, DialogDismiss, DialogHeading } from '@ariakit/react';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../app/i18n';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { snackbar } from '../../../lib/snackbar/snackbar-store';
import { useChangeVacancyPublication } from '../api/change-vacancy-publication';
import { useDeleteVacancy } from '../api/delete-vacancy';
import type { ClientVacancy } from '../api/vacancy-wire';
import './delete-vacancy-dialog.css';

/**
 * "Delete" and the dialog that confirms it. The server keeps a vacancy that has candidates (409): the
 * dialog then says so and offers what to do instead, withdrawing it from the careers site right there.
 */
export function DeleteVacancyButton({
  vacancy,
  canWithdraw,
}: {
  vacancy: ClientVacancy;
  /** Whether the user may update the vacancy, and so withdraw it. */
  canWithdraw: boolean;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const remove = useDeleteVacancy();
  const publication = useChangeVacancyPublication();
  const [isOpen, setIsOpen] = useState(false);
  const [failure, setFailure] = useState<{ message: string; isConflict: boolean } | null>(null);
  // A destructive dialog opens on its safe choice.
  const cancelRef = useRef<HTMLButtonElement>(null);

  const open = () => {
    setFailure(null);
    setIsOpen(true);
  };
  const confirm = () => {
    if (remove.isPending) return;
    remove.mutate(vacancy.id, {
      onSuccess: () => {
        setIsOpen(false);
        snackbar.success(t('hr.vacancies.deleted', { name: vacancy.name }));
        navigate('/vacancies');
      },
      onError: (error) =>
        setFailure({
          message: getErrorMessage(error),
          isConflict: error instanceof ApiError && error.status === 409,
        }),
    });
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
      <Dialog
        open={isOpen}
        onClose={() => setIsOpen(false)}
        unmountOnHide
        initialFocus={cancelRef}
        className="vacancy-dialog"
        backdrop={<div className="vacancy-dialog__backdrop" />}
      >
        {/* An h2: the page under the dialog keeps its one h1. */}
        <DialogHeading render={(props) => <h2 {...props} />}>
          {t('hr.vacancies.delete_title', { name: vacancy.name })}
        </DialogHeading>
        <DialogDescription>{t('hr.vacancies.delete_text')}</DialogDescription>
        {failure ? (
          // Inside the dialog, because a modal dialog hides the page's snackbars from screen readers.
          <div role="alert">
            <p className="field-error">{failure.message}</p>
            {failure.isConflict ? <p>{t('hr.vacancies.delete_conflict_hint')}</p> : null}
          </div>
        ) : null}
        <div className="vacancy-dialog__actions">
          {failure?.isConflict && vacancy.is_published && canWithdraw ? (
            <button type="button" onClick={withdraw} disabled={publication.isPending}>
              {t('hr.vacancies.delete_withdraw')}
            </button>
          ) : null}
          <DialogDismiss ref={cancelRef}>{t('hr.vacancies.delete_cancel')}</DialogDismiss>
          {failure?.isConflict ? null : (
            <button
              type="button"
              className="vacancy-delete--confirm"
              aria-disabled={remove.isPending}
              onClick={confirm}
            >
              {t('hr.vacancies.delete_confirm')}
            </button>
          )}
        </div>
      </Dialog>
    </>
  );
}
