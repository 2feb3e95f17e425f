import type { Db } from '../../db/tables';
import { createRandomToken, hashToken } from '../../lib/tokens';
import { updateUserSignIn } from './auth.queries';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from './password-hashing';
import { findLiveDeviceHash, saveDeviceSignIn } from './sign-in-devices.queries';
import {
  clearSignInFailures,
  findSignInLockout,
  recordSignInFailure,
  type SignInClient,
  type SignInLimits,
} from './sign-in-throttle.queries';
import { findUserByEmail } from './users.service';

// What other modules (one's own password change) use of the throttle, through this service.
export { clearSignInFailures, findSignInLockout, recordSignInFailure, type SignInClient, type SignInLimits };

/**
 * Who is trying to sign in to an account (docs/decisions/010-sign-in-lockout.md): the browser is a
 * known device of it when one of its device tokens belongs to that account and is live; otherwise it
 * is an untrusted client, counted by its IP too.
 */
export async function identifySignInClient(
  db: Db,
  input: { companyId: number; userId: number | null; deviceTokens: readonly string[]; ip: string; now: Date },
): Promise<SignInClient> {
  if (input.userId === null || input.deviceTokens.length === 0) return { ip: input.ip };
  const deviceHash = await findLiveDeviceHash(db, {
    companyId: input.companyId,
    userId: input.userId,
    idHashes: input.deviceTokens.map(hashToken),
    now: input.now,
  });
  return deviceHash ? { deviceHash } : { ip: input.ip };
}

/** How a sign-in went: refused while locked (seconds to wait), refused, or let in. */
export type SignInOutcome =
  | { status: 'locked'; retryAfter: number }
  | { status: 'failed' }
  | {
      status: 'signed_in';
      userId: number;
      signedInAt: Date;
      /** The browser's device token for this account from now on (the one it had, or a new one). */
      deviceToken: string;
    };

/**
 * Checks an email and password against the company's accounts. A locked client is refused before the
 * password is checked: a known device only by its own lock, an untrusted client by the account's lock
 * for untrusted clients or its IP's. A wrong password (or an unknown email, which takes argon2's time
 * just the same, so it reveals nothing) counts as a failure and may lock; a right one clears the count
 * it was judged by, records the sign-in and the device, and hashes the password again when its
 * parameters are outdated.
 */
export async function signInWithPassword(
  db: Db,
  input: {
    companyId: number;
    email: string;
    password: string;
    ip: string;
    /** The device tokens the browser sent (its device cookie). */
    deviceTokens: readonly string[];
    /** How long a device stays known after its last sign-in. */
    deviceTtlMs: number;
    now: () => Date;
    limits: SignInLimits;
  },
): Promise<SignInOutcome> {
  const { companyId, email, password } = input;
  const user = await findUserByEmail(db, companyId, email);
  const client = await identifySignInClient(db, {
    companyId,
    userId: user?.id ?? null,
    deviceTokens: input.deviceTokens,
    ip: input.ip,
    now: input.now(),
  });
  const throttle = { companyId, email, client, now: input.now(), limits: input.limits };
  const lockedFor = await findSignInLockout(db, throttle);
  if (lockedFor > 0) return { status: 'locked', retryAfter: lockedFor };

  let isValid = false;
  if (user?.passwordHash) {
    isValid = (await verifyPassword(user.passwordHash, password)) && !user.isDisabled;
  } else {
    await verifyAgainstDummy(password);
  }
  if (!user || !isValid) {
    await recordSignInFailure(db, throttle);
    const lockedNow = await findSignInLockout(db, throttle);
    if (lockedNow > 0) return { status: 'locked', retryAfter: lockedNow };
    return { status: 'failed' };
  }

  await clearSignInFailures(db, throttle);
  const signedInAt = input.now();
  const rehash = user.passwordHash && needsRehash(user.passwordHash) ? await hashPassword(password) : null;
  await updateUserSignIn(db, companyId, user.id, {
    lastSignInAt: signedInAt,
    ...(rehash ? { passwordHash: rehash } : {}),
  });
  const known = 'deviceHash' in client ? client.deviceHash : null;
  const deviceToken = input.deviceTokens.find((token) => hashToken(token) === known) ?? createRandomToken(16);
  await saveDeviceSignIn(db, {
    idHash: hashToken(deviceToken),
    companyId,
    userId: user.id,
    now: signedInAt,
    expiresAt: new Date(signedInAt.getTime() + input.deviceTtlMs),
  });
  return { status: 'signed_in', userId: user.id, signedInAt, deviceToken };
}
