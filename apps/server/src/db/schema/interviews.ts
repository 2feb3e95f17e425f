import {
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
import { applications } from './applications';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { buildInListCheck } from './sql-helpers';
import { users } from './users';
import { vacancies } from './vacancies';

// Recruiting's daily work (issue 17, part 2): interviews with calendar invitations, interviewers'
// scorecards, and the vacancy's hiring team (docs/glossary.md).

/** Interview states; kept in step with INTERVIEW_STATES of @kadry/shared. */
const INTERVIEW_STATES = ['scheduled', 'cancelled'] as const;

/**
 * An interview of an application at a moment (`starts_at`, an instant) that was chosen as a local
 * date and time in `time_zone` (IANA), which the calendar invitation names (TZID). `uid` is the
 * invitation's stable iCal UID; `sequence` grows with each change that is sent (reschedule, cancel),
 * so calendars replace the earlier invitation instead of adding another.
 */
export const interviews = pgTable(
  'interviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    /** A place (address, room); null when none. */
    location: text('location'),
    /** A video call's address (http/https); null when none. */
    videoUrl: text('video_url'),
    /** For the interviewers (never sent to the candidate). */
    note: text('note'),
    state: text('state', { enum: INTERVIEW_STATES }).notNull().default('scheduled'),
    uid: text('uid').notNull(),
    sequence: integer('sequence').notNull().default(0),
    /** Who scheduled it: the invitation's organizer, where replies go. */
    organizerId: integer('organizer_id').references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...createTimestampColumns(),
  },
  (t) => [
    index('interviews_application_idx').on(t.companyId, t.applicationId, t.startsAt),
    index('interviews_company_start_idx').on(t.companyId, t.startsAt),
    uniqueIndex('interviews_uid_key').on(t.uid),
    check('interviews_state_check', buildInListCheck('state', INTERVIEW_STATES)),
  ],
);
export type Interview = typeof interviews.$inferSelect;

/** The staff members who interview: each gets the invitation and fills one scorecard. */
export const interviewInterviewers = pgTable(
  'interview_interviewers',
  {
    companyId: createCompanyIdColumn(),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.interviewId, t.userId] }),
    // "My interviews": an interviewer's, by company.
    index('interview_interviewers_user_idx').on(t.companyId, t.userId),
  ],
);

/** Recommendations, weakest first; kept in step with SCORECARD_RECOMMENDATIONS of @kadry/shared. */
const RECOMMENDATIONS = ['strong_no', 'no', 'yes', 'strong_yes'] as const;

/** One attribute's rating on a scorecard, with the attribute's name at the time (the vacancy's list may change). */
export type ScorecardRating = { key: string; name: string; rating: number };

/**
 * An interviewer's scorecard for one interview: each of the vacancy's attributes rated 1–4, an overall
 * recommendation and notes. One per interviewer and interview; its author may edit it.
 */
export const scorecards = pgTable(
  'scorecards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    interviewId: integer('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    /** Denormalised from the interview: an application's scorecards are read together. */
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratings: jsonb('ratings').$type<ScorecardRating[]>().notNull().default([]),
    recommendation: text('recommendation', { enum: RECOMMENDATIONS }).notNull(),
    notes: text('notes'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    ...createTimestampColumns(),
  },
  (t) => [
    uniqueIndex('scorecards_interview_author_key').on(t.interviewId, t.authorId),
    index('scorecards_application_idx').on(t.companyId, t.applicationId),
    check('scorecards_recommendation_check', buildInListCheck('recommendation', RECOMMENDATIONS)),
  ],
);
export type Scorecard = typeof scorecards.$inferSelect;

/**
 * A vacancy's interviewers: the people usually asked to interview for it (offered first when an
 * interview is scheduled). They gain no access to the vacancy's candidates by this alone.
 */
export const vacancyInterviewers = pgTable(
  'vacancy_interviewers',
  {
    companyId: createCompanyIdColumn(),
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.vacancyId, t.userId] }),
    index('vacancy_interviewers_user_idx').on(t.companyId, t.userId),
  ],
);
