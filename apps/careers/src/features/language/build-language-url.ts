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

/** What the switcher shows on narrow screens: the emoji, else the first two letters of the name. */
export function getShortLanguageLabel(entry: { name: string; emoji: string }): string {
  return entry.emoji.trim() || entry.name.slice(0, 2);
}
