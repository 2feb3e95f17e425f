/**
 * Reloads the app. The page data (name, language, time zone, the CSRF token of the session) is
 * embedded in the /app shell, so changes to them take effect on a fresh load. Its own module so
 * tests can replace it.
 */
export function reloadPage(): void {
  window.location.reload();
}

/** How long a message stays readable before the reload it announces. */
export const RELOAD_NOTICE_MS = 1500;
