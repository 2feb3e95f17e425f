import { createTranslator } from '@kadry/shared/i18n/translate';
import { PASSWORD_RESET_TTL_MS } from '@kadry/shared/schemas/auth';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Company } from '../../db/schema/companies';
import { passwordResetTokens, sessions } from '../../db/schema/sessions';
import { users } from '../../db/schema/users';
import type { EmailSender } from './email-sender';
import { hashPassword } from './password-hashing';
import { clearAccountFailures } from './sign-in-throttle';
import { createRandomToken, hashToken } from './tokens';
import { findUserByEmail } from './users.service';

/**
 * Sends a one-time reset link when an enabled account has this email; does nothing otherwise, and
 * the caller answers the same either way, so the form does not reveal who has an account.
 */
export async function requestPasswordReset(
  db: Db,
  input: { company: Company; email: string; now: Date; baseUrl: string; sender: EmailSender },
): Promise<boolean> {
  const user = await findUserByEmail(db, input.company.id, input.email);
  if (!user || user.isDisabled) return false;

  // 256 bits: the link is the only secret, and it travels by email.
  const token = createRandomToken(32);
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    companyId: input.company.id,
    userId: user.id,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + PASSWORD_RESET_TTL_MS),
  });

  const t = createTranslator(user.locale);
  const link = `${input.baseUrl}/app/password/reset/${token}`;
  await input.sender.send({
    to: user.email,
    subject: t('auth.reset.email.subject', { company: input.company.name }),
    text: t('auth.reset.email.text', { name: user.name, company: input.company.name, link }),
  });
  return true;
}

/** Whether a reset link can still be used (exists, unused, unexpired, this company's). */
export async function isResetTokenUsable(
  db: Db,
  token: string,
  companyId: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, hashToken(token)),
        eq(passwordResetTokens.companyId, companyId),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
        eq(users.isDisabled, false),
      ),
    )
    .limit(1);
  return rows.length > 0;
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
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: input.now })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          eq(passwordResetTokens.companyId, input.companyId),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, input.now),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) return false;

    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: input.now })
      .where(and(eq(users.id, spent.userId), eq(users.isDisabled, false)))
      .returning({ id: users.id, email: users.email });
    if (!user) return false;

    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: input.now })
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt)));
    // The owner of the mailbox proved who they are: a lockout from someone guessing ends too.
    await clearAccountFailures(tx, input.companyId, user.email);
    return true;
  });
}
