import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';

/** A person who applied. Matched on e-mail (case-insensitive) or phone when they apply again. */
export const candidates = pgTable(
  'candidates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    ...createTimestampColumns(),
  },
  (t) => [
    index('candidates_company_email_idx').on(t.companyId, sql`lower(${t.email})`),
    index('candidates_company_phone_idx').on(t.companyId, t.phone),
  ],
);

export type Candidate = typeof candidates.$inferSelect;
export type NewCandidate = typeof candidates.$inferInsert;
