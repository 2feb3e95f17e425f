import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { buildInListCheck } from './sql-helpers';
import { teams } from './teams';
import { users } from './users';

// Corporate events (issue 15): the company calendar shown on the dashboard, its screen and the iCal
// feeds (docs/decisions/025-questions-to-hr.md, docs/glossary.md).

/** Who an event is for; kept in step with CORP_EVENT_AUDIENCES of @kadry/shared. */
const CORP_EVENT_AUDIENCES = ['everyone', 'teams'] as const;

/**
 * A corporate event: chosen as local dates (and times, unless all day) in `time_zone` (IANA), kept
 * as written, and as the instants they mean (`starts_at`, `ends_at`: for an all-day event the start
 * of its first day and of the day after its last, in its zone) for ordering and "upcoming".
 * `audience` is everyone, or the members of the teams in `corp_event_teams` and of every team below.
 */
export const corpEvents = pgTable(
  'corp_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    place: text('place').notNull().default(''),
    allDay: boolean('all_day').notNull().default(false),
    timeZone: text('time_zone').notNull(),
    /** Local dates in `time_zone`; `end_date` is the last day (inclusive). */
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Local times (HH:MM) in `time_zone`; null for an all-day event. */
    startTime: text('start_time'),
    endTime: text('end_time'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    audience: text('audience', { enum: CORP_EVENT_AUDIENCES }).notNull().default('everyone'),
    /** Who created it; kept when they leave (null then). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    ...createTimestampColumns(),
  },
  (t) => [
    index('corp_events_company_starts_idx').on(t.companyId, t.startsAt),
    index('corp_events_company_ends_idx').on(t.companyId, t.endsAt),
    check('corp_events_audience_check', buildInListCheck('audience', CORP_EVENT_AUDIENCES)),
    check('corp_events_range_check', sql`ends_at >= starts_at and end_date >= start_date`),
    check(
      'corp_events_times_check',
      sql`(all_day and start_time is null and end_time is null) or (not all_day and start_time is not null and end_time is not null)`,
    ),
  ],
);
export type CorpEventRow = typeof corpEvents.$inferSelect;

/** The teams an event with audience `teams` is for (their sub-teams' members are in it too). */
export const corpEventTeams = pgTable(
  'corp_event_teams',
  {
    companyId: createCompanyIdColumn(),
    eventId: integer('event_id')
      .notNull()
      .references(() => corpEvents.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.teamId] }),
    index('corp_event_teams_team_idx').on(t.companyId, t.teamId),
  ],
);
