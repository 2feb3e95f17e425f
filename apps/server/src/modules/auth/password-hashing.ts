import { randomBytes } from 'node:crypto';
import { hash, parseOptions, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). @node-rs/argon2 defaults to
 * argon2id; the parameters are spelled out so a change of library defaults cannot weaken them.
 */
const HASH_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

/** Hashes a password into a PHC string (`$argon2id$v=19$m=…`). Runs off the event loop. */
export async function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash at all. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker parameters than today's, so it is re-hashed at sign-in. */
export function needsRehash(passwordHash: string): boolean {
  try {
    const options = parseOptions(passwordHash);
    return (
      !passwordHash.startsWith('$argon2id$') ||
      options.memoryCost < HASH_OPTIONS.memoryCost ||
      options.timeCost < HASH_OPTIONS.timeCost
    );
  } catch {
    return true;
  }
}

/**
 * Verified against when the account does not exist, so an unknown email costs the same time as a
 * wrong password and response times do not reveal which accounts exist.
 */
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random password of `length` characters from an alphabet without look-alikes (0/O, 1/l/I). */
export function generatePassword(length = 20): string {
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 54).
  const limit = 256 - (256 % PASSWORD_ALPHABET.length);
  let result = '';
  while (result.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit && result.length < length)
        result += PASSWORD_ALPHABET[byte % PASSWORD_ALPHABET.length];
    }
  }
  return result;
}
