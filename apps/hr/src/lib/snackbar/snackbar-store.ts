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

/** A framework-free store of open snackbars; React reads it through useSnackbars. */
export function createSnackbarStore(): SnackbarStore {
  let items: readonly Snackbar[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of listeners) listener();
  };

  const store: SnackbarStore = {
    show(kind, message, options = {}) {
      const id = nextId;
      nextId += 1;
      items = [...items, { id, kind, message }];
      const timeout = options.timeout ?? getSnackbarTimeout(kind);
      if (timeout > 0)
        timers.set(
          id,
          setTimeout(() => store.dismiss(id), timeout),
        );
      emit();
      return id;
    },
    success: (message) => store.show('success', message),
    error: (message) => store.show('error', message),
    info: (message) => store.show('info', message),
    warn: (message) => store.show('warn', message),
    dismiss(id) {
      const timer = timers.get(id);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(id);
      if (!items.some((item) => item.id === id)) return;
      items = items.filter((item) => item.id !== id);
      emit();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => items,
  };
  return store;
}

/** The app's snackbars. Creating the store has no side effects. */
export const snackbar = createSnackbarStore();
