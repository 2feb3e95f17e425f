import { z } from 'zod';
import { objectIdSchema, pageMetaSchema, pagingQuerySchema, queryIdSchema } from './common';

// Children statistics (issue 15, spec §1, §7.2): employees' children — relatives whose relative type
// is a child's (`is_child` in the typesRelative dictionary) and who have a birth date — counted by age
// and by gender, and listed with their parent employee. Who sees which child: the statistics module
// (apps/server/src/modules/statistics) and docs/decisions/026-analytics-events.md.

/** A child's gender, read from the relative type: a son, a daughter, or a child (not said). */
export const CHILD_GENDERS = ['male', 'female', 'unknown'] as const;
export type ChildGender = (typeof CHILD_GENDERS)[number];

/** The oldest age the filter takes (children may be grown up; a bound keeps the query sane). */
export const CHILD_AGE_MAX = 100;
/** At most this many teams in the filter. */
export const STATISTICS_TEAMS_MAX = 50;

const idListQuery = z
  .union([queryIdSchema, z.array(queryIdSchema).max(STATISTICS_TEAMS_MAX)])
  .transform((value) => (Array.isArray(value) ? value : [value]));
const ageQuery = z.coerce.number().int().min(0).max(CHILD_AGE_MAX);

/**
 * The filters of `statistics.children` and its export: teams (a team counts with every team below
 * it), the children's age range in whole years, their gender, and their parent's status (the people
 * status dictionary) and state (`active`, the default: not dismissed; `dismissed`; `all`).
 */
const childrenFilterShape = {
  team_ids: idListQuery.optional(),
  age_from: ageQuery.optional(),
  age_to: ageQuery.optional(),
  gender: z.enum(CHILD_GENDERS).optional(),
  status_ids: idListQuery.optional(),
  state: z.enum(['active', 'dismissed', 'all']).default('active'),
};

/** An age range runs upwards: `age_from` above `age_to` is a 422 under `age_to`. */
function isAgeRangeInOrder(query: { age_from?: number | undefined; age_to?: number | undefined }) {
  return query.age_from === undefined || query.age_to === undefined || query.age_from <= query.age_to;
}
const ageRangeIssue = { message: 'statistics.age_range_invalid', path: ['age_to'] };

/**
 * The filters of `statistics.children` and its export: teams (a team counts with every team below
 * it), the children's age range in whole years, their gender, and their parent's status (the people
 * status dictionary) and state (`active`, the default: not dismissed; `dismissed`; `all`).
 */
export const childrenFilterSchema = z.object(childrenFilterShape).refine(isAgeRangeInOrder, ageRangeIssue);
export type ChildrenFilter = z.output<typeof childrenFilterSchema>;
/** The filter as the client holds it (before defaults). */
export type ChildrenFilterInput = z.input<typeof childrenFilterSchema>;

/** `GET statistics.children`: the filter plus the list's paging. */
export const childrenStatisticsQuerySchema = z
  .object({ ...childrenFilterShape, ...pagingQuerySchema.shape })
  .refine(isAgeRangeInOrder, ageRangeIssue);
export type ChildrenStatisticsQuery = z.output<typeof childrenStatisticsQuerySchema>;

/** One child with their parent employee (the parent's teams by name). */
export const childRowSchema = z.object({
  id: objectIdSchema,
  name: z.string(),
  /** The relative type's name in the reader's language (Son, Daughter, Child…). */
  relation: z.string().nullable(),
  gender: z.enum(CHILD_GENDERS),
  birth_date: z.iso.date(),
  /** Whole years today, in the reader's time zone. */
  age: z.number().int().min(0),
  parent: z.object({
    id: objectIdSchema,
    name: z.string(),
    teams: z.array(z.object({ id: objectIdSchema, name: z.string() })),
  }),
});
export type ChildRow = z.infer<typeof childRowSchema>;

/** Counts over every child the filter matches (not only the page). */
export const childrenSummarySchema = z.object({
  total: z.number().int(),
  /** By whole years of age, youngest first; ages without children are left out. */
  by_age: z.array(z.object({ age: z.number().int().min(0), count: z.number().int() })),
  /** By gender, in CHILD_GENDERS order; genders without children are left out. */
  by_gender: z.array(z.object({ gender: z.enum(CHILD_GENDERS), count: z.number().int() })),
});
export type ChildrenSummary = z.infer<typeof childrenSummarySchema>;

export const childrenStatisticsResponseSchema = z.object({
  data: z.array(childRowSchema),
  meta: pageMetaSchema,
  summary: childrenSummarySchema,
});
export type ChildrenStatistics = z.infer<typeof childrenStatisticsResponseSchema>;

/** The name the HR app saves the export under when the answer has no `filename` header (spec §7.2). */
export const CHILDREN_EXPORT_DEFAULT_NAME = 'children-list.xlsx';

/**
 * Age groups of the dashboard widget and the page's chart: [from, to] in whole years, `to` null for
 * the open-ended last group.
 */
export const CHILD_AGE_GROUPS = [
  { key: '0_2', from: 0, to: 2 },
  { key: '3_6', from: 3, to: 6 },
  { key: '7_11', from: 7, to: 11 },
  { key: '12_17', from: 12, to: 17 },
  { key: '18_plus', from: 18, to: null },
] as const;
export type ChildAgeGroupKey = (typeof CHILD_AGE_GROUPS)[number]['key'];

/** The counts by age folded into CHILD_AGE_GROUPS (every group, zero when empty). */
export function groupChildrenByAge(
  byAge: readonly { age: number; count: number }[],
): { key: ChildAgeGroupKey; from: number; to: number | null; count: number }[] {
  return CHILD_AGE_GROUPS.map((group) => ({
    key: group.key,
    from: group.from,
    to: group.to,
    count: byAge
      .filter((row) => row.age >= group.from && (group.to === null || row.age <= group.to))
      .reduce((sum, row) => sum + row.count, 0),
  }));
}
