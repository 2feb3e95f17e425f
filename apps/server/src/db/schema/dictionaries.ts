import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { buildInListCheck } from './sql-helpers';

/** Dictionaries whose entries feed form options. */
export const DICTIONARIES = [
  'experience',
  'search_status',
  'sex',
  'language',
  'language_level',
  'currency',
] as const;
export type Dictionary = (typeof DICTIONARIES)[number];

/** An entry's name in each locale; `en` is the fallback. */
export type LocalizedNames = { en: string; ru?: string; uk?: string };

/**
 * Entries of the form dictionaries. Global entries (company_id null) ship with the product and are
 * kept in sync at start-up by `syncGlobalDictionaries`; a company may add its own.
 *
 * Language levels are the `language_level` dictionary and apply to every language; a level with a
 * `parent_id` applies only to that language.
 */
export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    dictionary: text('dictionary', { enum: DICTIONARIES }).notNull(),
    /** Stable identifier within a dictionary, e.g. 'en' for English or 'usd'. */
    code: text('code').notNull(),
    position: integer('position').notNull().default(0),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => dictionaryItems.id, {
      onDelete: 'cascade',
    }),
  },
  (t) => [
    index('dictionary_items_company_dictionary_idx').on(t.companyId, t.dictionary, t.position),
    uniqueIndex('dictionary_items_global_code_key').on(t.dictionary, t.code).where(sql`company_id is null`),
    uniqueIndex('dictionary_items_company_code_key')
      .on(t.companyId, t.dictionary, t.code)
      .where(sql`company_id is not null`),
    check('dictionary_items_dictionary_check', buildInListCheck('dictionary', DICTIONARIES)),
    check('dictionary_items_names_check', sql`jsonb_typeof(names -> 'en') = 'string'`),
  ],
);

export type DictionaryItem = typeof dictionaryItems.$inferSelect;
export type NewDictionaryItem = typeof dictionaryItems.$inferInsert;
