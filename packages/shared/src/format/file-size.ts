/** The size units of spec §9 as each language writes them (Intl's English says "kB"; the spec, KB). */
const UNIT_LABELS: Record<string, readonly [string, string, string]> = {
  en: ['KB', 'MB', 'GB'],
  ru: ['КБ', 'МБ', 'ГБ'],
  uk: ['КБ', 'МБ', 'ГБ'],
};

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/**
 * A size in bytes in the units of spec §9 — KB under a megabyte, MB under a gigabyte, then GB
 * (1 KB = 1024 bytes) — with at most one decimal in the language's own digits: "1.5 MB", "1,5 МБ".
 * Anything above zero shows as at least 0.1 KB.
 */
export function formatFileSize(bytes: number, locale: string): string {
  const language = locale.slice(0, 2).toLowerCase();
  const [kb, mb, gb] = UNIT_LABELS[language] ?? ['KB', 'MB', 'GB'];
  const [value, unit] =
    bytes < MB
      ? [bytes === 0 ? 0 : Math.max(bytes / KB, 0.1), kb]
      : bytes < GB
        ? [bytes / MB, mb]
        : [bytes / GB, gb];
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
  return `${number} ${unit}`;
}
