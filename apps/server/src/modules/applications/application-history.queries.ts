import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type ActivityData,
  type ActivityKind,
  applicationActivities,
  applicationRejections,
} from '../../db/schema/recruiting-mail';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';

// All SQL of an application's history and rejection; every statement filters by company_id.

type Writer = Pick<Db, 'insert'>;

/** Records one history entry (in the caller's transaction); its id. */
export async function insertActivity(
  writer: Writer,
  values: {
    companyId: number;
    applicationId: number;
    kind: ActivityKind;
    actorId: number | null;
    data: ActivityData;
    createdAt?: Date;
  },
): Promise<number> {
  const [row] = await writer
    .insert(applicationActivities)
    .values(values)
    .returning({ id: applicationActivities.id });
  if (!row) throw new Error('activity insert returned nothing');
  return row.id;
}

export type ActivityRow = {
  id: number;
  kind: ActivityKind;
  data: ActivityData;
  createdAt: Date;
  actorId: number | null;
  actorName: string | null;
};

/** An application's recorded history, oldest first. */
export function findActivities(db: Db, companyId: number, applicationId: number): Promise<ActivityRow[]> {
  return db
    .select({
      id: applicationActivities.id,
      kind: applicationActivities.kind,
      data: applicationActivities.data,
      createdAt: applicationActivities.createdAt,
      actorId: applicationActivities.actorId,
      actorName: users.name,
    })
    .from(applicationActivities)
    .leftJoin(
      users,
      and(eq(users.companyId, applicationActivities.companyId), eq(users.id, applicationActivities.actorId)),
    )
    .where(
      and(
        eq(applicationActivities.companyId, companyId),
        eq(applicationActivities.applicationId, applicationId),
      ),
    )
    .orderBy(asc(applicationActivities.createdAt), asc(applicationActivities.id));
}

export type RejectionRow = {
  applicationId: number;
  reasonId: number | null;
  stageId: number | null;
  rejectedAt: Date;
  rejectedBy: number | null;
  rejectedByName: string | null;
  mailId: number | null;
};

/** Rejections of these applications (absent: not rejected). */
export async function findRejections(
  db: Pick<Db, 'select'>,
  companyId: number,
  applicationIds: readonly number[],
): Promise<Map<number, RejectionRow>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({
      applicationId: applicationRejections.applicationId,
      reasonId: applicationRejections.reasonId,
      stageId: applicationRejections.stageId,
      rejectedAt: applicationRejections.rejectedAt,
      rejectedBy: applicationRejections.rejectedBy,
      rejectedByName: users.name,
      mailId: applicationRejections.mailId,
    })
    .from(applicationRejections)
    .leftJoin(
      users,
      and(
        eq(users.companyId, applicationRejections.companyId),
        eq(users.id, applicationRejections.rejectedBy),
      ),
    )
    .where(
      and(
        eq(applicationRejections.companyId, companyId),
        inArray(applicationRejections.applicationId, [...applicationIds]),
      ),
    );
  return new Map(rows.map((row) => [row.applicationId, row]));
}

/**
 * Records a rejection; false when the application is already rejected (the primary key decides, so
 * two people rejecting at once reject once).
 */
export async function insertRejection(
  writer: Writer,
  values: {
    companyId: number;
    applicationId: number;
    reasonId: number;
    stageId: number | null;
    rejectedBy: number;
    rejectedAt: Date;
  },
): Promise<boolean> {
  const rows = await writer
    .insert(applicationRejections)
    .values(values)
    .onConflictDoNothing()
    .returning({ applicationId: applicationRejections.applicationId });
  return rows.length > 0;
}

export async function setRejectionMail(
  db: Pick<Db, 'update'>,
  companyId: number,
  applicationId: number,
  mailId: number,
): Promise<void> {
  await db
    .update(applicationRejections)
    .set({ mailId })
    .where(
      and(
        eq(applicationRejections.companyId, companyId),
        eq(applicationRejections.applicationId, applicationId),
      ),
    );
}

/** Removes a rejection (reopening); answers the removed row's mail id, or undefined when there was none. */
export async function deleteRejection(
  db: Pick<Db, 'delete'>,
  companyId: number,
  applicationId: number,
): Promise<{ mailId: number | null } | undefined> {
  const [row] = await db
    .delete(applicationRejections)
    .where(
      and(
        eq(applicationRejections.companyId, companyId),
        eq(applicationRejections.applicationId, applicationId),
      ),
    )
    .returning({ mailId: applicationRejections.mailId });
  return row;
}
