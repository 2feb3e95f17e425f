import { objectIdParamSchema } from '@kadry/shared/schemas/common';
import { useLocation, useSearch } from 'wouter';

/**
 * The request a page shows in its detail dialog, kept in the address (`?request=ID`), so a link (the
 * notification mail, the bell's panel) opens it. Opening adds a history entry; closing drops the
 * parameter in place. Anything but a plain id opens nothing.
 */
export function useRequestParam(): [number | null, (id: number | null) => void] {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const params = new URLSearchParams(search);
  const parsed = objectIdParamSchema.safeParse(params.get('request') ?? '');
  const id = parsed.success ? parsed.data : null;
  const setId = (next: number | null) => {
    const nextParams = new URLSearchParams(search);
    if (next === null) nextParams.delete('request');
    else nextParams.set('request', String(next));
    const query = nextParams.toString();
    navigate(query ? `${location}?${query}` : location, { replace: next === null });
  };
  return [id, setId];
}
