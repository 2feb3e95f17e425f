import type { FieldType, InputType } from '@kadry/shared/schemas/form';
import { index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { candidates } from './candidates';
import { createCompanyIdColumn } from './columns';
import { cvParses } from './cv-parses';
import { storedFiles } from './files';
import { vacancyStages } from './recruiting';
import { vacancies } from './vacancies';

/**
 * One answered field, copied from the form definition at submission time so later form edits do not
 * change what a candidate sent. `value` is the decoded answer (string, boolean, id list, salary
 * object, ...); files are in `response_files`, keyed by the field's index in this array.
 */
export type ResponseAnswer = {
  name: string;
  type: FieldType;
  input_type: InputType;
  value: unknown;
};

/** An application to a vacancy. */
export const responses = pgTable(
  'responses',
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
    answers: jsonb('answers').$type<ResponseAnswer[]>().notNull().default([]),
    cvParseId: integer('cv_parse_id').references(() => cvParses.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Client-supplied key; a retried submission with the same key finds this row instead. */
    idempotencyKey: text('idempotency_key'),
    /** Pipeline stage; null means the vacancy's first stage (submissions do not have to know stages). */
    stageId: integer('stage_id').references(() => vacancyStages.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('responses_company_vacancy_idx').on(t.companyId, t.vacancyId, t.createdAt.desc()),
    index('responses_company_candidate_idx').on(t.companyId, t.candidateId),
    // NULLs are distinct, so any number of responses may have no key.
    unique('responses_idempotency_key_key').on(t.companyId, t.idempotencyKey),
  ],
);

/** A file attached to a response field (`field_index` into `responses.answers`). */
export const responseFiles = pgTable(
  'response_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    responseId: integer('response_id')
      .notNull()
      .references(() => responses.id, { onDelete: 'cascade' }),
    fieldIndex: integer('field_index').notNull(),
    storedFileId: integer('stored_file_id')
      .notNull()
      .references(() => storedFiles.id),
    /** Order of the file within its field. */
    position: integer('position').notNull().default(0),
  },
  (t) => [
    unique('response_files_response_field_position_key').on(
      t.companyId,
      t.responseId,
      t.fieldIndex,
      t.position,
    ),
    index('response_files_stored_file_idx').on(t.storedFileId),
  ],
);

export type ResponseRow = typeof responses.$inferSelect;
export type NewResponseRow = typeof responses.$inferInsert;
export type ResponseFile = typeof responseFiles.$inferSelect;
export type NewResponseFile = typeof responseFiles.$inferInsert;
