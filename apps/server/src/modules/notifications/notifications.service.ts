import { levelOf } from '@kadry/shared/permissions/permission-state';
import {
  ABSENCE_STATUSES,
  ABSENCE_TYPE_CODES,
  type AbsenceStatus,
  type AbsenceTypeCode,
} from '@kadry/shared/schemas/absences';
import type { PageMeta } from '@kadry/shared/schemas/common';
import {
  ABSENCE_NOTIFICATION_KINDS,
  type AbsenceNotificationKind,
  GENERIC_NOTIFICATION_KINDS,
  type GenericNotificationKind,
  NOTIFICATION_TARGET_TYPES,
  type Notification,
  type NotificationTargetType,
} from '@kadry/shared/schemas/notifications';
import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import type { MailQueue } from '../../lib/mail-queue';
import { type Access, canSeeObject, maskPermissionsByPlan } from '../../plugins/access/access';
import { findRolePermissions, isBuiltInRole } from '../../plugins/access/roles';
import { computeTeamReach } from '../../plugins/access/team-reach';
import { findVacancyRecruiterIds } from '../vacancies/vacancies.service';
import {
  countUnread,
  deleteTargetNotifications,
  findApplicationForNotice,
  findEnabledStaff,
  findTeamStructure,
  insertGenericNotifications,
  insertNotifications,
  listNotifications,
  markRead,
} from './notifications.queries';

export type NotificationDeps = {
  db: Db;
  mail: MailQueue;
  log: { warn(details: object, message: string): void };
};

/**
 * Tells the staff who may see a new application about it: a notification row each (the unread counter
 * in the app) and an e-mail (a durable job, committed with the notification row). Idempotent per (user, application): a delivery retried by the
 * event bus, or a retried submission, notifies nobody twice. Answers who was newly notified.
 */
async function notifyNewApplication(
  deps: NotificationDeps,
  companyId: number,
  notice: { applicationId: number; linkOrigin: string | null },
): Promise<number[]> {
  const { applicationId } = notice;
  const { db } = deps;
  const application = await findApplicationForNotice(db, companyId, applicationId);
  if (!application) return [];
  const [recruiterIds, staff, structure] = await Promise.all([
    findVacancyRecruiterIds(db, companyId, application.vacancyId),
    findEnabledStaff(db, companyId),
    findTeamStructure(db, companyId),
  ]);

  const levelByRole = new Map<number, ReturnType<typeof levelOf>>();
  const recipients: typeof staff = [];
  for (const member of staff) {
    let level = levelByRole.get(member.roleId);
    if (level === undefined) {
      const key = isBuiltInRole(member.roleKey) ? member.roleKey : null;
      const permissions = maskPermissionsByPlan(
        await findRolePermissions(db, { id: member.roleId, key, companyId }),
        application.tariffs,
      );
      level = levelOf(permissions.Candidate.visibilitySettings, 'view');
      levelByRole.set(member.roleId, level);
    }
    const reach = computeTeamReach(member.employeeId, structure);
    const access: Pick<Access, 'user' | 'teamIds' | 'teammateIds'> = {
      user: { ...member, impersonator: null },
      ...reach,
    };
    if (canSeeObject(level, access, { ownerIds: recruiterIds, teamId: application.teamId })) {
      recipients.push(member);
    }
  }
  const path = `/app/applications/${applicationId}`;
  // The trusted origin (never the anonymous submitter's Host); without one the mail names the page.
  const link = notice.linkOrigin ? `${notice.linkOrigin}${path}` : `Kadry: ${path}`;
  const { newlyNotified, jobIds } = await db.transaction(async (tx) => {
    const inserted = await insertNotifications(
      tx,
      companyId,
      applicationId,
      recipients.map((member) => member.id),
    );
    const ids: number[] = [];
    for (const member of recipients.filter((candidate) => inserted.has(candidate.id))) {
      ids.push(
        await deps.mail.enqueue(tx, companyId, {
          to: member.email,
          subject: `New application: ${application.vacancyName}`,
          text: `A new application for "${application.vacancyName}" has arrived.\n\n${link}\n`,
        }),
      );
    }
    return { newlyNotified: inserted, jobIds: ids };
  });
  // A mail that fails now is retried by the job queue; the notification stands either way.
  await deps.mail
    .sendNow(jobIds)
    .catch((error: unknown) => deps.log.warn({ err: error, applicationId }, 'notification e-mail failed'));
  return [...newlyNotified];
}

/** Staff hear of new applications through the event bus (application.created). */
export function subscribeNotifications(bus: EventBus, deps: NotificationDeps): void {
  bus.subscribe('application.created', 'notifications.new-application', async (event) => {
    await notifyNewApplication(deps, event.companyId, event.payload);
  });
}

export function countMyUnread(db: Db, access: Access): Promise<number> {
  return countUnread(db, access.user.companyId, access.user.id);
}

/** A user only ever touches their own notifications. */
export async function markMineRead(
  db: Db,
  access: Access,
  ids: readonly number[] | undefined,
  now: Date,
): Promise<number> {
  await markRead(db, access.user.companyId, access.user.id, ids, now);
  return countUnread(db, access.user.companyId, access.user.id);
}

/** A notification of a generic kind: what other modules send (tasks, questions, mentions, events). */
export type GenericNotice = {
  /** The staff users to tell; the sender has checked each may see the target. */
  userIds: readonly number[];
  kind: GenericNotificationKind;
  target: { type: NotificationTargetType; id: number };
  /** Who did it; null when anonymous or done by the system. */
  actorName: string | null;
  /** The name of what it is about, as the users may see it. */
  title: string;
  /** The app path it opens, e.g. `/app/tasks/12`. */
  link: string;
  /** The same key sent again (a redelivered event) notifies nobody twice. */
  dedupeKey: string;
};

/**
 * Stores a generic notification for each user (duplicates by user and dedupe key skipped). Call it
 * inside the write's transaction, or from an event-bus subscriber (which may run twice).
 */
export async function notifyUsers(db: Db, companyId: number, notice: GenericNotice): Promise<void> {
  const userIds = [...new Set(notice.userIds)];
  await insertGenericNotifications(
    db,
    userIds.map((userId) => ({
      companyId,
      userId,
      kind: notice.kind,
      targetType: notice.target.type,
      targetId: notice.target.id,
      payload: { actorName: notice.actorName, title: notice.title.slice(0, 300), link: notice.link },
      dedupeKey: notice.dedupeKey,
    })),
  );
}

/** Forgets the notifications about a target that has been deleted. */
export async function forgetTargetNotifications(
  db: Db,
  companyId: number,
  target: { type: NotificationTargetType; id: number },
): Promise<void> {
  await deleteTargetNotifications(db, companyId, target.type, target.id);
}

function isGenericKind(kind: string): kind is GenericNotificationKind {
  return (GENERIC_NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

function isTargetType(type: string | null): type is NotificationTargetType {
  return type !== null && (NOTIFICATION_TARGET_TYPES as readonly string[]).includes(type);
}

function isAbsenceKind(kind: string): kind is AbsenceNotificationKind {
  return (ABSENCE_NOTIFICATION_KINDS as readonly string[]).includes(kind);
}

type ListedRow = Awaited<ReturnType<typeof listNotifications>>['rows'][number];

/** One stored notification on the wire, or null when what it was about is gone. */
function toNotification(row: ListedRow, ownEmployeeId: number): Notification | null {
  const base = {
    id: row.id,
    read_at: row.readAt ? row.readAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
  if (row.kind === 'application_created') {
    if (row.applicationId === null || row.vacancyId === null) return null;
    return {
      ...base,
      kind: row.kind,
      application_id: row.applicationId,
      vacancy_id: row.vacancyId,
      vacancy_name: row.vacancyName ?? '',
    };
  }
  if (isGenericKind(row.kind)) {
    if (!isTargetType(row.targetType) || row.targetId === null || !row.payload) return null;
    return {
      ...base,
      kind: row.kind,
      target: { type: row.targetType, id: row.targetId },
      actor_name: row.payload.actorName,
      title: row.payload.title,
      link: row.payload.link,
    };
  }
  const request = row.request;
  if (!isAbsenceKind(row.kind) || !request || request.id === null || !row.typeCode || !row.typeNames) {
    return null;
  }
  return {
    ...base,
    kind: row.kind,
    absence_request: {
      id: request.id,
      employee_id: request.employeeId,
      employee_name: `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim(),
      is_own: request.employeeId === ownEmployeeId,
      absence_type: (ABSENCE_TYPE_CODES as readonly string[]).includes(row.typeCode)
        ? (row.typeCode as AbsenceTypeCode)
        : 'vacation',
      type_names: row.typeNames,
      date_from: request.dateFrom,
      date_to: request.dateTo,
      half_day_start: request.halfDayStart,
      half_day_end: request.halfDayEnd,
      status: (ABSENCE_STATUSES as readonly string[]).includes(request.status)
        ? (request.status as AbsenceStatus)
        : 'pending',
    },
  };
}

/**
 * `GET recruiting.notifications`: a page of the user's own notifications, newest first, each saying
 * what it is about; the meta carries the unread count too (the same as the counter's).
 */
export async function listMine(
  db: Db,
  access: Access,
  query: { page: number; per_page: number },
): Promise<{ data: Notification[]; meta: PageMeta & { unread: number } }> {
  const { companyId, id: userId, employeeId } = access.user;
  const [{ rows, total }, unread] = await Promise.all([
    listNotifications(db, companyId, userId, {
      limit: query.per_page,
      offset: (query.page - 1) * query.per_page,
    }),
    countUnread(db, companyId, userId),
  ]);
  return {
    data: rows.flatMap((row) => {
      const notification = toNotification(row, employeeId);
      return notification ? [notification] : [];
    }),
    meta: {
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / query.per_page)),
      per_page: query.per_page,
      total,
      unread,
    },
  };
}
