import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { buildInListCheck } from './sql-helpers';

/**
 * Every dictionary kept in `dictionary_items`. The first six feed careers form options; the rest are
 * the people side's (spec §7.2 dictionaries.*): `sex` is also the employee's gender and `experience`
 * the employee's experience; `rejection_reason` is recruiting's (why an application was rejected).
 * Countries and cities come from a data package, roles from `roles`.
 */
export const DICTIONARIES = [
  'experience',
  'search_status',
  'sex',
  'language',
  'language_level',
  'currency',
  'employment_type',
  'relative_type',
  'dismissal_reason',
  'terms_of_cooperation',
  'marital_status',
  'portfolio_icon',
  'people_status',
  'grade',
  'event_template',
  'rejection_reason',
] as const;
export type Dictionary = (typeof DICTIONARIES)[number];

/** The dictionaries a careers form field may take its options from. */
export const FORM_DICTIONARIES = DICTIONARIES.slice(0, 6) as unknown as readonly [
  'experience',
  'search_status',
  'sex',
  'language',
  'language_level',
  'currency',
];

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
    /**
     * What a dictionary needs beyond a name: a portfolio icon's `icon` and `url_prefix`, a people
     * status's `color` and `is_dismissed`, an event template's `category`, a relative type's
     * `is_child`. Shape per dictionary in modules/dictionaries.
     */
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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

/**
 * A company's changes to a global entry: another name (per locale), hidden from its lists, another
 * place. Global entries themselves are never edited by a company.
 */
export const dictionaryItemOverrides = pgTable(
  'dictionary_item_overrides',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => dictionaryItems.id, { onDelete: 'cascade' }),
    names: jsonb('names').$type<Partial<LocalizedNames>>(),
    isHidden: boolean('is_hidden').notNull().default(false),
    position: integer('position'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.itemId] })],
);

/**
 * When a company's view of a dictionary last changed (an entry added, renamed, hidden, moved or
 * deleted): the `dictionaryUpdatedAt` of the page data, by which the HR app drops its cached copy
 * (spec §9). Bumped in the transaction of the change.
 */
export const dictionaryVersions = pgTable(
  'dictionary_versions',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    dictionary: text('dictionary').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.dictionary] })],
);
export type NewDictionaryItem = typeof dictionaryItems.$inferInsert;
