import type {
  CandidateDetails,
  CandidateEditInput,
  CandidateListItem,
  CandidateListQuery,
  DuplicateMatch,
  PersonApplication,
} from '@kadry/shared/schemas/candidates';
import type { CandidateDetailField } from '@kadry/shared/schemas/recruiting-mail';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/tables';
import { AppError } from '../../lib/app-error';
import { type Access, levelFor } from '../../plugins/access/access';
import {
  findPipelines,
  resolveStage,
  toStageWire,
  vacancyScopeColumns,
} from '../vacancies/vacancies.service';
import { insertActivity } from './application-history.queries';
import { applicationReach } from './applications.queries';
import { type ApplicationContext, canSeeField, filterOf, selectionOf } from './applications.service';
import {
  type CandidateRow,
  findCandidateByContacts,
  findCandidates,
  findDuplicateCandidates,
  findLiveMerges,
  findMergedIntoId,
  findPeoplePage,
  findPersonApplications,
  insertCandidate,
  insertDismissal,
  insertMerge,
  lockArrivalContacts,
  lockCandidates,
  lockMerge,
  markMergeUndone,
  moveApplications,
  type PersonApplicationRow,
  phoneDigits,
  setMergedInto,
  shareLockLiveCandidate,
  updateCandidateDetails,
} from './candidates.queries';

// One person, many applications (issue 17, docs/decisions/027-candidate-search.md): a candidate is a
// person matched on e-mail or phone when they apply again; staff merge two candidates into one (every
// application, answer and file kept, a record so an unmerge restores the split) and undo it.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** How far a merge chain is followed on arrival (each merge adds one link). */
const MERGE_CHAIN_MAX = 20;

/**
 * The candidate an arriving application belongs to: the live candidate with its e-mail (any case) or
 * phone, following merges; a new one when nobody matches. Runs in the submission's transaction, holds
 * the candidate against a concurrent merge until it commits (FOR SHARE), and serialises arrivals from
 * the same contacts so a new person sending twice at once becomes one candidate.
 */
export async function findOrAddArrivingCandidate(
  tx: Tx,
  companyId: number,
  values: { name: string; email: string | null; phone: string | null },
): Promise<number> {
  const contacts = { email: values.email?.trim() || null, phone: phoneDigits(values.phone) };
  await lockArrivalContacts(tx, companyId, contacts);
  const found = await findCandidateByContacts(tx, companyId, contacts);
  if (found) {
    let id = found.id;
    let next = found.mergedIntoId;
    for (let step = 0; step < MERGE_CHAIN_MAX; step += 1) {
      while (next !== null) {
        id = next;
        next = await findMergedIntoId(tx, companyId, id);
      }
      // Merged away between the read and the lock: follow on from where it went.
      if (await shareLockLiveCandidate(tx, companyId, id)) return id;
      next = await findMergedIntoId(tx, companyId, id);
      if (next === null) break;
    }
  }
  return insertCandidate(tx, companyId, values);
}

/** The reach of the user's Candidate view and update levels over applications joined to vacancies. */
function reachOf(access: Access): { view: SQL | undefined; update: SQL | undefined } {
  const view = levelFor(access, 'Candidate', 'view');
  const update = levelFor(access, 'Candidate', 'update');
  return {
    view: applicationReach(view, access, vacancyScopeColumns).scope,
    update: applicationReach(update, access, vacancyScopeColumns).scope,
  };
}

/** The person's identity with e-mail / phone left out where the role may not see them. */
function toPersonWire(
  access: Access,
  row: CandidateRow,
): Pick<CandidateDetails, 'id' | 'name' | 'email' | 'phone'> {
  const person: Pick<CandidateDetails, 'id' | 'name' | 'email' | 'phone'> = {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
  };
  if (!canSeeField(access, 'field_email')) delete person.email;
  if (!canSeeField(access, 'field_phone')) delete person.phone;
  return person;
}

async function toApplicationWires(
  db: Db,
  companyId: number,
  rows: readonly PersonApplicationRow[],
): Promise<Map<number, PersonApplication>> {
  const pipelines = await findPipelines(db, companyId, [...new Set(rows.map((row) => row.vacancyId))]);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        vacancy: { id: row.vacancyId, name: row.vacancyName },
        stage: toStageWire(resolveStage(pipelines.get(row.vacancyId) ?? [], row.stageId)),
        created_at: row.createdAt.toISOString(),
        source: row.source,
        rejected_at: row.rejectedAt?.toISOString() ?? null,
      },
    ]),
  );
}

/** The people view: one row per candidate with an application matching the list's filters. */
export async function listCandidates(
  ctx: ApplicationContext,
  query: CandidateListQuery,
): Promise<{
  data: CandidateListItem[];
  meta: { current_page: number; last_page: number; per_page: number; total: number };
}> {
  const { db, access } = ctx;
  const { page, per_page: perPage, ...filters } = query;
  const selection = selectionOf(access, filterOf(access, filters));
  const companyId = access.user.companyId;
  const { candidateIds, total } = await findPeoplePage(db, selection, {
    limit: perPage,
    offset: (page - 1) * perPage,
  });
  const reach = reachOf(access);
  const [people, rows] = await Promise.all([
    findCandidates(db, companyId, candidateIds),
    findPersonApplications(db, companyId, candidateIds, reach),
  ]);
  const visible = rows.filter((row) => row.visible);
  const wires = await toApplicationWires(db, companyId, visible);
  const byId = new Map(people.map((person) => [person.id, person]));
  const data = candidateIds.flatMap((id) => {
    const person = byId.get(id);
    const own = visible.filter((row) => row.candidateId === id);
    const latest = own[0] ? wires.get(own[0].id) : undefined;
    if (!person || !latest) return [];
    return [{ ...toPersonWire(access, person), application_count: own.length, latest_application: latest }];
  });
  return {
    data,
    meta: {
      current_page: page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      per_page: perPage,
      total,
    },
  };
}

/**
 * A live candidate the user sees (at least one of their applications is within the Candidate view
 * level); 404 otherwise, hidden and missing alike.
 */
async function findVisiblePerson(
  ctx: Pick<ApplicationContext, 'db' | 'access'>,
  id: number,
): Promise<{ person: CandidateRow; applications: PersonApplicationRow[] }> {
  const { db, access } = ctx;
  if (levelFor(access, 'Candidate', 'view') === 'not_visible') throw new AppError('not_found');
  const companyId = access.user.companyId;
  const [person] = await findCandidates(db, companyId, [id]);
  if (!person || person.mergedIntoId !== null) throw new AppError('not_found');
  const applications = await findPersonApplications(db, companyId, [id], reachOf(access));
  if (!applications.some((row) => row.visible)) throw new AppError('not_found');
  return { person, applications };
}

/** A person: their visible applications, the merges into them, and suggested duplicates (the card). */
export async function getCandidate(ctx: ApplicationContext, id: number): Promise<CandidateDetails> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  const { person, applications } = await findVisiblePerson(ctx, id);
  const contacts = { email: canSeeField(access, 'field_email'), phone: canSeeField(access, 'field_phone') };
  const [merges, candidatesAlike] = await Promise.all([
    findLiveMerges(db, companyId, id),
    findDuplicateCandidates(db, companyId, person, contacts),
  ]);
  const theirs = await findPersonApplications(
    db,
    companyId,
    candidatesAlike.map((other) => other.id),
    reachOf(access),
  );
  const shown = [...applications, ...theirs].filter((row) => row.visible);
  const wires = await toApplicationWires(db, companyId, shown);
  const wiresOf = (candidateId: number) =>
    shown.flatMap((row) => {
      const wire = row.candidateId === candidateId ? wires.get(row.id) : undefined;
      return wire ? [wire] : [];
    });
  return {
    ...toPersonWire(access, person),
    applications: wiresOf(id),
    merges: merges.map((merge) => ({
      id: merge.id,
      merged: { id: merge.mergedId, name: merge.mergedName },
      merged_at: merge.createdAt.toISOString(),
      actor: merge.actorId === null ? null : { id: merge.actorId, name: merge.actorName ?? '' },
      application_ids: merge.applicationIds,
    })),
    // Only people the user sees: a candidate whose applications are all out of reach is not suggested.
    duplicates: candidatesAlike.flatMap((other) => {
      const otherApplications = wiresOf(other.id);
      if (otherApplications.length === 0) return [];
      const matchedOn: DuplicateMatch[] = [];
      if (other.sameName) matchedOn.push('name');
      if (other.sameEmail) matchedOn.push('email');
      if (other.samePhone) matchedOn.push('phone');
      return [{ ...toPersonWire(access, other), matched_on: matchedOn, applications: otherApplications }];
    }),
    can_merge: applications.every((row) => row.updatable),
    can_edit: applications.every((row) => row.updatable),
  };
}

/**
 * 404 unless each candidate is live and seen by the user; 403 unless the user's Candidate update level
 * reaches every application of each (nobody merges into or out of what they cannot see).
 */
function requireMergeable(
  people: readonly CandidateRow[],
  ids: readonly number[],
  applications: readonly PersonApplicationRow[],
): void {
  for (const id of ids) {
    const person = people.find((row) => row.id === id);
    const theirs = applications.filter((row) => row.candidateId === id);
    if (!person || !theirs.some((row) => row.visible)) throw new AppError('not_found');
  }
  if (!applications.every((row) => row.updatable)) throw new AppError('forbidden');
}

/** A history entry on each application involved in a merge or its undoing. */
async function recordMergeActivity(
  tx: Tx,
  kind: 'merged' | 'unmerged',
  values: {
    companyId: number;
    actorId: number;
    mergeId: number;
    survivor: CandidateRow;
    merged: CandidateRow;
    applicationIds: readonly number[];
  },
): Promise<void> {
  for (const applicationId of values.applicationIds) {
    await insertActivity(tx, {
      companyId: values.companyId,
      applicationId,
      kind,
      actorId: values.actorId,
      data: {
        merge_id: values.mergeId,
        survivor: { id: values.survivor.id, name: values.survivor.name },
        merged: { id: values.merged.id, name: values.merged.name },
      },
    });
  }
}

/**
 * Merges `mergedId` into `survivorId` in one transaction: the merged candidate's applications move to
 * the survivor (answers and files stay with their applications), the merged candidate is kept as
 * merged away, the move is recorded for an unmerge, and every application involved gets a history
 * entry. Both candidates are locked in id order first, so concurrent merges wait for each other.
 */
export async function mergeCandidates(
  ctx: ApplicationContext,
  survivorId: number,
  mergedId: number,
): Promise<CandidateDetails> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  if (levelFor(access, 'Candidate', 'view') === 'not_visible') throw new AppError('not_found');
  if (survivorId === mergedId) {
    throw new AppError('validation', { issues: { candidate_id: [{ key: 'errors.invalid_value' }] } });
  }
  await db.transaction(async (tx) => {
    const people = (await lockCandidates(tx, companyId, [survivorId, mergedId])).filter(
      (row) => row.mergedIntoId === null,
    );
    const applications = await findPersonApplications(tx, companyId, [survivorId, mergedId], reachOf(access));
    requireMergeable(people, [survivorId, mergedId], applications);
    const survivor = people.find((row) => row.id === survivorId) as CandidateRow;
    const merged = people.find((row) => row.id === mergedId) as CandidateRow;
    const moved = await moveApplications(tx, companyId, { from: mergedId, to: survivorId });
    const mergeId = await insertMerge(tx, {
      companyId,
      survivorId,
      mergedId,
      actorId: access.user.id,
      applicationIds: moved,
    });
    await setMergedInto(tx, companyId, mergedId, survivorId);
    await recordMergeActivity(tx, 'merged', {
      companyId,
      actorId: access.user.id,
      mergeId,
      survivor,
      merged,
      applicationIds: applications.map((row) => row.id),
    });
  });
  return getCandidate(ctx, survivorId);
}

/**
 * Undoes a merge: exactly the applications it moved go back to the merged candidate, who is live
 * again. 404 for a merge of another company or of a survivor the user does not see; 403 unless the
 * update level reaches every application of both; 409 when it was undone already.
 */
export async function undoCandidateMerge(
  ctx: ApplicationContext,
  mergeId: number,
): Promise<{ survivor_id: number; merged_id: number }> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  if (levelFor(access, 'Candidate', 'view') === 'not_visible') throw new AppError('not_found');
  return db.transaction(async (tx) => {
    const merge = await lockMerge(tx, companyId, mergeId);
    if (!merge) throw new AppError('not_found');
    const locked = await lockCandidates(tx, companyId, [merge.survivorId, merge.mergedId]);
    const survivor = locked.find((row) => row.id === merge.survivorId);
    const merged = locked.find((row) => row.id === merge.mergedId);
    // Merged on into someone else since: that later merge is undone first (the split is restored in turn).
    if (survivor?.mergedIntoId != null) {
      throw new AppError('conflict', { key: 'hr.person.error.survivor_merged' });
    }
    const applications = await findPersonApplications(tx, companyId, [merge.survivorId], reachOf(access));
    if (!survivor || !merged || !applications.some((row) => row.visible)) throw new AppError('not_found');
    if (!applications.every((row) => row.updatable)) throw new AppError('forbidden');
    if (merge.undoneAt !== null || merged.mergedIntoId !== survivor.id) {
      throw new AppError('conflict', { key: 'hr.person.error.merge_undone' });
    }
    await moveApplications(tx, companyId, { from: survivor.id, to: merged.id, ids: merge.applicationIds });
    await setMergedInto(tx, companyId, merged.id, null);
    await markMergeUndone(tx, companyId, merge.id, access.user.id);
    await recordMergeActivity(tx, 'unmerged', {
      companyId,
      actorId: access.user.id,
      mergeId: merge.id,
      survivor,
      merged,
      applicationIds: applications.map((row) => row.id),
    });
    return { survivor_id: survivor.id, merged_id: merged.id };
  });
}

/** "Not the same person": the pair is not suggested again (the same permission as a merge). */
export async function dismissDuplicate(
  ctx: ApplicationContext,
  id: number,
  otherId: number,
): Promise<CandidateDetails> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  if (levelFor(access, 'Candidate', 'view') === 'not_visible') throw new AppError('not_found');
  if (id === otherId) {
    throw new AppError('validation', { issues: { candidate_id: [{ key: 'errors.invalid_value' }] } });
  }
  const people = (await findCandidates(db, companyId, [id, otherId])).filter(
    (row) => row.mergedIntoId === null,
  );
  const applications = await findPersonApplications(db, companyId, [id, otherId], reachOf(access));
  requireMergeable(people, [id, otherId], applications);
  await insertDismissal(db, { companyId, candidateIds: [id, otherId], actorId: access.user.id });
  return getCandidate(ctx, id);
}

/** The field permission that governs writing a detail (and reading its values in the history); none for the name. */
export const DETAIL_FIELD_PERMISSIONS = {
  name: null,
  email: 'field_email',
  phone: 'field_phone',
} as const satisfies Record<CandidateDetailField, 'field_email' | 'field_phone' | null>;

/** The details an edit changes: those sent whose value differs from the person's (null for emptied). */
function changedDetails(
  person: CandidateRow,
  input: CandidateEditInput,
): { field: CandidateDetailField; from: string | null; to: string | null }[] {
  const changes: { field: CandidateDetailField; from: string | null; to: string | null }[] = [];
  for (const field of ['name', 'email', 'phone'] as const) {
    const sent = input[field];
    if (sent === undefined) continue;
    const to = sent === null || sent === '' ? null : sent;
    if (field === 'name' && to === null) continue; // the schema refuses a blank name; never stored
    const from = person[field];
    if (from !== to) changes.push({ field, from, to });
  }
  return changes;
}

/**
 * Corrects a person's own details (issue 17): only the fields sent change, and each change is an
 * entry `field_changed` (who, when, which, from, to) in the history of every application of the
 * person. 404 unless the user sees the person; 403 unless the Candidate update level reaches every
 * one of their applications (a merge's rule: the details show on every card), and 403 for sending an
 * e-mail without field_email or a phone without field_phone (whatever its value: an answer must not
 * tell whether a guess was right). One transaction; nothing is written when anything is refused.
 *
 * Matching on arrival (decision 027) reads the candidate's own e-mail and phone (its indexes are
 * expressions over them), so the new contacts match from the commit on. The new contacts' arrival
 * locks are taken first, as an arrival takes them before it reads candidates: an application sent
 * from the new address meanwhile waits and joins this person, instead of making a second one.
 */
export async function editCandidate(
  ctx: ApplicationContext,
  id: number,
  input: CandidateEditInput,
): Promise<CandidateDetails> {
  const { db, access } = ctx;
  const companyId = access.user.companyId;
  if (levelFor(access, 'Candidate', 'view') === 'not_visible') throw new AppError('not_found');
  await db.transaction(async (tx) => {
    await lockArrivalContacts(tx, companyId, {
      email: input.email?.trim() || null,
      phone: phoneDigits(input.phone),
    });
    const [person] = await lockCandidates(tx, companyId, [id]);
    const applications = await findPersonApplications(tx, companyId, [id], reachOf(access));
    if (!person || person.mergedIntoId !== null || !applications.some((row) => row.visible)) {
      throw new AppError('not_found');
    }
    if (!applications.every((row) => row.updatable)) throw new AppError('forbidden');
    for (const field of ['email', 'phone'] as const) {
      const permission = DETAIL_FIELD_PERMISSIONS[field];
      if (input[field] !== undefined && !canSeeField(access, permission)) {
        throw new AppError('forbidden', { key: `hr.person.error.${field}_not_writable` });
      }
    }
    const changes = changedDetails(person, input);
    if (changes.length === 0) return;
    const values: Parameters<typeof updateCandidateDetails>[3] = {};
    for (const change of changes) {
      if (change.field === 'name') values.name = change.to ?? person.name;
      else values[change.field] = change.to;
    }
    await updateCandidateDetails(tx, companyId, id, values);
    for (const application of applications) {
      for (const change of changes) {
        await insertActivity(tx, {
          companyId,
          applicationId: application.id,
          kind: 'field_changed',
          actorId: access.user.id,
          data: change,
        });
      }
    }
  });
  return getCandidate(ctx, id);
}
