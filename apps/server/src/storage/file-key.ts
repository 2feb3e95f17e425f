import { randomUUID } from 'node:crypto';

// `ab/cd/abcd1234-...`: two levels of fan-out keep directories small (256 × 256 buckets) on disk and give
// S3 well-spread prefixes. Only this module makes keys, so no user input ever reaches a path.
const FILE_KEY =
  /^([0-9a-f]{2})\/([0-9a-f]{2})\/(\1\2[0-9a-f]{4}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})$/;

/** A fresh random storage key. */
export function createFileKey(): string {
  const uuid = randomUUID();
  return `${uuid.slice(0, 2)}/${uuid.slice(2, 4)}/${uuid}`;
}

/** True only for keys shaped exactly like `createFileKey()` output (so no `..`, no slashes elsewhere). */
export function isFileKey(key: string): boolean {
  return FILE_KEY.test(key);
}
