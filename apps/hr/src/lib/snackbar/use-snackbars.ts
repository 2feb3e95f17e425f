import { useSyncExternalStore } from 'react';
import { type Snackbar, type SnackbarStore, snackbar } from './snackbar-store';

/** The open snackbars, re-rendering on every change. */
export function useSnackbars(store: SnackbarStore = snackbar): readonly Snackbar[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}
