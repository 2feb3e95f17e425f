import { z } from 'zod';
import { timezoneSchema } from './admin';
import { objectIdSchema, pageMetaSchema, pagingQuerySchema } from './common';
import { WIDGET_LIMIT_DEFAULT, WIDGET_LIMIT_MAX } from './dashboard';

/*
 * Corporate events (issue 15): the company calendar. Paths in routes.ts: `corpEvents.all`,
 * `corpEvents.one` and the dashboard widget's `dashboard.corpEvents`. Who sees and changes what:
 * docs/decisions/025-questions-to-hr.md.
 */

/** Everyone in the company, or the members of chosen teams and of every team below them. */
export const CORP_EVENT_AUDIENCES = ['everyone', 'teams'] as const;
export type CorpEventAudience = (typeof CORP_EVENT_AUDIENCES)[number];

export const CORP_EVENT_TITLE_MAX = 200;
export const CORP_EVENT_PLACE_MAX = 300;
export const CORP_EVENT_DESCRIPTION_MAX = 5_000;
/** At most this many teams in an audience. */
export const CORP_EVENT_TEAMS_MAX = 50;
/** An event lasts at most this many days (first to last day). */
export const CORP_EVENT_DAYS_MAX = 366;

const localTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'errors.invalid_value' });

/**
 * Create or change an event: local dates (and times, unless all day) in an IANA time zone, a place,
 * a description and the audience. An all-day event ignores the times; a timed one needs both, and
 * must end after it starts (the server checks the instants, across a change of clocks too).
 */
export const corpEventInputSchema = z
  .object({
    title: z.string().trim().min(1).max(CORP_EVENT_TITLE_MAX),
    description: z.string().trim().max(CORP_EVENT_DESCRIPTION_MAX).default(''),
    place: z.string().trim().max(CORP_EVENT_PLACE_MAX).default(''),
    all_day: z.boolean().default(false),
    start_date: z.iso.date(),
    end_date: z.iso.date(),
    start_time: localTimeSchema.nullable().default(null),
    end_time: localTimeSchema.nullable().default(null),
    time_zone: timezoneSchema,
    audience: z.enum(CORP_EVENT_AUDIENCES),
    /** The audience's teams (audience `teams`); ignored for `everyone`. */
    team_ids: z.array(objectIdSchema).max(CORP_EVENT_TEAMS_MAX).default([]),
  })
  .superRefine((input, context) => {
    if (input.end_date < input.start_date) {
      context.addIssue({ code: 'custom', path: ['end_date'], message: 'corpEvents.end_before_start' });
    }
    if (!input.all_day) {
      if (input.start_time === null) {
        context.addIssue({ code: 'custom', path: ['start_time'], message: 'errors.required' });
      }
      if (input.end_time === null) {
        context.addIssue({ code: 'custom', path: ['end_time'], message: 'errors.required' });
      }
      if (
        input.start_time !== null &&
        input.end_time !== null &&
        input.start_date === input.end_date &&
        input.end_time <= input.start_time
      ) {
        context.addIssue({ code: 'custom', path: ['end_time'], message: 'corpEvents.end_before_start' });
      }
    }
    if (input.audience === 'teams' && input.team_ids.length === 0) {
      context.addIssue({ code: 'custom', path: ['team_ids'], message: 'corpEvents.teams_required' });
    }
    if (new Set(input.team_ids).size !== input.team_ids.length) {
      context.addIssue({ code: 'custom', path: ['team_ids'], message: 'errors.invalid_value' });
    }
  });
export type CorpEventInput = z.output<typeof corpEventInputSchema>;
export type CorpEventInputDraft = z.input<typeof corpEventInputSchema>;

/** A corporate event as the user may see it, with what they may do to it. */
export const corpEventSchema = z.object({
  id: objectIdSchema,
  title: z.string(),
  description: z.string(),
  place: z.string(),
  all_day: z.boolean(),
  start_date: z.iso.date(),
  end_date: z.iso.date(),
  /** HH:MM in `time_zone`; null for an all-day event. */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  time_zone: z.string(),
  /** The instants (ISO 8601, UTC); for an all-day event the start of its first day and of the day after its last. */
  starts_at: z.string(),
  ends_at: z.string(),
  audience: z.enum(CORP_EVENT_AUDIENCES),
  /** The audience's teams, by name (the teams the user may not see are left out). */
  teams: z.array(z.object({ id: objectIdSchema, name: z.string() })),
  author: z.object({ id: objectIdSchema, name: z.string() }).nullable(),
  /** Whether the user is in its audience. */
  is_for_me: z.boolean(),
  can_update: z.boolean(),
  can_delete: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CorpEvent = z.infer<typeof corpEventSchema>;
export const corpEventResponseSchema = z.object({ data: corpEventSchema });

/** Which events a list shows: upcoming (not ended), past (ended), or those meeting a month. */
export const CORP_EVENT_PERIODS = ['upcoming', 'past', 'month'] as const;
export type CorpEventPeriod = (typeof CORP_EVENT_PERIODS)[number];

/**
 * `GET corpEvents.all`: upcoming ones soonest first, past ones latest first, a month's (`month`
 * YYYY-MM, required for `month`) in order; `team_id` keeps the events for that team (or everyone).
 */
export const corpEventsQuerySchema = pagingQuerySchema
  .extend({
    period: z.enum(CORP_EVENT_PERIODS).default('upcoming'),
    month: z
      .string()
      .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'errors.invalid_value' })
      .optional(),
  })
  .superRefine((query, context) => {
    if (query.period === 'month' && query.month === undefined) {
      context.addIssue({ code: 'custom', path: ['month'], message: 'errors.required' });
    }
  });
export type CorpEventsQuery = z.output<typeof corpEventsQuerySchema>;

export const corpEventsResponseSchema = z.object({
  data: z.array(corpEventSchema),
  meta: pageMetaSchema,
});

/** `dashboard.corpEvents`: the upcoming events the user is in the audience of (the widget). */
export const corpEventsWidgetQuerySchema = z.object({
  per_page: z.coerce.number().int().min(1).max(WIDGET_LIMIT_MAX).default(WIDGET_LIMIT_DEFAULT),
});
export const corpEventsWidgetResponseSchema = z.object({
  data: z.array(corpEventSchema),
  meta: z.object({ total: z.number().int() }),
});
