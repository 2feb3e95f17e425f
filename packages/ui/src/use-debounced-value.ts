import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `delayMs`. Compared with Object.is, so pass a primitive (a
 * string key) when the caller rebuilds an equal object on every render.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
