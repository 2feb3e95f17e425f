import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import {
  type RecruitingSavedView,
  recruitingSavedViews,
  type SavedViewFilters,
} from '../../db/schema/recruiting-bulk';
import type { Db } from '../../db/tables';

// All SQL of saved views; every statement filters by company_id (and by the owner: views are personal).

type Owner = { companyId: number; userId: number };

const ownedBy = (owner: Owner) =>
  and(eq(recruitingSavedViews.companyId, owner.companyId), eq(recruitingSavedViews.userId, owner.userId));

export function findSavedViews(db: Db, owner: Owner): Promise<RecruitingSavedView[]> {
  return db
    .select()
    .from(recruitingSavedViews)
    .where(ownedBy(owner))
    .orderBy(asc(sql`lower(${recruitingSavedViews.name})`), asc(recruitingSavedViews.id));
}

export async function countSavedViews(db: Db, owner: Owner): Promise<number> {
  const [row] = await db.select({ total: count() }).from(recruitingSavedViews).where(ownedBy(owner));
  return row?.total ?? 0;
}

/** Whether the owner has another view of this name, whatever its case. */
export async function isViewNameTaken(
  db: Db,
  owner: Owner,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: recruitingSavedViews.id })
    .from(recruitingSavedViews)
    .where(
      and(
        ownedBy(owner),
        eq(sql`lower(${recruitingSavedViews.name})`, name.toLowerCase()),
        exceptId === undefined ? undefined : ne(recruitingSavedViews.id, exceptId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

type ViewValues = { name: string; layout: 'list' | 'board'; filters: SavedViewFilters };

/** A new view; null when the name was taken meanwhile (the unique index). */
export async function insertSavedView(
  db: Db,
  owner: Owner,
  values: ViewValues,
): Promise<RecruitingSavedView | null> {
  const [row] = await db
    .insert(recruitingSavedViews)
    .values({ ...owner, ...values })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** A unique index refused the row (PostgreSQL 23505), wherever the driver wrapped it. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Changes one of the owner's views; null when it is not theirs (or not there), 'name_taken' on a clash. */
export async function updateSavedView(
  db: Db,
  owner: Owner,
  id: number,
  values: ViewValues,
): Promise<RecruitingSavedView | null | 'name_taken'> {
  try {
    const [row] = await db
      .update(recruitingSavedViews)
      .set(values)
      .where(and(ownedBy(owner), eq(recruitingSavedViews.id, id)))
      .returning();
    return row ?? null;
  } catch (error) {
    if (isUniqueViolation(error)) return 'name_taken';
    throw error;
  }
}

export async function deleteSavedView(db: Db, owner: Owner, id: number): Promise<boolean> {
  const rows = await db
    .delete(recruitingSavedViews)
    .where(and(ownedBy(owner), eq(recruitingSavedViews.id, id)))
    .returning({ id: recruitingSavedViews.id });
  return rows.length > 0;
}
