import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { applications, candidates } from './applications';
import { createCompanyIdColumn } from './columns';
import { users } from './users';

// One person, many applications (issue 17): merges of two candidates into one, each recorded so an
// unmerge restores exactly the split before it, and the pairs staff said are not the same person.

/**
 * `merged_id`'s applications moved to `survivor_id` (which kept its name and contacts), and
 * `merged_id.merged_into_id` was set. `undone_at` is set once the merge was undone.
 */
export const candidateMerges = pgTable(
  'candidate_merges',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    survivorId: integer('survivor_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    mergedId: integer('merged_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneById: integer('undone_by_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('candidate_merges_survivor_idx').on(t.companyId, t.survivorId, t.createdAt),
    index('candidate_merges_merged_idx').on(t.companyId, t.mergedId),
  ],
);

export type CandidateMerge = typeof candidateMerges.$inferSelect;

/** The applications a merge moved: exactly these go back on unmerge. */
export const candidateMergeApplications = pgTable(
  'candidate_merge_applications',
  {
    companyId: createCompanyIdColumn(),
    mergeId: integer('merge_id')
      .notNull()
      .references(() => candidateMerges.id, { onDelete: 'cascade' }),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.mergeId, t.applicationId] }),
    index('candidate_merge_applications_application_idx').on(t.companyId, t.applicationId),
  ],
);

/**
 * A suggested merge dismissed as "not the same person": the pair, lower id first, so the banner does
 * not suggest it again.
 */
export const candidateDuplicateDismissals = pgTable(
  'candidate_duplicate_dismissals',
  {
    companyId: createCompanyIdColumn(),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    otherCandidateId: integer('other_candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.candidateId, t.otherCandidateId] })],
);
