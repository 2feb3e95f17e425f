import { Dialog, DialogDescription, DialogDismiss, DialogHeading } from '@ariakit/react/dialog';
import { type ReactNode, type RefObject, useState } from 'react';
import { useT } from '../../lib/i18n';
import './dialog-frame.css';

/**
 * A modal dialog on Ariakit's: labelled by its heading, focus moves in and is trapped, Escape closes
 * it, the rest of the page is inert for assistive technology, and focus returns where it was. Its
 * content unmounts when hidden, so a form opened again starts fresh. Focus starts on `initialFocus`,
 * else on an element marked `data-autofocus="true"`, else on the first control.
 */
export function DialogFrame({
  open,
  onClose,
  title,
  description,
  initialFocus,
  finalFocus,
  role = 'dialog',
  size = 'default',
  hasCloseButton = false,
  closesOnOutsideClick = true,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on closing when the button that opened it may be gone (e.g. its row was deleted). */
  finalFocus?: RefObject<HTMLElement | null>;
  /** `alertdialog` for confirmations of something that cannot simply be taken back. */
  role?: 'dialog' | 'alertdialog';
  /** `wide` for dialogs holding a whole form. */
  size?: 'default' | 'wide';
  /** A × button beside the heading, for dialogs whose own buttons are far down. */
  hasCloseButton?: boolean;
  /** False where a stray click outside would throw away typed input. */
  closesOnOutsideClick?: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      role={role}
      unmountOnHide
      initialFocus={initialFocus}
      finalFocus={finalFocus}
      hideOnInteractOutside={closesOnOutsideClick}
      className={size === 'wide' ? 'dialog dialog--wide' : 'dialog'}
      backdrop={<div className="dialog__backdrop" />}
    >
      <div className="dialog__header">
        {/* h2: the page keeps its one h1 while the dialog is open. */}
        <DialogHeading className="dialog__heading" render={(props) => <h2 {...props} />}>
          {title}
        </DialogHeading>
        {hasCloseButton ? (
          <DialogDismiss className="dialog__close" aria-label={t('hr.common.close')}>
            <span aria-hidden="true">×</span>
          </DialogDismiss>
        ) : null}
      </div>
      {description ? (
        <DialogDescription className="dialog__description">{description}</DialogDescription>
      ) : null}
      {children}
    </Dialog>
  );
}

/** The dialog's buttons, the main one first. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="dialog__actions">{children}</div>;
}

/**
 * The last non-null value: a dialog opened for an item keeps showing it while it closes (its title
 * would otherwise flash empty when the item is cleared or removed from the list).
 */
export function useLastNonNull<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
