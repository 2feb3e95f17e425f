import { z } from 'zod';
import { objectIdSchema, pageMetaSchema, pagingQuerySchema, queryIdSchema } from './common';

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

/** The HTTP methods of the requests the login-as log records: every one that may change something. */
export const LOGIN_AS_ACTION_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type LoginAsActionMethod = (typeof LOGIN_AS_ACTION_METHODS)[number];

/**
 * One request answered in a "login as" session that may have changed something (decision 016,
 * addendum): who was signed in as whom, the route's pattern (never its query or body) and the answer.
 */
export const loginAsActionSchema = z.object({
  id: objectIdSchema,
  /** When the answer was sent (ISO). */
  at: z.string(),
  /** The method as the route saw it: a POST carrying `_method=PUT` is a PUT. */
  method: z.enum(LOGIN_AS_ACTION_METHODS),
  /** The route's pattern, `/api/v1/absences/:id/approve`: no values of the request. */
  route: z.string(),
  /** The `:id` of the route, when it has one. */
  object_id: objectIdSchema.nullable(),
  /** The HTTP status of the answer: refused attempts are recorded too. */
  status: z.number().int(),
  /** The account that logged in as the acting one. */
  impersonator: z.object({ id: objectIdSchema, name: z.string() }),
  /** The account the request acted as, and its employee. */
  acting_user: z.object({ id: objectIdSchema, name: z.string(), employee_id: objectIdSchema }),
});
export type LoginAsAction = z.infer<typeof loginAsActionSchema>;

/** `GET loginAs.actions`: newest first; `employee_id` keeps what was done as that employee. */
export const loginAsActionsQuerySchema = pagingQuerySchema.extend({
  employee_id: queryIdSchema.optional(),
});
export const loginAsActionsResponseSchema = z.object({
  data: z.array(loginAsActionSchema),
  meta: pageMetaSchema,
});
export type LoginAsActionsResponse = z.infer<typeof loginAsActionsResponseSchema>;
