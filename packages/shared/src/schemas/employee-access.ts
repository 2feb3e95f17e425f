import { z } from 'zod';
import { objectIdSchema } from './common';

// "Send access" and "login as" on an employee (issue 13; docs/decisions/012-people-model.md and
// 016-login-as.md). The body of send access is sendAccessBodySchema (schemas/employees.ts).

/** An employee's staff account as the access tab shows it. */
export const employeeAccessSchema = z.object({
  /** The account's id. */
  user_id: objectIdSchema,
  /** Its sign-in email: the employee's work email when access was sent. */
  email: z.string(),
  role: z.object({ id: objectIdSchema, key: z.string().nullable(), name: z.string() }),
  locale: z.enum(['en', 'ru', 'uk']),
  /** invited: enabled, waiting for its first password; active: can sign in; disabled: access revoked. */
  status: z.enum(['invited', 'active', 'disabled']),
});
export type EmployeeAccess = z.infer<typeof employeeAccessSchema>;

/**
 * Send access answers the account and whether the invitation mail was handed over: the account stands
 * either way, and the invitation can be sent again (`employee.access.resend`).
 */
export const sendAccessResponseSchema = z.object({
  data: employeeAccessSchema.extend({ invitation_sent: z.boolean() }),
});
export type SendAccessResponse = z.infer<typeof sendAccessResponseSchema>;

/** Login as and its end answer where the browser goes next: a fresh load of the app, as the new account. */
export const loginAsResponseSchema = z.object({ data: z.object({ redirect: z.string() }) });
export type LoginAsResponse = z.infer<typeof loginAsResponseSchema>;

/** How long a "login as" session lasts at most (ours: short, it is someone else's account). */
export const LOGIN_AS_MAX_AGE_MS = 60 * 60 * 1000;
