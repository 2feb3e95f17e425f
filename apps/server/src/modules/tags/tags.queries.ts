import type { TagColor } from '@kadry/shared/schemas/recruiting-tags';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { applicationTags, recruitingTags } from '../../db/schema/recruiting-tags';
import type { Db } from '../../db/tables';

// All SQL of the tag dictionary; every statement filters by company_id.

export type TagRow = {
  id: number;
  name: string;
  color: TagColor;
  createdBy: number | null;
  applicationsCount: number;
};

const tagColumns = {
  id: recruitingTags.id,
  name: recruitingTags.name,
  color: recruitingTags.color,
  createdBy: recruitingTags.createdBy,
};

/** The company's tags by name (any case), with how many applications carry each. */
export async function findTags(db: Pick<Db, 'select'>, companyId: number): Promise<TagRow[]> {
  const [tags, counts] = await Promise.all([
    db
      .select(tagColumns)
      .from(recruitingTags)
      .where(eq(recruitingTags.companyId, companyId))
      .orderBy(sql`lower(${recruitingTags.name})`, asc(recruitingTags.id)),
    db
      .select({ tagId: applicationTags.tagId, count: sql<number>`count(*)::int` })
      .from(applicationTags)
      .where(eq(applicationTags.companyId, companyId))
      .groupBy(applicationTags.tagId),
  ]);
  const countOf = new Map(counts.map((row) => [row.tagId, Number(row.count)]));
  return tags.map((tag) => ({ ...tag, applicationsCount: countOf.get(tag.id) ?? 0 }));
}

/** Tags of the company among `ids` (others are left out). */
export function findTagsByIds(
  db: Pick<Db, 'select'>,
  companyId: number,
  ids: readonly number[],
): Promise<Omit<TagRow, 'applicationsCount'>[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(tagColumns)
    .from(recruitingTags)
    .where(and(eq(recruitingTags.companyId, companyId), inArray(recruitingTags.id, [...ids])));
}

export async function insertTag(
  db: Pick<Db, 'insert'>,
  values: { companyId: number; name: string; color: TagColor; createdBy: number },
): Promise<number> {
  const [row] = await db.insert(recruitingTags).values(values).returning({ id: recruitingTags.id });
  if (!row) throw new Error('tag insert returned nothing');
  return row.id;
}

export async function updateTag(
  db: Pick<Db, 'update'>,
  companyId: number,
  id: number,
  values: { name: string; color: TagColor },
): Promise<void> {
  await db
    .update(recruitingTags)
    .set(values)
    .where(and(eq(recruitingTags.companyId, companyId), eq(recruitingTags.id, id)));
}

/** Deletes a tag; the applications carrying it lose it (cascade). */
export async function deleteTag(db: Pick<Db, 'delete'>, companyId: number, id: number): Promise<void> {
  await db
    .delete(recruitingTags)
    .where(and(eq(recruitingTags.companyId, companyId), eq(recruitingTags.id, id)));
}
