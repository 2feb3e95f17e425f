import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { buildInListCheck } from './sql-helpers';
import { users } from './users';

// Questions to HR (issue 15, the dashboard's "ask"): docs/decisions/025-questions-to-hr.md.

/** A question's states; kept in step with QUESTION_STATUSES of @kadry/shared. */
const QUESTION_STATUSES = ['open', 'answered', 'closed'] as const;

/**
 * A question an employee put to HR. The asker is always stored (their "my questions", the answer's
 * notification), also when `is_anonymous`: then no answer to anyone but the asker ever names them.
 * `search_text` is what the HR list searches: subject and text, never who asked.
 */
export const questions = pgTable(
  'questions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    askerId: integer('asker_id').references(() => users.id, { onDelete: 'set null' }),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: QUESTION_STATUSES }).notNull().default('open'),
    answer: text('answer'),
    answeredById: integer('answered_by_id').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    searchText: text('search_text').generatedAlwaysAs(sql`lower(subject || ' ' || text)`),
    ...createTimestampColumns(),
  },
  (t) => [
    index('questions_company_asker_idx').on(t.companyId, t.askerId, t.createdAt),
    index('questions_company_status_idx').on(t.companyId, t.status, t.createdAt),
    index('questions_search_trgm_idx').using('gin', sql`search_text gin_trgm_ops`),
    check('questions_status_check', buildInListCheck('status', QUESTION_STATUSES)),
  ],
);
export type QuestionRow = typeof questions.$inferSelect;
