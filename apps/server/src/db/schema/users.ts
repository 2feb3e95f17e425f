import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { employees } from './employees';
import { roles } from './roles';
import { buildInListCheck } from './sql-helpers';

/** Locales a user can work in; kept in step with LOCALES of @kadry/shared/constants. */
const USER_LOCALES = ['en', 'ru', 'uk'] as const;

/**
 * A staff account of one company. It belongs to an employee (docs/decisions/012-people-model.md), whose
 * full name `name` repeats. Candidates are not users: they never sign in.
 */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    /** Opaque stable id for places that must not see the numeric one (the page data's hashedId). */
    publicId: uuid('public_id').notNull().defaultRandom(),
    // An employee with an account cannot be deleted before the account goes.
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'restrict' }),
    /** Stored lower-cased and trimmed; unique within the company. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** argon2id PHC string; null for an account that has no password yet. */
    passwordHash: text('password_hash'),
    // A role in use cannot be deleted: its users would lose every permission silently.
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'restrict' }),
    locale: text('locale', { enum: USER_LOCALES }).notNull().default('en'),
    /** IANA time zone name. */
    timezone: text('timezone').notNull().default('UTC'),
    /** A disabled account cannot sign in, and its sessions end when it is disabled. */
    isDisabled: boolean('is_disabled').notNull().default(false),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    ...createTimestampColumns(),
  },
  (t) => [
    uniqueIndex('users_company_email_key').on(t.companyId, t.email),
    uniqueIndex('users_public_id_key').on(t.publicId),
    uniqueIndex('users_employee_key').on(t.employeeId),
    index('users_role_idx').on(t.roleId),
    check('users_locale_check', buildInListCheck('locale', USER_LOCALES)),
    check('users_email_lower_check', sql`email = lower(btrim(email))`),
  ],
);

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
