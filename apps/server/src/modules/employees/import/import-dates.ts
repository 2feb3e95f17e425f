import { isValidIsoDate } from '@kadry/shared/validation/dates';

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** A date as typed: YYYY-MM-DD, DD.MM.YYYY or an Excel serial day number; null when none of those. */
export function parseImportDate(text: string): string | null {
  let iso: string | null = null;
  const dotted = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) iso = text;
  else if (dotted) iso = `${dotted[3]}-${dotted[2]?.padStart(2, '0')}-${dotted[1]?.padStart(2, '0')}`;
  else if (/^\d{4,5}(\.0+)?$/.test(text)) {
    iso = new Date(EXCEL_EPOCH_MS + Math.floor(Number(text)) * 86_400_000).toISOString().slice(0, 10);
  }
  return iso && isValidIsoDate(iso) ? iso : null;
}
