import { Dialog, DialogDismiss, DialogHeading } from '@ariakit/react';
import type { ReactNode } from 'react';
import { useT } from '../../../app/i18n';

/**
 * A modal dialog of this screen (the look of the other administration dialogs): labelled by its heading, focus kept inside, Escape or the close
 * button dismisses it, focus goes back to what opened it. Content unmounts when hidden, so a form
 * opened again starts fresh. A click outside does not close it: that would throw away typed input.
 */
export function StaffDialog({
  isOpen,
  onClose,
  title,
  children,
  role = 'dialog',
}: {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** `alertdialog` for confirmations of something that cannot simply be taken back. */
  role?: 'dialog' | 'alertdialog';
}) {
  const t = useT();
  return (
    <Dialog
      open={isOpen}
      onClose={onClose}
      role={role}
      className="admin-dialog staff-dialog"
      backdrop={<div className="admin-dialog__backdrop" />}
      hideOnInteractOutside={false}
      unmountOnHide
    >
      <div className="staff-dialog__header">
        <DialogHeading className="admin-dialog__heading" render={(props) => <h2 {...props} />}>
          {title}
        </DialogHeading>
        <DialogDismiss className="staff-dialog__close" aria-label={t('hr.common.close')}>
          <span aria-hidden="true">×</span>
        </DialogDismiss>
      </div>
      {children}
    </Dialog>
  );
}
