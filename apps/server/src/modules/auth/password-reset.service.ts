import { createTranslator } from '@kadry/shared/i18n/translate';
import { INVITATION_TTL_MS } from '@kadry/shared/schemas/admin';
import { PASSWORD_RESET_TTL_MS } from '@kadry/shared/schemas/auth';
import type { Company } from '../../db/schema/companies';
import type { User } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import type { MailQueue } from '../../lib/mail-queue';
import { createRandomToken, hashToken } from '../../lib/tokens';
import {
  deletePendingResetTokens,
  deleteUserSessions,
  findResetTokenAccountRow,
  markPendingResetTokensUsed,
  replacePendingResetToken,
  spendResetToken,
  updateEnabledUserPassword,
} from './auth.queries';
import { hashPassword } from './password-hashing';
import { findDeviceHashesOfUser } from './sign-in-devices.queries';
import { clearAccountLocks } from './sign-in-throttle.queries';
import { findUserByEmail } from './users.service';

/**
 * Sends a one-time reset link when an enabled account has this email; does nothing otherwise, and
 * the caller answers the same either way, so the form does not reveal who has an account.
 */
export async function requestPasswordReset(
  db: Db,
  input: { company: Company; email: string; now: Date; baseUrl: string; mail: MailQueue },
): Promise<boolean> {
  const user = await findUserByEmail(db, input.company.id, input.email);
  if (!user || user.isDisabled) return false;

  // 256 bits: the link is the only secret, and it travels by email.
  const token = createRandomToken(32);
  const t = createTranslator(user.locale);
  const link = `${input.baseUrl}/app/password/reset/${token}`;
  // The link and its mail commit together (a durable job: retried until handed over).
  const jobId = await db.transaction(async (tx) => {
    // A new link ends the earlier unused ones: only the newest mail opens the account.
    await replacePendingResetToken(tx, {
      tokenHash: hashToken(token),
      companyId: input.company.id,
      userId: user.id,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + PASSWORD_RESET_TTL_MS),
    });
    return input.mail.enqueue(
      tx,
      input.company.id,
      {
        to: user.email,
        subject: t('auth.reset.email.subject', { company: input.company.name }),
        text: t('auth.reset.email.text', { name: user.name, company: input.company.name, link }),
      },
      { replaceKey: passwordLinkKey(user.id) },
    );
  });
  await input.mail.sendNow([jobId]);
  return true;
}

/**
 * Emails a person a link to set their password, on behalf of someone (an owner inviting a new
 * account, or sending an existing one a fresh link). Same one-time links as a reset, valid
 * INVITATION_TTL_MS; the person's earlier unused links stop working, so only the newest one — sent
 * to the address the account has now — opens it. The mail is a durable job: rejects when its first
 * attempt failed (it is retried later all the same).
 */
export async function sendInvitation(
  db: Db,
  input: {
    company: Pick<Company, 'id' | 'name'>;
    user: Pick<User, 'id' | 'email' | 'name' | 'locale'> & { hasPassword: boolean };
    inviterName: string;
    now: Date;
    baseUrl: string;
    mail: MailQueue;
  },
): Promise<void> {
  const token = createRandomToken(32);

  const t = createTranslator(input.user.locale);
  const params = {
    name: input.user.name,
    inviter: input.inviterName,
    company: input.company.name,
    email: input.user.email,
    // In the person's language: the page is opened signed out, so it cannot know it otherwise.
    link: `${input.baseUrl}/app/password/reset/${token}?lang=${input.user.locale}`,
    validity: t('auth.invite.validity_days', { count: Math.round(INVITATION_TTL_MS / 86_400_000) }),
  };
  // Someone who already has a password is not invited again: they are sent a way to set a new one.
  const kind = input.user.hasPassword ? 'auth.invite.new_password_email' : 'auth.invite.email';
  const jobId = await db.transaction(async (tx) => {
    await replacePendingResetToken(tx, {
      tokenHash: hashToken(token),
      companyId: input.company.id,
      userId: input.user.id,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + INVITATION_TTL_MS),
    });
    return input.mail.enqueue(
      tx,
      input.company.id,
      { to: input.user.email, subject: t(`${kind}.subject`, params), text: t(`${kind}.text`, params) },
      { replaceKey: passwordLinkKey(input.user.id) },
    );
  });
  await input.mail.sendNow([jobId]);
}

/** One pending password-link mail per account: a newer link voids the older ones, so their mail goes too. */
function passwordLinkKey(userId: number): string {
  return `password-link:${userId}`;
}

/**
 * The account a usable reset link (exists, unused, unexpired, this company's, account enabled)
 * opens, or null. `hasPassword` false means the link sets the account's first password (an invitation).
 */
export async function findResetTokenAccount(
  db: Db,
  token: string,
  companyId: number,
  now: Date,
): Promise<{ userId: number; hasPassword: boolean } | null> {
  const row = await findResetTokenAccountRow(db, companyId, hashToken(token), now);
  return row ? { userId: row.userId, hasPassword: row.passwordHash !== null } : null;
}

/** Whether a reset link can still be used (exists, unused, unexpired, this company's). */
export async function isResetTokenUsable(
  db: Db,
  token: string,
  companyId: number,
  now: Date,
): Promise<boolean> {
  return (await findResetTokenAccount(db, token, companyId, now)) !== null;
}

/**
 * Spends a reset link and sets the new password. The link is marked used by a conditional update,
 * so of two concurrent uses exactly one succeeds. Every session of the account ends, and so do its
 * other pending links. Answers false when the link is unknown, used, expired or the account disabled.
 */
export async function resetPasswordWithToken(
  db: Db,
  input: { token: string; companyId: number; password: string; now: Date },
): Promise<boolean> {
  // Hash before the transaction: argon2 takes a while and must not hold row locks.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const userId = await spendResetToken(tx, input.companyId, hashToken(input.token), input.now);
    if (userId === null) return false;

    const user = await updateEnabledUserPassword(tx, input.companyId, userId, {
      passwordHash,
      passwordChangedAt: input.now,
    });
    if (!user) return false;

    await deleteUserSessions(tx, input.companyId, user.id);
    await markPendingResetTokensUsed(tx, input.companyId, user.id, input.now);
    // The owner of the mailbox proved who they are: the lock of untrusted clients (someone guessing
    // the password) ends, and so do the account's device locks (docs/decisions/010-sign-in-lockout.md).
    await clearAccountLocks(tx, {
      companyId: input.companyId,
      email: user.email,
      deviceHashes: await findDeviceHashesOfUser(tx, input.companyId, user.id),
    });
    return true;
  });
}

/**
 * Voids an account's unused password links (its email changed: they went to the old address). Run it
 * in the transaction that makes the change.
 */
export async function voidPendingResetLinks(
  db: Pick<Db, 'delete'>,
  companyId: number,
  userId: number,
): Promise<void> {
  await deletePendingResetTokens(db, companyId, userId);
}
