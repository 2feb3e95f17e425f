import { createSnackbarStore } from '@kadry/ui/snackbar/snackbar-store';

/** The app's snackbars (any number at once, oldest first). Creating the store has no side effects. */
export const snackbar = createSnackbarStore();
