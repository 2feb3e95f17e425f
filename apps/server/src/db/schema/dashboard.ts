import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { users } from './users';

// The dashboard (issue 15): each user's layout of widgets and their parameters; the company default.

/** One widget on a layout, in order: its name (spec §1's widget list) and where it sits. */
export type DashboardLayoutWidget = { name: string; column?: number; size?: string };

/**
 * A dashboard layout: a user's own (`user_id` set) or the company default (`user_id` null), which a
 * user without one of their own sees. `params` holds each widget's parameters by widget name (spec
 * §7.2: `dashboard.layouts.current.params`, `dashboard.widgets.params`).
 */
export const dashboardLayouts = pgTable(
  'dashboard_layouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    widgets: jsonb('widgets').$type<DashboardLayoutWidget[]>().notNull().default([]),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    ...createTimestampColumns(),
  },
  (t) => [
    uniqueIndex('dashboard_layouts_user_key').on(t.companyId, t.userId).where(sql`user_id is not null`),
    uniqueIndex('dashboard_layouts_company_default_key').on(t.companyId).where(sql`user_id is null`),
    index('dashboard_layouts_company_idx').on(t.companyId),
  ],
);
export type DashboardLayoutRow = typeof dashboardLayouts.$inferSelect;
