import type { Locale } from '@kadry/shared/constants';
import { and, eq } from 'drizzle-orm';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';

// All SQL of one's own account; every statement filters by company_id.

export type AccountRow = {
  name: string;
  email: string;
  locale: Locale;
  timezone: string;
  role: { id: number; key: string | null; name: string };
};

/** An account of the company with its role, or null. */
export async function findAccountRow(
  db: Pick<Db, 'select'>,
  companyId: number,
  userId: number,
): Promise<AccountRow | null> {
  const [row] = await db
    .select({
      name: users.name,
      email: users.email,
      locale: users.locale,
      timezone: users.timezone,
      role: { id: roles.id, key: roles.key, name: roles.name },
    })
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return row ?? null;
}

export async function updateAccountRow(
  db: Pick<Db, 'update'>,
  companyId: number,
  userId: number,
  changes: { name?: string; locale?: Locale; timezone?: string },
): Promise<void> {
  await db
    .update(users)
    .set(changes)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** The password hash of an account of the company: null when it has none (or no such account). */
export async function findPasswordHash(
  db: Pick<Db, 'select'>,
  companyId: number,
  userId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)))
    .limit(1);
  return row?.passwordHash ?? null;
}

export async function updatePassword(
  db: Pick<Db, 'update'>,
  companyId: number,
  userId: number,
  values: { passwordHash: string; passwordChangedAt: Date },
): Promise<void> {
  await db
    .update(users)
    .set(values)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}
