import type { Locale } from '@kadry/shared/constants';
import type { ApplicationSummary, MoveApplicationInput } from '@kadry/shared/schemas/recruiting';
import type { ApplicationMail, BulkResultResponse, MailDraft } from '@kadry/shared/schemas/recruiting-mail';
import type { MailCalendar, ApplicationMail as MailRecord } from '../../db/schema/recruiting-mail';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EmailSender } from '../../lib/email-sender';
import type { EventBus } from '../../lib/event-bus';
import type { JobQueue } from '../../lib/job-queue';
import {
  findAcknowledgementTemplate,
  findTemplateForSending,
  formatInterviewTime,
  type RenderedMail,
  renderMail,
} from '../mail-templates/mail-templates.service';
import {
  cancelScheduledMails,
  claimMailForDelivery,
  findApplicationForMail,
  findCompanyName,
  findMailsByIds,
  hasMailOfKind,
  insertMail,
  type MailRow,
  markMailFailed,
  markMailSent,
} from './application-mail.queries';
import { resolveTargetRows } from './application-targets.service';
import type { ApplicationRow } from './applications.queries';
import {
  type ApplicationContext,
  canSeeField,
  findReachableApplication,
  moveApplication,
} from './applications.service';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The mail rules need the job queue besides what every application rule needs. */
export type ApplicationMailContext = ApplicationContext & { jobs: Pick<JobQueue, 'enqueue' | 'runNow'> };

/** Attempts of a candidate mail before its job is dead (it stays `failed`, visible in the history). */
const MAIL_ATTEMPTS = 8;

/** A mail as the wire has it: the address only for roles that see candidates' e-mails. */
export function toMailWire(row: MailRow, showAddress: boolean): ApplicationMail {
  return {
    id: row.id,
    application_id: row.applicationId,
    kind: row.kind,
    state: row.state,
    ...(showAddress ? { to: row.toAddress } : {}),
    subject: row.subject,
    body: row.bodyHtml,
    sender: row.senderId === null ? null : { id: row.senderId, name: row.senderName ?? '' },
    send_at: row.sendAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    error: row.state === 'failed' ? row.lastError : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The application facts a mail's placeholders and address come from. */
type MailTarget = Pick<
  ApplicationRow,
  'id' | 'companyId' | 'candidateName' | 'candidateEmail' | 'vacancyName'
>;

/** Who sends: a staff member (replies go to them), or nobody for automatic mail. */
export type MailSender = { id: number; name: string; email: string; timezone: string } | null;

/** A mail recorded with its delivery job; immediate ones are handed over right after the commit. */
export type QueuedMail = { id: number; jobId: number; isImmediate: boolean };

/** Records a rendered mail to the application's candidate and its delivery job, in the caller's transaction. */
async function recordMail(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  input: {
    target: MailTarget & { candidateEmail: string };
    rendered: RenderedMail;
    kind: MailRecord['kind'];
    sender: MailSender;
    templateId: number | null;
    sendAt: Date;
    isDelayed: boolean;
    calendar?: MailCalendar | null;
  },
): Promise<QueuedMail> {
  const { target, rendered, sender } = input;
  const id = await insertMail(tx, {
    companyId: target.companyId,
    applicationId: target.id,
    kind: input.kind,
    state: input.isDelayed ? 'scheduled' : 'queued',
    templateId: input.templateId,
    senderId: sender?.id ?? null,
    toAddress: target.candidateEmail,
    replyTo: sender?.email ?? null,
    subject: rendered.subject,
    bodyHtml: rendered.html,
    bodyText: rendered.text,
    calendar: input.calendar ?? null,
    sendAt: input.sendAt,
  });
  const jobId = await jobs.enqueue(
    tx,
    target.companyId,
    'candidate-mail.send',
    { mailId: id },
    { maxAttempts: MAIL_ATTEMPTS, ...(input.isDelayed ? { availableAt: input.sendAt } : {}) },
  );
  return { id, jobId, isImmediate: !input.isDelayed };
}

/**
 * Records a mail to the application's candidate and its delivery job, in the caller's transaction.
 * The address is the candidate's (resolved here, never taken from the client); 409 when there is none.
 * `delayMinutes`: a scheduled mail (cancellable until it leaves).
 */
async function queueMail(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  input: {
    target: MailTarget;
    draft: Pick<MailDraft, 'subject' | 'body' | 'locale' | 'interview_time' | 'template_id'>;
    kind: MailRecord['kind'];
    sender: MailSender;
    companyName: string;
    delayMinutes?: number;
    now?: Date;
  },
): Promise<QueuedMail> {
  const { target, draft, sender } = input;
  if (!target.candidateEmail) throw new AppError('conflict', { key: 'hr.recruiting_mail.error.no_email' });
  const rendered = renderMail(draft, {
    candidate_name: target.candidateName,
    vacancy: target.vacancyName,
    company: input.companyName,
    interview_time: formatInterviewTime(draft.interview_time, draft.locale, sender?.timezone ?? 'UTC'),
    sender: sender?.name ?? input.companyName,
  });
  const delayMs = (input.delayMinutes ?? 0) * 60_000;
  return recordMail(tx, jobs, {
    target: { ...target, candidateEmail: target.candidateEmail },
    rendered,
    kind: input.kind,
    sender,
    templateId: draft.template_id ?? null,
    sendAt: new Date((input.now ?? new Date()).getTime() + delayMs),
    isDelayed: delayMs > 0,
  });
}

/**
 * For the interview rules: a mail the server composed (an invitation, its update or cancellation, a
 * reminder), with its .ics, queued in their transaction and sent at once. Null when the candidate left
 * no address (the interview goes ahead; nobody can be written to).
 */
export async function queueComposedMail(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  input: {
    target: MailTarget;
    rendered: RenderedMail;
    calendar: MailCalendar | null;
    sender: MailSender;
  },
): Promise<QueuedMail | null> {
  const { target } = input;
  if (!target.candidateEmail) return null;
  return recordMail(tx, jobs, {
    target: { ...target, candidateEmail: target.candidateEmail },
    rendered: input.rendered,
    kind: 'interview',
    sender: input.sender,
    templateId: null,
    sendAt: new Date(),
    isDelayed: false,
    calendar: input.calendar,
  });
}

/**
 * What every mail a user writes to candidates checks first (from the card, a stage move, a rejection,
 * in bulk): the writer may see candidates' addresses (`field_email`, 403 otherwise: nobody writes to
 * an address they may not see, decision 035), and a template id names one of the company's templates
 * (422 otherwise).
 */
export async function checkMailDraft(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  draft: Pick<MailDraft, 'template_id'>,
  path: string,
) {
  if (!canWriteToCandidates(ctx.access)) {
    throw new AppError('forbidden', { key: 'hr.recruiting_mail.error.no_email_field' });
  }
  if (draft.template_id == null) return;
  if (!(await findTemplateForSending(ctx.db, ctx.access.user.companyId, draft.template_id))) {
    throw new AppError('validation', { issues: { [path]: [{ key: 'errors.invalid_value' }] } });
  }
}

/** Whether the user may write to candidates: only a role that sees their addresses (decision 035). */
export function canWriteToCandidates(access: ApplicationContext['access']): boolean {
  return canSeeField(access, 'field_email');
}

export function senderOf(ctx: Pick<ApplicationContext, 'access'>): MailSender {
  const { user } = ctx.access;
  return { id: user.id, name: user.name, email: user.email, timezone: user.timezone };
}

/**
 * Hands immediate mails over now (after the commit), so a mail usually leaves before the request
 * answers. A failure is already recorded on the mail (`failed`) and retried by the job queue.
 */
export async function sendQueuedNow(jobs: Pick<JobQueue, 'runNow'>, mails: readonly QueuedMail[]) {
  const jobIds = mails.filter((mail) => mail.isImmediate).map((mail) => mail.jobId);
  if (jobIds.length > 0) await jobs.runNow(jobIds).catch(() => undefined);
}

/** The mail as the user who caused it may see it. */
async function readMail(ctx: ApplicationContext, companyId: number, id: number): Promise<ApplicationMail> {
  const [row] = await findMailsByIds(ctx.db, companyId, [id]);
  if (!row) throw new AppError('not_found');
  return toMailWire(row, canSeeField(ctx.access, 'field_email'));
}

/**
 * Sends a mail to an application's candidate (Candidate update level on it, and `field_email`). The
 * address is resolved here from the application. Replies go to the sender.
 */
export async function sendApplicationMail(
  ctx: ApplicationMailContext,
  id: number,
  draft: MailDraft,
): Promise<ApplicationMail> {
  const row = await findReachableApplication(ctx, id, 'update');
  await checkMailDraft(ctx, draft, 'template_id');
  const companyName = await findCompanyName(ctx.db, row.companyId);
  const queued = await ctx.db.transaction((tx) =>
    queueMail(tx, ctx.jobs, { target: row, draft, kind: 'manual', sender: senderOf(ctx), companyName }),
  );
  await sendQueuedNow(ctx.jobs, [queued]);
  return readMail(ctx, row.companyId, queued.id);
}

/** A stage move with an optional mail about it, both in one transaction. */
export async function moveApplicationWithMail(
  ctx: ApplicationMailContext,
  id: number,
  input: MoveApplicationInput,
): Promise<ApplicationSummary> {
  const { mail } = input;
  if (!mail) return moveApplication(ctx, id, input.stage_id);
  // Out of reach is 404 before the mail is looked at (no 403 tells that the application exists).
  await findReachableApplication(ctx, id, 'update');
  await checkMailDraft(ctx, mail, 'mail.template_id');
  const companyName = await findCompanyName(ctx.db, ctx.access.user.companyId);
  let queued: QueuedMail | undefined;
  const summary = await moveApplication(ctx, id, input.stage_id, async (tx, row) => {
    queued = await queueMail(tx, ctx.jobs, {
      target: row,
      draft: mail,
      kind: 'stage',
      sender: senderOf(ctx),
      companyName,
    });
  });
  if (queued) await sendQueuedNow(ctx.jobs, [queued]);
  return summary;
}

/** What a bulk action found of one application before acting. */
export type BulkTarget = {
  id: number;
  row: ApplicationRow | null;
  outcome: BulkResultResponse['data'][number]['outcome'];
};

/**
 * Each application of a bulk action with what the user may do to it (Candidate update level), found
 * for all of them in a few statements (application-targets.service.ts).
 */
export async function resolveBulkTargets(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  ids: readonly number[],
): Promise<BulkTarget[]> {
  return resolveTargetRows(ctx, ids);
}

/** The outcome per application, and the recorded action's undo when it can be undone (else nulls). */
export function summariseBulk(
  targets: readonly BulkTarget[],
  undo: { actionId: number; until: Date } | null = null,
): BulkResultResponse {
  const data = targets.map((target) => ({ id: target.id, outcome: target.outcome }));
  const done = data.filter((item) => item.outcome === 'done').length;
  return {
    data,
    meta: {
      done,
      skipped: data.length - done,
      action_id: undo?.actionId ?? null,
      undoable_until: undo?.until.toISOString() ?? null,
    },
  };
}

/** The same mail to many applications' candidates, in one transaction; the result per application. */
export async function sendBulkMail(
  ctx: ApplicationMailContext,
  ids: readonly number[],
  draft: MailDraft,
): Promise<BulkResultResponse> {
  const companyId = ctx.access.user.companyId;
  await checkMailDraft(ctx, draft, 'mail.template_id');
  const targets = await resolveBulkTargets(ctx, ids);
  for (const target of targets) {
    if (target.row && !target.row.candidateEmail) target.outcome = 'no_email';
  }
  const companyName = await findCompanyName(ctx.db, companyId);
  const queued = await ctx.db.transaction(async (tx) => {
    const mails: QueuedMail[] = [];
    for (const target of targets) {
      if (target.outcome !== 'done' || !target.row) continue;
      mails.push(
        await queueMail(tx, ctx.jobs, {
          target: target.row,
          draft,
          kind: 'manual',
          sender: senderOf(ctx),
          companyName,
        }),
      );
    }
    return mails;
  });
  await sendQueuedNow(ctx.jobs, queued);
  return summariseBulk(targets);
}

/** For bulk moves: a mail about the move to one application's candidate, queued in their transaction. */
export function queueStageMail(
  tx: Tx,
  ctx: ApplicationMailContext,
  input: { target: MailTarget; draft: MailDraft; companyName: string },
): Promise<QueuedMail> {
  return queueMail(tx, ctx.jobs, {
    target: input.target,
    draft: input.draft,
    kind: 'stage',
    sender: senderOf(ctx),
    companyName: input.companyName,
  });
}

/** The company's name as candidate mail signs it. */
export function findCompanyNameForMail(db: Db, companyId: number): Promise<string> {
  return findCompanyName(db, companyId);
}

/** For the rejection rules: a rejection mail, queued in their transaction. */
export async function queueRejectionMail(
  tx: Tx,
  ctx: ApplicationMailContext,
  input: { target: MailTarget; draft: MailDraft; delayMinutes: number; companyName: string },
): Promise<QueuedMail> {
  return queueMail(tx, ctx.jobs, {
    target: input.target,
    draft: input.draft,
    kind: 'rejection',
    sender: senderOf(ctx),
    companyName: input.companyName,
    delayMinutes: input.delayMinutes,
  });
}

/**
 * Calls off a scheduled mail before it leaves (Candidate update level on its application); 409 when
 * it is no longer scheduled (sent, being sent, or cancelled already).
 */
export async function cancelMail(ctx: ApplicationMailContext, mailId: number): Promise<ApplicationMail> {
  const companyId = ctx.access.user.companyId;
  const [mail] = await findMailsByIds(ctx.db, companyId, [mailId]);
  if (!mail) throw new AppError('not_found');
  await findReachableApplication(ctx, mail.applicationId, 'update');
  const cancelled = await cancelScheduledMails(ctx.db, companyId, [mailId]);
  if (cancelled.length === 0)
    throw new AppError('conflict', { key: 'hr.recruiting_mail.error.not_cancellable' });
  return readMail(ctx, companyId, mailId);
}

/** For the rejection rules: calls off scheduled mails (reopening cancels a pending rejection mail). */
export function cancelScheduled(db: Pick<Db, 'update'>, companyId: number, ids: readonly number[]) {
  return cancelScheduledMails(db, companyId, ids);
}

export type CandidateMailDeps = {
  db: Db;
  sender: EmailSender;
  log: { warn(details: object, message: string): void };
};

/**
 * Delivers one candidate mail (the job of 'candidate-mail.send'): nothing when it was cancelled or
 * already sent; `failed` with the error when the hand-over fails (the job retries; `sent` once a retry
 * succeeds).
 */
export async function deliverCandidateMail(deps: CandidateMailDeps, companyId: number, mailId: number) {
  const mail = await claimMailForDelivery(deps.db, companyId, mailId);
  if (!mail) return;
  try {
    await deps.sender.send({
      to: mail.toAddress,
      subject: mail.subject,
      text: mail.bodyText,
      html: mail.bodyHtml,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      ...(mail.calendar
        ? {
            icalEvent: {
              method: mail.calendar.method,
              filename: 'invite.ics',
              content: mail.calendar.content,
            },
          }
        : {}),
    });
  } catch (error) {
    await markMailFailed(deps.db, companyId, mailId, error instanceof Error ? error.message : String(error));
    throw error;
  }
  await markMailSent(deps.db, companyId, mailId);
}

/**
 * Acknowledges a new application by mail when the company does (on by default), with its
 * acknowledgement template in the candidate's language. Idempotent: an application is acknowledged once.
 */
async function acknowledgeApplication(
  deps: CandidateMailDeps,
  jobs: Pick<JobQueue, 'enqueue' | 'runNow'>,
  companyId: number,
  applicationId: number,
): Promise<void> {
  const { db } = deps;
  const application = await findApplicationForMail(db, companyId, applicationId);
  if (!application?.candidateEmail) return;
  const locale: Locale = application.locale ?? 'en';
  const template = await findAcknowledgementTemplate(db, companyId, locale);
  if (!template) return;
  const companyName = await findCompanyName(db, companyId);
  const queued = await db.transaction(async (tx) => {
    if (await hasMailOfKind(tx, companyId, applicationId, 'acknowledgement')) return null;
    return queueMail(tx, jobs, {
      target: { ...application, companyId },
      draft: {
        subject: template.subject,
        body: template.body,
        locale: template.locale,
        template_id: template.id,
      },
      kind: 'acknowledgement',
      sender: null,
      companyName,
    });
  });
  if (queued) await sendQueuedNow(jobs, [queued]);
}

/**
 * Candidate mail's wiring (app.ts): the delivery job, and the acknowledgement of each new application
 * (application.created, through the event bus).
 */
export function subscribeCandidateMail(bus: EventBus, jobs: JobQueue, deps: CandidateMailDeps): void {
  jobs.register('candidate-mail.send', (job) =>
    deliverCandidateMail(deps, job.companyId, job.payload.mailId),
  );
  bus.subscribe('application.created', 'applications.acknowledge', async (event) => {
    await acknowledgeApplication(deps, jobs, event.companyId, event.payload.applicationId);
  });
}
