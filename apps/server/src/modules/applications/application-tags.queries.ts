import type { AppliedTag } from '@kadry/shared/schemas/recruiting-tags';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { applicationTags, recruitingTags } from '../../db/schema/recruiting-tags';
import type { Db } from '../../db/tables';

// All SQL of the tags on applications; every statement filters by company_id.

/** The tags each of these applications carries, by name (applications without tags are absent). */
export async function findTagsOfApplications(
  db: Pick<Db, 'select'>,
  companyId: number,
  applicationIds: readonly number[],
): Promise<Map<number, AppliedTag[]>> {
  const byApplication = new Map<number, AppliedTag[]>();
  if (applicationIds.length === 0) return byApplication;
  const rows = await db
    .select({
      applicationId: applicationTags.applicationId,
      id: recruitingTags.id,
      name: recruitingTags.name,
      color: recruitingTags.color,
    })
    .from(applicationTags)
    .innerJoin(
      recruitingTags,
      and(
        eq(recruitingTags.companyId, applicationTags.companyId),
        eq(recruitingTags.id, applicationTags.tagId),
      ),
    )
    .where(
      and(
        eq(applicationTags.companyId, companyId),
        inArray(applicationTags.applicationId, [...new Set(applicationIds)]),
      ),
    )
    .orderBy(sql`lower(${recruitingTags.name})`, asc(recruitingTags.id));
  for (const { applicationId, ...tag } of rows) {
    const list = byApplication.get(applicationId) ?? [];
    list.push(tag);
    byApplication.set(applicationId, list);
  }
  return byApplication;
}

/** Puts a tag on an application; false when it carried it already. */
export async function insertApplicationTag(
  db: Pick<Db, 'insert'>,
  values: { companyId: number; applicationId: number; tagId: number; addedBy: number },
): Promise<boolean> {
  const rows = await db
    .insert(applicationTags)
    .values(values)
    .onConflictDoNothing()
    .returning({ tagId: applicationTags.tagId });
  return rows.length > 0;
}

/** Takes a tag off an application; false when it did not carry it. */
export async function deleteApplicationTag(
  db: Pick<Db, 'delete'>,
  companyId: number,
  applicationId: number,
  tagId: number,
): Promise<boolean> {
  const rows = await db
    .delete(applicationTags)
    .where(
      and(
        eq(applicationTags.companyId, companyId),
        eq(applicationTags.applicationId, applicationId),
        eq(applicationTags.tagId, tagId),
      ),
    )
    .returning({ tagId: applicationTags.tagId });
  return rows.length > 0;
}
