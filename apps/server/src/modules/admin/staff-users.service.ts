import type { Locale } from '@kadry/shared/constants';
import type {
  createStaffUserBodySchema,
  StaffUser,
  staffUsersQuerySchema,
  staffUsersResponseSchema,
  updateStaffUserBodySchema,
} from '@kadry/shared/schemas/admin';
import type { ValidationIssue } from '@kadry/shared/validation/rules';
import type { z } from 'zod';
import type { Company } from '../../db/schema/companies';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import type { MailQueue } from '../../lib/mail-queue';
import type { Access } from '../../plugins/access/access';
import { bumpRolesUpdatedAt, findRole } from '../../plugins/access/roles';
import type { SessionUser } from '../../plugins/session-store';
import { sendInvitation, voidPendingResetLinks } from '../auth/password-reset.service';
import { endUserAccess, hasOtherActiveOwner } from '../auth/users.service';
import { canSeeField } from '../employees/employee-visibility';
import {
  moveWorkEmailOfAccount,
  provideEmployeeForAccount,
  renameEmployeeOfAccount,
} from '../employees/employees.service';
import {
  findForeignTeamIds,
  findStaffUser,
  findStaffUserPage,
  findTeamsOfUsers,
  insertStaffUser,
  insertTeamMemberships,
  isEmailTaken,
  lockStaffUser,
  type StaffUserRow,
  toStaffUser,
  updateStaffUserRow,
} from './staff-users.queries';

type CreateInput = z.output<typeof createStaffUserBodySchema>;
type UpdateInput = z.output<typeof updateStaffUserBodySchema>;
type ListQuery = z.output<typeof staffUsersQuerySchema>;

/** What the staff-account rules need to act for an owner. */
export type StaffUsersContext = {
  db: Db;
  /** The owner acting. */
  actor: SessionUser;
  /** What the owner's role allows: giving an account a role needs `field_system_role`. */
  access: Pick<Access, 'permissions'>;
  company: Company;
  now: Date;
  mail: MailQueue;
  /** The request's trusted origin for links in mail (request.linkOrigin); null when its host is not trusted. */
  linkOrigin: string | null;
  /** The languages the company offers its staff. */
  offeredLocales: readonly Locale[];
  /** Where changes of people's teams are announced (`teams.members_changed`); none: not announced. */
  events?: Pick<EventBus, 'publish' | 'dispatchSoon'> | undefined;
};

/**
 * An account as it is answered, and the error of the invitation mail when it could not be sent: the
 * change stands all the same, and the caller logs the failure (the owner can send the link again).
 */
export type StaffUserChange = {
  response: { data: StaffUser };
  invitationFailure: { error: unknown } | null;
};

function invalid(field: string, key: string, params?: Record<string, string | number>): AppError {
  const issue: ValidationIssue = params ? { key, params } : { key };
  return new AppError('validation', { key, ...(params ? { params } : {}), issues: { [field]: [issue] } });
}

/** The SQLSTATE of a database error, however the driver wraps it. */
function findSqlState(error: unknown): string | undefined {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * Races the checks above cannot see, settled by the database: the same email taken at the same
 * moment (unique_violation) → 422 under email; the chosen role or team deleted meanwhile
 * (foreign_key_violation) → 409, reload and try again.
 */
function translateRace(error: unknown): unknown {
  const state = findSqlState(error);
  if (state === '23505') return emailTaken();
  if (state === '23503') return new AppError('conflict', { cause: error });
  return error;
}

const emailTaken = () => invalid('email', 'admin.users.email_taken');

/** The company's rules for who may be invited: a role of the company, its teams, a language it offers. */
async function checkReferences(
  db: Pick<Db, 'select'>,
  companyId: number,
  input: { roleId?: number | undefined; teamIds?: readonly number[]; locale?: Locale | undefined },
  offeredLocales: readonly Locale[],
): Promise<void> {
  if (input.roleId !== undefined && !(await findRole(db, companyId, input.roleId))) {
    throw invalid('role_id', 'admin.users.unknown_role');
  }
  if (input.teamIds && (await findForeignTeamIds(db, companyId, input.teamIds)).length > 0) {
    throw invalid('team_ids', 'admin.users.unknown_teams');
  }
  if (input.locale !== undefined && !offeredLocales.includes(input.locale)) {
    throw invalid('locale', 'account.locale_not_offered');
  }
}

/**
 * Creates an account without a password (it gets one through its invitation link), with its team
 * memberships, in one transaction. Joining teams changes what "my team" reaches, so it bumps
 * rolesUpdatedAt. An email the company already has → 422 under `email`.
 */
async function createStaffUser(
  db: Db,
  input: {
    companyId: number;
    body: CreateInput;
    offeredLocales: readonly Locale[];
    events?: Pick<EventBus, 'publish'> | undefined;
  },
): Promise<StaffUserRow> {
  const { companyId, body } = input;
  const teamIds = [...new Set(body.team_ids)];
  await checkReferences(
    db,
    companyId,
    { roleId: body.role_id, teamIds, locale: body.locale },
    input.offeredLocales,
  );
  try {
    return await db.transaction(async (tx) => {
      if (await isEmailTaken(tx, companyId, body.email)) throw emailTaken();
      const employeeId = await provideEmployeeForAccount(tx, companyId, {
        name: body.name,
        email: body.email,
      });
      const userId = await insertStaffUser(tx, companyId, {
        employeeId,
        email: body.email,
        name: body.name,
        roleId: body.role_id,
        locale: body.locale,
        timezone: body.timezone,
      });
      if (teamIds.length > 0) {
        await insertTeamMemberships(tx, companyId, employeeId, teamIds);
        await bumpRolesUpdatedAt(tx, companyId, body.role_id);
        // The employee may be one the company had (same email), with absences: their work calendar
        // and team policies may follow the new teams (absences recount their days).
        await input.events?.publish(tx, companyId, 'teams.members_changed', { employeeIds: [employeeId] });
      }
      const row = await findStaffUser(tx, companyId, userId);
      if (!row) throw new Error('createStaffUser: the new account vanished');
      return row;
    });
  } catch (error) {
    throw translateRace(error);
  }
}

/** Can sign in and act as an owner: the accounts "the company keeps at least one of". */
function isActiveOwner(state: {
  roleKey: string | null;
  isDisabled: boolean;
  hasPassword: boolean;
}): boolean {
  return state.roleKey === 'owner' && !state.isDisabled && state.hasPassword;
}

type UpdateStaffUserResult = {
  user: StaffUserRow;
  /** The email of an account still waiting for its first password changed: invite the new address. */
  shouldReinvite: boolean;
};

/**
 * Applies an owner's edit of an account; fields left out keep their value. Refuses (422) an email
 * another account has, a role or language the company does not have, owners disabling themselves,
 * and any change that would leave the company without an enabled owner who has a password (someone
 * must always be able to sign in and administer it). Disabling ends the account's sessions and voids
 * its links; a new email voids its links (they went to the old address); a new role bumps
 * rolesUpdatedAt. One transaction.
 */
async function updateStaffUser(
  db: Db,
  input: {
    companyId: number;
    actorId: number;
    userId: number;
    body: UpdateInput;
    offeredLocales: readonly Locale[];
    /** Throws when the actor may not change the account's role (called only for a real change). */
    checkRoleChange?: () => void;
  },
): Promise<UpdateStaffUserResult> {
  const { companyId, body } = input;
  try {
    return await db.transaction(async (tx) => {
      const isLocked = await lockStaffUser(tx, companyId, input.userId);
      const current = isLocked ? await findStaffUser(tx, companyId, input.userId) : null;
      if (!current) throw new AppError('not_found');

      const isRoleChanged = body.role_id !== undefined && body.role_id !== current.role.id;
      if (isRoleChanged) input.checkRoleChange?.();
      const newRole =
        isRoleChanged && body.role_id !== undefined ? await findRole(tx, companyId, body.role_id) : null;
      if (isRoleChanged && !newRole) throw invalid('role_id', 'admin.users.unknown_role');
      if (
        body.locale !== undefined &&
        body.locale !== current.locale &&
        !input.offeredLocales.includes(body.locale)
      ) {
        throw invalid('locale', 'account.locale_not_offered');
      }
      const isEmailChanged = body.email !== undefined && body.email !== current.email;
      if (
        isEmailChanged &&
        body.email !== undefined &&
        (await isEmailTaken(tx, companyId, body.email, current.id))
      ) {
        throw emailTaken();
      }
      const isDisabling = body.is_disabled === true && !current.isDisabled;
      if (isDisabling && current.id === input.actorId) {
        throw invalid('is_disabled', 'admin.users.cannot_disable_self');
      }

      const before = {
        roleKey: current.role.key,
        isDisabled: current.isDisabled,
        hasPassword: current.hasPassword,
      };
      const after = {
        roleKey: newRole ? newRole.key : current.role.key,
        isDisabled: body.is_disabled ?? current.isDisabled,
        hasPassword: current.hasPassword,
      };
      if (isActiveOwner(before) && !isActiveOwner(after)) {
        if (!(await hasOtherActiveOwner(tx, companyId, current.id))) {
          throw invalid(isRoleChanged ? 'role_id' : 'is_disabled', 'admin.users.last_owner');
        }
      }

      const changes = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(isEmailChanged ? { email: body.email } : {}),
        ...(newRole ? { roleId: newRole.id } : {}),
        ...(body.locale !== undefined ? { locale: body.locale } : {}),
        ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
        ...(body.is_disabled !== undefined ? { isDisabled: body.is_disabled } : {}),
      };
      if (Object.keys(changes).length > 0) {
        await updateStaffUserRow(tx, companyId, current.id, changes);
        if (body.name !== undefined && body.name !== current.name) {
          await renameEmployeeOfAccount(tx, companyId, current.employeeId, body.name);
        }
        if (isEmailChanged && body.email !== undefined) {
          await moveWorkEmailOfAccount(tx, companyId, current.employeeId, body.email);
        }
      }
      if (isDisabling) {
        await endUserAccess(tx, companyId, current.id);
      } else if (isEmailChanged) {
        await voidPendingResetLinks(tx, companyId, current.id);
      }
      if (newRole) await bumpRolesUpdatedAt(tx, companyId, newRole.id);

      const updated = await findStaffUser(tx, companyId, current.id);
      if (!updated) throw new Error('updateStaffUser: the account vanished');
      return {
        user: updated,
        shouldReinvite: isEmailChanged && !updated.hasPassword && !updated.isDisabled,
      };
    });
  } catch (error) {
    throw translateRace(error);
  }
}

async function present(ctx: StaffUsersContext, row: StaffUserRow): Promise<{ data: StaffUser }> {
  const teams = await findTeamsOfUsers(ctx.db, ctx.actor.companyId, [row.id]);
  return { data: toStaffUser(row, teams.get(row.id) ?? []) };
}

/**
 * Sends an account its set-password link (sendInvitation). Links point only at a trusted origin (see
 * company-resolver): without one → 409. Rejects when the mail could not be handed over.
 */
async function sendLink(ctx: StaffUsersContext, row: StaffUserRow): Promise<void> {
  const baseUrl = ctx.linkOrigin;
  if (baseUrl === null) throw new AppError('conflict', { key: 'errors.no_link_origin' });
  return sendInvitation(ctx.db, {
    company: ctx.company,
    user: row,
    inviterName: ctx.actor.name,
    now: ctx.now,
    baseUrl,
    mail: ctx.mail,
  });
}

/** Sends the link, answering a failure (no trusted origin, a mail refused) rather than throwing it. */
async function trySendLink(
  ctx: StaffUsersContext,
  row: StaffUserRow,
): Promise<StaffUserChange['invitationFailure']> {
  try {
    await sendLink(ctx, row);
    return null;
  } catch (error) {
    return { error };
  }
}

/** One page of the company's staff accounts with their teams, sorted by name, and the list's meta. */
export async function listStaffUsers(
  ctx: StaffUsersContext,
  query: ListQuery,
): Promise<z.output<typeof staffUsersResponseSchema>> {
  const companyId = ctx.actor.companyId;
  const { rows, total } = await findStaffUserPage(
    ctx.db,
    companyId,
    {
      search: query.search || undefined,
      role_id: query.role_id,
      team_id: query.team_id,
      status: query.status,
    },
    { page: query.page, perPage: query.per_page },
  );
  const teams = await findTeamsOfUsers(
    ctx.db,
    companyId,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => toStaffUser(row, teams.get(row.id) ?? [])),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
    },
  };
}

/** One account of the company (another company's is not found either). */
export async function getStaffUser(ctx: StaffUsersContext, userId: number): Promise<{ data: StaffUser }> {
  const row = await findStaffUser(ctx.db, ctx.actor.companyId, userId);
  if (!row) throw new AppError('not_found');
  return present(ctx, row);
}

/**
 * Invites a staff account: creates it without a password (createStaffUser) and emails it a link to
 * set one. The account exists whatever happens to the mail; a failed mail comes back as
 * `invitationFailure`, and the owner can send the link again (resendInvitation), which reports it.
 */
/**
 * 403 unless the owner's role shows the system role (field_system_role, on Employee and the profile):
 * a field one may not see is never written (decision 012), and an account's role is that field. The
 * owner role may be edited like any other, so an owner can lack it.
 */
function requireSystemRoleField(access: Pick<Access, 'permissions'>): void {
  if (!canSeeField(access, 'field_system_role', 'profile')) {
    throw new AppError('forbidden', { key: 'employees.hidden_field' });
  }
}

export async function inviteStaffUser(ctx: StaffUsersContext, body: CreateInput): Promise<StaffUserChange> {
  requireSystemRoleField(ctx.access);
  const row = await createStaffUser(ctx.db, {
    companyId: ctx.actor.companyId,
    body,
    offeredLocales: ctx.offeredLocales,
    events: ctx.events,
  });
  ctx.events?.dispatchSoon();
  const invitationFailure = await trySendLink(ctx, row);
  return { response: await present(ctx, row), invitationFailure };
}

/**
 * An owner's edit of an account (updateStaffUser). An account still invited whose email changed gets
 * a new invitation at the new address; a failed mail comes back as `invitationFailure`.
 */
export async function editStaffUser(
  ctx: StaffUsersContext,
  userId: number,
  body: UpdateInput,
): Promise<StaffUserChange> {
  const { user: row, shouldReinvite } = await updateStaffUser(ctx.db, {
    companyId: ctx.actor.companyId,
    actorId: ctx.actor.id,
    userId,
    body,
    offeredLocales: ctx.offeredLocales,
    checkRoleChange: () => requireSystemRoleField(ctx.access),
  });
  const invitationFailure = shouldReinvite ? await trySendLink(ctx, row) : null;
  return { response: await present(ctx, row), invitationFailure };
}

/**
 * Sends an account a new set-password link; its earlier links stop working. A disabled account →
 * 422; a mail that could not be sent → 503.
 */
export async function resendInvitation(ctx: StaffUsersContext, userId: number): Promise<void> {
  const row = await findStaffUser(ctx.db, ctx.actor.companyId, userId);
  if (!row) throw new AppError('not_found');
  if (row.isDisabled) throw new AppError('validation', { key: 'admin.users.invite_disabled' });
  try {
    await sendLink(ctx, row);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('service_unavailable', {
      key: 'admin.users.invite_failed',
      retryAfter: 60,
      cause: error,
    });
  }
}
