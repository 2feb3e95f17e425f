import { LOGIN_AS_ACTION_METHODS, type LoginAsActionMethod } from '@kadry/shared/schemas/employee-access';
import { check, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn } from './columns';
import { employees } from './employees';
import { buildInListCheck } from './sql-helpers';
import { users } from './users';

/**
 * The login-as log (docs/decisions/016-login-as.md, addendum): one row per request that may change
 * something (POST, PUT, PATCH, DELETE) answered in a "login as" session, refused ones included, so
 * every action is recorded as done by both accounts. Only the route's pattern, its `:id` and the
 * status: never the query string or the body (no personal data). Written after the answer
 * (plugins/session.ts), outside the request's own transaction.
 */
export const loginAsActions = pgTable(
  'login_as_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    /** The account the request acted as (the session's user). Accounts are disabled, never deleted. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** That account's employee at the time: what the profile's list filters by. */
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** The account that logged in as `user_id`. */
    impersonatorUserId: integer('impersonator_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As the route saw it: a POST carrying `_method=PUT` is a PUT. */
    method: text('method').$type<LoginAsActionMethod>().notNull(),
    /** The matched route's pattern (`/api/v1/absences/:id/approve`). */
    route: text('route').notNull(),
    /** The route's `:id`, when it has one. */
    objectId: integer('object_id'),
    status: smallint('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('login_as_actions_company_at_idx').on(t.companyId, t.at),
    index('login_as_actions_employee_at_idx').on(t.companyId, t.employeeId, t.at),
    check('login_as_actions_method_check', buildInListCheck('method', LOGIN_AS_ACTION_METHODS)),
  ],
);

export type LoginAsActionRow = typeof loginAsActions.$inferSelect;
