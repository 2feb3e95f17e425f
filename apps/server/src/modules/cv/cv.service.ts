import { CV_CACHE_TTL_MS } from '@kadry/shared/constants';
import type { ParsedCv } from '../../db/schema/cv-parses';
import type { Db } from '../../db/tables';
import { deleteExpiredCvParses, insertCvParse } from './cv.queries';

/**
 * Keeps a CV's text and contacts for CV_CACHE_TTL_MS under a new unguessable cache id, which an
 * application may name to attach the parse; answers the cache id.
 */
export function saveCvParse(
  db: Db,
  companyId: number,
  result: { text: string; parsed: ParsedCv },
  now: Date,
): Promise<string> {
  return insertCvParse(db, companyId, {
    text: result.text,
    parsed: result.parsed,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CV_CACHE_TTL_MS),
  });
}

/** Forgets the parses whose time is up; answers how many. */
export function sweepExpiredCvParses(db: Db, now: Date): Promise<number> {
  return deleteExpiredCvParses(db, now);
}
