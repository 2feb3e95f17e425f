import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn } from './columns';

/**
 * Durable jobs (lib/job-queue.ts, docs/decisions/020-job-queue.md): mail deliveries and anything else
 * that must happen once even if the process that asked dies. Written in the caller's transaction; any
 * process runs due rows under a lease (`locked_until`): a job whose process died is run again after it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    /** What to do, e.g. 'mail.send'. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** 'pending' (due at available_at, possibly leased), 'done', or 'dead' (out of attempts). */
    state: text('state').$type<JobState>().notNull().default('pending'),
    /** A newer job with the same key replaces a pending one (a fresh invitation link voids the old mail). */
    replaceKey: text('replace_key'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** Not run before this time (retries back off). */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    /** The lease: a process is running it until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The worker's question: what is due? Only pending rows are indexed.
    index('jobs_pending_idx').on(t.availableAt, t.id).where(sql`state = 'pending'`),
    index('jobs_company_state_idx').on(t.companyId, t.state, t.id),
    index('jobs_replace_key_idx').on(t.companyId, t.replaceKey).where(sql`state = 'pending'`),
  ],
);

export type JobState = 'pending' | 'done' | 'dead';
export type JobRow = typeof jobs.$inferSelect;

/**
 * Request counters of the rate limits (lib/rate-limit-store.ts), shared by every server process: one
 * row per limit key and window, counted with an atomic upsert.
 */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_hits_reset_idx').on(t.resetAt)],
);
