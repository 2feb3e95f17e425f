import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import type { SnackbarStore } from '@kadry/ui/snackbar/snackbar-store';
import { REQUEST_ERROR_EVENT } from '../api-client';

/**
 * Shows every broadcast request error as an error snackbar (spec §8). Call once when the app starts;
 * answers the function that stops listening.
 */
export function listenForRequestErrors(store: SnackbarStore, target: EventTarget = window): () => void {
  const onError = (event: Event) => {
    store.error(getRequestErrorMessage((event as CustomEvent<unknown>).detail));
  };
  target.addEventListener(REQUEST_ERROR_EVENT, onError);
  return () => target.removeEventListener(REQUEST_ERROR_EVENT, onError);
}
