import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, unique } from 'drizzle-orm/pg-core';
import { absenceTypes } from './absences';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { teams } from './teams';

/**
 * What the approved absences of a team's members count in a month, per type
 * (docs/decisions/032-absence-team-totals.md): the sum of `absence_month_amounts` of the month joined to
 * `team_members` (a person in two teams in both; `team_id` null: the people in no team), rows counting
 * nothing left out. Derived data: recomputed from the amounts in the transaction of every amounts change
 * and when memberships change (modules/absences/month-amounts.queries.ts). The HR report by team of a
 * reader who sees everyone and chose no team sums these rows instead of joining the month's amounts to
 * the company's memberships. A month has either no row (nothing counted, or not filled yet) or all.
 */
export const absenceTeamMonthTotals = pgTable(
  'absence_team_month_totals',
  {
    companyId: createCompanyIdColumn(),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The team; null: the people in no team. */
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    absenceTypeId: integer('absence_type_id')
      .notNull()
      .references(() => absenceTypes.id, { onDelete: 'cascade' }),
    /** Hundredths of the type's unit counted inside the month by the team's members. */
    hundredths: integer('hundredths').notNull(),
    ...createTimestampColumns(),
  },
  (t) => [
    // One row per team (or none) and type of a month; the report reads a company's months.
    unique('absence_team_month_totals_key')
      .on(t.companyId, t.month, t.teamId, t.absenceTypeId)
      .nullsNotDistinct(),
    check('absence_team_month_totals_month_check', sql`extract(day from ${t.month}) = 1`),
  ],
);

export type AbsenceTeamMonthTotalRow = typeof absenceTeamMonthTotals.$inferSelect;
