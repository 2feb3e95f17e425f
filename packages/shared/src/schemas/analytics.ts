import { z } from 'zod';
import { ABSENCE_TYPE_NUMBERS } from './absences';

// Product analytics (issue 15, spec §3.2 "analytics event payload", §7.2, §9): which features people
// use, counted per company — never who they are or what they typed. The rules are
// docs/decisions/026-analytics-events.md; both sides read this file.

/**
 * The events Kadry sends, by id. 1001042 is the spec's (§9: the children statistics filter applied);
 * the 1002xxx ids are ours (the spec shows an absence-type sender but not its id).
 */
export const ANALYTICS_EVENTS = {
  /** The children statistics filter was applied; `filter_select_team`: teams were chosen. */
  children_statistics_filter: 1001042,
  /** An absence request was sent; `absence_type`: one of the spec's five type codes. */
  absence_request_type: 1002001,
} as const;
export type AnalyticsEventName = keyof typeof ANALYTICS_EVENTS;
export type AnalyticsEventId = (typeof ANALYTICS_EVENTS)[AnalyticsEventName];

export const ANALYTICS_EVENT_IDS = Object.values(ANALYTICS_EVENTS) as AnalyticsEventId[];

export function analyticsEventName(id: number): AnalyticsEventName | null {
  const entry = Object.entries(ANALYTICS_EVENTS).find(([, value]) => value === id);
  return entry ? (entry[0] as AnalyticsEventName) : null;
}

/** Spec §3.2's absence types the sender reports (the five with a number); every other is ignored. */
export const ANALYTICS_ABSENCE_TYPES = Object.keys(
  ABSENCE_TYPE_NUMBERS,
) as (keyof typeof ABSENCE_TYPE_NUMBERS)[];

/**
 * Every string a property may hold: short enum-like values the product itself defines. Anything else
 * (a name, an email, a phone, free text) is refused, however harmless it looks.
 */
export const ANALYTICS_STRING_VALUES: readonly string[] = [...ANALYTICS_ABSENCE_TYPES];

/** At most this many properties per event. */
export const ANALYTICS_PROPERTIES_MAX = 10;
/** A property's key: lower-case letters and underscores, 1 to 40. */
export const ANALYTICS_KEY_PATTERN = /^[a-z_]{1,40}$/;
/**
 * A number property is an integer within ±1,000,000: counts and sizes fit, a phone number or an id
 * from another system does not.
 */
export const ANALYTICS_NUMBER_MAX = 1_000_000;

const propertyValueSchema = z.union([
  z.boolean(),
  z.number().int().min(-ANALYTICS_NUMBER_MAX).max(ANALYTICS_NUMBER_MAX),
  z
    .string()
    .refine((value) => ANALYTICS_STRING_VALUES.includes(value), { message: 'analytics.value_not_allowed' }),
]);

/**
 * The general rule for `event_properties`: a flat object of at most ANALYTICS_PROPERTIES_MAX keys
 * matching ANALYTICS_KEY_PATTERN, each a boolean, a bounded integer or an allow-listed string.
 */
export const analyticsPropertiesSchema = z
  .record(
    z.string().regex(ANALYTICS_KEY_PATTERN, { message: 'analytics.key_not_allowed' }),
    propertyValueSchema,
  )
  .refine((properties) => Object.keys(properties).length <= ANALYTICS_PROPERTIES_MAX, {
    message: 'analytics.too_many_properties',
  });
export type AnalyticsProperties = z.infer<typeof analyticsPropertiesSchema>;

/** The keys each event may carry (on top of the general rule): nothing else is stored. */
export const ANALYTICS_EVENT_PROPERTIES = {
  children_statistics_filter: z.strictObject({
    filter_select_team: z.boolean(),
    filter_age: z.boolean().optional(),
    filter_gender: z.boolean().optional(),
    filter_status: z.boolean().optional(),
  }),
  absence_request_type: z.strictObject({ absence_type: z.enum(ANALYTICS_ABSENCE_TYPES) }),
} as const satisfies Record<AnalyticsEventName, z.ZodType>;

/**
 * `POST analytics` (spec §7.2): `{ event_id, event_properties }`. A known event id, properties by the
 * general rule and the event's own keys; anything else is a 422 and nothing is stored.
 */
export const analyticsEventBodySchema = z
  .object({
    event_id: z
      .number()
      .int()
      .refine((id) => analyticsEventName(id) !== null, { message: 'analytics.unknown_event' }),
    event_properties: analyticsPropertiesSchema.default({}),
  })
  .superRefine((body, context) => {
    const name = analyticsEventName(body.event_id);
    if (!name) return;
    const parsed = ANALYTICS_EVENT_PROPERTIES[name].safeParse(body.event_properties);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
      context.addIssue({
        code: 'custom',
        message: 'analytics.property_not_allowed',
        path: ['event_properties', ...issue.path.map(String), ...keys.slice(0, 1)],
      });
    }
  });
export type AnalyticsEventBody = z.input<typeof analyticsEventBodySchema>;

// ---------------------------------------------------------------------------------------------------
// The usage page (owners): counts per event over time.

export const USAGE_INTERVALS = ['day', 'week'] as const;
export type UsageInterval = (typeof USAGE_INTERVALS)[number];
/** The longest period the usage page asks for, in days. */
export const USAGE_RANGE_MAX_DAYS = 366;

const plainDate = z.iso.date();

/** `GET analytics.usage` (and its export): a period (default: the last 30 days) and the bucket size. */
export const usageQuerySchema = z
  .object({
    interval: z.enum(USAGE_INTERVALS).default('day'),
    from: plainDate.optional(),
    to: plainDate.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'analytics.range_invalid',
    path: ['to'],
  });
export type UsageQuery = z.output<typeof usageQuerySchema>;

export const usageExportQuerySchema = z
  .object({
    interval: z.enum(USAGE_INTERVALS).default('day'),
    from: plainDate.optional(),
    to: plainDate.optional(),
    format: z.enum(['csv', 'xlsx']).default('csv'),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'analytics.range_invalid',
    path: ['to'],
  });
export type UsageExportQuery = z.output<typeof usageExportQuerySchema>;

/** One event's counts: a point per bucket (its first day) that has any, oldest first. */
export const usageSeriesSchema = z.object({
  event_id: z.number().int(),
  event: z.string(),
  total: z.number().int(),
  points: z.array(z.object({ period: plainDate, count: z.number().int() })),
});
export type UsageSeries = z.infer<typeof usageSeriesSchema>;

export const usageResponseSchema = z.object({
  data: z.object({
    interval: z.enum(USAGE_INTERVALS),
    from: plainDate,
    to: plainDate,
    /** Every bucket of the period (its first day), oldest first: the columns of the table. */
    periods: z.array(plainDate),
    series: z.array(usageSeriesSchema),
  }),
});
export type Usage = z.infer<typeof usageResponseSchema>['data'];
