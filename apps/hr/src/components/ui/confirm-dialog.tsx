import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

import { DialogActions, DialogFrame } from './dialog-frame';
import { FormError } from './field';

type ConfirmDialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What will happen (or, once refused, why it cannot). */
  children: ReactNode;
  confirmLabel: string;
  /** The safe choice: "Cancel", or "Close" when there is nothing left to confirm. */
  cancelLabel: string;
  /** Runs the action and closes the dialog when done; what it throws is said in the dialog. */
  onConfirm: () => Promise<void>;
  /** False once the action turned out impossible: only the safe choice (and `otherActions`) remain. */
  isConfirmOffered?: boolean;
  /** A way out offered instead, before the safe choice. */
  otherActions?: ReactNode;
  role?: 'dialog' | 'alertdialog';
  finalFocus?: RefObject<HTMLElement | null>;
};

/**
 * Asks before something that cannot simply be taken back (deleting, disabling). Opens on its safe
 * choice; while the action runs the confirm button rests (aria-disabled, so focus stays on it).
 */
export function ConfirmDialog({ open, title, role, finalFocus, ...body }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogFrame
      open={open}
      onClose={body.onClose}
      title={title}
      role={role}
      initialFocus={cancelRef}
      finalFocus={finalFocus}
    >
      <ConfirmBody {...body} cancelRef={cancelRef} />
    </DialogFrame>
  );
}

// Inside the dialog's content, which unmounts when hidden: a dialog opened again starts without the
// last attempt's failure.
function ConfirmBody({
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onClose,
  isConfirmOffered = true,
  otherActions,
  cancelRef,
}: Omit<ConfirmDialogProps, 'open' | 'title' | 'role' | 'finalFocus'> & {
  cancelRef: RefObject<HTMLButtonElement | null>;
}) {
  const [isPending, setIsPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const wasConfirmOffered = useRef(isConfirmOffered);

  useEffect(() => {
    // The confirm button had focus and is gone: keep the keyboard in the dialog, on the safe choice.
    if (wasConfirmOffered.current && !isConfirmOffered) cancelRef.current?.focus();
    wasConfirmOffered.current = isConfirmOffered;
  }, [isConfirmOffered, cancelRef]);

  const confirm = async () => {
    if (isPending) return;
    setIsPending(true);
    setError(null);
    try {
      await onConfirm();
    } catch (failure) {
      setError(getRequestErrorMessage(failure));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <>
      {children}
      <FormError message={error} />
      <DialogActions>
        {isConfirmOffered ? (
          <button type="button" className="danger" aria-disabled={isPending} onClick={confirm}>
            {confirmLabel}
          </button>
        ) : null}
        {otherActions}
        <button ref={cancelRef} type="button" onClick={onClose}>
          {cancelLabel}
        </button>
      </DialogActions>
    </>
  );
}
