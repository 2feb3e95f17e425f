import { Dialog, DialogDescription, DialogHeading } from '@ariakit/react/dialog';
import { type ReactNode, type RefObject, useState } from 'react';

/**
 * A modal dialog on Ariakit's: focus moves in and is trapped, Escape and a click outside close it,
 * the rest of the page is inert for assistive technology, and focus returns where it was.
 */
export function DialogFrame({
  open,
  onClose,
  title,
  description,
  initialFocus,
  finalFocus,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes on closing when the button that opened it may be gone (e.g. its row was deleted). */
  finalFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      unmountOnHide
      initialFocus={initialFocus}
      finalFocus={finalFocus}
      className="admin-dialog"
      backdrop={<div className="admin-dialog__backdrop" />}
    >
      {/* h2: the page keeps its one h1 while the dialog is open. */}
      <DialogHeading className="admin-dialog__heading" render={(props) => <h2 {...props} />}>
        {title}
      </DialogHeading>
      {description ? (
        <DialogDescription className="admin-dialog__description">{description}</DialogDescription>
      ) : null}
      {children}
    </Dialog>
  );
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
