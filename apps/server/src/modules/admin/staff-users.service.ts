import type { Locale } from '@kadry/shared/constants';
import type { createStaffUserBodySchema, updateStaffUserBodySchema } from '@kadry/shared/schemas/admin';
import type { ValidationIssue } from '@kadry/shared/validation/rules';
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { roles } from '../../db/schema/roles';
import { passwordResetTokens } from '../../db/schema/sessions';
import { teamMembers } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { bumpRolesUpdatedAt, findRole } from '../../plugins/access/roles';
import { endUserAccess } from '../auth/users.service';
import { findForeignTeamIds, findStaffUser, isEmailTaken, type StaffUserRow } from './staff-users.queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type CreateInput = z.output<typeof createStaffUserBodySchema>;
type UpdateInput = z.output<typeof updateStaffUserBodySchema>;

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
export async function createStaffUser(
  db: Db,
  input: { companyId: number; body: CreateInput; offeredLocales: readonly Locale[] },
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
      const [created] = await tx
        .insert(users)
        .values({
          companyId,
          email: body.email,
          name: body.name,
          passwordHash: null,
          roleId: body.role_id,
          locale: body.locale,
          timezone: body.timezone,
        })
        .returning({ id: users.id });
      if (!created) throw new Error('createStaffUser: insert returned no row');
      if (teamIds.length > 0) {
        await tx
          .insert(teamMembers)
          .values(teamIds.map((teamId) => ({ companyId, teamId, userId: created.id, isManager: false })));
        await bumpRolesUpdatedAt(tx, companyId, body.role_id);
      }
      const row = await findStaffUser(tx, companyId, created.id);
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

/**
 * Other enabled owners with a password, their rows locked until the transaction ends: of two owners
 * demoting each other at once, the second waits, sees the first one's change, and is refused.
 */
async function countOtherActiveOwners(tx: Tx, companyId: number, exceptUserId: number): Promise<number> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(users.companyId, companyId),
        ne(users.id, exceptUserId),
        eq(roles.key, 'owner'),
        eq(users.isDisabled, false),
        isNotNull(users.passwordHash),
      ),
    )
    .for('update', { of: users });
  return rows.length;
}

export type UpdateStaffUserResult = {
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
export async function updateStaffUser(
  db: Db,
  input: {
    companyId: number;
    actorId: number;
    userId: number;
    body: UpdateInput;
    offeredLocales: readonly Locale[];
  },
): Promise<UpdateStaffUserResult> {
  const { companyId, body } = input;
  try {
    return await db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.companyId, companyId), eq(users.id, input.userId)))
        .for('update');
      const current = locked ? await findStaffUser(tx, companyId, input.userId) : null;
      if (!current) throw new AppError('not_found');

      const isRoleChanged = body.role_id !== undefined && body.role_id !== current.role.id;
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
        if ((await countOtherActiveOwners(tx, companyId, current.id)) === 0) {
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
        await tx.update(users).set(changes).where(eq(users.id, current.id));
      }
      if (isDisabling) {
        await endUserAccess(tx, current.id);
      } else if (isEmailChanged) {
        await tx
          .delete(passwordResetTokens)
          .where(and(eq(passwordResetTokens.userId, current.id), isNull(passwordResetTokens.usedAt)));
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
