import { and, eq, gt, inArray } from 'drizzle-orm';
import { signInDevices } from '../../db/schema/sessions';
import type { Db } from '../../db/tables';

// The devices (browsers) that signed in to an account: docs/decisions/010-sign-in-lockout.md.
// Every statement filters by company_id.

/** Which of these token hashes is a live device of the account; null when none is. */
export async function findLiveDeviceHash(
  db: Pick<Db, 'select'>,
  input: { companyId: number; userId: number; idHashes: readonly string[]; now: Date },
): Promise<string | null> {
  if (input.idHashes.length === 0) return null;
  const rows = await db
    .select({ idHash: signInDevices.idHash })
    .from(signInDevices)
    .where(
      and(
        eq(signInDevices.companyId, input.companyId),
        eq(signInDevices.userId, input.userId),
        inArray(signInDevices.idHash, [...input.idHashes]),
        gt(signInDevices.expiresAt, input.now),
      ),
    )
    .limit(1);
  return rows[0]?.idHash ?? null;
}

/** Records a device's successful sign-in: a new device, or a known one whose expiry moves on. */
export async function saveDeviceSignIn(
  db: Pick<Db, 'insert'>,
  input: { idHash: string; companyId: number; userId: number; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insert(signInDevices)
    .values({
      idHash: input.idHash,
      companyId: input.companyId,
      userId: input.userId,
      createdAt: input.now,
      lastSignInAt: input.now,
      expiresAt: input.expiresAt,
    })
    .onConflictDoUpdate({
      target: signInDevices.idHash,
      set: { lastSignInAt: input.now, expiresAt: input.expiresAt },
    });
}

/** The hashes of an account's devices (to lift their locks after a password reset). */
export async function findDeviceHashesOfUser(
  db: Pick<Db, 'select'>,
  companyId: number,
  userId: number,
): Promise<string[]> {
  const rows = await db
    .select({ idHash: signInDevices.idHash })
    .from(signInDevices)
    .where(and(eq(signInDevices.companyId, companyId), eq(signInDevices.userId, userId)));
  return rows.map((row) => row.idHash);
}
