import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { CandidateDetails } from '@kadry/shared/schemas/candidates';
import type { HistoryEntry } from '@kadry/shared/schemas/recruiting-mail';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecruitingFixture } from '../../../test/recruiting-fixture';
import { addTeamMember, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// Correcting a candidate's own details (issue 17, "activity history ... field changes"): PUT
// /api/v1/candidates/{id} with only the fields to change, validated as the careers form validates them,
// the reach of a merge, field permissions for e-mail and phone, one transaction, and a `field_changed`
// entry on every application's history whose values follow the reader's field permissions.

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
  const role = await fx.call(fx.staff.owner, 'POST', '/api/v1/roles', { name: `Edit role ${roleCount}` });
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

let counter = 0;
function person(name: string) {
  counter += 1;
  return { name, email: `edit${counter}@example.com`, phone: `+38063${String(1000000 + counter)}` };
}

async function candidateOf(applicationId: number): Promise<{ id: number; name: string; email?: string }> {
  const response = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${applicationId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.candidate;
}

function edit(who: StaffMember, candidateId: number, body: Record<string, unknown>) {
  return fx.call(who, 'PUT', `/api/v1/candidates/${candidateId}`, body);
}

async function personOf(candidateId: number): Promise<CandidateDetails> {
  const response = await fx.call(fx.staff.hr, 'GET', `/api/v1/candidates/${candidateId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

type FieldChange = Extract<HistoryEntry, { type: 'field_changed' }>;

async function fieldChanges(
  who: StaffMember,
  applicationId: number,
  kind = 'details',
): Promise<FieldChange[]> {
  const response = await fx.call(who, 'GET', `/api/v1/applications/${applicationId}/history?kind=${kind}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as HistoryEntry[]).filter(
    (entry): entry is FieldChange => entry.type === 'field_changed',
  );
}

describe('correcting a person', () => {
  it('changes only the fields sent, on every card of the person, each change in every history', async () => {
    const who = person('Olha Typo');
    const first = await fx.apply(fx.vacancyA, who);
    const second = await fx.apply(fx.vacancyB, who);
    const candidateId = (await candidateOf(first)).id;
    expect((await candidateOf(second)).id).toBe(candidateId);
    expect((await personOf(candidateId)).can_edit).toBe(true);

    const renamed = await edit(fx.staff.hr, candidateId, { name: '  Olha Tymoshenko ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      id: candidateId,
      name: 'Olha Tymoshenko',
      email: who.email,
      phone: who.phone,
    });
    for (const id of [first, second]) {
      expect(await candidateOf(id)).toMatchObject({ name: 'Olha Tymoshenko', email: who.email });
      const [change, ...rest] = await fieldChanges(fx.staff.hr, id);
      expect(rest).toEqual([]);
      expect(change).toMatchObject({
        type: 'field_changed',
        actor: { id: fx.staff.hr.user.id },
        field: 'name',
        from: 'Olha Typo',
        to: 'Olha Tymoshenko',
      });
      expect(Number.isNaN(Date.parse(change?.at ?? ''))).toBe(false);
    }

    // The HR app sends updates as POST with _method=PUT; null empties the phone.
    const contacts = await fx.call(fx.staff.hr, 'POST', `/api/v1/candidates/${candidateId}`, {
      _method: 'PUT',
      email: 'olha.t@example.com',
      phone: null,
    });
    expect(contacts.statusCode, contacts.body).toBe(200);
    expect(contacts.json().data).toMatchObject({ email: 'olha.t@example.com', phone: null });
    const history = await fieldChanges(fx.staff.hr, second);
    expect(history.map((entry) => [entry.field, entry.from, entry.to])).toEqual([
      ['phone', who.phone, null],
      ['email', who.email, 'olha.t@example.com'],
      ['name', 'Olha Typo', 'Olha Tymoshenko'],
    ]);
    // The history's other filters leave field changes out; all of it has them.
    expect(await fieldChanges(fx.staff.hr, second, 'merge')).toEqual([]);
    const all = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${second}/history`);
    expect(
      (all.json().data as HistoryEntry[]).filter((entry) => entry.type === 'field_changed'),
    ).toHaveLength(3);

    // The same values again change nothing and add nothing.
    const again = await edit(fx.staff.hr, candidateId, { name: 'Olha Tymoshenko', phone: null });
    expect(again.statusCode, again.body).toBe(200);
    expect(await fieldChanges(fx.staff.hr, first)).toHaveLength(3);
  });

  it('matches the next application on the corrected e-mail, no longer on the old one (decision 027)', async () => {
    const who = person('Match Probe');
    const candidateId = (await candidateOf(await fx.apply(fx.vacancyA, who))).id;
    const response = await edit(fx.staff.hr, candidateId, {
      email: 'match.probe@example.com',
      phone: '+380931112244',
    });
    expect(response.statusCode, response.body).toBe(200);
    const byNewEmail = await fx.apply(fx.vacancyB, {
      name: 'Match Probe',
      email: 'MATCH.PROBE@example.com',
      phone: '+380000000009',
    });
    expect((await candidateOf(byNewEmail)).id).toBe(candidateId);
    const byNewPhone = await fx.apply(fx.vacancyB, {
      name: 'Match Probe',
      email: 'someone.else@example.com',
      phone: '+380931112244',
    });
    expect((await candidateOf(byNewPhone)).id).toBe(candidateId);
    const byOldEmail = await fx.apply(fx.vacancyB, { ...who, phone: '+380000000010' });
    expect((await candidateOf(byOldEmail)).id).not.toBe(candidateId);
  });

  it('refuses a bad e-mail, a bad phone and an empty name (422) and changes nothing', async () => {
    const who = person('Valid Probe');
    const candidateId = (await candidateOf(await fx.apply(fx.vacancyA, who))).id;
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-address' }, 'email'],
      [{ email: '' }, 'email'],
      [{ phone: '+38 050 123' }, 'phone'],
      [{ phone: '12345' }, 'phone'],
      [{ phone: '1234567890123456' }, 'phone'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(201) }, 'name'],
      [{ name: 42 }, 'name'],
    ];
    for (const [body, field] of cases) {
      const response = await edit(fx.staff.hr, candidateId, { name: 'Should Not Stay', ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toEqual([field]);
    }
    const phone = await edit(fx.staff.hr, candidateId, { phone: 'abc1234' });
    expect(phone.json().errors.phone).toEqual(['A phone number may contain only digits and +']);
    expect(await personOf(candidateId)).toMatchObject({ name: who.name, email: who.email, phone: who.phone });
    expect(await fieldChanges(fx.staff.hr, (await personOf(candidateId)).applications[0]?.id ?? 0)).toEqual(
      [],
    );
  });
});

describe('who may correct whom', () => {
  let teamOnly: StaffMember;
  let viewAllUpdateTeam: StaffMember;
  let viewer: StaffMember;
  let updaterNoContacts: StaffMember;
  let updaterEmailOnly: StaffMember;
  let reader: StaffMember;

  beforeAll(async () => {
    const teamId = (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyB}`)).json().data
      .team_id;
    const contacts = ['field_email', 'field_phone'];
    teamOnly = await seedCandidateRole({
      view: 'only_my_and_my_team',
      update: 'only_my_and_my_team',
      fields: contacts,
      teamId,
    });
    viewAllUpdateTeam = await seedCandidateRole({
      view: 'to_all',
      update: 'only_my_and_my_team',
      fields: contacts,
      teamId,
    });
    viewer = await seedCandidateRole({ view: 'to_all', update: 'not_visible', fields: contacts });
    updaterNoContacts = await seedCandidateRole({ view: 'to_all', update: 'to_all' });
    updaterEmailOnly = await seedCandidateRole({ view: 'to_all', update: 'to_all', fields: ['field_email'] });
    reader = await seedCandidateRole({ view: 'to_all', update: 'not_visible', fields: ['field_phone'] });
  });

  it('is 404 for a person out of reach, missing, merged away or named by a bad id', async () => {
    const outOfTeam = (await candidateOf(await fx.apply(fx.vacancyA, person('Reach Probe')))).id;
    expect((await edit(teamOnly, outOfTeam, { name: 'Renamed' })).statusCode).toBe(404);
    expect((await edit(fx.staff.employee, outOfTeam, { name: 'Renamed' })).statusCode).toBe(404);
    expect((await edit(fx.staff.hr, 2_147_483_647, { name: 'Renamed' })).statusCode).toBe(404);
    expect(
      (await fx.call(fx.staff.hr, 'PUT', '/api/v1/candidates/abc', { name: 'Renamed' })).statusCode,
    ).toBe(404);
    const survivor = (await candidateOf(await fx.apply(fx.vacancyA, person('Reach Probe')))).id;
    const merge = await fx.call(fx.staff.hr, 'POST', `/api/v1/candidates/${survivor}/merge`, {
      candidate_id: outOfTeam,
    });
    expect(merge.statusCode, merge.body).toBe(200);
    expect((await edit(fx.staff.hr, outOfTeam, { name: 'Renamed' })).statusCode).toBe(404);
    expect((await personOf(survivor)).name).toBe('Reach Probe');
  });

  it('is 403 without the update level on every application of the person', async () => {
    const who = person('Level Probe');
    const inTeam = (await candidateOf(await fx.apply(fx.vacancyB, who))).id;
    // Update on the team's vacancy only: fine while the person applied only there.
    expect((await edit(teamOnly, inTeam, { name: 'Level Probe II' })).statusCode).toBe(200);
    expect((await edit(viewer, inTeam, { name: 'Level Probe III' })).statusCode).toBe(403);
    expect((await fx.call(viewer, 'GET', `/api/v1/candidates/${inTeam}`)).json().data.can_edit).toBe(false);
    // Once they applied elsewhere too, the team's reach does not cover every card showing them.
    await fx.apply(fx.vacancyA, who);
    expect((await edit(viewAllUpdateTeam, inTeam, { name: 'Level Probe III' })).statusCode).toBe(403);
    expect((await personOf(inTeam)).name).toBe('Level Probe II');
  });

  it('is 403 for writing an e-mail without field_email or a phone without field_phone, and writes nothing', async () => {
    const who = person('Field Probe');
    const candidateId = (await candidateOf(await fx.apply(fx.vacancyA, who))).id;
    const applicationId = (await personOf(candidateId)).applications[0]?.id ?? 0;
    const noEmail = await edit(updaterNoContacts, candidateId, { name: 'Field Probe II', email: who.email });
    expect(noEmail.statusCode).toBe(403);
    expect(noEmail.json().message).toBe("Your role may not change candidates' e-mail addresses.");
    expect(
      (await edit(updaterNoContacts, candidateId, { name: 'Field Probe II', phone: null })).statusCode,
    ).toBe(403);
    const noPhone = await edit(updaterEmailOnly, candidateId, {
      name: 'Field Probe II',
      email: 'field.probe@example.com',
      phone: '+380501112299',
    });
    expect(noPhone.statusCode).toBe(403);
    // Nothing of a refused edit stays: not the name, not the e-mail, no history.
    expect(await personOf(candidateId)).toMatchObject({ name: who.name, email: who.email, phone: who.phone });
    expect(await fieldChanges(fx.staff.hr, applicationId)).toEqual([]);

    // What each role may write, it may.
    expect((await edit(updaterNoContacts, candidateId, { name: 'Field Probe II' })).statusCode).toBe(200);
    const email = await edit(updaterEmailOnly, candidateId, { email: 'field.probe@example.com' });
    expect(email.statusCode, email.body).toBe(200);
    expect(email.json().data).not.toHaveProperty('phone');
  });

  it('tells every reader a contact changed, and its values only to roles that see that field', async () => {
    const who = person('Hidden Probe');
    const candidateId = (await candidateOf(await fx.apply(fx.vacancyA, who))).id;
    const applicationId = (await personOf(candidateId)).applications[0]?.id ?? 0;
    const response = await edit(fx.staff.hr, candidateId, {
      name: 'Hidden Probe II',
      email: 'hidden.probe@example.com',
      phone: '+380501112233',
    });
    expect(response.statusCode, response.body).toBe(200);

    const full = await fieldChanges(fx.staff.hr, applicationId);
    expect(full.map((entry) => [entry.field, entry.from, entry.to])).toEqual([
      ['phone', who.phone, '+380501112233'],
      ['email', who.email, 'hidden.probe@example.com'],
      ['name', who.name, 'Hidden Probe II'],
    ]);
    // No field permission: the name's values, and only that the e-mail and phone changed.
    const bare = await fieldChanges(updaterNoContacts, applicationId);
    expect(bare.map((entry) => entry.field)).toEqual(['phone', 'email', 'name']);
    expect(bare[0]).not.toHaveProperty('from');
    expect(bare[0]).not.toHaveProperty('to');
    expect(bare[1]).not.toHaveProperty('from');
    expect(bare[1]).not.toHaveProperty('to');
    expect(bare[2]).toMatchObject({ from: who.name, to: 'Hidden Probe II' });
    const raw = (await fx.call(updaterNoContacts, 'GET', `/api/v1/applications/${applicationId}/history`))
      .body;
    expect(raw).not.toContain('hidden.probe@example.com');
    expect(raw).not.toContain(who.email);
    expect(raw).not.toContain('+380501112233');
    // Phone only: the phone's values, not the e-mail's.
    const phoneOnly = await fieldChanges(reader, applicationId);
    expect(phoneOnly[0]).toMatchObject({ field: 'phone', from: who.phone, to: '+380501112233' });
    expect(phoneOnly[1]).not.toHaveProperty('to');
  });
});
