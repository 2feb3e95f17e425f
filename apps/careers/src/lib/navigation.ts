/** Query parameters that follow a visitor from page to page (spec §2.1–2.3). */
const CARRIED_PARAMS = ['source', 'lang'] as const;

/**
 * `url` with the current page's `source` and `lang` parameters added, so a visitor who arrived from a
 * tracked source (or chose a language) keeps it when moving between the list and a vacancy.
 */
export function withCarriedParams(url: string, currentSearch: string): string {
  const current = new URLSearchParams(currentSearch);
  const hashIndex = url.indexOf('#');
  const base = hashIndex === -1 ? url : url.slice(0, hashIndex);
  const hash = hashIndex === -1 ? '' : url.slice(hashIndex);
  const queryIndex = base.indexOf('?');
  const path = queryIndex === -1 ? base : base.slice(0, queryIndex);
  const target = new URLSearchParams(queryIndex === -1 ? '' : base.slice(queryIndex + 1));
  for (const name of CARRIED_PARAMS) {
    const value = current.get(name);
    if (value !== null && value !== '' && !target.has(name)) target.set(name, value);
  }
  const query = target.toString();
  return `${path}${query ? `?${query}` : ''}${hash}`;
}
