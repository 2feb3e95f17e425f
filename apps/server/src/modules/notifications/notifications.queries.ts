import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import { absenceRequests, absenceTypes } from '../../db/schema/absences';
import { applications } from '../../db/schema/applications';
import { companies } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { notifications } from '../../db/schema/notifications';
import { roles } from '../../db/schema/roles';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';

// All SQL of notifications; every statement filters by company_id.

/** What a notification of a new application says, and whose reach decides who hears of it. */
export async function findApplicationForNotice(db: Db, companyId: number, applicationId: number) {
  const [row] = await db
    .select({
      vacancyId: applications.vacancyId,
      vacancyName: vacancies.name,
      teamId: vacancies.teamId,
      tariffs: companies.tariffs,
    })
    .from(applications)
    .innerJoin(vacancies, and(eq(vacancies.companyId, companyId), eq(vacancies.id, applications.vacancyId)))
    .innerJoin(companies, eq(companies.id, applications.companyId))
    .where(and(eq(applications.companyId, companyId), eq(applications.id, applicationId)));
  return row ?? null;
}

/** Enabled staff of the company with their role, for deciding who may see something. */
export function findEnabledStaff(db: Db, companyId: number) {
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
    .where(and(eq(users.companyId, companyId), eq(users.isDisabled, false)));
}

/** The company's memberships, team tree and accounts, for the team reach of each of its accounts. */
export async function findTeamStructure(db: Db, companyId: number) {
  const [memberships, tree, accounts] = await Promise.all([
    db
      .select({
        teamId: teamMembers.teamId,
        employeeId: teamMembers.employeeId,
        isManager: teamMembers.isManager,
      })
      .from(teamMembers)
      .where(eq(teamMembers.companyId, companyId)),
    db.select({ id: teams.id, parentId: teams.parentId }).from(teams).where(eq(teams.companyId, companyId)),
    db
      .select({ id: users.id, employeeId: users.employeeId })
      .from(users)
      .where(eq(users.companyId, companyId)),
  ]);
  return {
    memberships,
    parentOf: new Map(tree.map((team) => [team.id, team.parentId])),
    // Every account, disabled ones too: what they own is still "my team" data, as in a request's Access.
    userOfEmployee: new Map(accounts.map((account) => [account.employeeId, account.id])),
  };
}

/** Adds a notification per user; answers the users who did not have one for this application yet. */
export async function insertNotifications(
  db: Db,
  companyId: number,
  applicationId: number,
  userIds: readonly number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const inserted = await db
    .insert(notifications)
    .values(userIds.map((userId) => ({ companyId, userId, applicationId })))
    .onConflictDoNothing()
    .returning({ userId: notifications.userId });
  return new Set(inserted.map((row) => row.userId));
}

/** Generic notifications, one per user; a (user, kind, dedupe key) already stored is skipped. */
export async function insertGenericNotifications(
  db: Db,
  rows: readonly (typeof notifications.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(notifications)
    .values([...rows])
    .onConflictDoNothing();
}

/** Removes the notifications about something that is gone (a deleted task, question or event). */
export async function deleteTargetNotifications(
  db: Db,
  companyId: number,
  targetType: string,
  targetId: number,
): Promise<void> {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.targetType, targetType),
        eq(notifications.targetId, targetId),
      ),
    );
}

/**
 * A page of the user's notifications, newest first, with what each is about: the application's
 * vacancy, or the absence request with its employee and type (every join within the company).
 */
export async function listNotifications(
  db: Db,
  companyId: number,
  userId: number,
  page: { limit: number; offset: number },
) {
  const mine = and(eq(notifications.companyId, companyId), eq(notifications.userId, userId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
        targetType: notifications.targetType,
        targetId: notifications.targetId,
        payload: notifications.payload,
        applicationId: notifications.applicationId,
        vacancyId: applications.vacancyId,
        vacancyName: vacancies.name,
        request: {
          id: absenceRequests.id,
          employeeId: absenceRequests.employeeId,
          dateFrom: absenceRequests.dateFrom,
          dateTo: absenceRequests.dateTo,
          halfDayStart: absenceRequests.halfDayStart,
          halfDayEnd: absenceRequests.halfDayEnd,
          status: absenceRequests.status,
        },
        typeCode: absenceTypes.code,
        typeNames: absenceTypes.names,
        firstName: employees.firstName,
        lastName: employees.lastName,
      })
      .from(notifications)
      .leftJoin(
        applications,
        and(eq(applications.companyId, companyId), eq(applications.id, notifications.applicationId)),
      )
      .leftJoin(vacancies, and(eq(vacancies.companyId, companyId), eq(vacancies.id, applications.vacancyId)))
      .leftJoin(
        absenceRequests,
        and(eq(absenceRequests.companyId, companyId), eq(absenceRequests.id, notifications.absenceRequestId)),
      )
      .leftJoin(
        absenceTypes,
        and(eq(absenceTypes.companyId, companyId), eq(absenceTypes.id, absenceRequests.absenceTypeId)),
      )
      .leftJoin(
        employees,
        and(eq(employees.companyId, companyId), eq(employees.id, absenceRequests.employeeId)),
      )
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(notifications).where(mine),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function countUnread(db: Db, companyId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
      ),
    );
  return row?.unread ?? 0;
}

/** Marks the user's notifications read: those listed, or all of them. */
export async function markRead(
  db: Db,
  companyId: number,
  userId: number,
  ids: readonly number[] | undefined,
  now: Date,
): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(
        eq(notifications.companyId, companyId),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, [...ids]) : undefined,
      ),
    );
}
