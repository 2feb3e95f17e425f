import type { Translate } from '@kadry/shared/i18n/translator';

/**
 * A total a ranked search stopped counting at (docs/decisions/030): "1,000+", the number in the
 * user's locale with a plus — never an exact number the server did not count.
 */
export function formatCappedCount(total: number, locale: string, t: Translate): string {
  return t('hr.candidates.count_capped', { total: total.toLocaleString(locale) });
}

/**
 * A text saying how many a bulk action takes: `key` with {count}, or — for all matching a search
 * counted only up to its cap — `key`_capped with {total} as "1,000+", claiming no exact number.
 */
export function countedText(t: Translate, key: string, count: number, capped: string | null): string {
  return capped === null ? t(key, { count }) : t(`${key}_capped`, { total: capped });
}
