import { randomUUID } from 'node:crypto';
import type { Locale } from '@kadry/shared/constants';
import {
  type ApplicationInterviews,
  INTERVIEW_REMINDER_MINUTES,
  type Interview,
  type InterviewDetails,
  type InterviewValues,
  SCORECARD_RECOMMENDATIONS,
  type Scorecard,
  type ScorecardSummary,
  type ScorecardValues,
} from '@kadry/shared/schemas/interviews';
import type { MailCalendar } from '../../db/schema/recruiting-mail';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import type { EmailMessage } from '../../lib/email-sender';
import type { JobQueue } from '../../lib/job-queue';
import { type Access, hasNamedAction } from '../../plugins/access/access';
import { renderComposedMail } from '../mail-templates/mail-templates.service';
import { findRejections, insertActivity } from './application-history.queries';
import { findCompanyName } from './application-mail.queries';
import {
  type ApplicationMailContext,
  canWriteToCandidates,
  type MailSender,
  type QueuedMail,
  queueComposedMail,
  senderOf,
  sendQueuedNow,
} from './application-mail.service';
import { findReachableApplication } from './applications.service';
import { buildInvitation, toInstant, toLocalParts } from './interview-calendar';
import {
  composeCandidateMail,
  composeStaffMail,
  type InterviewFacts,
  type InterviewMailKind,
} from './interview-mail';
import {
  findApplicationInterviews,
  findEnabledStaff,
  findInterview,
  findInterviewers,
  findInterviewsOfInterviewer,
  findScorecards,
  findScorecardsByIds,
  type InterviewerRow,
  type InterviewRow,
  insertInterview,
  isInterviewerOf,
  replaceInterviewers,
  type ScorecardRow,
  updateScheduledInterview,
  upsertScorecard,
} from './interviews.queries';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What the interview rules need: the application rules' context, the clock, and links' origin. */
export type InterviewContext = ApplicationMailContext & {
  now: () => Date;
  /** The request's trusted origin for links in staff mail; null when its host is not trusted. */
  linkOrigin: string | null;
};

/** Past interviews still waiting for the reader's scorecard stay on "My interviews" this long. */
const AWAITING_SCORECARD_DAYS = 14;
const MY_INTERVIEWS_LIMIT = 50;

/** Who is on the staff side of an invitation: name, address, language. */
type StaffRecipient = Pick<InterviewerRow, 'id' | 'name' | 'email' | 'locale'>;

function interviewLink(linkOrigin: string | null, id: number): string {
  const path = `/app/interviews/${id}`;
  return linkOrigin ? `${linkOrigin}${path}` : path;
}

function factsOf(row: InterviewRow, companyName: string): InterviewFacts {
  return {
    candidateName: row.candidateName,
    vacancyName: row.vacancyName,
    companyName,
    startsAt: row.startsAt,
    durationMinutes: row.durationMinutes,
    timeZone: row.timeZone,
    location: row.location,
    videoUrl: row.videoUrl,
    organizerName: row.organizerName,
  };
}

function calendarOf(
  row: InterviewRow,
  kind: InterviewMailKind,
  attendee: { name: string; email: string },
  summary: string,
  description: string,
): MailCalendar | null {
  if (kind === 'reminder') return null;
  const method = kind === 'cancel' ? 'CANCEL' : 'REQUEST';
  return {
    method,
    content: buildInvitation({
      method,
      uid: row.uid,
      sequence: row.sequence,
      startsAt: row.startsAt,
      durationMinutes: row.durationMinutes,
      timeZone: row.timeZone,
      summary,
      description,
      location: row.location ?? row.videoUrl,
      url: row.videoUrl,
      organizer:
        row.organizerName && row.organizerEmail
          ? { name: row.organizerName, email: row.organizerEmail }
          : null,
      attendee,
      stamp: new Date(),
    }),
  };
}

/**
 * Queues an interview mail (with its .ics, except a reminder) to the candidate and to each of the
 * given staff members, in the caller's transaction. Answers what to hand over after the commit.
 */
async function queueInterviewMails(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  input: {
    row: InterviewRow;
    kind: InterviewMailKind;
    toCandidate: boolean;
    staff: readonly StaffRecipient[];
    sender: MailSender;
    companyName: string;
    linkOrigin: string | null;
  },
): Promise<{ candidateMail: QueuedMail | null; staffJobIds: number[] }> {
  const { row, kind } = input;
  const facts = factsOf(row, input.companyName);
  let candidateMail: QueuedMail | null = null;
  if (input.toCandidate && row.candidateEmail) {
    const locale: Locale = row.applicationLocale ?? 'en';
    const mail = composeCandidateMail(kind, locale, facts);
    const rendered = renderComposedMail(mail.subject, mail.html);
    candidateMail = await queueComposedMail(tx, jobs, {
      target: {
        id: row.applicationId,
        companyId: row.companyId,
        candidateName: row.candidateName,
        candidateEmail: row.candidateEmail,
        vacancyName: row.vacancyName,
      },
      rendered,
      calendar: calendarOf(
        row,
        kind,
        { name: row.candidateName, email: row.candidateEmail },
        rendered.subject,
        rendered.text,
      ),
      sender: input.sender,
    });
  }
  const staffJobIds: number[] = [];
  for (const member of input.staff) {
    const mail = composeStaffMail(kind, member.locale, {
      ...facts,
      recipientName: member.name,
      note: row.note,
      link: interviewLink(input.linkOrigin, row.id),
    });
    const calendar = calendarOf(
      row,
      kind,
      { name: member.name, email: member.email },
      mail.subject,
      mail.text,
    );
    const message: EmailMessage = {
      to: member.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      ...(input.sender ? { replyTo: input.sender.email } : {}),
      ...(calendar ? { icalEvent: { ...calendar, filename: 'invite.ics' } } : {}),
    };
    staffJobIds.push(await jobs.enqueue(tx, row.companyId, 'mail.send', message));
  }
  return { candidateMail, staffJobIds };
}

/** Hands the queued mails over after the commit; failures stay queued and are retried. */
async function sendNow(
  jobs: Pick<JobQueue, 'runNow'>,
  queued: readonly { candidateMail: QueuedMail | null; staffJobIds: number[] }[],
) {
  await sendQueuedNow(
    jobs,
    queued.flatMap((item) => (item.candidateMail ? [item.candidateMail] : [])),
  );
  const staffJobIds = queued.flatMap((item) => item.staffJobIds);
  if (staffJobIds.length > 0) await jobs.runNow(staffJobIds).catch(() => undefined);
}

/** The reminder's job, replacing an earlier one of the interview; none when the start is too close. */
async function scheduleReminder(
  tx: Tx,
  jobs: Pick<JobQueue, 'enqueue'>,
  row: Pick<InterviewRow, 'id' | 'companyId' | 'startsAt' | 'sequence'>,
  now: Date,
  linkOrigin: string | null,
) {
  const at = new Date(row.startsAt.getTime() - INTERVIEW_REMINDER_MINUTES * 60_000);
  if (at.getTime() <= now.getTime()) return;
  await jobs.enqueue(
    tx,
    row.companyId,
    'interview.remind',
    { interviewId: row.id, sequence: row.sequence, linkOrigin },
    { replaceKey: `interview-reminder-${row.id}`, availableAt: at },
  );
}

/** 422 unless every interviewer is an enabled staff account of the company. */
async function checkInterviewers(db: Db, companyId: number, ids: readonly number[]) {
  const staff = await findEnabledStaff(db, companyId, ids);
  if (staff.length !== ids.length) {
    throw new AppError('validation', { issues: { interviewer_ids: [{ key: 'errors.invalid_value' }] } });
  }
  return staff;
}

/** The instant an input names; 422 when it is not in the future. */
function startOf(input: InterviewValues, now: Date): Date {
  const startsAt = toInstant(input.date, input.time, input.time_zone);
  if (Number.isNaN(startsAt.getTime())) {
    throw new AppError('validation', { issues: { date: [{ key: 'errors.invalid_value' }] } });
  }
  if (startsAt.getTime() <= now.getTime()) {
    throw new AppError('validation', { issues: { time: [{ key: 'hr.interviews.error.past' }] } });
  }
  return startsAt;
}

/** An interview as the reader sees it. */
function toInterviewWire(
  row: InterviewRow,
  interviewers: readonly InterviewerRow[],
  cards: readonly ScorecardRow[],
  readerId: number,
): Interview {
  const local = toLocalParts(row.startsAt, row.timeZone);
  const own = cards.find((card) => card.interviewId === row.id && card.authorId === readerId);
  return {
    id: row.id,
    application_id: row.applicationId,
    candidate: { name: row.candidateName },
    vacancy: { id: row.vacancyId, name: row.vacancyName },
    state: row.state,
    starts_at: row.startsAt.toISOString(),
    ends_at: new Date(row.startsAt.getTime() + row.durationMinutes * 60_000).toISOString(),
    date: local.date,
    time: local.time,
    duration_minutes: row.durationMinutes,
    time_zone: row.timeZone,
    location: row.location,
    video_url: row.videoUrl,
    note: row.note,
    sequence: row.sequence,
    organizer: row.organizerId === null ? null : { id: row.organizerId, name: row.organizerName ?? '' },
    interviewers: interviewers.map((person) => ({
      id: person.id,
      name: person.name,
      has_scorecard: cards.some((card) => card.interviewId === row.id && card.authorId === person.id),
    })),
    is_interviewer: interviewers.some((person) => person.id === readerId),
    my_scorecard_id: own?.id ?? null,
    scorecard_attributes: row.scorecardAttributes,
  };
}

function toScorecardWire(card: ScorecardRow): Scorecard {
  return {
    id: card.id,
    interview_id: card.interviewId,
    author: { id: card.authorId, name: card.authorName },
    ratings: card.ratings,
    recommendation: card.recommendation,
    notes: card.notes,
    submitted_at: card.submittedAt.toISOString(),
    updated_at: card.updatedAt.toISOString(),
  };
}

/**
 * Whether the reader sees colleagues' scorecards of an application (as Greenhouse does): always with
 * the Candidate action see_scorecards_before_submitting; otherwise an interviewer of one of its
 * interviews only once they have submitted a scorecard of their own. Others who reach the application
 * (the recruiter, the hiring manager) see them all.
 */
function seesOthersScorecards(
  access: Pick<Access, 'user' | 'permissions'>,
  interviewerIds: ReadonlySet<number>,
  cards: readonly Pick<ScorecardRow, 'authorId'>[],
): boolean {
  if (hasNamedAction(access, 'Candidate', 'see_scorecards_before_submitting')) return true;
  if (!interviewerIds.has(access.user.id)) return true;
  return cards.some((card) => card.authorId === access.user.id);
}

/** The scorecards the reader may see, and how many others are held back. */
function visibleScorecards(
  access: Pick<Access, 'user' | 'permissions'>,
  interviewerIds: ReadonlySet<number>,
  cards: readonly ScorecardRow[],
): { shown: ScorecardRow[]; hidden: number } {
  if (seesOthersScorecards(access, interviewerIds, cards)) return { shown: [...cards], hidden: 0 };
  const shown = cards.filter((card) => card.authorId === access.user.id);
  return { shown, hidden: cards.length - shown.length };
}

/** Recommendations counted and each attribute's average, over the given scorecards. */
export function summarizeScorecards(
  cards: readonly Pick<ScorecardRow, 'ratings' | 'recommendation'>[],
): ScorecardSummary {
  const recommendations = Object.fromEntries(SCORECARD_RECOMMENDATIONS.map((key) => [key, 0])) as Record<
    (typeof SCORECARD_RECOMMENDATIONS)[number],
    number
  >;
  const attributes = new Map<string, { key: string; name: string; total: number; count: number }>();
  for (const card of cards) {
    recommendations[card.recommendation] += 1;
    for (const rating of card.ratings) {
      const entry = attributes.get(rating.key) ?? { key: rating.key, name: rating.name, total: 0, count: 0 };
      entry.total += rating.rating;
      entry.count += 1;
      attributes.set(rating.key, entry);
    }
  }
  return {
    count: cards.length,
    recommendations,
    attributes: [...attributes.values()].map((entry) => ({
      key: entry.key,
      name: entry.name,
      average: entry.count > 0 ? Math.round((entry.total / entry.count) * 100) / 100 : null,
      count: entry.count,
    })),
  };
}

/** An application's interviews with their interviewers and scorecards; Candidate view level. */
export async function listApplicationInterviews(
  ctx: Pick<InterviewContext, 'db' | 'access'>,
  applicationId: number,
): Promise<ApplicationInterviews> {
  const { db, access } = ctx;
  const application = await findReachableApplication(ctx, applicationId);
  const rows = await findApplicationInterviews(db, application.companyId, application.id);
  const [interviewers, cards] = await Promise.all([
    findInterviewers(
      db,
      application.companyId,
      rows.map((row) => row.id),
    ),
    findScorecards(db, application.companyId, { applicationId: application.id }),
  ]);
  const interviewerIds = new Set(
    [...interviewers.values()].flatMap((list) => list.map((person) => person.id)),
  );
  const { shown, hidden } = visibleScorecards(access, interviewerIds, cards);
  return {
    data: rows.map((row) => toInterviewWire(row, interviewers.get(row.id) ?? [], cards, access.user.id)),
    scorecards: shown.map(toScorecardWire),
    summary: summarizeScorecards(shown),
    hidden_scorecards: hidden,
  };
}

/** For the history: which scorecards' recommendations the reader may see (null: held back). */
export async function findScorecardRecommendations(
  ctx: Pick<InterviewContext, 'db' | 'access'>,
  application: { id: number; companyId: number },
  scorecardIds: readonly number[],
): Promise<Map<number, Scorecard['recommendation'] | null>> {
  if (scorecardIds.length === 0) return new Map();
  const rows = await findApplicationInterviews(ctx.db, application.companyId, application.id);
  const [interviewers, cards] = await Promise.all([
    findInterviewers(
      ctx.db,
      application.companyId,
      rows.map((row) => row.id),
    ),
    findScorecardsByIds(ctx.db, application.companyId, scorecardIds),
  ]);
  const interviewerIds = new Set(
    [...interviewers.values()].flatMap((list) => list.map((person) => person.id)),
  );
  const all = await findScorecards(ctx.db, application.companyId, { applicationId: application.id });
  const seesAll = seesOthersScorecards(ctx.access, interviewerIds, all);
  return new Map(
    [...cards.values()].map((card) => [
      card.id,
      seesAll || card.authorId === ctx.access.user.id ? card.recommendation : null,
    ]),
  );
}

/**
 * An interview the reader may open: one they interview at (even without access to candidates: the
 * interviewer's kit), or one whose application they reach. 404 otherwise.
 */
async function findOpenableInterview(
  ctx: Pick<InterviewContext, 'db' | 'access'>,
  id: number,
): Promise<{ row: InterviewRow; isInterviewer: boolean }> {
  const companyId = ctx.access.user.companyId;
  const row = await findInterview(ctx.db, companyId, id);
  if (!row) throw new AppError('not_found');
  if (await isInterviewerOf(ctx.db, companyId, row.id, ctx.access.user.id))
    return { row, isInterviewer: true };
  await findReachableApplication(ctx, row.applicationId);
  return { row, isInterviewer: false };
}

/** One interview with the scorecards for it the reader may see. */
export async function getInterview(
  ctx: Pick<InterviewContext, 'db' | 'access'>,
  id: number,
): Promise<InterviewDetails> {
  const { row } = await findOpenableInterview(ctx, id);
  return readInterview(ctx, row);
}

async function readInterview(
  ctx: Pick<InterviewContext, 'db' | 'access'>,
  row: InterviewRow,
): Promise<InterviewDetails> {
  const [interviewers, cards, applicationInterviews] = await Promise.all([
    findInterviewers(ctx.db, row.companyId, [row.id]),
    findScorecards(ctx.db, row.companyId, { applicationId: row.applicationId }),
    findApplicationInterviews(ctx.db, row.companyId, row.applicationId),
  ]);
  const allInterviewers = await findInterviewers(
    ctx.db,
    row.companyId,
    applicationInterviews.map((interview) => interview.id),
  );
  const interviewerIds = new Set(
    [...allInterviewers.values()].flatMap((list) => list.map((person) => person.id)),
  );
  const seesAll = seesOthersScorecards(ctx.access, interviewerIds, cards);
  const forThis = cards.filter((card) => card.interviewId === row.id);
  const shown = seesAll ? forThis : forThis.filter((card) => card.authorId === ctx.access.user.id);
  return {
    data: toInterviewWire(row, interviewers.get(row.id) ?? [], cards, ctx.access.user.id),
    scorecards: shown.map(toScorecardWire),
    hidden_scorecards: forThis.length - shown.length,
  };
}

async function readInterviewWire(
  ctx: Pick<InterviewContext, 'db' | 'access'>,
  companyId: number,
  id: number,
) {
  const row = await findInterview(ctx.db, companyId, id);
  if (!row) throw new AppError('not_found');
  return (await readInterview(ctx, row)).data;
}

/**
 * Schedules an interview of an application (Candidate update level and `field_email`; 409 while it is
 * rejected): the candidate and every interviewer get an invitation with an .ics (METHOD:REQUEST, the
 * interview's TZID), a reminder is set before the start, and the history records it. One transaction.
 */
export async function scheduleInterview(
  ctx: InterviewContext,
  applicationId: number,
  input: InterviewValues,
): Promise<Interview> {
  const application = await findReachableApplication(ctx, applicationId, 'update');
  requireWritingToCandidates(ctx);
  const { companyId } = application;
  const now = ctx.now();
  const startsAt = startOf(input, now);
  const staff = await checkInterviewers(ctx.db, companyId, input.interviewer_ids);
  const companyName = await findCompanyName(ctx.db, companyId);
  const sender = senderOf(ctx);
  const { id, queued } = await ctx.db.transaction(async (tx) => {
    if ((await findRejections(tx, companyId, [application.id])).has(application.id)) {
      throw new AppError('conflict', { key: 'hr.interviews.error.rejected' });
    }
    const created = await insertInterview(tx, {
      companyId,
      applicationId: application.id,
      startsAt,
      durationMinutes: input.duration_minutes,
      timeZone: input.time_zone,
      location: input.location,
      videoUrl: input.video_url,
      note: input.note,
      uid: `${randomUUID()}@kadry`,
      organizerId: ctx.access.user.id,
    });
    await replaceInterviewers(tx, companyId, created.id, input.interviewer_ids);
    await insertActivity(tx, {
      companyId,
      applicationId: application.id,
      kind: 'interview_scheduled',
      actorId: ctx.access.user.id,
      data: { interview_id: created.id, starts_at: startsAt.toISOString(), time_zone: input.time_zone },
    });
    const row = await findInterview(tx, companyId, created.id);
    if (!row) throw new Error('the new interview is missing');
    const mails = await queueInterviewMails(tx, ctx.jobs, {
      row,
      kind: 'invite',
      toCandidate: true,
      staff,
      sender,
      companyName,
      linkOrigin: ctx.linkOrigin,
    });
    await scheduleReminder(tx, ctx.jobs, row, now, ctx.linkOrigin);
    return { id: created.id, queued: mails };
  });
  await sendNow(ctx.jobs, [queued]);
  return readInterviewWire(ctx, companyId, id);
}

/** The scheduled interview `id` and its application, for a change (Candidate update level). */
async function findChangeableInterview(ctx: InterviewContext, id: number): Promise<InterviewRow> {
  const companyId = ctx.access.user.companyId;
  const row = await findInterview(ctx.db, companyId, id);
  if (!row) throw new AppError('not_found');
  await findReachableApplication(ctx, row.applicationId, 'update');
  requireWritingToCandidates(ctx);
  if (row.state !== 'scheduled') throw new AppError('conflict', { key: 'hr.interviews.error.cancelled' });
  return row;
}

/**
 * Scheduling, changing and cancelling an interview write to the candidate's address (the invitation,
 * its update, its cancellation): only a role that sees it may (`field_email`, decision 035).
 */
function requireWritingToCandidates(ctx: InterviewContext): void {
  if (!canWriteToCandidates(ctx.access)) {
    throw new AppError('forbidden', { key: 'hr.recruiting_mail.error.no_email_field' });
  }
}

/**
 * Reschedules or edits an interview (Candidate update level; 409 once cancelled). A new moment, place
 * or link goes to the candidate and the interviewers as an update (same UID, SEQUENCE + 1); added
 * interviewers get the invitation, removed ones its cancellation; a changed note only is sent to no one.
 */
export async function rescheduleInterview(
  ctx: InterviewContext,
  id: number,
  input: InterviewValues,
): Promise<Interview> {
  const before = await findChangeableInterview(ctx, id);
  const { companyId } = before;
  const now = ctx.now();
  const startsAt = toInstant(input.date, input.time, input.time_zone);
  const isMoved =
    startsAt.getTime() !== before.startsAt.getTime() ||
    input.duration_minutes !== before.durationMinutes ||
    input.time_zone !== before.timeZone;
  // Only a new moment must lie ahead: an interview already under way keeps its start.
  if (isMoved) startOf(input, now);
  const isRelocated = input.location !== before.location || input.video_url !== before.videoUrl;
  const staff = await checkInterviewers(ctx.db, companyId, input.interviewer_ids);
  const current = (await findInterviewers(ctx.db, companyId, [before.id])).get(before.id) ?? [];
  const added = staff.filter((person) => !current.some((other) => other.id === person.id));
  const removed = current.filter((person) => !input.interviewer_ids.includes(person.id));
  const kept = staff.filter((person) => current.some((other) => other.id === person.id));
  const isSent = isMoved || isRelocated || added.length > 0 || removed.length > 0;
  const companyName = await findCompanyName(ctx.db, companyId);
  const sender = senderOf(ctx);
  const queued = await ctx.db.transaction(async (tx) => {
    const updated = await updateScheduledInterview(tx, companyId, before.id, {
      startsAt,
      durationMinutes: input.duration_minutes,
      timeZone: input.time_zone,
      location: input.location,
      videoUrl: input.video_url,
      note: input.note,
      bumpSequence: isSent,
    });
    if (!updated) throw new AppError('conflict', { key: 'hr.interviews.error.cancelled' });
    await replaceInterviewers(tx, companyId, before.id, input.interviewer_ids);
    await insertActivity(tx, {
      companyId,
      applicationId: before.applicationId,
      kind: 'interview_rescheduled',
      actorId: ctx.access.user.id,
      data: {
        interview_id: before.id,
        starts_at: startsAt.toISOString(),
        time_zone: input.time_zone,
        previous_starts_at: before.startsAt.toISOString(),
      },
    });
    const row = await findInterview(tx, companyId, before.id);
    if (!row) throw new Error('the interview is missing');
    const mails = [];
    const common = { row, sender, companyName, linkOrigin: ctx.linkOrigin };
    if (isMoved || isRelocated) {
      mails.push(
        await queueInterviewMails(tx, ctx.jobs, {
          ...common,
          kind: 'update',
          toCandidate: true,
          staff: kept,
        }),
      );
    }
    if (added.length > 0) {
      mails.push(
        await queueInterviewMails(tx, ctx.jobs, {
          ...common,
          kind: 'invite',
          toCandidate: false,
          staff: added,
        }),
      );
    }
    if (removed.length > 0) {
      mails.push(
        await queueInterviewMails(tx, ctx.jobs, {
          ...common,
          kind: 'cancel',
          toCandidate: false,
          staff: removed,
        }),
      );
    }
    if (isSent) await scheduleReminder(tx, ctx.jobs, row, now, ctx.linkOrigin);
    return mails;
  });
  await sendNow(ctx.jobs, queued);
  return readInterviewWire(ctx, companyId, before.id);
}

/**
 * Cancels an interview (Candidate update level; 409 when cancelled already): the candidate and the
 * interviewers get the cancellation (METHOD:CANCEL, same UID, SEQUENCE + 1), the reminder is dropped
 * and the history records it.
 */
export async function cancelInterview(ctx: InterviewContext, id: number): Promise<Interview> {
  const before = await findChangeableInterview(ctx, id);
  const { companyId } = before;
  const staff = (await findInterviewers(ctx.db, companyId, [before.id])).get(before.id) ?? [];
  const companyName = await findCompanyName(ctx.db, companyId);
  const sender = senderOf(ctx);
  const queued = await ctx.db.transaction(async (tx) => {
    const updated = await updateScheduledInterview(tx, companyId, before.id, {
      state: 'cancelled',
      cancelledAt: ctx.now(),
      bumpSequence: true,
    });
    if (!updated) throw new AppError('conflict', { key: 'hr.interviews.error.cancelled' });
    await insertActivity(tx, {
      companyId,
      applicationId: before.applicationId,
      kind: 'interview_cancelled',
      actorId: ctx.access.user.id,
      data: { interview_id: before.id, starts_at: before.startsAt.toISOString(), time_zone: before.timeZone },
    });
    const row = await findInterview(tx, companyId, before.id);
    if (!row) throw new Error('the interview is missing');
    return queueInterviewMails(tx, ctx.jobs, {
      row,
      kind: 'cancel',
      toCandidate: true,
      staff,
      sender,
      companyName,
      linkOrigin: ctx.linkOrigin,
    });
  });
  await sendNow(ctx.jobs, [queued]);
  return readInterviewWire(ctx, companyId, before.id);
}

/**
 * Saves the reader's scorecard for an interview they interview at (a first one, or a change of it):
 * every attribute of the vacancy rated 1–4, a recommendation, notes. 403 for someone who reaches the
 * application but does not interview; 404 for anyone else; 409 once the interview is cancelled.
 */
export async function submitScorecard(
  ctx: Pick<InterviewContext, 'db' | 'access'>,
  interviewId: number,
  input: ScorecardValues,
): Promise<Scorecard> {
  const { row, isInterviewer } = await findOpenableInterview(ctx, interviewId);
  if (!isInterviewer) throw new AppError('forbidden');
  if (row.state !== 'scheduled') throw new AppError('conflict', { key: 'hr.interviews.error.cancelled' });
  const attributes = row.scorecardAttributes;
  const given = new Map(input.ratings.map((rating) => [rating.key, rating.rating]));
  const isComplete =
    given.size === input.ratings.length &&
    given.size === attributes.length &&
    attributes.every((attribute) => given.has(attribute.key));
  if (!isComplete) {
    throw new AppError('validation', {
      issues: { ratings: [{ key: 'hr.interviews.error.rate_every_attribute' }] },
    });
  }
  const userId = ctx.access.user.id;
  const saved = await ctx.db.transaction(async (tx) => {
    const result = await upsertScorecard(tx, {
      companyId: row.companyId,
      interviewId: row.id,
      applicationId: row.applicationId,
      authorId: userId,
      ratings: attributes.map((attribute) => ({
        key: attribute.key,
        name: attribute.name,
        rating: given.get(attribute.key) ?? 0,
      })),
      recommendation: input.recommendation,
      notes: input.notes,
    });
    if (result.isNew) {
      await insertActivity(tx, {
        companyId: row.companyId,
        applicationId: row.applicationId,
        kind: 'scorecard_submitted',
        actorId: userId,
        data: { interview_id: row.id, scorecard_id: result.id },
      });
    }
    return result;
  });
  const card = (await findScorecards(ctx.db, row.companyId, { interviewId: row.id })).find(
    (scorecard) => scorecard.id === saved.id,
  );
  if (!card) throw new AppError('not_found');
  return toScorecardWire(card);
}

/** The reader's interviews as an interviewer: upcoming ones and recent ones awaiting their scorecard. */
export async function listMyInterviews(
  ctx: Pick<InterviewContext, 'db' | 'access' | 'now'>,
): Promise<Interview[]> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const now = ctx.now();
  const rows = await findInterviewsOfInterviewer(db, companyId, access.user.id, {
    now,
    since: new Date(now.getTime() - AWAITING_SCORECARD_DAYS * 86_400_000),
    limit: MY_INTERVIEWS_LIMIT,
  });
  const [interviewers, cards] = await Promise.all([
    findInterviewers(
      db,
      companyId,
      rows.map((row) => row.id),
    ),
    Promise.all(rows.map((row) => findScorecards(db, companyId, { interviewId: row.id }))),
  ]);
  return rows.map((row, index) =>
    toInterviewWire(row, interviewers.get(row.id) ?? [], cards[index] ?? [], access.user.id),
  );
}

export type InterviewReminderDeps = { db: Db; log: { warn(details: object, message: string): void } };

/**
 * Sends an interview's reminder (the job of 'interview.remind'): to its candidate and interviewers,
 * unless it was cancelled or moved since (a move schedules a reminder of its own).
 */
async function remindOfInterview(
  deps: InterviewReminderDeps,
  jobs: Pick<JobQueue, 'enqueue' | 'runNow'>,
  companyId: number,
  payload: { interviewId: number; sequence: number; linkOrigin: string | null },
) {
  const row = await findInterview(deps.db, companyId, payload.interviewId);
  if (row?.state !== 'scheduled' || row.sequence !== payload.sequence) return;
  const staff = (await findInterviewers(deps.db, companyId, [row.id])).get(row.id) ?? [];
  const companyName = await findCompanyName(deps.db, companyId);
  const sender: MailSender =
    row.organizerId !== null && row.organizerEmail
      ? {
          id: row.organizerId,
          name: row.organizerName ?? '',
          email: row.organizerEmail,
          timezone: row.timeZone,
        }
      : null;
  const queued = await deps.db.transaction((tx) =>
    queueInterviewMails(tx, jobs, {
      row,
      kind: 'reminder',
      toCandidate: true,
      staff,
      sender,
      companyName,
      linkOrigin: payload.linkOrigin,
    }),
  );
  await sendNow(jobs, [queued]);
}

/** Interviews' wiring (app.ts): the reminder job. */
export function registerInterviewReminders(jobs: JobQueue, deps: InterviewReminderDeps): void {
  jobs.register('interview.remind', (job) => remindOfInterview(deps, jobs, job.companyId, job.payload));
}
