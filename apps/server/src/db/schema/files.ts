import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn } from './columns';

/** A file in the FileStore. Stored under a random key; the original name is metadata only. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    /** Format judged from the content (magic bytes), e.g. 'pdf'; not from the name. */
    detectedFormat: text('detected_format'),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the content. */
    sha256: text('sha256').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stored_files_storage_key_key').on(t.storageKey),
    index('stored_files_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

export type StoredFile = typeof storedFiles.$inferSelect;
export type NewStoredFile = typeof storedFiles.$inferInsert;
