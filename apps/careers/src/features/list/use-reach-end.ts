import { type RefObject, useEffect } from 'react';

/** Start loading this far before the end of the list becomes visible. */
const PRELOAD_MARGIN = '0px 0px 200px 0px';

/**
 * Calls `onReach` when `target` scrolls into view. The observer is rebuilt whenever `deps` change,
 * and a fresh observer reports the current state at once, so a list still too short to fill the
 * screen after a load keeps loading.
 */
export function useReachEnd(
  target: RefObject<Element | null>,
  isEnabled: boolean,
  onReach: () => void,
  deps: readonly unknown[],
): void {
  useEffect(() => {
    const element = target.current;
    if (!isEnabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onReach();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [target, isEnabled, onReach, ...deps]);
}
