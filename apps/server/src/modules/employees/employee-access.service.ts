import type { Locale } from '@kadry/shared/constants';
import { levelOf } from '@kadry/shared/permissions/permission-state';
import type { PermissionsMap } from '@kadry/shared/permissions/schemas';
import { ENTITIES, rankLevel, SINGLE_ACTIONS } from '@kadry/shared/permissions/vocabulary';
import type {
  EmployeeAccess,
  LoginAsActionsResponse,
  loginAsActionsQuerySchema,
} from '@kadry/shared/schemas/employee-access';
import type { sendAccessBodySchema } from '@kadry/shared/schemas/employees';
import type { ValidationIssue } from '@kadry/shared/validation/rules';
import type { z } from 'zod';
import type { Company } from '../../db/schema/companies';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { MailQueue } from '../../lib/mail-queue';
import {
  type Access,
  hasNamedAction,
  maskPermissionsByPlan,
  requireAction,
} from '../../plugins/access/access';
import { bumpRolesUpdatedAt, findRole, findRolePermissions, type RoleRef } from '../../plugins/access/roles';
import { sendInvitation } from '../auth/password-reset.service';
import { endUserAccess, hasOtherActiveOwner } from '../auth/users.service';
import {
  type AccessEmployeeRow,
  disableEmployeeAccount,
  type EmployeeAccountRow,
  enableEmployeeAccount,
  findAccessEmployee,
  findAccountOfEmployee,
  findEnabledAccount,
  insertEmployeeAccount,
  isAccountEmailTaken,
  listLoginAsActions,
} from './employee-access.queries';
import { formatFullName } from './employee-names';
import { canSeeField, employeeVisibleWhere, readerOf } from './employee-visibility';

type SendAccessBody = z.output<typeof sendAccessBodySchema>;

/** What send access, revoke and login as need to act for the signed-in user. */
export type EmployeeAccessContext = {
  db: Db;
  /** The acting user's Access (never an impersonated one for login as: the routes refuse that). */
  access: Access;
  company: Company;
  now: Date;
  mail: MailQueue;
  /** The request's trusted origin for links in mail (request.linkOrigin); null when its host is not trusted. */
  linkOrigin: string | null;
  /** The languages the company offers its staff. */
  offeredLocales: readonly Locale[];
};

/** The account after send access, and the error of the invitation mail when it could not be sent. */
export type SendAccessResult = {
  response: { data: EmployeeAccess & { invitation_sent: boolean } };
  invitationFailure: { error: unknown } | null;
};

function invalid(field: string, key: string): AppError {
  const issue: ValidationIssue = { key };
  return new AppError('validation', { key, issues: { [field]: [issue] } });
}

function isOwner(access: Access): boolean {
  return access.user.roleKey === 'owner';
}

/** The SQLSTATE of a database error, however the driver wraps it. */
function findSqlState(error: unknown): string | undefined {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export function toEmployeeAccess(account: EmployeeAccountRow): EmployeeAccess {
  return {
    user_id: account.id,
    email: account.email,
    role: { id: account.role.id, key: account.role.key, name: account.role.name },
    locale: account.locale,
    status: account.isDisabled ? 'disabled' : account.hasPassword ? 'active' : 'invited',
  };
}

/**
 * Whether a role allows nothing beyond what `actor` allows: every level at most the actor's, named
 * actions and visible fields among the actor's. Decision 006: assigning a role grants its
 * permissions, so a non-owner may only hand out what they have themselves.
 */
export function isRoleWithin(role: PermissionsMap, actor: PermissionsMap): boolean {
  return ENTITIES.every((entity) => {
    const granted = role[entity];
    const own = actor[entity];
    const isLevelWithin = SINGLE_ACTIONS.every(
      (action) =>
        rankLevel(levelOf(granted.visibilitySettings, action)) <=
        rankLevel(levelOf(own.visibilitySettings, action)),
    );
    return (
      isLevelWithin &&
      granted.actions.every((action) => own.actions.includes(action)) &&
      granted.fields_view.every((field) => own.fields_view.includes(field))
    );
  });
}

/**
 * The employee the actor may act on for `action` (send_access, login_as): the named action (403),
 * then the employee visible by decision 013 (404, as if it did not exist).
 */
async function findActionableEmployee(
  ctx: EmployeeAccessContext,
  employeeId: number,
  action: 'send_access' | 'login_as',
  db: Pick<Db, 'select'> = ctx.db,
  opts: { forUpdate?: boolean } = {},
): Promise<AccessEmployeeRow> {
  requireAction(ctx.access, 'Employee', action);
  const visibleWhere = employeeVisibleWhere(readerOf(ctx.access));
  const employee = await findAccessEmployee(db, ctx.access.user.companyId, employeeId, visibleWhere, opts);
  if (!employee) throw new AppError('not_found');
  return employee;
}

/**
 * 403 unless the actor has the Employee email action: every mail Kadry sends an employee at a user's
 * request (today the invitations of send access and resend) needs it (decision 013, addendum).
 */
function requireEmailAction(ctx: EmployeeAccessContext): void {
  if (!hasNamedAction(ctx.access, 'Employee', 'email')) {
    throw new AppError('forbidden', { key: 'employees.email_forbidden' });
  }
}

/**
 * 403 unless the actor may see the system role (field_system_role, on Employee and the profile): a
 * field one may not see is never written (decision 012), and giving an account its role writes it.
 */
function requireSystemRoleField(ctx: EmployeeAccessContext): void {
  if (!canSeeField(ctx.access, 'field_system_role', 'profile')) {
    throw new AppError('forbidden', { key: 'employees.hidden_field' });
  }
}

/** Only owners act on an owner's account (decision 006): its access, its invitation, signing in as it. */
function requireOwnerForOwnerAccount(ctx: EmployeeAccessContext, account: EmployeeAccountRow): void {
  if (account.role.key === 'owner' && !isOwner(ctx.access)) throw new AppError('forbidden');
}

/**
 * The role send access may give: one of the company's (422 under role_id); the owner role only from
 * an owner; any other role from a non-owner only when it allows nothing beyond the sender's own
 * permissions (isRoleWithin), so send access never widens anyone's power.
 */
async function checkGrantableRole(ctx: EmployeeAccessContext, roleId: number): Promise<RoleRef> {
  const companyId = ctx.access.user.companyId;
  const role = await findRole(ctx.db, companyId, roleId);
  if (!role) throw invalid('role_id', 'admin.users.unknown_role');
  if (isOwner(ctx.access)) return role;
  if (role.key === 'owner') throw invalid('role_id', 'employees.access.owner_role');
  const permissions = maskPermissionsByPlan(await findRolePermissions(ctx.db, role), ctx.company.tariffs);
  if (!isRoleWithin(permissions, ctx.access.permissions))
    throw invalid('role_id', 'employees.access.role_too_wide');
  return role;
}

/**
 * Sends the account its link (sendInvitation) in the name of the actor. Links point only at a trusted
 * origin (company-resolver): without one → 409. Rejects when the mail could not be handed over.
 */
async function sendLink(ctx: EmployeeAccessContext, account: EmployeeAccountRow): Promise<void> {
  const baseUrl = ctx.linkOrigin;
  if (baseUrl === null) throw new AppError('conflict', { key: 'errors.no_link_origin' });
  await sendInvitation(ctx.db, {
    company: ctx.company,
    user: account,
    inviterName: ctx.access.user.name,
    now: ctx.now,
    baseUrl,
    mail: ctx.mail,
  });
}

/**
 * "Send access" (spec §6, decision 012): creates the employee's staff account — sign-in email = the
 * work email, no password, the role and language sent — and emails it the invitation of decision 006.
 * Needs the Employee send_access action and the employee visible. Refuses an employee without a work
 * email (422 under email), one that already has an enabled account (409), an email another account
 * signs in with (422 under email). A disabled account (access revoked earlier) is enabled again with
 * the role sent. The account is written in one transaction; the mail follows, and a failure comes
 * back as `invitationFailure` (the account stands; resend).
 */
export async function sendEmployeeAccess(
  ctx: EmployeeAccessContext,
  employeeId: number,
  body: SendAccessBody,
): Promise<SendAccessResult> {
  // Checked before the role, so a hidden employee is 404 whatever the body says.
  await findActionableEmployee(ctx, employeeId, 'send_access');
  // The account gets a role (a system role written) and an invitation mailed.
  requireSystemRoleField(ctx);
  requireEmailAction(ctx);
  const role = await checkGrantableRole(ctx, body.role_id);
  const locale = body.locale ?? defaultLocale(ctx);
  if (!ctx.offeredLocales.includes(locale)) throw invalid('locale', 'account.locale_not_offered');
  const companyId = ctx.access.user.companyId;

  let account: EmployeeAccountRow;
  try {
    account = await ctx.db.transaction(async (tx) => {
      const employee = await findActionableEmployee(ctx, employeeId, 'send_access', tx, { forUpdate: true });
      const existing = employee.account;
      if (existing && !existing.isDisabled) {
        throw new AppError('conflict', { key: 'employees.access.exists' });
      }
      if (existing) {
        requireOwnerForOwnerAccount(ctx, existing);
        await enableEmployeeAccount(tx, companyId, existing.id, { roleId: role.id, locale });
      } else {
        const email = employee.workEmail?.trim().toLowerCase() ?? '';
        if (email === '') throw invalid('email', 'employees.access.no_work_email');
        if (await isAccountEmailTaken(tx, companyId, email))
          throw invalid('email', 'admin.users.email_taken');
        await insertEmployeeAccount(tx, companyId, {
          employeeId: employee.id,
          email,
          name: formatFullName(employee),
          roleId: role.id,
          locale,
          timezone: ctx.access.user.timezone,
        });
      }
      // A new account changes who "my team" reaches (teammates' accounts) and what its role is used by.
      await bumpRolesUpdatedAt(tx, companyId, role.id);
      const created = await findAccountOfEmployee(tx, companyId, employee.id);
      if (!created) throw new Error('sendEmployeeAccess: the account vanished');
      return created;
    });
  } catch (error) {
    // The same email or employee taken at the same moment; a role deleted meanwhile.
    const state = findSqlState(error);
    if (state === '23505') throw new AppError('conflict', { key: 'employees.access.exists', cause: error });
    if (state === '23503') throw new AppError('conflict', { cause: error });
    throw error;
  }

  let invitationFailure: SendAccessResult['invitationFailure'] = null;
  try {
    await sendLink(ctx, account);
  } catch (error) {
    invitationFailure = { error };
  }
  return {
    response: { data: { ...toEmployeeAccess(account), invitation_sent: invitationFailure === null } },
    invitationFailure,
  };
}

/** The company's default language when the company offers it to staff, else the first offered. */
function defaultLocale(ctx: EmployeeAccessContext): Locale {
  const preferred = ctx.company.defaultLanguage as Locale;
  return ctx.offeredLocales.includes(preferred) ? preferred : (ctx.offeredLocales[0] ?? 'en');
}

/**
 * Revokes an employee's access: disables the account, ends its sessions and voids its links. Needs
 * send_access and the employee visible; an employee without an enabled account → 409; one's own
 * access → 422; an owner's account only by an owner (403); never the company's last active owner
 * (422, the rule of decision 006).
 */
export async function revokeEmployeeAccess(ctx: EmployeeAccessContext, employeeId: number): Promise<void> {
  const companyId = ctx.access.user.companyId;
  await ctx.db.transaction(async (tx) => {
    const employee = await findActionableEmployee(ctx, employeeId, 'send_access', tx, { forUpdate: true });
    const account = employee.account;
    if (!account || account.isDisabled) throw new AppError('conflict', { key: 'employees.access.none' });
    if (account.id === ctx.access.user.id) throw invalid('user_id', 'admin.users.cannot_disable_self');
    requireOwnerForOwnerAccount(ctx, account);
    if (account.role.key === 'owner' && account.hasPassword) {
      if (!(await hasOtherActiveOwner(tx, companyId, account.id))) {
        throw invalid('user_id', 'admin.users.last_owner');
      }
    }
    await disableEmployeeAccount(tx, companyId, account.id);
    await endUserAccess(tx, companyId, account.id);
  });
}

/**
 * Sends an invited account (enabled, no password yet) a new invitation; its earlier links stop
 * working. Needs send_access and the employee visible; no such account → 409; an owner's only by an
 * owner (403); a mail that could not be sent → 503.
 */
export async function resendEmployeeAccess(ctx: EmployeeAccessContext, employeeId: number): Promise<void> {
  const employee = await findActionableEmployee(ctx, employeeId, 'send_access');
  requireEmailAction(ctx);
  const account = employee.account;
  if (!account || account.isDisabled || account.hasPassword) {
    throw new AppError('conflict', { key: 'employees.access.not_invited' });
  }
  requireOwnerForOwnerAccount(ctx, account);
  try {
    await sendLink(ctx, account);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('service_unavailable', {
      key: 'admin.users.invite_failed',
      retryAfter: 60,
      cause: error,
    });
  }
}

/**
 * Checks "login as" (spec §6, docs/decisions/016-login-as.md) and answers the account to sign in as:
 * not from a "login as" session (409: return first); the Employee login_as action (403); the employee
 * visible (404); not oneself (409); an owner's account only for an owner (403); the employee must
 * have an enabled account (409).
 */
export async function findLoginAsTarget(
  ctx: Pick<EmployeeAccessContext, 'db' | 'access'>,
  employeeId: number,
): Promise<{ userId: number }> {
  if (ctx.access.user.impersonator !== null) {
    throw new AppError('conflict', { key: 'employees.login_as.already' });
  }
  requireAction(ctx.access, 'Employee', 'login_as');
  const visibleWhere = employeeVisibleWhere(readerOf(ctx.access));
  const employee = await findAccessEmployee(ctx.db, ctx.access.user.companyId, employeeId, visibleWhere);
  if (!employee) throw new AppError('not_found');
  const account = employee.account;
  if (account?.id === ctx.access.user.id) throw new AppError('conflict', { key: 'employees.login_as.self' });
  if (!account || account.isDisabled)
    throw new AppError('conflict', { key: 'employees.login_as.no_account' });
  if (account.role.key === 'owner' && ctx.access.user.roleKey !== 'owner') throw new AppError('forbidden');
  return { userId: account.id };
}

/** Whether the impersonator ending "login as" may have its own session back (still enabled, same company). */
export async function canReturnToImpersonator(
  db: Db,
  companyId: number,
  impersonatorId: number,
): Promise<boolean> {
  return (await findEnabledAccount(db, companyId, impersonatorId)) !== null;
}

/**
 * What was done while logged in as someone (the login-as log, decision 016 addendum), newest first:
 * for holders of the Employee login_as action (403 otherwise), only the company's rows and only as
 * employees the reader may see (decision 013); `employee_id` keeps those done as that employee.
 */
export async function findLoginAsActions(
  ctx: Pick<EmployeeAccessContext, 'db' | 'access'>,
  query: z.output<typeof loginAsActionsQuerySchema>,
): Promise<LoginAsActionsResponse> {
  requireAction(ctx.access, 'Employee', 'login_as');
  const { rows, total } = await listLoginAsActions(ctx.db, ctx.access.user.companyId, {
    employeeId: query.employee_id,
    visibleWhere: employeeVisibleWhere(readerOf(ctx.access)),
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      method: row.method,
      route: row.route,
      object_id: row.objectId,
      status: row.status,
      impersonator: row.impersonator,
      acting_user: {
        id: row.actingUser.id,
        name: row.actingUser.name,
        employee_id: row.actingUser.employeeId,
      },
    })),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}
