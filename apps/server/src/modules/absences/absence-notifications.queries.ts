import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { absenceLedgerEntries } from '../../db/schema/absences';
import { companies } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { jobs } from '../../db/schema/jobs';
import { type NotificationKind, notifications } from '../../db/schema/notifications';
import { roles } from '../../db/schema/roles';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import type { Tx } from './absences.queries';

// SQL of the absence notifications (absence-notifications.service.ts); every statement filters by
// company_id.

/** The company's name and plan (entities outside the plan give nobody access). */
export async function findCompanyForNotice(db: Tx, companyId: number) {
  const [row] = await db
    .select({ name: companies.name, tariffs: companies.tariffs })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

/** An employee's name as the mail shows it. */
export async function findEmployeeName(db: Tx, companyId: number, employeeId: number): Promise<string> {
  const [row] = await db
    .select({ firstName: employees.firstName, lastName: employees.lastName })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}

/**
 * Enabled staff accounts of the company with their role, for deciding who may act on a request; only
 * the accounts of these employees or users when `only` is given.
 */
export function findEnabledStaffForNotice(
  db: Tx,
  companyId: number,
  only?: { employeeId: number; userIds: readonly number[] },
) {
  return db
    .select({
      id: users.id,
      companyId: users.companyId,
      employeeId: users.employeeId,
      email: users.email,
      name: users.name,
      roleId: users.roleId,
      roleKey: roles.key,
      locale: users.locale,
      timezone: users.timezone,
      publicId: users.publicId,
    })
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
    .where(
      and(
        eq(users.companyId, companyId),
        eq(users.isDisabled, false),
        only ? or(eq(users.employeeId, only.employeeId), inArray(users.id, [...only.userIds, 0])) : undefined,
      ),
    );
}

/**
 * What the team reach of these accounts' employees needs (computeTeamReach): their memberships and
 * the company's team tree. Only theirs: the reach of a few staff accounts must not cost a read of
 * every membership of a 10,000-person company.
 */
export async function findTeamStructureForNotice(db: Tx, companyId: number, employeeIds: readonly number[]) {
  const [memberships, tree] = await Promise.all([
    employeeIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            teamId: teamMembers.teamId,
            employeeId: teamMembers.employeeId,
            isManager: teamMembers.isManager,
          })
          .from(teamMembers)
          .where(
            and(eq(teamMembers.companyId, companyId), inArray(teamMembers.employeeId, [...employeeIds])),
          ),
    db.select({ id: teams.id, parentId: teams.parentId }).from(teams).where(eq(teams.companyId, companyId)),
  ]);
  return {
    memberships,
    parentOf: new Map(tree.map((team) => [team.id, team.parentId])),
    // Teammates' accounts are not needed: relations are judged by teams.
    userOfEmployee: new Map<number, number>(),
  };
}

/** Who wrote a request's reversal entries (the account that revoked it), when it counts against a balance. */
export async function findRevokerId(db: Tx, companyId: number, requestId: number): Promise<number | null> {
  const [row] = await db
    .select({ createdById: absenceLedgerEntries.createdById })
    .from(absenceLedgerEntries)
    .where(
      and(
        eq(absenceLedgerEntries.companyId, companyId),
        eq(absenceLedgerEntries.requestId, requestId),
        eq(absenceLedgerEntries.kind, 'absence_reversal'),
      ),
    )
    .limit(1);
  return row?.createdById ?? null;
}

/** Serialises the notices of one request (two deliveries of its events never both send one). */
export async function lockRequestNotices(tx: Tx, requestId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NOTICE_LOCK}::integer, ${requestId}::integer)`);
}
/** Arbitrary constant of the per-request notice lock (two-int form: this, request id). */
const NOTICE_LOCK = 1_402;

/**
 * The notice keys among `keys` that a mail job already carries (pending, done or dead): those
 * recipients have been told. Done jobs are kept a week, far longer than an event is redelivered.
 */
export async function findSentNoticeKeys(
  db: Tx,
  companyId: number,
  keys: readonly string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: jobs.replaceKey })
    .from(jobs)
    .where(
      and(
        eq(jobs.companyId, companyId),
        eq(jobs.kind, 'mail.send'),
        sql`${jobs.replaceKey} = any(${`{${keys.map((key) => `"${key}"`).join(',')}}`}::text[])`,
      ),
    );
  return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
}

/**
 * The in-app notifications of newly sent notices, one row per user (unique per company, user, request
 * and kind). A row already there for this kind (an earlier step of a longer chain told the same
 * approver) is raised again as unread and new: the notice keys, checked under the request's lock by
 * the caller, already keep a redelivered event from reaching here twice.
 */
export async function upsertAbsenceNotifications(
  tx: Tx,
  companyId: number,
  requestId: number,
  rows: readonly { userId: number; kind: NotificationKind }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(notifications)
    .values(
      rows.map((row) => ({
        companyId,
        userId: row.userId,
        kind: row.kind,
        absenceRequestId: requestId,
      })),
    )
    .onConflictDoUpdate({
      target: [
        notifications.companyId,
        notifications.userId,
        notifications.absenceRequestId,
        notifications.kind,
      ],
      targetWhere: sql`absence_request_id is not null`,
      set: { readAt: null, createdAt: sql`now()` },
    });
}
