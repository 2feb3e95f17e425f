import { and, desc, eq, isNull } from 'drizzle-orm';
import { type AbsenceFeedRow, absenceFeeds } from '../../../db/schema/absences';
import { companies } from '../../../db/schema/companies';
import { roles } from '../../../db/schema/roles';
import { users } from '../../../db/schema/users';
import type { Db } from '../../../db/tables';

// All SQL of iCal feeds; every statement filters by company_id.

export async function insertFeed(
  db: Db,
  values: Omit<typeof absenceFeeds.$inferInsert, 'id' | 'createdAt'>,
): Promise<AbsenceFeedRow> {
  const [row] = await db.insert(absenceFeeds).values(values).returning();
  if (!row) throw new Error('insertFeed: insert returned no row');
  return row;
}

/** A user's live feeds, newest first. */
export function listUserFeeds(db: Db, companyId: number, userId: number): Promise<AbsenceFeedRow[]> {
  return db
    .select()
    .from(absenceFeeds)
    .where(
      and(
        eq(absenceFeeds.companyId, companyId),
        eq(absenceFeeds.userId, userId),
        isNull(absenceFeeds.revokedAt),
      ),
    )
    .orderBy(desc(absenceFeeds.createdAt), desc(absenceFeeds.id));
}

/** Revokes a user's live feed; null when they have no such live feed. */
export async function revokeUserFeed(
  db: Db,
  companyId: number,
  userId: number,
  id: number,
  now: Date,
): Promise<AbsenceFeedRow | null> {
  const [row] = await db
    .update(absenceFeeds)
    .set({ revokedAt: now })
    .where(
      and(
        eq(absenceFeeds.companyId, companyId),
        eq(absenceFeeds.userId, userId),
        eq(absenceFeeds.id, id),
        isNull(absenceFeeds.revokedAt),
      ),
    )
    .returning();
  return row ?? null;
}

/** A live feed of the company by its token's hash, with its creator (while their account is enabled). */
export async function findLiveFeed(db: Db, companyId: number, tokenHash: string) {
  const [row] = await db
    .select({
      feed: absenceFeeds,
      user: {
        id: users.id,
        companyId: users.companyId,
        employeeId: users.employeeId,
        roleId: users.roleId,
        roleKey: roles.key,
        email: users.email,
        name: users.name,
        locale: users.locale,
        timezone: users.timezone,
        publicId: users.publicId,
      },
      tariffs: companies.tariffs,
    })
    .from(absenceFeeds)
    .innerJoin(users, and(eq(users.id, absenceFeeds.userId), eq(users.companyId, companyId)))
    .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
    .innerJoin(companies, eq(companies.id, absenceFeeds.companyId))
    .where(
      and(
        eq(absenceFeeds.companyId, companyId),
        eq(absenceFeeds.tokenHash, tokenHash),
        isNull(absenceFeeds.revokedAt),
        eq(users.isDisabled, false),
      ),
    );
  return row ?? null;
}

export async function touchFeed(db: Db, companyId: number, id: number, now: Date): Promise<void> {
  await db
    .update(absenceFeeds)
    .set({ lastUsedAt: now })
    .where(and(eq(absenceFeeds.companyId, companyId), eq(absenceFeeds.id, id)));
}
