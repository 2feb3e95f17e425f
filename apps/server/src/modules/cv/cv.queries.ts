import { lt } from 'drizzle-orm';
import { cvParses, type ParsedCv } from '../../db/schema/cv-parses';
import type { Db } from '../../db/tables';

// All SQL of CV parses; every statement filters by company_id but the expiry sweep.

/** Keeps a parse of the company; answers its cache id. */
export async function insertCvParse(
  db: Pick<Db, 'insert'>,
  companyId: number,
  values: { text: string; parsed: ParsedCv; createdAt: Date; expiresAt: Date },
): Promise<string> {
  const [row] = await db
    .insert(cvParses)
    .values({ companyId, ...values })
    .returning({ cacheId: cvParses.cacheId });
  if (!row) throw new Error('cv parse insert returned nothing');
  return row.cacheId;
}

/** Deletes expired parses; answers how many. */
export async function deleteExpiredCvParses(db: Pick<Db, 'delete'>, now: Date): Promise<number> {
  // An expiry sweep of every company's parses, run by a timer for no company's request.
  const deleted = await db.delete(cvParses).where(lt(cvParses.expiresAt, now)).returning({ id: cvParses.id });
  return deleted.length;
}
