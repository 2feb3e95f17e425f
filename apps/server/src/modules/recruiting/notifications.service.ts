import { levelOf } from '@kadry/shared/permissions/permission-state';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { notifications } from '../../db/schema/recruiting';
import { responses } from '../../db/schema/responses';
import { roles } from '../../db/schema/roles';
import { teamMembers } from '../../db/schema/team-members';
import { users } from '../../db/schema/users';
import { vacancies } from '../../db/schema/vacancies';
import type { EmailSender } from '../auth/email-sender';
import { canSeeObject, maskPermissionsByPlan } from '../permissions/access';
import { findRolePermissions, isBuiltInRole } from '../permissions/roles.queries';
import { findRecruiterIds } from './recruiting-access';

/**
 * Tells the staff who may see a new application about it: a notification row each (unread counter in
 * the app) and, best effort, an e-mail. Idempotent per (user, application): a retried submission that
 * answers with the same application notifies nobody twice. Runs after the submission committed.
 */
export async function notifyNewApplication(
  db: Db,
  /** appUrl: the trusted origin for the link (never the anonymous submitter's Host); null: no link. */
  deps: { emailSender: EmailSender; log: FastifyBaseLogger; appUrl: string | null },
  companyId: number,
  responseId: number,
): Promise<number[]> {
  const [application] = await db
    .select({
      vacancyId: responses.vacancyId,
      vacancyName: vacancies.name,
      teamId: vacancies.teamId,
      tariffs: companies.tariffs,
    })
    .from(responses)
    .innerJoin(vacancies, eq(vacancies.id, responses.vacancyId))
    .innerJoin(companies, eq(companies.id, responses.companyId))
    .where(and(eq(responses.id, responseId), eq(responses.companyId, companyId)));
  if (!application) return [];
  const recruiterIds = await findRecruiterIds(db, application.vacancyId);
  const staff = await db
    .select({
      id: users.id,
      companyId: users.companyId,
      email: users.email,
      name: users.name,
      roleId: users.roleId,
      roleKey: roles.key,
      locale: users.locale,
      timezone: users.timezone,
      publicId: users.publicId,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.companyId, companyId), eq(users.isDisabled, false)));
  const memberships = await db
    .select({ teamId: teamMembers.teamId, userId: teamMembers.userId })
    .from(teamMembers)
    .where(eq(teamMembers.companyId, companyId));

  const levelByRole = new Map<number, ReturnType<typeof levelOf>>();
  const recipients: typeof staff = [];
  for (const member of staff) {
    let level = levelByRole.get(member.roleId);
    if (level === undefined) {
      const key = isBuiltInRole(member.roleKey) ? member.roleKey : null;
      const permissions = maskPermissionsByPlan(
        await findRolePermissions(db, { id: member.roleId, key }),
        application.tariffs,
      );
      level = levelOf(permissions.Candidate.visibilitySettings, 'view');
      levelByRole.set(member.roleId, level);
    }
    const teamIds = memberships.filter((m) => m.userId === member.id).map((m) => m.teamId);
    const teammateIds = memberships.filter((m) => teamIds.includes(m.teamId)).map((m) => m.userId);
    const access = { user: member, teamIds, teammateIds };
    if (canSeeObject(level, access, { ownerIds: recruiterIds, teamId: application.teamId })) {
      recipients.push(member);
    }
  }
  if (recipients.length === 0) return [];
  const inserted = await db
    .insert(notifications)
    .values(recipients.map((member) => ({ companyId, userId: member.id, responseId })))
    .onConflictDoNothing()
    .returning({ userId: notifications.userId });
  const newlyNotified = new Set(inserted.map((row) => row.userId));
  const path = `/app/candidates/${responseId}`;
  const link = deps.appUrl ? `${deps.appUrl}${path}` : `Kadry: ${path}`;
  await Promise.all(
    recipients
      .filter((member) => newlyNotified.has(member.id))
      .map((member) =>
        deps.emailSender
          .send({
            to: member.email,
            subject: `New application: ${application.vacancyName}`,
            text: `A new application for "${application.vacancyName}" has arrived.\n\n${link}\n`,
          })
          .catch((error: unknown) =>
            deps.log.warn({ err: error, userId: member.id }, 'notification e-mail failed'),
          ),
      ),
  );
  return [...newlyNotified];
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
