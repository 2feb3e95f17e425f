import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { absenceRequests } from './absences';
import { createCompanyIdColumn, createTimestampColumns } from './columns';

/**
 * What each approved absence counts in each month it touches (docs/decisions/029-absence-report-amounts.md):
 * hundredths of its type's unit (days; hours for hourly types) counted on the person's calendar with
 * their policy's counting, half days and hours as the request engine counts them. Derived data: written
 * in the transaction of every change that makes a request approved or not, and refreshed in the
 * transaction of every change the counting depends on (modules/absences/month-amounts.queries.ts). A
 * request that is not approved has no rows; an approved one has a row for every month from its first
 * day's to its last day's, zero included. The HR report sums these rows instead of counting requests.
 */
export const absenceMonthAmounts = pgTable(
  'absence_month_amounts',
  {
    companyId: createCompanyIdColumn(),
    requestId: integer('request_id')
      .notNull()
      .references(() => absenceRequests.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month', { mode: 'string' }).notNull(),
    /** The request's employee and type, copied so the report reads the index alone. */
    employeeId: integer('employee_id').notNull(),
    absenceTypeId: integer('absence_type_id').notNull(),
    /** Hundredths of the type's unit counted inside the month. */
    hundredths: integer('hundredths').notNull(),
    ...createTimestampColumns(),
  },
  (t) => [
    primaryKey({ columns: [t.requestId, t.month] }),
    // A request's rows, by company (what every refresh deletes or rewrites).
    index('absence_month_amounts_request_idx').on(t.companyId, t.requestId),
    // The report: a company's months, read from the index alone.
    index('absence_month_amounts_report_idx').on(
      t.companyId,
      t.month,
      t.employeeId,
      t.absenceTypeId,
      t.hundredths,
    ),
    check('absence_month_amounts_month_check', sql`extract(day from ${t.month}) = 1`),
  ],
);

export type AbsenceMonthAmountRow = typeof absenceMonthAmounts.$inferSelect;
