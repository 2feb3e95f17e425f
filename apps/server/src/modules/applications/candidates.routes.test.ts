import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { CandidateDetails, CandidateListItem } from '@kadry/shared/schemas/candidates';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';
import { applications } from '../../db/schema/applications';
import { addTeamMember, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// One person, many applications (issue 17, decision 027): matching on arrival, the card's person with
// all their applications and suggested duplicates, merge and unmerge (every answer and file kept, the
// split restored exactly, history entries), permissions, concurrency, the people view.

const fx = createRecruitingFixture({ env: () => ({ RATE_LIMIT_SUBMISSIONS: '1000' }) });

let roleCount = 0;
/** A staff member with a role of the company's own: these Candidate permissions and nothing else. */
async function seedCandidateRole(candidate: {
  view: Level;
  update: Level;
  fields?: string[];
  teamId?: number;
}): Promise<StaffMember> {
  roleCount += 1;
  const role = await fx.call(fx.staff.owner, 'POST', '/api/v1/roles', { name: `Person role ${roleCount}` });
  expect(role.statusCode, role.body).toBe(201);
  const roleId = role.json().data.id as number;
  const edit = await fx.call(fx.staff.owner, 'PUT', `/api/v1/roles/${roleId}`, {
    permissions: {
      Candidate: {
        visibilitySettings: {
          create: candidate.update,
          update: candidate.update,
          delete: 'not_visible',
          view: candidate.view,
          all: null,
        },
        actions: [],
        fields_view: candidate.fields ?? [],
      },
    },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const member = await seedStaff(fx.t, fx.company, 'employee');
  const assign = await fx.call(fx.staff.owner, 'PUT', `/api/v1/admin/users/${member.user.id}`, {
    role_id: roleId,
  });
  expect(assign.statusCode, assign.body).toBe(200);
  if (candidate.teamId !== undefined) {
    await addTeamMember(fx.t.database.db, {
      companyId: fx.company.id,
      teamId: candidate.teamId,
      userId: member.user.id,
    });
  }
  return member;
}

type Details = {
  id: number;
  candidate: { id: number };
  answers: { name: string; value: unknown; files: { id: number; name: string }[] }[];
  cv_text: string | null;
  vacancy: { id: number };
  stage: { id: number };
  source: string;
  created_at: string;
  other_applications: { id: number }[];
};

/** What belongs to the application itself, whoever its candidate is. */
const ownData = (card: Details) => ({
  id: card.id,
  answers: card.answers,
  cv_text: card.cv_text,
  vacancy: card.vacancy,
  stage: card.stage,
  source: card.source,
  created_at: card.created_at,
});

async function cardOf(applicationId: number): Promise<Details> {
  const response = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${applicationId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function personOf(who: StaffMember, candidateId: number) {
  return fx.call(who, 'GET', `/api/v1/candidates/${candidateId}`);
}

async function historyTypes(applicationId: number): Promise<string[]> {
  const response = await fx.call(
    fx.staff.hr,
    'GET',
    `/api/v1/applications/${applicationId}/history?kind=merge`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response
    .json()
    .data.map((entry: { type: string; action: string }) => `${entry.type}:${entry.action}`);
}

let counter = 0;
function person(name: string) {
  counter += 1;
  return { name, email: `person${counter}@example.com`, phone: `+38050${String(1000000 + counter)}` };
}

describe('matching on arrival', () => {
  it('the same e-mail (any case) or phone applying again is the same candidate; others are new', async () => {
    const first = person('Arrival Probe');
    const a = await fx.apply(fx.vacancyA, first);
    const b = await fx.apply(fx.vacancyB, {
      ...first,
      email: first.email.toUpperCase(),
      phone: '+380000000001',
    });
    const c = await fx.apply(fx.vacancyB, {
      name: 'Arrival Probe',
      email: 'other@example.com',
      phone: first.phone,
    });
    const d = await fx.apply(fx.vacancyA, person('Arrival Probe'));
    const [ca, cb, cc, cd] = await Promise.all(
      [a, b, c, d].map(async (id) => (await cardOf(id)).candidate.id),
    );
    expect(cb).toBe(ca);
    expect(cc).toBe(ca);
    expect(cd).not.toBe(ca);

    const card = (await personOf(fx.staff.hr, ca as number)).json().data as CandidateDetails;
    expect(card.applications.map((application) => application.id).sort()).toEqual([a, b, c].sort());
    expect(card.applications[0]).toMatchObject({ vacancy: { id: fx.vacancyB }, stage: { name: 'New' } });
    // The other "Arrival Probe" is suggested by name only.
    expect(card.duplicates.map((other) => [other.id, other.matched_on])).toEqual([[cd, ['name']]]);
  });
});

describe('merge and unmerge', () => {
  it('keeps every application, answer and file, and an unmerge restores exactly the previous split', async () => {
    const left = person('Mariia Kovalenko');
    const right = person('mariia   KOVALENKO');
    const leftIds = [await fx.apply(fx.vacancyA, left), await fx.apply(fx.vacancyB, left)];
    const rightIds = [await fx.apply(fx.vacancyB, right)];
    await fx.t.app.events.settled();
    const before = new Map(
      await Promise.all([...leftIds, ...rightIds].map(async (id) => [id, await cardOf(id)] as const)),
    );
    const survivor = before.get(leftIds[0] as number)?.candidate.id as number;
    const merged = before.get(rightIds[0] as number)?.candidate.id as number;
    expect(survivor).not.toBe(merged);

    // The card suggests the other (same name, spaces and case aside, other contacts).
    const suggested = (await personOf(fx.staff.hr, survivor)).json().data as CandidateDetails;
    expect(suggested.duplicates.map((other) => [other.id, other.matched_on])).toContainEqual([
      merged,
      ['name'],
    ]);
    expect(suggested.can_merge).toBe(true);

    const merge = await fx.call(fx.staff.hr, 'POST', `/api/v1/candidates/${survivor}/merge`, {
      candidate_id: merged,
    });
    expect(merge.statusCode, merge.body).toBe(200);
    const after = merge.json().data as CandidateDetails;
    expect(after.applications.map((application) => application.id).sort()).toEqual(
      [...leftIds, ...rightIds].sort(),
    );
    expect(after.duplicates.map((other) => other.id)).not.toContain(merged);
    expect(after.merges).toHaveLength(1);
    expect(after.merges[0]).toMatchObject({
      merged: { id: merged, name: right.name },
      actor: { id: fx.staff.hr.user.id },
      application_ids: rightIds,
    });
    // The merged-away candidate is gone from view; every card now names the survivor.
    expect((await personOf(fx.staff.hr, merged)).statusCode).toBe(404);
    for (const id of [...leftIds, ...rightIds]) {
      const card = await cardOf(id);
      expect(card.candidate.id).toBe(survivor);
      // The application itself is untouched: answers, files, CV text, vacancy, stage, date.
      expect(ownData(card)).toEqual(ownData(before.get(id) as Details));
      // Its other applications are now all of the person's.
      expect(card.other_applications.map((other) => other.id).sort()).toEqual(
        [...leftIds, ...rightIds].filter((other) => other !== id).sort(),
      );
      expect(await historyTypes(id)).toEqual(['merge:merged']);
    }
    // Files still download through their applications.
    const file = before.get(rightIds[0] as number)?.answers.find((answer) => answer.files.length > 0)
      ?.files[0];
    expect((await fx.call(fx.staff.hr, 'GET', `/api/v1/files/${file?.id}/download`)).statusCode).toBe(200);

    const mergeId = after.merges[0]?.id;
    const undo = await fx.call(fx.staff.hr, 'POST', `/api/v1/candidate-merges/${mergeId}/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toEqual({ survivor_id: survivor, merged_id: merged });
    for (const [id, card] of before) {
      expect(await cardOf(id)).toEqual(card);
      expect(await historyTypes(id)).toEqual(['merge:unmerged', 'merge:merged']);
    }
    const again = (await personOf(fx.staff.hr, survivor)).json().data as CandidateDetails;
    expect(again.merges).toEqual([]);
    expect(again.duplicates.map((other) => other.id)).toContain(merged);
    // Undone already: 409, and nothing moves.
    expect((await fx.call(fx.staff.hr, 'POST', `/api/v1/candidate-merges/${mergeId}/undo`)).statusCode).toBe(
      409,
    );
    expect((await cardOf(rightIds[0] as number)).candidate.id).toBe(merged);
  });

  it('an application arriving for the merged-away person joins the survivor; undo leaves it there', async () => {
    const left = person('Chain Probe');
    const right = person('Chain Probe');
    const a = await fx.apply(fx.vacancyA, left);
    const b = await fx.apply(fx.vacancyA, right);
    const survivor = (await cardOf(a)).candidate.id;
    const merged = (await cardOf(b)).candidate.id;
    const merge = await fx.call(fx.staff.hr, 'POST', `/api/v1/candidates/${survivor}/merge`, {
      candidate_id: merged,
    });
    expect(merge.statusCode, merge.body).toBe(200);
    const late = await fx.apply(fx.vacancyB, right);
    expect((await cardOf(late)).candidate.id).toBe(survivor);

    const undo = await fx.call(
      fx.staff.hr,
      'POST',
      `/api/v1/candidate-merges/${(merge.json().data as CandidateDetails).merges[0]?.id}/undo`,
    );
    expect(undo.statusCode, undo.body).toBe(200);
    expect((await cardOf(b)).candidate.id).toBe(merged);
    expect((await cardOf(late)).candidate.id).toBe(survivor);
  });

  it('refuses a merge with oneself (422) and undoing a merge whose survivor was merged on (409)', async () => {
    const [a, b, c] = [person('Triple'), person('Triple'), person('Triple')];
    const ids = [
      await fx.apply(fx.vacancyA, a),
      await fx.apply(fx.vacancyA, b),
      await fx.apply(fx.vacancyA, c),
    ];
    const [ca, cb, cc] = await Promise.all(ids.map(async (id) => (await cardOf(id)).candidate.id));
    const self = await fx.call(fx.staff.hr, 'POST', `/api/v1/candidates/${ca}/merge`, { candidate_id: ca });
    expect(self.statusCode).toBe(422);
    const first = await fx.call(fx.staff.hr, 'POST', `/api/v1/candidates/${cb}/merge`, { candidate_id: ca });
    expect(first.statusCode, first.body).toBe(200);
    const second = await fx.call(fx.staff.hr, 'POST', `/api/v1/candidates/${cc}/merge`, { candidate_id: cb });
    expect(second.statusCode, second.body).toBe(200);
    const firstId = (first.json().data as CandidateDetails).merges[0]?.id;
    expect((await fx.call(fx.staff.hr, 'POST', `/api/v1/candidate-merges/${firstId}/undo`)).statusCode).toBe(
      409,
    );
    // In turn: the later merge first, then the earlier one.
    const secondId = (second.json().data as CandidateDetails).merges[0]?.id;
    expect((await fx.call(fx.staff.hr, 'POST', `/api/v1/candidate-merges/${secondId}/undo`)).statusCode).toBe(
      200,
    );
    expect((await fx.call(fx.staff.hr, 'POST', `/api/v1/candidate-merges/${firstId}/undo`)).statusCode).toBe(
      200,
    );
    expect(await Promise.all(ids.map(async (id) => (await cardOf(id)).candidate.id))).toEqual([ca, cb, cc]);
  });

  it('two merges of the same pair at once: one wins, the other finds the merged-away candidate gone', async () => {
    const ids = [await fx.apply(fx.vacancyA, person('Race')), await fx.apply(fx.vacancyB, person('Race'))];
    const [ca, cb] = await Promise.all(ids.map(async (id) => (await cardOf(id)).candidate.id));
    const answers = await Promise.all([
      fx.call(fx.staff.hr, 'POST', `/api/v1/candidates/${ca}/merge`, { candidate_id: cb }),
      fx.call(fx.staff.owner, 'POST', `/api/v1/candidates/${cb}/merge`, { candidate_id: ca }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
    const owners = await Promise.all(ids.map(async (id) => (await cardOf(id)).candidate.id));
    expect(owners[0]).toBe(owners[1]);
    // Exactly one candidate row still holds applications.
    const rows = await fx.t.database.db
      .select({ candidateId: applications.candidateId })
      .from(applications)
      .where(
        and(eq(applications.companyId, fx.company.id), eq(applications.candidateId, owners[0] as number)),
      );
    expect(rows).toHaveLength(2);
  });
});

describe('permissions', () => {
  let teamOnly: StaffMember;
  let viewAllUpdateMine: StaffMember;
  let viewer: StaffMember;
  let inTeam: number;
  let outOfTeam: number;

  beforeAll(async () => {
    const teamId = (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyB}`)).json().data
      .team_id;
    teamOnly = await seedCandidateRole({
      view: 'only_my_and_my_team',
      update: 'only_my_and_my_team',
      teamId,
    });
    viewAllUpdateMine = await seedCandidateRole({ view: 'to_all', update: 'only_my_and_my_team', teamId });
    viewer = await seedCandidateRole({ view: 'to_all', update: 'not_visible' });
    inTeam = (await cardOf(await fx.apply(fx.vacancyB, person('Perm Probe')))).candidate.id;
    outOfTeam = (await cardOf(await fx.apply(fx.vacancyA, person('Perm Probe')))).candidate.id;
  });

  it('a person none of whose applications the user sees is 404, as is a missing or out-of-range id', async () => {
    expect((await personOf(teamOnly, inTeam)).statusCode).toBe(200);
    expect((await personOf(teamOnly, outOfTeam)).statusCode).toBe(404);
    expect((await personOf(fx.staff.employee, inTeam)).statusCode).toBe(404);
    expect((await personOf(fx.staff.hr, 2_147_483_647)).statusCode).toBe(404);
    expect((await personOf(fx.staff.hr, 99_999_999_999)).statusCode).toBe(404);
    // And a duplicate out of reach is not suggested.
    const card = (await personOf(teamOnly, inTeam)).json().data as CandidateDetails;
    expect(card.duplicates.map((other) => other.id)).not.toContain(outOfTeam);
    expect(
      (await personOf(fx.staff.hr, inTeam)).json().data.duplicates.map((o: { id: number }) => o.id),
    ).toContain(outOfTeam);
  });

  it('merging needs update on every application of both: no merge into or out of what one cannot reach', async () => {
    const merge = (who: StaffMember, into: number, from: number) =>
      fx.call(who, 'POST', `/api/v1/candidates/${into}/merge`, { candidate_id: from });
    // Sees only one of them: the other does not exist for them.
    expect((await merge(teamOnly, inTeam, outOfTeam)).statusCode).toBe(404);
    expect((await merge(teamOnly, outOfTeam, inTeam)).statusCode).toBe(404);
    // Sees both, may update only one: 403.
    expect((await merge(viewAllUpdateMine, inTeam, outOfTeam)).statusCode).toBe(403);
    expect((await merge(viewer, inTeam, outOfTeam)).statusCode).toBe(403);
    expect((await merge(fx.staff.employee, inTeam, outOfTeam)).statusCode).toBe(404);
    expect((await personOf(viewer, inTeam)).json().data.can_merge).toBe(false);
    // Not-the-same-person follows the same rule.
    const dismiss = await fx.call(viewer, 'POST', `/api/v1/candidates/${inTeam}/not-duplicate`, {
      candidate_id: outOfTeam,
    });
    expect(dismiss.statusCode).toBe(403);
    // Nothing moved.
    expect((await personOf(fx.staff.hr, outOfTeam)).statusCode).toBe(200);

    const done = await merge(fx.staff.hr, inTeam, outOfTeam);
    expect(done.statusCode, done.body).toBe(200);
    const mergeId = (done.json().data as CandidateDetails).merges[0]?.id;
    // Undoing it needs the same reach: the team-only role sees the survivor but not every application.
    expect((await fx.call(teamOnly, 'POST', `/api/v1/candidate-merges/${mergeId}/undo`)).statusCode).toBe(
      403,
    );
    expect(
      (await fx.call(fx.staff.employee, 'POST', `/api/v1/candidate-merges/${mergeId}/undo`)).statusCode,
    ).toBe(404);
    // The team-only role sees only the team application of the merged person.
    const seen = (await personOf(teamOnly, inTeam)).json().data as CandidateDetails;
    expect(seen.applications.map((application) => application.vacancy.id)).toEqual([fx.vacancyB]);
    expect((await fx.call(fx.staff.hr, 'POST', `/api/v1/candidate-merges/${mergeId}/undo`)).statusCode).toBe(
      200,
    );
  });

  it('a dismissed suggestion is not made again', async () => {
    const a = (await cardOf(await fx.apply(fx.vacancyA, person('Dismiss Probe')))).candidate.id;
    const b = (await cardOf(await fx.apply(fx.vacancyA, person('Dismiss Probe')))).candidate.id;
    const response = await fx.call(fx.staff.hr, 'POST', `/api/v1/candidates/${b}/not-duplicate`, {
      candidate_id: a,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().data as CandidateDetails).duplicates.map((other) => other.id)).not.toContain(a);
    const fromA = (await personOf(fx.staff.hr, a)).json().data as CandidateDetails;
    expect(fromA.duplicates.map((other) => other.id)).not.toContain(b);
  });

  it('hides e-mail and phone from a role without field_email / field_phone, and does not match on them', async () => {
    const shared = person('Contact Twin');
    const a = (await cardOf(await fx.apply(fx.vacancyA, shared))).candidate.id;
    const card = (await personOf(viewer, a)).json().data as CandidateDetails;
    expect(card).not.toHaveProperty('email');
    expect(card).not.toHaveProperty('phone');
    const hr = (await personOf(fx.staff.hr, a)).json().data as CandidateDetails;
    expect(hr.email).toBe(shared.email);
  });
});

describe('the people view', () => {
  it('lists one row per person with the number of their applications and the latest', async () => {
    const who = person('People View Probe');
    const first = await fx.apply(fx.vacancyA, who);
    const second = await fx.apply(fx.vacancyB, who);
    const response = await fx.call(fx.staff.hr, 'GET', '/api/v1/candidates?search=People%20View%20Probe');
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json().data as CandidateListItem[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: who.name, email: who.email, application_count: 2 });
    expect(rows[0]?.latest_application.id).toBe(second);
    expect(response.json().meta.total).toBe(1);
    expect(first).not.toBe(second);
    // A role that sees only the team vacancy counts only that application.
    const teamId = (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyB}`)).json().data
      .team_id;
    const teamOnly = await seedCandidateRole({ view: 'only_my_and_my_team', update: 'not_visible', teamId });
    const theirs = (await fx.call(teamOnly, 'GET', '/api/v1/candidates?search=People%20View%20Probe')).json()
      .data as CandidateListItem[];
    expect(theirs.map((row) => [row.application_count, row.latest_application.id])).toEqual([[1, second]]);
    expect(theirs[0]).not.toHaveProperty('email');
    expect((await fx.call(fx.staff.employee, 'GET', '/api/v1/candidates')).statusCode).toBe(403);
  });
});
