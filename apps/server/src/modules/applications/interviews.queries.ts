import { and, asc, eq, gte, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { applications, candidates } from '../../db/schema/applications';
import {
  type Interview,
  interviewInterviewers,
  interviews,
  type Scorecard,
  type ScorecardRating,
  scorecards,
} from '../../db/schema/interviews';
import { users } from '../../db/schema/users';
import { type ScorecardAttribute, vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';

// All SQL of interviews and scorecards; every statement filters by company_id.

type Reader = Pick<Db, 'select'>;

/** An interview with what its invitation and wire shape need of its application. */
export type InterviewRow = Interview & {
  vacancyId: number;
  vacancyName: string;
  scorecardAttributes: ScorecardAttribute[];
  candidateName: string;
  candidateEmail: string | null;
  applicationLocale: 'en' | 'ru' | 'uk' | null;
  organizerName: string | null;
  organizerEmail: string | null;
};

const organizers = alias(users, 'organizers');

/** Interviews with their application, candidate, vacancy and organizer: every join within the company. */
function selectInterviews(db: Reader, companyId: number) {
  return db
    .select({
      interview: interviews,
      vacancyId: applications.vacancyId,
      vacancyName: vacancies.name,
      scorecardAttributes: vacancies.scorecardAttributes,
      candidateName: candidates.name,
      candidateEmail: candidates.email,
      applicationLocale: applications.locale,
      organizerName: organizers.name,
      organizerEmail: organizers.email,
    })
    .from(interviews)
    .innerJoin(
      applications,
      and(eq(applications.companyId, companyId), eq(applications.id, interviews.applicationId)),
    )
    .innerJoin(
      candidates,
      and(eq(candidates.companyId, companyId), eq(candidates.id, applications.candidateId)),
    )
    .innerJoin(vacancies, and(eq(vacancies.companyId, companyId), eq(vacancies.id, applications.vacancyId)))
    .leftJoin(
      organizers,
      and(eq(organizers.companyId, companyId), eq(organizers.id, interviews.organizerId)),
    );
}

type SelectedInterview = Awaited<ReturnType<ReturnType<typeof selectInterviews>['where']>>[number];

function toRow(selected: SelectedInterview): InterviewRow {
  const { interview, ...rest } = selected;
  return { ...interview, ...rest };
}

export async function findInterview(db: Reader, companyId: number, id: number): Promise<InterviewRow | null> {
  const [row] = await selectInterviews(db, companyId).where(
    and(eq(interviews.companyId, companyId), eq(interviews.id, id)),
  );
  return row ? toRow(row) : null;
}

/** An application's interviews, soonest first. */
export async function findApplicationInterviews(
  db: Reader,
  companyId: number,
  applicationId: number,
): Promise<InterviewRow[]> {
  const rows = await selectInterviews(db, companyId)
    .where(and(eq(interviews.companyId, companyId), eq(interviews.applicationId, applicationId)))
    .orderBy(asc(interviews.startsAt), asc(interviews.id));
  return rows.map(toRow);
}

/**
 * A user's interviews as an interviewer: scheduled ones not over yet, and those of the last `since`
 * still waiting for their scorecard; soonest first.
 */
export async function findInterviewsOfInterviewer(
  db: Reader,
  companyId: number,
  userId: number,
  opts: { now: Date; since: Date; limit: number },
): Promise<InterviewRow[]> {
  const own = and(
    eq(scorecards.companyId, companyId),
    eq(scorecards.interviewId, interviews.id),
    eq(scorecards.authorId, userId),
  );
  const rows = await selectInterviews(db, companyId)
    .innerJoin(
      interviewInterviewers,
      and(
        eq(interviewInterviewers.interviewId, interviews.id),
        eq(interviewInterviewers.companyId, companyId),
        eq(interviewInterviewers.userId, userId),
      ),
    )
    .leftJoin(scorecards, own)
    .where(
      and(
        eq(interviews.companyId, companyId),
        eq(interviews.state, 'scheduled'),
        or(
          // Not over yet.
          gte(sql`${interviews.startsAt} + make_interval(mins => ${interviews.durationMinutes})`, opts.now),
          // Over, recently, and no scorecard from this interviewer yet.
          and(gte(interviews.startsAt, opts.since), lt(interviews.startsAt, opts.now), isNull(scorecards.id)),
        ),
      ),
    )
    .orderBy(asc(interviews.startsAt), asc(interviews.id))
    .limit(opts.limit);
  return rows.map(toRow);
}

export type InterviewerRow = {
  interviewId: number;
  id: number;
  name: string;
  email: string;
  locale: 'en' | 'ru' | 'uk';
  timezone: string;
};

/** The interviewers of these interviews, by interview, in name order. */
export async function findInterviewers(
  db: Reader,
  companyId: number,
  interviewIds: readonly number[],
): Promise<Map<number, InterviewerRow[]>> {
  const byInterview = new Map<number, InterviewerRow[]>();
  if (interviewIds.length === 0) return byInterview;
  const rows = await db
    .select({
      interviewId: interviewInterviewers.interviewId,
      id: users.id,
      name: users.name,
      email: users.email,
      locale: users.locale,
      timezone: users.timezone,
    })
    .from(interviewInterviewers)
    .innerJoin(users, and(eq(users.companyId, companyId), eq(users.id, interviewInterviewers.userId)))
    .where(
      and(
        eq(interviewInterviewers.companyId, companyId),
        inArray(interviewInterviewers.interviewId, [...interviewIds]),
      ),
    )
    .orderBy(asc(users.name), asc(users.id));
  for (const row of rows) {
    const list = byInterview.get(row.interviewId) ?? [];
    list.push(row);
    byInterview.set(row.interviewId, list);
  }
  return byInterview;
}

/** Staff accounts of the company, enabled, among these ids (who may be asked to interview). */
export async function findEnabledStaff(
  db: Reader,
  companyId: number,
  ids: readonly number[],
): Promise<Omit<InterviewerRow, 'interviewId'>[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      locale: users.locale,
      timezone: users.timezone,
    })
    .from(users)
    .where(and(eq(users.companyId, companyId), inArray(users.id, [...ids]), eq(users.isDisabled, false)));
}

export type NewInterview = Pick<
  Interview,
  | 'companyId'
  | 'applicationId'
  | 'startsAt'
  | 'durationMinutes'
  | 'timeZone'
  | 'location'
  | 'videoUrl'
  | 'note'
  | 'uid'
  | 'organizerId'
>;

export async function insertInterview(writer: Pick<Db, 'insert'>, values: NewInterview): Promise<Interview> {
  const [row] = await writer.insert(interviews).values(values).returning();
  if (!row) throw new Error('interview insert returned nothing');
  return row;
}

/**
 * Changes a scheduled interview, raising its sequence; null when it is not scheduled any more (someone
 * cancelled it meanwhile: the row's state decides, under its lock).
 */
export async function updateScheduledInterview(
  writer: Pick<Db, 'update'>,
  companyId: number,
  id: number,
  values: Partial<
    Pick<Interview, 'startsAt' | 'durationMinutes' | 'timeZone' | 'location' | 'videoUrl' | 'note'>
  > & {
    state?: 'cancelled';
    cancelledAt?: Date;
    bumpSequence: boolean;
  },
): Promise<Interview | null> {
  const { bumpSequence, ...columns } = values;
  const [row] = await writer
    .update(interviews)
    .set({ ...columns, ...(bumpSequence ? { sequence: sql`${interviews.sequence} + 1` } : {}) })
    .where(and(eq(interviews.companyId, companyId), eq(interviews.id, id), eq(interviews.state, 'scheduled')))
    .returning();
  return row ?? null;
}

/** Makes the interviewers exactly these. */
export async function replaceInterviewers(
  writer: Pick<Db, 'insert' | 'delete'>,
  companyId: number,
  interviewId: number,
  userIds: readonly number[],
): Promise<void> {
  await writer
    .delete(interviewInterviewers)
    .where(
      and(
        eq(interviewInterviewers.companyId, companyId),
        eq(interviewInterviewers.interviewId, interviewId),
        userIds.length > 0 ? notInArray(interviewInterviewers.userId, [...userIds]) : undefined,
      ),
    );
  if (userIds.length === 0) return;
  await writer
    .insert(interviewInterviewers)
    .values(userIds.map((userId) => ({ companyId, interviewId, userId })))
    .onConflictDoNothing();
}

export type ScorecardRow = Scorecard & { authorName: string };

/** Scorecards of an application (all its interviews) or of one interview, oldest first. */
export async function findScorecards(
  db: Reader,
  companyId: number,
  where: { applicationId: number } | { interviewId: number },
): Promise<ScorecardRow[]> {
  const rows = await db
    .select({ scorecard: scorecards, authorName: users.name })
    .from(scorecards)
    .innerJoin(users, and(eq(users.companyId, companyId), eq(users.id, scorecards.authorId)))
    .where(
      and(
        eq(scorecards.companyId, companyId),
        'applicationId' in where
          ? eq(scorecards.applicationId, where.applicationId)
          : eq(scorecards.interviewId, where.interviewId),
      ),
    )
    .orderBy(asc(scorecards.submittedAt), asc(scorecards.id));
  return rows.map((row) => ({ ...row.scorecard, authorName: row.authorName }));
}

/**
 * Saves an interviewer's scorecard for an interview: a new one, or their earlier one changed.
 * `isNew`: it was the first.
 */
export async function upsertScorecard(
  writer: Pick<Db, 'insert'>,
  values: {
    companyId: number;
    interviewId: number;
    applicationId: number;
    authorId: number;
    ratings: ScorecardRating[];
    recommendation: Scorecard['recommendation'];
    notes: string | null;
  },
): Promise<{ id: number; isNew: boolean }> {
  const [row] = await writer
    .insert(scorecards)
    .values(values)
    .onConflictDoUpdate({
      target: [scorecards.interviewId, scorecards.authorId],
      set: {
        ratings: values.ratings,
        recommendation: values.recommendation,
        notes: values.notes,
        updatedAt: sql`now()`,
      },
      // The conflict target is unique across companies; never touch another company's row.
      setWhere: eq(scorecards.companyId, values.companyId),
    })
    .returning({ id: scorecards.id, isNew: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error('scorecard upsert returned nothing');
  return row;
}

/** Whether the user is one of the interview's interviewers. */
export async function isInterviewerOf(
  db: Reader,
  companyId: number,
  interviewId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: interviewInterviewers.userId })
    .from(interviewInterviewers)
    .where(
      and(
        eq(interviewInterviewers.companyId, companyId),
        eq(interviewInterviewers.interviewId, interviewId),
        eq(interviewInterviewers.userId, userId),
      ),
    );
  return row !== undefined;
}

/** Scorecards' recommendations by id (the history names them). */
export async function findScorecardsByIds(
  db: Reader,
  companyId: number,
  ids: readonly number[],
): Promise<Map<number, Pick<Scorecard, 'id' | 'authorId' | 'recommendation'>>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: scorecards.id, authorId: scorecards.authorId, recommendation: scorecards.recommendation })
    .from(scorecards)
    .where(and(eq(scorecards.companyId, companyId), inArray(scorecards.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row]));
}
