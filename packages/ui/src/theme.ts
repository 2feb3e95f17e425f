import type { CareersSettings } from '@kadry/shared/schemas/page-data';
import type { CSSProperties } from 'react';

type Rgb = readonly [number, number, number];

/** Text colours used when a company colour would not reach WCAG AA contrast. */
export const DARK_TEXT = '#1a1a1a';
export const LIGHT_TEXT = '#ffffff';
/** WCAG 2.2 AA minimum for normal text. */
export const MIN_TEXT_CONTRAST = 4.5;

const DEFAULT_COLORS = { background: '#ffffff', header: '#1f2937', button: '#2563eb' } as const;

/** #rgb or #rrggbb; anything else (names, rgb()) is treated as unknown so it cannot skip the check. */
export function parseHexColor(value: string): Rgb | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  const hex = match?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as unknown as Rgb;
}

function getRelativeLuminance([r, g, b]: Rgb): number {
  const [lr, lg, lb] = [r, g, b].map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
}

/** WCAG contrast ratio (1–21) of two hex colours; null when either is not a hex colour. */
export function getContrastRatio(a: string, b: string): number | null {
  const rgbA = parseHexColor(a);
  const rgbB = parseHexColor(b);
  if (!rgbA || !rgbB) return null;
  const [hi, lo] = [getRelativeLuminance(rgbA), getRelativeLuminance(rgbB)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (hi + 0.05) / (lo + 0.05);
}

/** Dark or light text, whichever reads better on `background`. */
export function pickReadableText(background: string): string {
  const onDark = getContrastRatio(LIGHT_TEXT, background) ?? 0;
  const onLight = getContrastRatio(DARK_TEXT, background) ?? 0;
  return onDark > onLight ? LIGHT_TEXT : DARK_TEXT;
}

/** `preferred` when it reaches AA contrast on `background`, else a readable fallback. */
export function ensureReadable(preferred: string, background: string): string {
  const ratio = getContrastRatio(preferred, background);
  return ratio !== null && ratio >= MIN_TEXT_CONTRAST ? preferred : pickReadableText(background);
}

function normalizeColor(value: string, fallback: string): string {
  return parseHexColor(value) ? value.trim() : fallback;
}

/**
 * The best contrast any text reaches on a colour used as a surface, and whether it passes WCAG AA
 * (4.5:1). A failing colour is replaced by the default on the careers site, so settings can warn first.
 */
export function checkSurfaceContrast(color: string): { ratio: number | null; passes: boolean } {
  const ratio = getContrastRatio(pickReadableText(color), color);
  return { ratio, passes: ratio !== null && ratio >= MIN_TEXT_CONTRAST };
}

/** A company colour used as a surface, unless no text colour at all would be readable on it. */
function chooseSurface(value: string, fallback: string): string {
  const color = normalizeColor(value, fallback);
  // checkSurfaceContrast's rule, written out so the careers bundle does not carry that function too.
  const best = getContrastRatio(pickReadableText(color), color) ?? 0;
  return best >= MIN_TEXT_CONTRAST ? color : fallback;
}

/** A font family name safe inside a CSS declaration (no quotes, semicolons or braces). */
function sanitizeFontName(font: string | null): string | null {
  const clean = font?.replace(/[^\p{L}\p{N} _-]/gu, '').trim();
  return clean ? clean : null;
}

/**
 * The company's branding as CSS custom properties on the page's root element. Every text colour is
 * checked against the background it sits on and falls back to dark or light text below 4.5:1; a
 * colour on which neither dark nor light text would be readable is replaced by the default.
 */
export function createThemeStyle(settings: CareersSettings): CSSProperties {
  const background = chooseSurface(settings.colors.background, DEFAULT_COLORS.background);
  const header = chooseSurface(settings.colors.header, DEFAULT_COLORS.header);
  const button = chooseSurface(settings.colors.button, DEFAULT_COLORS.button);
  const text = pickReadableText(background);
  const font = sanitizeFontName(settings.font);
  return {
    '--kadry-bg': background,
    '--kadry-text': text,
    '--kadry-header-bg': header,
    '--kadry-header-text': pickReadableText(header),
    '--kadry-button-bg': button,
    '--kadry-button-text': pickReadableText(button),
    // Links and the focus ring use the button colour only where it stays readable on the page.
    '--kadry-accent': ensureReadable(button, background),
    ...(font ? { '--kadry-font': `"${font}"` } : {}),
  } as CSSProperties;
}
