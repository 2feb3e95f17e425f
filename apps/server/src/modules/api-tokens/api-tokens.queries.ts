import type { ApiTokenScope } from '@kadry/shared/schemas/integrations';
import { and, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { apiTokens } from '../../db/schema/integrations';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import type { SessionUser } from '../../plugins/session-store';

/** A token as the list shows it (never its hash). */
export type ApiTokenListRow = {
  id: number;
  name: string;
  tokenPrefix: string;
  scopes: ApiTokenScope[];
  createdById: number | null;
  createdByName: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

const LIST_COLUMNS = {
  id: apiTokens.id,
  name: apiTokens.name,
  tokenPrefix: apiTokens.tokenPrefix,
  scopes: apiTokens.scopes,
  createdById: apiTokens.createdById,
  createdByName: users.name,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
  revokedAt: apiTokens.revokedAt,
};

function toListRow(row: Omit<ApiTokenListRow, 'scopes'> & { scopes: string[] }): ApiTokenListRow {
  return { ...row, scopes: row.scopes as ApiTokenScope[] };
}

export async function insertApiToken(
  db: Db,
  input: {
    companyId: number;
    name: string;
    tokenHash: string;
    tokenPrefix: string;
    scopes: ApiTokenScope[];
    createdById: number;
    expiresAt: Date | null;
    createdAt: Date;
  },
): Promise<number> {
  const [row] = await db.insert(apiTokens).values(input).returning({ id: apiTokens.id });
  if (!row) throw new Error('insertApiToken: insert returned no row');
  return row.id;
}

/** The company's tokens, newest first (the creator's name joined in). */
export async function listApiTokenRows(db: Db, companyId: number): Promise<ApiTokenListRow[]> {
  const rows = await db
    .select(LIST_COLUMNS)
    .from(apiTokens)
    .leftJoin(users, and(eq(users.companyId, apiTokens.companyId), eq(users.id, apiTokens.createdById)))
    .where(eq(apiTokens.companyId, companyId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map(toListRow);
}

export async function findApiTokenRow(
  db: Db,
  companyId: number,
  id: number,
): Promise<ApiTokenListRow | null> {
  const [row] = await db
    .select(LIST_COLUMNS)
    .from(apiTokens)
    .leftJoin(users, and(eq(users.companyId, apiTokens.companyId), eq(users.id, apiTokens.createdById)))
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.id, id)))
    .limit(1);
  return row ? toListRow(row) : null;
}

/** Sets revoked_at unless already set (the first revocation's time stays). */
export async function markApiTokenRevoked(db: Db, companyId: number, id: number, now: Date): Promise<void> {
  await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.id, id), isNull(apiTokens.revokedAt)));
}

/** A token of the company by its hash, with the account it acts for (null when that account is gone). */
export type BearerTokenRow = {
  id: number;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  user: (Omit<SessionUser, 'impersonator'> & { isDisabled: boolean }) | null;
};

export async function findBearerToken(
  db: Db,
  companyId: number,
  tokenHash: string,
): Promise<BearerTokenRow | null> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      scopes: apiTokens.scopes,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      userId: users.id,
      userCompanyId: users.companyId,
      employeeId: users.employeeId,
      roleId: users.roleId,
      roleKey: roles.key,
      email: users.email,
      name: users.name,
      locale: users.locale,
      timezone: users.timezone,
      publicId: users.publicId,
      isDisabled: users.isDisabled,
    })
    .from(apiTokens)
    .leftJoin(users, and(eq(users.companyId, apiTokens.companyId), eq(users.id, apiTokens.createdById)))
    .leftJoin(roles, and(eq(roles.companyId, apiTokens.companyId), eq(roles.id, users.roleId)))
    .where(and(eq(apiTokens.companyId, companyId), eq(apiTokens.tokenHash, tokenHash)))
    .limit(1);
  if (!row) return null;
  const { userId, userCompanyId, employeeId, roleId, email, name, locale, timezone, publicId, isDisabled } =
    row;
  const user =
    userId !== null &&
    userCompanyId !== null &&
    employeeId !== null &&
    roleId !== null &&
    email !== null &&
    name !== null &&
    locale !== null &&
    timezone !== null &&
    publicId !== null &&
    isDisabled !== null
      ? {
          id: userId,
          companyId: userCompanyId,
          employeeId,
          roleId,
          roleKey: row.roleKey,
          email,
          name,
          locale,
          timezone,
          publicId,
          isDisabled,
        }
      : null;
  return {
    id: row.id,
    scopes: row.scopes,
    expiresAt: row.expiresAt,
    revokedAt: row.revokedAt,
    lastUsedAt: row.lastUsedAt,
    user,
  };
}

/** Records a use, at most once per `intervalMs` (a read does not cost a write each time). */
export async function touchApiToken(
  db: Db,
  companyId: number,
  id: number,
  now: Date,
  intervalMs: number,
): Promise<void> {
  await db
    .update(apiTokens)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(apiTokens.companyId, companyId),
        eq(apiTokens.id, id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now.getTime() - intervalMs))),
      ),
    );
}
