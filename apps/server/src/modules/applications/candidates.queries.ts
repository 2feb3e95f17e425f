import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { applications, candidates } from '../../db/schema/applications';
import {
  candidateDuplicateDismissals,
  candidateMergeApplications,
  candidateMerges,
} from '../../db/schema/candidate-merges';
import { applicationRejections } from '../../db/schema/recruiting-mail';
import { users } from '../../db/schema/users';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { type ApplicationSelection, buildWhere } from './applications.queries';

// All SQL of candidates as people (issue 17, decision 027): matching on arrival, the people view,
// merges and their undoing, suggested duplicates. Every statement filters by company_id.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Reader = Pick<Db, 'select'>;

/** A phone's digits; shorter than this, a phone matches nobody (a typo, a "0"). */
const PHONE_DIGITS_MIN = 6;

export function phoneDigits(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  return digits.length >= PHONE_DIGITS_MIN ? digits : null;
}

/** The digits of a candidate's phone, as the phone index has them. */
const phoneDigitsSql = sql`regexp_replace(coalesce(${candidates.phone}, ''), '[^0-9]', '', 'g')`;
/** A name compared as a person reads it: any case, spaces collapsed (candidates_company_name_norm_idx). */
const nameKeySql = sql`lower(regexp_replace(btrim(${candidates.name}), '[[:space:]]+', ' ', 'g'))`;

/**
 * Serialises arrivals from the same contacts (transaction-scoped advisory locks, in a fixed order),
 * so two applications sent at once by a new person make one candidate, not two.
 */
export async function lockArrivalContacts(
  tx: Pick<Db, 'execute'>,
  companyId: number,
  contacts: { email: string | null; phone: string | null },
): Promise<void> {
  const keys = [
    contacts.email ? `candidate:${companyId}:email:${contacts.email.toLowerCase()}` : null,
    contacts.phone ? `candidate:${companyId}:phone:${contacts.phone}` : null,
  ]
    .filter((key): key is string => key !== null)
    .sort();
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The earliest candidate with this e-mail (any case) or phone (digits), live ones first; null when none. */
export async function findCandidateByContacts(
  db: Reader,
  companyId: number,
  contacts: { email: string | null; phone: string | null },
): Promise<{ id: number; mergedIntoId: number | null } | null> {
  const matches: SQL[] = [];
  if (contacts.email) matches.push(sql`lower(${candidates.email}) = lower(${contacts.email})`);
  if (contacts.phone) matches.push(sql`${phoneDigitsSql} = ${contacts.phone}`);
  if (matches.length === 0) return null;
  const [row] = await db
    .select({ id: candidates.id, mergedIntoId: candidates.mergedIntoId })
    .from(candidates)
    .where(and(eq(candidates.companyId, companyId), or(...matches)))
    .orderBy(sql`${candidates.mergedIntoId} is not null`, asc(candidates.id))
    .limit(1);
  return row ?? null;
}

/** Where a candidate was merged into (null for a live one, or one of another company). */
export async function findMergedIntoId(db: Reader, companyId: number, id: number): Promise<number | null> {
  const [row] = await db
    .select({ mergedIntoId: candidates.mergedIntoId })
    .from(candidates)
    .where(and(eq(candidates.companyId, companyId), eq(candidates.id, id)));
  return row?.mergedIntoId ?? null;
}

/** Locks a live candidate against a merge until the transaction ends (FOR SHARE); false when merged. */
export async function shareLockLiveCandidate(tx: Tx, companyId: number, id: number): Promise<boolean> {
  const rows = await tx
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(eq(candidates.companyId, companyId), eq(candidates.id, id), isNull(candidates.mergedIntoId)))
    .for('share');
  return rows.length > 0;
}

export async function insertCandidate(
  tx: Pick<Db, 'insert'>,
  companyId: number,
  values: { name: string; email: string | null; phone: string | null },
): Promise<number> {
  const [row] = await tx
    .insert(candidates)
    .values({ companyId, ...values })
    .returning({ id: candidates.id });
  if (!row) throw new Error('candidate insert returned nothing');
  return row.id;
}

export type CandidateRow = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  mergedIntoId: number | null;
};

const candidateColumns = {
  id: candidates.id,
  name: candidates.name,
  email: candidates.email,
  phone: candidates.phone,
  mergedIntoId: candidates.mergedIntoId,
};

export async function findCandidates(
  db: Reader,
  companyId: number,
  ids: readonly number[],
): Promise<CandidateRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(candidateColumns)
    .from(candidates)
    .where(and(eq(candidates.companyId, companyId), inArray(candidates.id, [...ids])))
    .orderBy(asc(candidates.id));
}

/** Locks candidates for a merge or an unmerge, in id order (two merges of the same pair never deadlock). */
export async function lockCandidates(
  tx: Tx,
  companyId: number,
  ids: readonly number[],
): Promise<CandidateRow[]> {
  return tx
    .select(candidateColumns)
    .from(candidates)
    .where(and(eq(candidates.companyId, companyId), inArray(candidates.id, [...ids])))
    .orderBy(asc(candidates.id))
    .for('update');
}

/** Sets a live candidate's corrected details (only those given); false when it is merged away or missing. */
export async function updateCandidateDetails(
  tx: Tx,
  companyId: number,
  id: number,
  details: Partial<Pick<CandidateRow, 'name' | 'email' | 'phone'>>,
): Promise<boolean> {
  if (Object.keys(details).length === 0) return true;
  const rows = await tx
    .update(candidates)
    .set(details)
    .where(and(eq(candidates.companyId, companyId), eq(candidates.id, id), isNull(candidates.mergedIntoId)))
    .returning({ id: candidates.id });
  return rows.length > 0;
}

export type PersonApplicationRow = {
  id: number;
  candidateId: number;
  vacancyId: number;
  vacancyName: string;
  stageId: number | null;
  source: string;
  createdAt: Date;
  rejectedAt: Date | null;
  /** The user's Candidate view level reaches it. */
  visible: boolean;
  /** The user's Candidate update level reaches it. */
  updatable: boolean;
};

/** A reach condition (over applications joined to vacancies) as a boolean column: undefined is everything. */
const reachSql = (reach: SQL | undefined) => sql<boolean>`coalesce((${reach ?? sql`true`}), false)`;

/**
 * Every application of these candidates, newest first, each marked with whether the user's view and
 * update levels reach it (the service decides what to show and whether a merge is allowed).
 */
export async function findPersonApplications(
  db: Reader,
  companyId: number,
  candidateIds: readonly number[],
  reach: { view: SQL | undefined; update: SQL | undefined },
): Promise<PersonApplicationRow[]> {
  if (candidateIds.length === 0) return [];
  const rows = await db
    .select({
      id: applications.id,
      candidateId: applications.candidateId,
      vacancyId: applications.vacancyId,
      vacancyName: vacancies.name,
      stageId: applications.stageId,
      source: applications.source,
      createdAt: applications.createdAt,
      rejectedAt: applicationRejections.rejectedAt,
      visible: reachSql(reach.view),
      updatable: reachSql(reach.update),
    })
    .from(applications)
    .innerJoin(
      vacancies,
      and(eq(vacancies.companyId, applications.companyId), eq(vacancies.id, applications.vacancyId)),
    )
    .leftJoin(
      applicationRejections,
      and(
        eq(applicationRejections.companyId, applications.companyId),
        eq(applicationRejections.applicationId, applications.id),
      ),
    )
    .where(and(eq(applications.companyId, companyId), inArray(applications.candidateId, [...candidateIds])))
    .orderBy(desc(applications.createdAt), desc(applications.id));
  return rows.map((row) => ({ ...row, visible: Boolean(row.visible), updatable: Boolean(row.updatable) }));
}

/** Moves applications from one candidate to another (all of them, or only `ids`); answers the moved ids. */
export async function moveApplications(
  tx: Tx,
  companyId: number,
  move: { from: number; to: number; ids?: readonly number[] },
): Promise<number[]> {
  const rows = await tx
    .update(applications)
    .set({ candidateId: move.to })
    .where(
      and(
        eq(applications.companyId, companyId),
        eq(applications.candidateId, move.from),
        move.ids ? inArray(applications.id, [...move.ids]) : undefined,
      ),
    )
    .returning({ id: applications.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function setMergedInto(
  tx: Tx,
  companyId: number,
  candidateId: number,
  mergedIntoId: number | null,
): Promise<void> {
  await tx
    .update(candidates)
    .set({ mergedIntoId })
    .where(and(eq(candidates.companyId, companyId), eq(candidates.id, candidateId)));
}

export async function insertMerge(
  tx: Tx,
  values: {
    companyId: number;
    survivorId: number;
    mergedId: number;
    actorId: number;
    applicationIds: readonly number[];
  },
): Promise<number> {
  const [merge] = await tx
    .insert(candidateMerges)
    .values({
      companyId: values.companyId,
      survivorId: values.survivorId,
      mergedId: values.mergedId,
      actorId: values.actorId,
    })
    .returning({ id: candidateMerges.id });
  if (!merge) throw new Error('merge insert returned nothing');
  if (values.applicationIds.length > 0) {
    await tx.insert(candidateMergeApplications).values(
      values.applicationIds.map((applicationId) => ({
        companyId: values.companyId,
        mergeId: merge.id,
        applicationId,
      })),
    );
  }
  return merge.id;
}

export type MergeRow = {
  id: number;
  survivorId: number;
  mergedId: number;
  undoneAt: Date | null;
  applicationIds: number[];
};

/** One merge, locked for its undoing; null when the company has no such merge. */
export async function lockMerge(tx: Tx, companyId: number, id: number): Promise<MergeRow | null> {
  const [merge] = await tx
    .select({
      id: candidateMerges.id,
      survivorId: candidateMerges.survivorId,
      mergedId: candidateMerges.mergedId,
      undoneAt: candidateMerges.undoneAt,
    })
    .from(candidateMerges)
    .where(and(eq(candidateMerges.companyId, companyId), eq(candidateMerges.id, id)))
    .for('update');
  if (!merge) return null;
  const moved = await tx
    .select({ applicationId: candidateMergeApplications.applicationId })
    .from(candidateMergeApplications)
    .where(
      and(eq(candidateMergeApplications.companyId, companyId), eq(candidateMergeApplications.mergeId, id)),
    )
    .orderBy(asc(candidateMergeApplications.applicationId));
  return { ...merge, applicationIds: moved.map((row) => row.applicationId) };
}

export async function markMergeUndone(tx: Tx, companyId: number, id: number, userId: number): Promise<void> {
  await tx
    .update(candidateMerges)
    .set({ undoneAt: sql`now()`, undoneById: userId })
    .where(and(eq(candidateMerges.companyId, companyId), eq(candidateMerges.id, id)));
}

export type MergeListRow = {
  id: number;
  mergedId: number;
  mergedName: string;
  createdAt: Date;
  actorId: number | null;
  actorName: string | null;
  applicationIds: number[];
};

/** The merges into a candidate not undone, newest first, with the applications each moved. */
export async function findLiveMerges(
  db: Reader,
  companyId: number,
  survivorId: number,
): Promise<MergeListRow[]> {
  const rows = await db
    .select({
      id: candidateMerges.id,
      mergedId: candidateMerges.mergedId,
      mergedName: candidates.name,
      createdAt: candidateMerges.createdAt,
      actorId: candidateMerges.actorId,
      actorName: users.name,
      applicationIds: sql<number[]>`coalesce((select array_agg(cma.application_id order by cma.application_id)
        from candidate_merge_applications cma
        where cma.company_id = ${candidateMerges.companyId} and cma.merge_id = ${candidateMerges.id}), '{}')`,
    })
    .from(candidateMerges)
    .innerJoin(
      candidates,
      and(eq(candidates.companyId, candidateMerges.companyId), eq(candidates.id, candidateMerges.mergedId)),
    )
    .leftJoin(
      users,
      and(eq(users.companyId, candidateMerges.companyId), eq(users.id, candidateMerges.actorId)),
    )
    .where(
      and(
        eq(candidateMerges.companyId, companyId),
        eq(candidateMerges.survivorId, survivorId),
        isNull(candidateMerges.undoneAt),
      ),
    )
    .orderBy(desc(candidateMerges.createdAt), desc(candidateMerges.id));
  return rows.map((row) => ({ ...row, applicationIds: (row.applicationIds ?? []).map(Number) }));
}

/** The most suggested duplicates one card shows. */
const DUPLICATES_MAX = 10;

/**
 * Live candidates other than this one who may be the same person: the same name (any case, spaces
 * collapsed) or the same e-mail or phone; not the pairs dismissed as different people. `contacts`
 * says which contacts may be compared (a role that does not see e-mails is not told two share one).
 */
export async function findDuplicateCandidates(
  db: Reader,
  companyId: number,
  of: CandidateRow,
  contacts: { email: boolean; phone: boolean },
): Promise<(CandidateRow & { sameName: boolean; sameEmail: boolean; samePhone: boolean })[]> {
  const digits = phoneDigits(of.phone);
  const sameName = sql<boolean>`${nameKeySql} = lower(regexp_replace(btrim(${of.name}::text), '[[:space:]]+', ' ', 'g'))`;
  const sameEmail =
    contacts.email && of.email
      ? sql<boolean>`lower(${candidates.email}) = lower(${of.email})`
      : sql<boolean>`false`;
  const samePhone =
    contacts.phone && digits ? sql<boolean>`${phoneDigitsSql} = ${digits}` : sql<boolean>`false`;
  const low = sql`least(${candidates.id}, ${of.id})`;
  const high = sql`greatest(${candidates.id}, ${of.id})`;
  const rows = await db
    .select({ ...candidateColumns, sameName, sameEmail, samePhone })
    .from(candidates)
    .where(
      and(
        eq(candidates.companyId, companyId),
        ne(candidates.id, of.id),
        isNull(candidates.mergedIntoId),
        of.name.trim() === '' ? or(sameEmail, samePhone) : or(sameName, sameEmail, samePhone),
        sql`not exists (select 1 from ${candidateDuplicateDismissals} d
          where d.company_id = ${candidates.companyId} and d.candidate_id = ${low} and d.other_candidate_id = ${high})`,
      ),
    )
    .orderBy(asc(candidates.id))
    .limit(DUPLICATES_MAX);
  return rows.map((row) => ({
    ...row,
    sameName: Boolean(row.sameName),
    sameEmail: Boolean(row.sameEmail),
    samePhone: Boolean(row.samePhone),
  }));
}

/** Records "not the same person" for a pair (lower id first); a repeat changes nothing. */
export async function insertDismissal(
  db: Pick<Db, 'insert'>,
  values: { companyId: number; candidateIds: [number, number]; actorId: number },
): Promise<void> {
  const [low, high] = [...values.candidateIds].sort((a, b) => a - b) as [number, number];
  await db
    .insert(candidateDuplicateDismissals)
    .values({
      companyId: values.companyId,
      candidateId: low,
      otherCandidateId: high,
      actorId: values.actorId,
    })
    .onConflictDoNothing();
}

/**
 * One page of the people view: the candidates with an application in the selection (the user's reach
 * and the list's filters), the one who applied most recently first; and how many there are.
 */
export async function findPeoplePage(
  db: Db,
  selection: ApplicationSelection,
  paging: { limit: number; offset: number },
): Promise<{ candidateIds: number[]; total: number }> {
  const joinCandidate = and(
    eq(candidates.companyId, applications.companyId),
    eq(candidates.id, applications.candidateId),
  );
  const joinVacancy = and(
    eq(vacancies.companyId, applications.companyId),
    eq(vacancies.id, applications.vacancyId),
  );
  const [rows, counted] = await Promise.all([
    db
      .select({ candidateId: applications.candidateId })
      .from(applications)
      .innerJoin(candidates, joinCandidate)
      .innerJoin(vacancies, joinVacancy)
      .where(buildWhere(selection))
      .groupBy(applications.candidateId)
      .orderBy(desc(sql`max(${applications.createdAt})`), desc(applications.candidateId))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ total: sql<number>`count(distinct ${applications.candidateId})::int` })
      .from(applications)
      .innerJoin(candidates, joinCandidate)
      .innerJoin(vacancies, joinVacancy)
      .where(buildWhere(selection)),
  ]);
  return { candidateIds: rows.map((row) => row.candidateId), total: counted[0]?.total ?? 0 };
}
