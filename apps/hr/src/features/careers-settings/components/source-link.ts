/** The careers list address with a `source` parameter, for a link posted on one channel. */
export function buildSourceLink(careersUrl: string, source: string): string {
  const trimmed = source.trim();
  if (trimmed === '') return careersUrl;
  const separator = careersUrl.includes('?') ? '&' : '?';
  return `${careersUrl}${separator}source=${encodeURIComponent(trimmed)}`;
}
