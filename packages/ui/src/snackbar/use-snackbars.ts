import { useSyncExternalStore } from 'react';
import type { Snackbar, SnackbarStore } from './snackbar-store';

/** The open snackbars of `store`, re-rendering on every change. */
export function useSnackbars(store: SnackbarStore): readonly Snackbar[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
