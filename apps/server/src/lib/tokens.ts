import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token of `bytes` bytes, base64url (16 bytes = the 128-bit session id). */
export function createRandomToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** What the database stores instead of a token: a stolen table then opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The CSRF token of a session, derived from the session's own secret token: it needs no storage,
 * is bound to that one session, changes when the session rotates, and does not reveal the cookie.
 */
export function deriveCsrfToken(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('kadry-csrf-v1').digest('base64url');
}

/**
 * A signature over `message` with a server key: HMAC-SHA256, its first 16 bytes in base64url (22
 * characters). Proves the server made a value it keeps nowhere (a pre-session token).
 */
export function signToken(key: Buffer, message: string): string {
  return createHmac('sha256', key).update(message).digest().subarray(0, 16).toString('base64url');
}

/** Constant-time comparison of two tokens. */
export function isSameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
