/** @jsxRuntime automatic */
import { DEFAULT_SNACKBAR_MS, ERROR_NOTIFICATION_MS } from '@kadry/shared/constants';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { CloseIcon } from './icons';

export type SnackbarKind = 'success' | 'error' | 'info' | 'warn';

export type SnackbarInput = { message: string; kind?: SnackbarKind; durationMs?: number };

type SnackbarItem = { id: number; message: string; kind: SnackbarKind; durationMs: number };

/** How long a snackbar stays (spec §9): errors 3 s, everything else 4 s. */
export function getSnackbarDuration(kind: SnackbarKind): number {
  return kind === 'error' ? ERROR_NOTIFICATION_MS : DEFAULT_SNACKBAR_MS;
}

type ShowSnackbar = (input: SnackbarInput) => void;

const SnackbarContext = createContext<ShowSnackbar | null>(null);

/** The function that shows a snackbar; the newest replaces the one on screen. */
export function useSnackbar(): ShowSnackbar {
  const show = useContext(SnackbarContext);
  if (!show) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return show;
}

let nextSnackbarId = 1;

export function SnackbarProvider({ closeLabel, children }: { closeLabel: string; children: ReactNode }) {
  const [item, setItem] = useState<SnackbarItem | null>(null);
  const show = useCallback<ShowSnackbar>(({ message, kind = 'info', durationMs }) => {
    setItem({ id: nextSnackbarId++, message, kind, durationMs: durationMs ?? getSnackbarDuration(kind) });
  }, []);
  const close = useCallback(() => setItem(null), []);
  const value = useMemo(() => show, [show]);
  return (
    <SnackbarContext.Provider value={value}>
      {children}
      <div className="snackbar-region">
        {item ? <Snackbar key={item.id} item={item} closeLabel={closeLabel} onClose={close} /> : null}
      </div>
    </SnackbarContext.Provider>
  );
}

function Snackbar({
  item,
  closeLabel,
  onClose,
}: {
  item: SnackbarItem;
  closeLabel: string;
  onClose: () => void;
}) {
  useEffect(() => {
    const timer = window.setTimeout(onClose, item.durationMs);
    return () => window.clearTimeout(timer);
  }, [item.durationMs, onClose]);
  const isUrgent = item.kind === 'error' || item.kind === 'warn';
  return (
    <div className={`snackbar snackbar--${item.kind}`} role={isUrgent ? 'alert' : 'status'}>
      <p className="snackbar__message">{item.message}</p>
      <button type="button" className="snackbar__close" aria-label={closeLabel} onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}
