import { createTranslator } from '@kadry/shared/i18n/translate';
import { levelOf } from '@kadry/shared/permissions/permission-state';
import type { PermissionsMap } from '@kadry/shared/permissions/schemas';
import type { AbsenceTypeCode } from '@kadry/shared/schemas/absences';
import type { AbsenceRequestRow, AbsenceRequestStepRow, AbsenceTypeRow } from '../../db/schema/absences';
import type { NotificationKind } from '../../db/schema/notifications';
import type { Db } from '../../db/tables';
import type { EventBus, EventName } from '../../lib/event-bus';
import type { MailQueue } from '../../lib/mail-queue';
import { type Access, maskPermissionsByPlan } from '../../plugins/access/access';
import { findRolePermissions, isBuiltInRole } from '../../plugins/access/roles';
import { computeTeamReach } from '../../plugins/access/team-reach';
import {
  canSeeEmployee,
  levelReaches,
  type Relation,
  readerOf,
  relationOf,
} from '../employees/employee-visibility';
import {
  findCompanyForNotice,
  findEmployeeName,
  findEnabledStaffForNotice,
  findRevokerId,
  findSentNoticeKeys,
  findTeamStructureForNotice,
  lockRequestNotices,
  upsertAbsenceNotifications,
} from './absence-notifications.queries';
import { type AbsenceEmployee, findAbsenceEmployee, findRequest, listAbsenceTypes } from './absences.queries';
import { canDecideStep } from './absences.service';

// Every step of an absence request tells the people concerned (issue 14, docs/decisions/018): a mail
// (a durable job, in the recipient's language, linking to the request) and an in-app notification
// (the unread counter; written in the same transaction) to
// - requested / step approved: whoever may decide the step now pending (its named approver, or who
//   holds the type's approval action with an update level that reaches the employee: to_all for HR);
// - approved / rejected (with the reason) / revoked: the employee's own account;
// - revoked: also the approvers who approved it;
// - cancelled: whoever could have decided the step that was pending.
// Nobody is told about a request they could not open. Idempotent: each notice has a key (request,
// what happened, step, recipient) carried by its mail job, checked under a per-request lock, so a
// redelivered event, or two events arriving after the state moved on, never send anything twice; the
// in-app row is unique per (user, request, kind) besides.

export type AbsenceNoticeDeps = {
  db: Db;
  mail: MailQueue;
  log: { warn(details: object, message: string): void };
};

export type AbsenceEventName = Extract<
  EventName,
  | 'absence.requested'
  | 'absence.step_approved'
  | 'absence.approved'
  | 'absence.rejected'
  | 'absence.cancelled'
  | 'absence.revoked'
>;

const ABSENCE_EVENTS: readonly AbsenceEventName[] = [
  'absence.requested',
  'absence.step_approved',
  'absence.approved',
  'absence.rejected',
  'absence.cancelled',
  'absence.revoked',
];

/** What a notice tells its recipient (the i18n key under absences.notice.). */
export type NoticeKind = 'awaiting' | 'approved' | 'rejected' | 'cancelled' | 'revoked' | 'revoked_approver';

/** A notice that was newly sent: to whom, about what, under which key. */
export type SentNotice = { userId: number; email: string; kind: NoticeKind; key: string };

/** The in-app notification's kind of each event (schemas/notifications.ts on the wire). */
const NOTIFICATION_KIND_OF_EVENT: Record<AbsenceEventName, NotificationKind> = {
  'absence.requested': 'absence_requested',
  'absence.step_approved': 'absence_step_approved',
  'absence.approved': 'absence_approved',
  'absence.rejected': 'absence_rejected',
  'absence.cancelled': 'absence_cancelled',
  'absence.revoked': 'absence_revoked',
};

/**
 * Where the HR app (under /app) opens the request: the employee's own page for the outcome of their
 * request, the management tab for those who decide or decided it.
 */
export function noticePath(kind: NoticeKind, requestId: number): string {
  const isOwn = kind === 'approved' || kind === 'rejected' || kind === 'revoked';
  return `/app/absences${isOwn ? '' : '/requests'}?request=${requestId}`;
}

type StaffMember = Awaited<ReturnType<typeof findEnabledStaffForNotice>>[number];
type Recipient = { member: StaffMember; kind: NoticeKind; key: string };

type Loaded = {
  request: AbsenceRequestRow;
  steps: AbsenceRequestStepRow[];
  type: AbsenceTypeRow;
  employee: AbsenceEmployee;
};

/** Who may open a request and what they may do with it, per staff account. */
function createAccessJudge(
  db: Db,
  companyId: number,
  tariffs: readonly string[],
  structure: Awaited<ReturnType<typeof findTeamStructureForNotice>>,
) {
  const permissionsByRole = new Map<number, Promise<PermissionsMap>>();
  async function accessOf(member: StaffMember): Promise<Pick<Access, 'user' | 'permissions' | 'teamIds'>> {
    let permissions = permissionsByRole.get(member.roleId);
    if (!permissions) {
      const key = isBuiltInRole(member.roleKey) ? member.roleKey : null;
      permissions = findRolePermissions(db, { id: member.roleId, key, companyId }).then((found) =>
        maskPermissionsByPlan(found, tariffs),
      );
      permissionsByRole.set(member.roleId, permissions);
    }
    const reach = computeTeamReach(member.employeeId, structure);
    return {
      user: { ...member, impersonator: null },
      permissions: await permissions,
      teamIds: reach.teamIds,
    };
  }

  /**
   * The relation under which the member opens the request (as the service's loadRequest decides:
   * the employee visible and the AbsenceRequest view level reaching them, or a step's named
   * approver), or null when the request is hidden from them.
   */
  async function relationFor(member: StaffMember, loaded: Loaded): Promise<Relation | null> {
    const access = await accessOf(member);
    const reader = readerOf(access);
    if (canSeeEmployee(reader, loaded.employee)) {
      const relation = relationOf(reader, loaded.employee);
      const view = levelOf(access.permissions.AbsenceRequest.visibilitySettings, 'view');
      if (levelReaches(view, relation)) return relation;
    }
    const isNamedApprover = loaded.steps.some((step) => step.approverEmployeeId === member.employeeId);
    return isNamedApprover ? 'other' : null;
  }

  /** Whether the member may open the request and decide this step of it. */
  async function mayDecide(member: StaffMember, loaded: Loaded, step: AbsenceRequestStepRow) {
    const relation = await relationFor(member, loaded);
    if (relation === null) return false;
    return canDecideStep(await accessOf(member), step, loaded.type.code as AbsenceTypeCode, relation);
  }

  return { relationFor, mayDecide };
}

function noticeKey(requestId: number, what: string, userId: number): string {
  return `absence-notice:${requestId}:${what}:${userId}`;
}

/** Who is told what about this event, given the request as it is now. */
async function chooseRecipients(
  db: Db,
  companyId: number,
  event: AbsenceEventName,
  loaded: Loaded,
): Promise<Recipient[]> {
  const { request, steps } = loaded;
  const company = await findCompanyForNotice(db, companyId);
  if (!company) return [];
  // Who may decide a step is anyone's question; the outcome concerns the employee and the approvers.
  const asksApprovers =
    event === 'absence.requested' || event === 'absence.step_approved' || event === 'absence.cancelled';
  const staff = await findEnabledStaffForNotice(
    db,
    companyId,
    asksApprovers
      ? undefined
      : {
          employeeId: request.employeeId,
          userIds: steps.flatMap((step) => (step.decidedById === null ? [] : [step.decidedById])),
        },
  );
  const structure = await findTeamStructureForNotice(
    db,
    companyId,
    staff.map((member) => member.employeeId),
  );
  const judge = createAccessJudge(db, companyId, company.tariffs, structure);

  const approversOf = async (step: AbsenceRequestStepRow, kind: NoticeKind, what: string) => {
    const chosen: Recipient[] = [];
    for (const member of staff) {
      if (await judge.mayDecide(member, loaded, step)) {
        chosen.push({ member, kind, key: noticeKey(request.id, what, member.id) });
      }
    }
    return chosen;
  };
  /** The employee's own account, when it may open its own request. */
  const employeeAccount = async (kind: NoticeKind) => {
    const member = staff.find((candidate) => candidate.employeeId === request.employeeId);
    if (!member || (await judge.relationFor(member, loaded)) === null) return [];
    return [{ member, kind, key: noticeKey(request.id, kind, member.id) }];
  };

  switch (event) {
    case 'absence.requested':
    case 'absence.step_approved': {
      // The step pending now: when the request moved on before this delivery, the later step's
      // approvers are told once (the key names the step), and a decided request tells nobody here.
      const current = steps.find((step) => step.status === 'pending');
      if (request.status !== 'pending' || !current) return [];
      return approversOf(current, 'awaiting', `awaiting:${current.position}`);
    }
    case 'absence.cancelled': {
      // Withdrawing skips the pending steps: the first skipped one was awaiting a decision.
      const withdrawn = steps.find((step) => step.status === 'skipped');
      if (request.status !== 'cancelled' || !withdrawn) return [];
      return approversOf({ ...withdrawn, status: 'pending' }, 'cancelled', 'cancelled');
    }
    case 'absence.approved': {
      if (request.status !== 'approved' && request.status !== 'revoked') return [];
      // Nothing to tell someone who entered their own absence that needed no approval.
      const isOwnDirect =
        steps.length === 0 &&
        staff.some((member) => member.id === request.createdById && member.employeeId === request.employeeId);
      return isOwnDirect ? [] : employeeAccount('approved');
    }
    case 'absence.rejected':
      return request.status === 'rejected' ? employeeAccount('rejected') : [];
    case 'absence.revoked': {
      if (request.status !== 'revoked') return [];
      const revokerId = await findRevokerId(db, companyId, request.id);
      const approverIds = new Set(
        steps.flatMap((step) =>
          step.status === 'approved' && step.decidedById !== null ? [step.decidedById] : [],
        ),
      );
      const approvers: Recipient[] = [];
      for (const member of staff) {
        if (!approverIds.has(member.id) || member.employeeId === request.employeeId) continue;
        if ((await judge.relationFor(member, loaded)) === null) continue;
        approvers.push({
          member,
          kind: 'revoked_approver',
          key: noticeKey(request.id, 'revoked', member.id),
        });
      }
      return [...(await employeeAccount('revoked')), ...approvers].filter(
        (recipient) => recipient.member.id !== revokerId,
      );
    }
  }
}

function formatAmount(t: ReturnType<typeof createTranslator>, locale: string, loaded: Loaded): string {
  const amount = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(loaded.request.amount);
  const key = loaded.type.unit === 'hours' ? 'absences.notice.hours' : 'absences.notice.days';
  return t(key, { count: loaded.request.amount, amount });
}

/** The mail of one notice, in the recipient's language. */
export function composeNotice(
  recipient: Pick<StaffMember, 'locale' | 'name'>,
  kind: NoticeKind,
  details: Loaded & { employeeName: string; companyName: string; linkOrigin: string | null },
): { subject: string; text: string } {
  const { locale } = recipient;
  const t = createTranslator(locale);
  const { request, steps, type } = details;
  const rejected = steps.find((step) => step.status === 'rejected');
  const params = {
    name: recipient.name,
    employee: details.employeeName,
    company: details.companyName,
    type: type.names[locale] || type.names.en,
    dates:
      request.dateFrom === request.dateTo
        ? request.dateFrom
        : t('absences.notice.range', { from: request.dateFrom, to: request.dateTo }),
    amount: formatAmount(t, locale, details),
    reason: rejected?.reason ?? '',
  };
  const halfDays = [
    request.halfDayStart ? t('absences.notice.half_day_start') : '',
    request.halfDayEnd ? t('absences.notice.half_day_end') : '',
  ]
    .filter(Boolean)
    .join(' ');
  const comment = request.comment ? `\n\n${t('absences.notice.comment', { comment: request.comment })}` : '';
  const body = t(`absences.notice.${kind}.text`, {
    ...params,
    dates: `${params.dates}${halfDays ? ` ${halfDays}` : ''}`,
  });
  const path = noticePath(kind, request.id);
  // The trusted origin of the request that caused the event; without one the mail names the page.
  const link = details.linkOrigin ? `${details.linkOrigin}${path}` : `Kadry: ${path}`;
  return {
    subject: t(`absences.notice.${kind}.subject`, params),
    text: `${body}${kind === 'awaiting' ? comment : ''}\n\n${t('absences.notice.open', { link })}\n`,
  };
}

/**
 * Sends the notices an absence event calls for (see above) and answers those newly sent; a notice
 * already sent for the same key is skipped.
 */
export async function notifyAbsenceEvent(
  deps: AbsenceNoticeDeps,
  companyId: number,
  event: AbsenceEventName,
  requestId: number,
  linkOrigin: string | null = null,
): Promise<SentNotice[]> {
  const { db } = deps;
  const found = await findRequest(db, companyId, requestId);
  if (!found) return [];
  const [types, employee] = await Promise.all([
    listAbsenceTypes(db, companyId),
    findAbsenceEmployee(db, companyId, found.request.employeeId),
  ]);
  const type = types.find((row) => row.id === found.request.absenceTypeId);
  if (!type || !employee) return [];
  const loaded: Loaded = { ...found, type, employee };
  const recipients = await chooseRecipients(db, companyId, event, loaded);
  if (recipients.length === 0) return [];
  const [employeeName, company] = await Promise.all([
    findEmployeeName(db, companyId, employee.id),
    findCompanyForNotice(db, companyId),
  ]);
  const details = { ...loaded, employeeName, companyName: company?.name ?? '', linkOrigin };

  const { sent, jobIds } = await db.transaction(async (tx) => {
    await lockRequestNotices(tx, requestId);
    const already = await findSentNoticeKeys(
      tx,
      companyId,
      recipients.map((recipient) => recipient.key),
    );
    const newly: SentNotice[] = [];
    const ids: number[] = [];
    for (const recipient of recipients) {
      if (already.has(recipient.key)) continue;
      already.add(recipient.key);
      const message = composeNotice(recipient.member, recipient.kind, details);
      // The notice key rides on the job as its replace key: it is what findSentNoticeKeys looks for.
      ids.push(
        await deps.mail.enqueue(
          tx,
          companyId,
          { to: recipient.member.email, ...message },
          { replaceKey: recipient.key },
        ),
      );
      newly.push({
        userId: recipient.member.id,
        email: recipient.member.email,
        kind: recipient.kind,
        key: recipient.key,
      });
    }
    // The in-app notification of each mailed recipient, in the same transaction as the mail job.
    await upsertAbsenceNotifications(
      tx,
      companyId,
      requestId,
      [...new Set(newly.map((notice) => notice.userId))].map((userId) => ({
        userId,
        kind: NOTIFICATION_KIND_OF_EVENT[event],
      })),
    );
    return { sent: newly, jobIds: ids };
  });
  // A mail that fails now is retried by the job queue.
  await deps.mail
    .sendNow(jobIds)
    .catch((error: unknown) => deps.log.warn({ err: error, requestId }, 'absence notice e-mail failed'));
  return sent;
}

/** Every absence event reaches its notices through the event bus (registered in app.ts). */
export function subscribeAbsenceNotifications(bus: EventBus, deps: AbsenceNoticeDeps): void {
  for (const name of ABSENCE_EVENTS) {
    bus.subscribe(name, `absences.notify.${name.slice('absence.'.length)}`, async (event) => {
      // Events recorded before they carried linkOrigin have none: their mail names the page.
      const { requestId, linkOrigin } = event.payload;
      await notifyAbsenceEvent(deps, event.companyId, name, requestId, linkOrigin ?? null);
    });
  }
}
