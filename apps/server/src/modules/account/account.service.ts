import type { Locale } from '@kadry/shared/constants';
import type { Account } from '@kadry/shared/schemas/admin';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@kadry/shared/schemas/auth';
import type { ValidationIssue } from '@kadry/shared/validation/rules';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { isBuiltInRole } from '../../plugins/access/roles';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../auth/password-hashing';
import {
  clearSignInFailures,
  findSignInLockout,
  identifySignInClient,
  recordSignInFailure,
  type SignInLimits,
} from '../auth/sign-in.service';
import { endUserAccess } from '../auth/users.service';
import { renameEmployeeOfAccount } from '../employees/employees.service';
import { findAccountRow, findPasswordHash, updateAccountRow, updatePassword } from './account.queries';

type AccountUser = { id: number; companyId: number; employeeId: number };

/** The signed-in user's own account, read fresh (the session's copy may predate an edit). */
export async function findAccount(db: Db, user: AccountUser): Promise<Account> {
  const row = await findAccountRow(db, user.companyId, user.id);
  if (!row) throw new AppError('unauthenticated');
  return { ...row, role: { ...row.role, key: isBuiltInRole(row.role.key) ? row.role.key : null } };
}

/** Changes one's own name, language (a new one must be offered to the company's staff, else 422) and time zone. */
export async function updateAccount(
  db: Db,
  user: AccountUser,
  input: { name?: string | undefined; locale?: Locale | undefined; timezone?: string | undefined },
  offeredLocales: readonly Locale[],
): Promise<Account> {
  const current = await findAccount(db, user);
  // Checked only when it changes: saving a name must not fail over a language set before the
  // company stopped offering it.
  if (
    input.locale !== undefined &&
    input.locale !== current.locale &&
    !offeredLocales.includes(input.locale)
  ) {
    throw new AppError('validation', {
      key: 'account.locale_not_offered',
      issues: { locale: [{ key: 'account.locale_not_offered' }] },
    });
  }
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.locale !== undefined ? { locale: input.locale } : {}),
    ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
  };
  if (Object.keys(changes).length > 0) {
    // The account's name is its employee's (decision 012): both change together.
    await db.transaction(async (tx) => {
      await updateAccountRow(tx, user.companyId, user.id, changes);
      if (input.name !== undefined && input.name !== current.name) {
        await renameEmployeeOfAccount(tx, user.companyId, user.employeeId, input.name);
      }
    });
  }
  return findAccount(db, user);
}

/** The reset form's rules for a new password, with the same messages. */
function checkNewPassword(password: string, confirmation: string): Record<string, ValidationIssue[]> {
  const length = [...password].length;
  if (password === '') return { password: [{ key: 'public.fill_fields' }] };
  if (length < PASSWORD_MIN_LENGTH)
    return { password: [{ key: 'auth.reset.too_short', params: { min: PASSWORD_MIN_LENGTH } }] };
  if (length > PASSWORD_MAX_LENGTH)
    return { password: [{ key: 'auth.reset.too_long', params: { max: PASSWORD_MAX_LENGTH } }] };
  if (password !== confirmation) return { password_confirmation: [{ key: 'auth.reset.mismatch' }] };
  return {};
}

function lockedError(retryAfter: number): AppError {
  return new AppError('too_many_requests', {
    retryAfter,
    key: 'account.password.locked',
    params: { count: Math.max(1, Math.ceil(retryAfter / 60)) },
  });
}

/**
 * Changes one's own password. The current one must be right (422 under `current_password`); each
 * wrong one counts as a failed sign-in, as the sign-in form would count it from this browser (its
 * device's count, or the untrusted clients' of the account and the IP's), so a borrowed session
 * cannot be used to guess it faster than the sign-in form allows (429 once locked). On success the password
 * and its change time are stored, every session of the account ends and its pending links are void;
 * the caller then starts a fresh session for this browser.
 */
export async function changeOwnPassword(
  db: Db,
  input: {
    user: AccountUser & { email: string };
    currentPassword: string;
    password: string;
    passwordConfirmation: string;
    ip: string;
    /** The device tokens the browser sent (its device cookie). */
    deviceTokens: readonly string[];
    now: Date;
    limits: SignInLimits;
  },
): Promise<void> {
  const client = await identifySignInClient(db, {
    companyId: input.user.companyId,
    userId: input.user.id,
    deviceTokens: input.deviceTokens,
    ip: input.ip,
    now: input.now,
  });
  const throttle = {
    companyId: input.user.companyId,
    email: input.user.email,
    client,
    now: input.now,
    limits: input.limits,
  };
  const lockedFor = await findSignInLockout(db, throttle);
  if (lockedFor > 0) throw lockedError(lockedFor);

  const issues = checkNewPassword(input.password, input.passwordConfirmation);
  if (input.currentPassword === '') {
    issues.current_password = [{ key: 'public.fill_fields' }];
  } else {
    const currentHash = await findPasswordHash(db, input.user.companyId, input.user.id);
    let isRight = false;
    if (currentHash) isRight = await verifyPassword(currentHash, input.currentPassword);
    // An account without a password (it can hardly be signed in) still takes argon2's time.
    else await verifyAgainstDummy(input.currentPassword);
    if (!isRight) {
      await recordSignInFailure(db, throttle);
      const lockedNow = await findSignInLockout(db, throttle);
      if (lockedNow > 0) throw lockedError(lockedNow);
      issues.current_password = [{ key: 'account.password.wrong_current' }];
    }
  }
  const first = Object.values(issues)[0]?.[0];
  if (first) throw new AppError('validation', { key: first.key, params: first.params, issues });

  // Hashed before the transaction: argon2 takes a while and must not hold row locks.
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await updatePassword(tx, input.user.companyId, input.user.id, {
      passwordHash,
      passwordChangedAt: input.now,
    });
    await endUserAccess(tx, input.user.companyId, input.user.id);
    await clearSignInFailures(tx, throttle);
  });
}
