/**
 * The URL that reloads the page in language `code` (spec §2.3): the current parameters are kept,
 * any `lang` is replaced, and `lang` goes last — `?lang=uk`, or `?source=x&lang=uk` after a source.
 */
export function buildLanguageUrl(pathname: string, search: string, code: string): string {
  const params = new URLSearchParams(search);
  params.delete('lang');
  const kept = params.toString();
  return `${pathname}?${kept ? `${kept}&` : ''}lang=${encodeURIComponent(code)}`;
}

/**
 * What the switcher shows on narrow screens: the first two letters of the name (spec §2.3's other
 * choice). Never the flag emoji alone: where the font lacks flags it draws as an empty box (issue 18).
 */
export function getShortLanguageLabel(entry: { name: string }): string {
  return entry.name.slice(0, 2);
}
