import type { Locale } from '@kadry/shared/constants';
import type { FieldOption } from '@kadry/shared/schemas/form';
import type { Dictionary } from '../../db/schema/dictionaries';
import type { Db } from '../../db/tables';
import { findDictionaries } from './dictionaries.queries';

/**
 * Options of the given dictionaries for form fields, in `locale`: what other modules ask this one
 * for (forms draw dictionary-backed fields with it).
 */
export function findDictionaryOptions(
  db: Db,
  companyId: number,
  dictionaries: readonly Dictionary[],
  locale: Locale,
): Promise<Map<Dictionary, FieldOption[]>> {
  return findDictionaries(db, companyId, dictionaries, locale);
}
