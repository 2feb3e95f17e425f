import './snackbar.css';
import type { ReactNode } from 'react';
import { CloseIcon } from '../icons';
import type { SnackbarKind } from './snackbar-store';

/** Where snackbars show: at the bottom of the window, centred (snackbar.css). */
export function SnackbarRegion({ children }: { children: ReactNode }) {
  return <div className="snackbar-region">{children}</div>;
}

/**
 * One snackbar (spec §8, §9). Errors and warnings are announced at once (role alert), the rest
 * politely (status). `closeLabel` is the translated name of the close button.
 */
export function Snackbar({
  kind,
  message,
  closeLabel,
  onClose,
}: {
  kind: SnackbarKind;
  message: string;
  closeLabel: string;
  onClose: () => void;
}) {
  return (
    <div
      className={`snackbar snackbar--${kind}`}
      role={kind === 'error' || kind === 'warn' ? 'alert' : 'status'}
    >
      <p className="snackbar__message">{message}</p>
      <button type="button" className="snackbar__close" aria-label={closeLabel} onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}
