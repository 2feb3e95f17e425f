import { DEFAULT_SNACKBAR_MS, ERROR_NOTIFICATION_MS } from '@kadry/shared/constants';

/** The snackbar kinds of spec §9. */
export const SNACKBAR_KINDS = ['success', 'error', 'info', 'warn'] as const;
export type SnackbarKind = (typeof SNACKBAR_KINDS)[number];

export type Snackbar = { id: number; kind: SnackbarKind; message: string };

/** How long a snackbar stays: errors 3 s, everything else 4 s (spec §8, §9), unless told otherwise. */
export function getSnackbarTimeout(kind: SnackbarKind): number {
  return kind === 'error' ? ERROR_NOTIFICATION_MS : DEFAULT_SNACKBAR_MS;
}

export type SnackbarStore = {
  /** Shows a snackbar; answers its id. `timeout: 0` keeps it until closed. */
  show(kind: SnackbarKind, message: string, options?: { timeout?: number }): number;
  success(message: string): number;
  error(message: string): number;
  info(message: string): number;
  warn(message: string): number;
  /** Closes one snackbar (and forgets its timer). */
  dismiss(id: number): void;
  subscribe(listener: () => void): () => void;
  /** The open snackbars, oldest first; a new array after every change (for useSyncExternalStore). */
  getSnapshot(): readonly Snackbar[];
};

/** A framework-free store of open snackbars, any number at once; React reads it through SnackbarHost. */
export function createSnackbarStore(): SnackbarStore {
  let items: readonly Snackbar[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const update = (next: readonly Snackbar[]) => {
    items = next;
    for (const listener of listeners) listener();
  };

  const store: SnackbarStore = {
    show(kind, message, { timeout = getSnackbarTimeout(kind) } = {}) {
      const id = nextId++;
      update([...items, { id, kind, message }]);
      if (timeout > 0)
        timers.set(
          id,
          setTimeout(() => store.dismiss(id), timeout),
        );
      return id;
    },
    success: (message) => store.show('success', message),
    error: (message) => store.show('error', message),
    info: (message) => store.show('info', message),
    warn: (message) => store.show('warn', message),
    dismiss(id) {
      clearTimeout(timers.get(id));
      timers.delete(id);
      if (items.some((item) => item.id === id)) update(items.filter((item) => item.id !== id));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
  };
  return store;
}
