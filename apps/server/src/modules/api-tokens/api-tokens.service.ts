import {
  API_TOKEN_PREFIX,
  API_TOKEN_SCOPES,
  API_TOKEN_SHOWN_PREFIX_LENGTH,
  type ApiToken,
  type ApiTokenScope,
  type CreatedApiToken,
} from '@kadry/shared/schemas/integrations';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { createRandomToken, hashToken } from '../../lib/tokens';
import type { BearerIdentity } from '../../plugins/api-token-auth';
import type { SessionUser } from '../../plugins/session-store';
import {
  type ApiTokenListRow,
  findApiTokenRow,
  findBearerToken,
  insertApiToken,
  listApiTokenRows,
  markApiTokenRevoked,
  touchApiToken,
} from './api-tokens.queries';

/**
 * API tokens (issue 16 item 6), made and revoked by owners. A token is `kadry_` and 32 random bytes in
 * base64url, answered once; the database keeps its SHA-256 and its first characters. A token acts as
 * the owner who made it, cut down to its scopes (plugins/access/token-scopes.ts), and stops working
 * when revoked, when it expires, or when that account is disabled or removed.
 */

export type ApiTokensContext = { db: Db; owner: SessionUser; now: Date };

/** The shape of a token this server makes: the prefix and 43 base64url characters. */
const TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** last_used_at is written at most this often. */
const TOUCH_INTERVAL_MS = 60_000;

function toWire(row: ApiTokenListRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.tokenPrefix,
    scopes: row.scopes,
    created_by:
      row.createdById !== null && row.createdByName !== null
        ? { id: row.createdById, name: row.createdByName }
        : null,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiTokens(ctx: ApiTokensContext): Promise<ApiToken[]> {
  return (await listApiTokenRows(ctx.db, ctx.owner.companyId)).map(toWire);
}

export async function createApiToken(
  ctx: ApiTokensContext,
  input: { name: string; scopes: ApiTokenScope[]; expires_at: string | null },
): Promise<CreatedApiToken> {
  const expiresAt = input.expires_at === null ? null : new Date(input.expires_at);
  if (expiresAt && expiresAt.getTime() <= ctx.now.getTime()) {
    throw new AppError('validation', {
      issues: { expires_at: [{ key: 'integrations.errors.expiry_in_past' }] },
    });
  }
  const token = `${API_TOKEN_PREFIX}${createRandomToken(32)}`;
  const id = await insertApiToken(ctx.db, {
    companyId: ctx.owner.companyId,
    name: input.name,
    tokenHash: hashToken(token),
    tokenPrefix: token.slice(0, API_TOKEN_SHOWN_PREFIX_LENGTH),
    scopes: input.scopes,
    createdById: ctx.owner.id,
    expiresAt,
    createdAt: ctx.now,
  });
  const row = await findApiTokenRow(ctx.db, ctx.owner.companyId, id);
  if (!row) throw new AppError('not_found');
  return { ...toWire(row), token };
}

/** Revokes a token of the company (again: no change); another company's or a missing one is 404. */
export async function revokeApiToken(ctx: ApiTokensContext, id: number): Promise<ApiToken> {
  await markApiTokenRevoked(ctx.db, ctx.owner.companyId, id, ctx.now);
  const row = await findApiTokenRow(ctx.db, ctx.owner.companyId, id);
  if (!row) throw new AppError('not_found');
  return toWire(row);
}

function isScope(value: string): value is ApiTokenScope {
  return (API_TOKEN_SCOPES as readonly string[]).includes(value);
}

/**
 * The identity of a bearer token presented to a company (plugins/api-token-auth.ts), or null. Records
 * the use (last_used_at, at most once a minute).
 */
export async function verifyApiToken(
  db: Db,
  companyId: number,
  token: string,
  now: Date,
): Promise<BearerIdentity | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const row = await findBearerToken(db, companyId, hashToken(token));
  if (!row || row.revokedAt !== null) return null;
  if (row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime()) return null;
  if (!row.user || row.user.isDisabled) return null;
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
    await touchApiToken(db, companyId, row.id, now, TOUCH_INTERVAL_MS);
  }
  const { isDisabled: _isDisabled, ...user } = row.user;
  return { tokenId: row.id, scopes: row.scopes.filter(isScope), user: { ...user, impersonator: null } };
}
