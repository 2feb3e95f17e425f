import type { FieldType, InputType } from '@kadry/shared/schemas/form';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { APPLICATION_SEARCH_VECTOR_SQL } from './application-search-sql';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { cvParses } from './cv-parses';
import { storedFiles } from './files';
import { tsvector } from './sql-helpers';
import { users } from './users';
import { vacancies, vacancyStages } from './vacancies';

// Recruiting's people and what they sent: candidates, their applications, the applications' files
// and staff comments (docs/glossary.md).

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
    /**
     * Set when this person was merged into another (candidate_merges): their applications moved there
     * and this row stays only so an unmerge can restore it. Null for a live candidate.
     */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => candidates.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    index('candidates_company_email_idx').on(t.companyId, sql`lower(${t.email})`),
    index('candidates_company_phone_idx').on(t.companyId, t.phone),
    // Matching on arrival and suggested merges: digits of the phone, the name as written any case.
    index('candidates_company_phone_digits_idx').on(
      t.companyId,
      sql`regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g')`,
    ),
    // Suggested merges: the same name any case, spaces collapsed (a POSIX class: drizzle-kit's SQL
    // writer drops a backslash, so `\s` would become `s`).
    index('candidates_company_name_norm_idx').on(
      t.companyId,
      sql`lower(regexp_replace(btrim(${t.name}), '[[:space:]]+', ' ', 'g'))`,
    ),
    // The list's substring search on name, e-mail and phone (ILIKE '%…%').
    index('candidates_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('candidates_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    index('candidates_phone_trgm_idx').using('gin', sql`${t.phone} gin_trgm_ops`),
  ],
);

export type Candidate = typeof candidates.$inferSelect;
export type NewCandidate = typeof candidates.$inferInsert;

/**
 * One answered field, copied from the form definition at submission time so later form edits do not
 * change what a candidate sent. `value` is the decoded answer (string, boolean, id list, salary
 * object, ...); files are in `application_files`, keyed by the field's index in this array.
 */
export type ApplicationAnswer = {
  name: string;
  type: FieldType;
  input_type: InputType;
  value: unknown;
};

/** An application to a vacancy. */
export const applications = pgTable(
  'applications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    // No cascade: deleting a vacancy must not silently delete applications.
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id),
    candidateId: integer('candidate_id')
      .notNull()
      .references(() => candidates.id),
    /** The careers page's `source` query parameter (e.g. a job board), '' when absent. */
    source: text('source').notNull().default(''),
    answers: jsonb('answers').$type<ApplicationAnswer[]>().notNull().default([]),
    cvParseId: integer('cv_parse_id').references(() => cvParses.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Client-supplied key; a retried submission with the same key finds this row instead. */
    idempotencyKey: text('idempotency_key'),
    /** Pipeline stage; null means the vacancy's first stage (submissions do not have to know stages). */
    stageId: integer('stage_id').references(() => vacancyStages.id, { onDelete: 'set null' }),
    /** The careers page's language when the candidate applied (mail to them uses it); null before 0013. */
    locale: text('locale', { enum: ['en', 'ru', 'uk'] }),
    /**
     * The CV's text as parsed when the candidate attached it (copied from cv_parses, which expire after
     * a day); null when no CV was parsed.
     */
    cvText: text('cv_text'),
    /**
     * Generated full-text vector over the plain answers (weight A) and the CV text without contacts
     * (weight B): docs/decisions/027-candidate-search.md. Select columns explicitly in list queries.
     */
    search: tsvector('search').notNull().generatedAlwaysAs(APPLICATION_SEARCH_VECTOR_SQL),
  },
  (t) => [
    index('applications_search_idx').using('gin', t.search),
    index('applications_company_vacancy_idx').on(t.companyId, t.vacancyId, t.createdAt.desc()),
    index('applications_company_candidate_idx').on(t.companyId, t.candidateId),
    // NULLs are distinct, so any number of applications may have no key.
    unique('applications_idempotency_key_key').on(t.companyId, t.idempotencyKey),
  ],
);

/** A file attached to an application's field (`field_index` into `applications.answers`). */
export const applicationFiles = pgTable(
  'application_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fieldIndex: integer('field_index').notNull(),
    storedFileId: integer('stored_file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** Order of the file within its field. */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('application_files_application_field_position_key').on(
      t.companyId,
      t.applicationId,
      t.fieldIndex,
      t.position,
    ),
    index('application_files_stored_file_idx').on(t.storedFileId),
  ],
);

export type Application = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;
export type ApplicationFile = typeof applicationFiles.$inferSelect;
export type NewApplicationFile = typeof applicationFiles.$inferInsert;

/**
 * A staff comment on an application: private to its author unless shared (docs/decisions/011-comment-visibility.md).
 */
export const applicationComments = pgTable(
  'application_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    /** Visible to everyone who may see the application; otherwise to its author and see_all_comments. */
    isShared: boolean('is_shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when its author last changed the text (the "edited" marker). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Set when its author deleted it: the text is emptied, the row stays as a history entry. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('application_comments_application_idx').on(t.companyId, t.applicationId, t.createdAt)],
);

export type ApplicationComment = typeof applicationComments.$inferSelect;
