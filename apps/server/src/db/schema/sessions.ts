import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn } from './columns';
import { users } from './users';

/**
 * A signed-in browser. The cookie holds a random 128-bit token; only its SHA-256 is stored, so a
 * copy of this table cannot be replayed. Deleting the row ends the session.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** Hex SHA-256 of the cookie's token. */
    idHash: text('id_hash').primaryKey(),
    companyId: createCompanyIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Refreshed at most once a minute; idle expiry counts from here. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    /** Absolute expiry, however active the session is. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /**
     * "Login as": the account that opened this session as `user_id` (spec §6 employee action
     * login_as). Changes are recorded as done by both; ending it returns to a session of this account.
     */
    impersonatorUserId: integer('impersonator_user_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** One-time password-reset links. Only the token's SHA-256 is stored; `used_at` makes it single use. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    companyId: createCompanyIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins counted per key (`ip:<address>`, `account:<company>:<email>`), in the database so
 * every server process sees the same counts. A key reaching its limit is locked until `locked_until`.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('sign_in_throttles_window_idx').on(t.windowStartedAt)],
);

/**
 * Browsers that signed in to an account (docs/decisions/010-sign-in-lockout.md): the device cookie
 * holds a random 128-bit token per account, only its SHA-256 is stored. Failed sign-ins from a known
 * device are counted for that device alone, so strangers guessing the password cannot lock it out.
 */
export const signInDevices = pgTable(
  'sign_in_devices',
  {
    /** Hex SHA-256 of the cookie's token. */
    idHash: text('id_hash').primaryKey(),
    companyId: createCompanyIdColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The last successful sign-in from this device; the expiry counts from here. */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('sign_in_devices_user_idx').on(t.userId),
    index('sign_in_devices_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Secrets the server makes for itself on first start and every process shares through the database
 * (the key that signs pre-session cookies). Infrastructure: they belong to no company.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  /** base64url of random bytes. */
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type Session = typeof sessions.$inferSelect;
export type PasswordResetToken = typeof passwordResetTokens.$inferSelect;
