import { Snackbar, SnackbarRegion } from '@kadry/ui/snackbar/snackbar';
import { getSnackbarTimeout, type SnackbarKind } from '@kadry/ui/snackbar/snackbar-store';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';

type ShowSnackbar = (kind: SnackbarKind, message: string) => void;

const SnackbarContext = createContext<ShowSnackbar | null>(null);

/** The function that shows a snackbar; the newest replaces the one on screen. */
export function useSnackbar(): ShowSnackbar {
  const show = useContext(SnackbarContext);
  if (!show) throw new Error('useSnackbar must be used inside <SnackbarProvider>');
  return show;
}

let nextSnackbarId = 1;

/**
 * The page's snackbars (spec §8, §9): one at a time, drawn by @kadry/ui's Snackbar. Kept as plain
 * state rather than @kadry/ui's snackbar store, which the page does not need the weight of.
 */
export function SnackbarProvider({ closeLabel, children }: { closeLabel: string; children: ReactNode }) {
  const [shown, setShown] = useState<{ id: number; kind: SnackbarKind; message: string } | null>(null);
  const show = useCallback<ShowSnackbar>((kind, message) => {
    setShown({ id: nextSnackbarId++, kind, message });
  }, []);
  const close = useCallback(() => setShown(null), []);
  useEffect(() => {
    if (!shown) return;
    const timer = setTimeout(close, getSnackbarTimeout(shown.kind));
    return () => clearTimeout(timer);
  }, [shown, close]);
  return (
    <SnackbarContext.Provider value={show}>
      {children}
      <SnackbarRegion>
        {shown ? (
          <Snackbar
            key={shown.id}
            kind={shown.kind}
            message={shown.message}
            closeLabel={closeLabel}
            onClose={close}
          />
        ) : null}
      </SnackbarRegion>
    </SnackbarContext.Provider>
  );
}
