import { useSyncExternalStore } from 'react';

/** Spec §9: the mobile layout is for widths of 600 px or less. */
export const PHONE_MEDIA_QUERY = '(max-width: 600px)';

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(PHONE_MEDIA_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function isPhone(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(PHONE_MEDIA_QUERY).matches;
}

/** Whether the window is phone-sized (follows resizing and rotation). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, isPhone, () => false);
}
