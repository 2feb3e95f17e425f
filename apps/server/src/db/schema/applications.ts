import type { FieldType, InputType } from '@kadry/shared/schemas/form';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { cvParses } from './cv-parses';
import { storedFiles } from './files';
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
  },
  (t) => [
    index('candidates_company_email_idx').on(t.companyId, sql`lower(${t.email})`),
    index('candidates_company_phone_idx').on(t.companyId, t.phone),
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
  },
  (t) => [
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
  },
  (t) => [index('application_comments_application_idx').on(t.companyId, t.applicationId, t.createdAt)],
);

export type ApplicationComment = typeof applicationComments.$inferSelect;
