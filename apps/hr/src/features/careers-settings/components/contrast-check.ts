import { getContrastRatio, MIN_TEXT_CONTRAST, pickReadableText } from '@kadry/careers/src/lib/theme';

export type ColorName = 'background' | 'header' | 'button';

/**
 * The best contrast any text reaches on a colour used as a surface, and whether it passes WCAG AA
 * (4.5:1). The careers site replaces a failing colour with its default, so the settings warn first.
 */
export function checkSurfaceContrast(color: string): { ratio: number | null; passes: boolean } {
  const ratio = getContrastRatio(pickReadableText(color), color);
  return { ratio, passes: ratio !== null && ratio >= MIN_TEXT_CONTRAST };
}

/** The careers list address with a `source` parameter, for a link posted on one channel. */
export function buildSourceLink(careersUrl: string, source: string): string {
  const trimmed = source.trim();
  if (trimmed === '') return careersUrl;
  const separator = careersUrl.includes('?') ? '&' : '?';
  return `${careersUrl}${separator}source=${encodeURIComponent(trimmed)}`;
}
