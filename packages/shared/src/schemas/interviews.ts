import { z } from 'zod';
import { timezoneSchema } from './admin';
import { objectIdSchema } from './common';

/*
 * Recruiting's daily work, part 2 (issue 17): interviews with calendar invitations, interviewers'
 * scorecards, and the vacancy's hiring team and structured salary. Paths are in routes.ts under
 * `recruiting.applications.interviews`, `recruiting.interviews.*` and `recruiting.myInterviews`.
 */

export const INTERVIEW_STATES = ['scheduled', 'cancelled'] as const;
export type InterviewState = (typeof INTERVIEW_STATES)[number];

/** Overall recommendations on a scorecard, weakest first. */
export const SCORECARD_RECOMMENDATIONS = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export type ScorecardRecommendation = (typeof SCORECARD_RECOMMENDATIONS)[number];

/** Each attribute is rated 1 (poor) … 4 (excellent). */
export const SCORECARD_RATING_MIN = 1;
export const SCORECARD_RATING_MAX = 4;
/** At most this many attributes per vacancy, each name at most this long. */
export const SCORECARD_ATTRIBUTES_MAX = 15;
export const SCORECARD_ATTRIBUTE_NAME_MAX = 100;
export const SCORECARD_NOTES_MAX = 5_000;

export const INTERVIEW_DURATION_MIN = 5;
export const INTERVIEW_DURATION_MAX = 8 * 60;
export const INTERVIEWERS_MAX = 10;
export const INTERVIEW_LOCATION_MAX = 300;
export const INTERVIEW_NOTE_MAX = 2_000;
/** The reminder goes this many minutes before the start (not at all when scheduled later than that). */
export const INTERVIEW_REMINDER_MINUTES = 60;

/** Pay periods of a structured salary; JSON-LD's unitText is the upper-cased name. */
export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];
/** The largest salary bound (numeric(14, 2)). */
export const SALARY_AMOUNT_MAX = 999_999_999_999;

/** A blank text is no text: null. */
function optionalText(max: number) {
  return z
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((text) => (text === '' ? null : text));
}

const personSchema = z.object({ id: z.number().int(), name: z.string() });

// ---------------------------------------------------------------------------------------------
// Vacancy setup: structured salary and scorecard attributes

const amountSchema = z.number().min(0).max(SALARY_AMOUNT_MAX).multipleOf(0.01);

/** A salary in numbers: at least one bound, min not above max, an ISO 4217 currency, a period. */
export const salaryRangeSchema = z
  .object({
    min: amountSchema.nullable(),
    max: amountSchema.nullable(),
    currency: z.string().regex(/^[A-Z]{3}$/, { message: 'errors.invalid_value' }),
    period: z.enum(SALARY_PERIODS),
  })
  .superRefine((range, context) => {
    if (range.min === null && range.max === null) {
      context.addIssue({ code: 'custom', path: ['min'], message: 'career_page.salary_required.error' });
    }
    if (range.min !== null && range.max !== null && range.min > range.max) {
      context.addIssue({ code: 'custom', path: ['max'], message: 'hr.vacancies.salary_range.max_below_min' });
    }
  });
export type SalaryRange = z.infer<typeof salaryRangeSchema>;

/** An attribute interviewers rate; `key` identifies it across renames (the server makes one for a new attribute). */
export const scorecardAttributeSchema = z.object({
  key: z.string(),
  name: z.string(),
});
export type ScorecardAttribute = z.infer<typeof scorecardAttributeSchema>;

export const scorecardAttributeInputSchema = z.object({
  key: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/)
    .optional(),
  name: z.string().trim().min(1).max(SCORECARD_ATTRIBUTE_NAME_MAX),
});

export const scorecardAttributesInputSchema = z
  .array(scorecardAttributeInputSchema)
  .max(SCORECARD_ATTRIBUTES_MAX)
  .refine(
    (list) => {
      const keys = list.flatMap((attribute) => (attribute.key ? [attribute.key] : []));
      return new Set(keys).size === keys.length;
    },
    { message: 'errors.invalid_value' },
  );

// ---------------------------------------------------------------------------------------------
// Interviews

const localDateSchema = z.iso.date();
const localTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'errors.invalid_value' });

/**
 * Schedule (or reschedule) an interview: a local date and time in an IANA time zone, a duration, the
 * interviewers (staff accounts), a place and/or a video link, and a note for the interviewers only.
 */
export const interviewInputSchema = z.object({
  date: localDateSchema,
  time: localTimeSchema,
  duration_minutes: z.number().int().min(INTERVIEW_DURATION_MIN).max(INTERVIEW_DURATION_MAX),
  time_zone: timezoneSchema,
  interviewer_ids: z
    .array(objectIdSchema)
    .min(1)
    .max(INTERVIEWERS_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'errors.invalid_value' }),
  location: optionalText(INTERVIEW_LOCATION_MAX),
  video_url: z
    .url({ protocol: /^https?$/ })
    .max(2_000)
    .nullable()
    .default(null)
    .or(z.literal('').transform(() => null)),
  note: optionalText(INTERVIEW_NOTE_MAX),
});
export type InterviewInput = z.input<typeof interviewInputSchema>;
export type InterviewValues = z.output<typeof interviewInputSchema>;

/** An interviewer, and whether they have filled their scorecard for this interview. */
const interviewerSchema = personSchema.extend({ has_scorecard: z.boolean() });

/**
 * An interview as staff see it. `starts_at` / `ends_at` are instants (ISO, UTC); `date` and `time` the
 * local moment in `time_zone` as it was chosen. `is_interviewer`: the reader interviews;
 * `my_scorecard_id`: the reader's own scorecard, if filled.
 */
export const interviewSchema = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  candidate: z.object({ name: z.string() }),
  vacancy: z.object({ id: z.number().int(), name: z.string() }),
  state: z.enum(INTERVIEW_STATES),
  starts_at: z.string(),
  ends_at: z.string(),
  date: z.string(),
  time: z.string(),
  duration_minutes: z.number().int(),
  time_zone: z.string(),
  location: z.string().nullable(),
  video_url: z.string().nullable(),
  note: z.string().nullable(),
  sequence: z.number().int(),
  organizer: personSchema.nullable(),
  interviewers: z.array(interviewerSchema),
  is_interviewer: z.boolean(),
  my_scorecard_id: z.number().int().nullable(),
  /** What a scorecard for it rates: the vacancy's attributes now. */
  scorecard_attributes: z.array(scorecardAttributeSchema),
});
export type Interview = z.infer<typeof interviewSchema>;

// ---------------------------------------------------------------------------------------------
// Scorecards

export const scorecardRatingSchema = z.object({
  key: z.string(),
  name: z.string(),
  rating: z.number().int().min(SCORECARD_RATING_MIN).max(SCORECARD_RATING_MAX),
});

export const scorecardSchema = z.object({
  id: z.number().int(),
  interview_id: z.number().int(),
  author: personSchema,
  ratings: z.array(scorecardRatingSchema),
  recommendation: z.enum(SCORECARD_RECOMMENDATIONS),
  notes: z.string().nullable(),
  submitted_at: z.string(),
  updated_at: z.string(),
});
export type Scorecard = z.infer<typeof scorecardSchema>;

/** Fill (or change) one's scorecard: every attribute of the vacancy rated, a recommendation, notes. */
export const scorecardInputSchema = z.object({
  ratings: z
    .array(
      z.object({
        key: z.string().max(40),
        rating: z.number().int().min(SCORECARD_RATING_MIN).max(SCORECARD_RATING_MAX),
      }),
    )
    .max(SCORECARD_ATTRIBUTES_MAX),
  recommendation: z.enum(SCORECARD_RECOMMENDATIONS),
  notes: optionalText(SCORECARD_NOTES_MAX),
});
export type ScorecardInput = z.input<typeof scorecardInputSchema>;
export type ScorecardValues = z.output<typeof scorecardInputSchema>;

/** The scorecards one may read, summed up: recommendations counted, each attribute's average. */
export const scorecardSummarySchema = z.object({
  count: z.number().int(),
  recommendations: z.record(z.enum(SCORECARD_RECOMMENDATIONS), z.number().int()),
  attributes: z.array(
    z.object({ key: z.string(), name: z.string(), average: z.number().nullable(), count: z.number().int() }),
  ),
});
export type ScorecardSummary = z.infer<typeof scorecardSummarySchema>;

/**
 * An application's interviews with the scorecards the reader may see. `hidden_scorecards`: others'
 * scorecards held back until the reader, one of the interviewers, submits their own (unless their role
 * has the Candidate action `see_scorecards_before_submitting`).
 */
export const applicationInterviewsResponseSchema = z.object({
  data: z.array(interviewSchema),
  scorecards: z.array(scorecardSchema),
  summary: scorecardSummarySchema,
  hidden_scorecards: z.number().int(),
});
export type ApplicationInterviews = z.infer<typeof applicationInterviewsResponseSchema>;

export const interviewResponseSchema = z.object({ data: interviewSchema });

/** One interview with the scorecards for it the reader may see (the interviewer's kit). */
export const interviewDetailsResponseSchema = z.object({
  data: interviewSchema,
  scorecards: z.array(scorecardSchema),
  hidden_scorecards: z.number().int(),
});
export type InterviewDetails = z.infer<typeof interviewDetailsResponseSchema>;

export const scorecardResponseSchema = z.object({ data: scorecardSchema });

/** The reader's interviews: upcoming ones, and past ones (a fortnight) still waiting for their scorecard. */
export const myInterviewsResponseSchema = z.object({ data: z.array(interviewSchema) });
export type MyInterviews = z.infer<typeof myInterviewsResponseSchema>;
