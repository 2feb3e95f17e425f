import { randomBytes } from 'node:crypto';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn } from './columns';
import { storedFiles } from './files';

/** Contact details found in a CV. */
export type ParsedCv = { name: string | null; email: string | null; phone: string | null; links: string[] };

/** A cache id: 128 random bits, URL-safe. Whoever knows it can attach the parse to an application. */
export function createCvCacheId(): string {
  return randomBytes(16).toString('base64url');
}

/** A parsed CV, kept until `expires_at` under an unguessable `cache_id` handed to the browser. */
export const cvParses = pgTable(
  'cv_parses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    cacheId: text('cache_id').notNull().$defaultFn(createCvCacheId),
    storedFileId: integer('stored_file_id').references(() => storedFiles.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    parsed: jsonb('parsed').$type<ParsedCv>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('cv_parses_cache_id_key').on(t.cacheId),
    index('cv_parses_company_idx').on(t.companyId),
    // Sweeping expired parses.
    index('cv_parses_expires_at_idx').on(t.expiresAt),
  ],
);

export type CvParse = typeof cvParses.$inferSelect;
export type NewCvParse = typeof cvParses.$inferInsert;
