import { z } from 'zod';
import { roleSummarySchema } from '../permissions/schemas';
import { STAFF_USER_STATUSES } from './admin';
import { objectIdSchema, queryIdSchema } from './common';
import { ADMINISTRATION_ACCOUNTS_MAX } from './dashboard';

// The administration widget (issue 15, spec §3.2 "administration widget: account_ids", §7.2
// `dashboard.administrations` with `account_ids`): the staff accounts an owner follows, with their role,
// state and last sign-in. The accounts are picked from `employee.all` (its `account_id`).

/** `GET dashboard.administrations`: the accounts to answer (repeated `account_ids`); none: an empty list. */
export const administrationsQuerySchema = z.object({
  account_ids: z
    .union([queryIdSchema, z.array(queryIdSchema).max(ADMINISTRATION_ACCOUNTS_MAX)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .optional(),
});
export type AdministrationsQuery = z.output<typeof administrationsQuerySchema>;

/** One followed account: `active` (enabled with a password), `invited` (no password yet) or `disabled`. */
export const administrationAccountSchema = z.object({
  id: objectIdSchema,
  employee_id: objectIdSchema,
  name: z.string(),
  role: roleSummarySchema.pick({ id: true, key: true, name: true }),
  status: z.enum(STAFF_USER_STATUSES),
  /** ISO time; null: never signed in. */
  last_sign_in_at: z.string().nullable(),
});
export type AdministrationAccount = z.infer<typeof administrationAccountSchema>;

/** The company's accounts among those asked for, in the order asked; others (unknown ids) are left out. */
export const administrationsResponseSchema = z.object({ data: z.array(administrationAccountSchema) });
