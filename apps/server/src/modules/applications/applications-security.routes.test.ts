import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { StaffFormField } from '@kadry/shared/schemas/recruiting';
import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { createRecruitingFixture, vacancyBody } from '../../../test/recruiting-fixture';
import { makePdf } from '../cv/fixtures/cv-fixtures';
import { addTeamMember, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// Attacks of the security issue on applications, replayed through app.inject: rebuilding hidden
// contacts by searching (item 5), repeats judged beyond the user's reach (item 5), reading private
// comments (item 6, decision 011), uploads served under the uploader's extension and contacts in
// custom fields (item 11).

const fx = createRecruitingFixture();

type Summary = { id: number; candidate: { name: string }; is_repeat: boolean };

let roleCount = 0;
/** A staff member with a role of the company's own: these Candidate permissions and nothing else. */
async function seedStaffWithCandidateRole(candidate: {
  level: Level;
  actions?: string[];
  fields?: string[];
  teamId?: number;
}): Promise<StaffMember> {
  roleCount += 1;
  const role = await fx.call(fx.staff.owner, 'POST', '/api/v1/roles', {
    name: `Candidate role ${roleCount}`,
  });
  expect(role.statusCode, role.body).toBe(201);
  const roleId = role.json().data.id as number;
  const level = candidate.level;
  const edit = await fx.call(fx.staff.owner, 'PUT', `/api/v1/roles/${roleId}`, {
    permissions: {
      Candidate: {
        visibilitySettings: { create: level, update: level, delete: 'not_visible', view: level, all: null },
        actions: candidate.actions ?? [],
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

/** Team T, the team of vacancy B. */
async function findTeamOfVacancyB(): Promise<number> {
  return (await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyB}`)).json().data.team_id;
}

async function listIds(who: StaffMember, query: string): Promise<number[]> {
  const response = await fx.call(who, 'GET', `/api/v1/applications?per_page=100&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: Summary) => row.id);
}

/** Data rows of an export: the lines that start with an application id (answers may span lines). */
function exportRows(csv: string): string[] {
  return csv.split('\n').filter((line) => /^\d+,/.test(line));
}

describe('search and repeats stay within what the user may see', () => {
  let viewer: StaffMember;

  beforeAll(async () => {
    // Sees every candidate and may export them, but none of their fields.
    viewer = await seedStaffWithCandidateRole({ level: 'to_all', actions: ['export_database'] });
  });

  it('a role without field_email / field_phone cannot rebuild a hidden e-mail or phone by searching its prefixes (list, board, export)', async () => {
    const email = 'Olena@Example.com';
    const phone = '+380501234567';
    // The attack works against a role that sees e-mails: the prefix finds Olena.
    expect(await listIds(fx.staff.hr, `search=${encodeURIComponent('olena@exa')}`)).toContain(
      fx.applicationA,
    );

    const everything = (await fx.call(viewer, 'GET', '/api/v1/applications?per_page=100')).json()
      .data as Summary[];
    expect(everything.map((row) => row.id)).toContain(fx.applicationA);
    for (const secret of [email, phone]) {
      for (let length = 1; length <= secret.length; length += 1) {
        const prefix = secret.slice(0, length);
        const search = `search=${encodeURIComponent(prefix)}`;
        // Nothing more than the names the role sees explain.
        const byName = everything
          .filter((row) => row.candidate.name.toLowerCase().includes(prefix.toLowerCase()))
          .map((row) => row.id);
        expect(await listIds(viewer, search), `list, search "${prefix}"`).toEqual(byName);
        expect(await listIds(viewer, `${search}&vacancy_id=${fx.vacancyA}`), `board "${prefix}"`).toEqual(
          byName.filter((id) => id === fx.applicationA),
        );
        const exported = await fx.call(viewer, 'GET', `/api/v1/applications/export?${search}`);
        expect(exported.statusCode).toBe(200);
        expect(
          exportRows(exported.body).map((row) => Number(row.split(',')[0])),
          `export "${prefix}"`,
        ).toEqual(byName);
      }
    }
  });

  it('is_repeat counts only earlier applications the user may see (list, board, card, export)', async () => {
    const teamViewer = await seedStaffWithCandidateRole({
      level: 'only_my_and_my_team',
      actions: ['export_database'],
      fields: ['field_email', 'field_phone'],
      teamId: await findTeamOfVacancyB(),
    });
    // The same person applies to vacancy A (out of the team viewer's reach), then to vacancy B.
    const person = { name: 'Repeat Probe', email: 'repeat.probe@example.com', phone: '+380661230000' };
    await fx.apply(fx.vacancyA, person);
    const second = await fx.apply(fx.vacancyB, person);
    await fx.t.app.events.settled();
    expect((await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${second}`)).json().data.is_repeat).toBe(
      true,
    );

    const isRepeatIn = async (query: string) => {
      const rows = (await fx.call(teamViewer, 'GET', `/api/v1/applications?per_page=100&${query}`)).json()
        .data as Summary[];
      return rows.find((row) => row.id === second)?.is_repeat;
    };
    expect(await isRepeatIn('search=Repeat%20Probe')).toBe(false);
    expect(await isRepeatIn(`vacancy_id=${fx.vacancyB}`)).toBe(false);
    const card = (await fx.call(teamViewer, 'GET', `/api/v1/applications/${second}`)).json().data;
    expect(card.is_repeat).toBe(false);
    expect(card.other_applications).toEqual([]);
    const exported = await fx.call(teamViewer, 'GET', '/api/v1/applications/export?search=Repeat%20Probe');
    const [row] = exportRows(exported.body);
    expect(row?.split(',')[0]).toBe(String(second));
    expect(row).toMatch(/,no,/);
    expect(row).not.toMatch(/,yes,/);
  });
});

describe('comment visibility (decision 011)', () => {
  const texts = (response: { json(): { data: { text: string }[] } }) =>
    response.json().data.map((comment) => comment.text);
  const comments = `/api/v1/applications/{id}/comments`;
  let url: string;
  let recruiterT: StaffMember;
  let commenter: StaffMember;

  beforeAll(async () => {
    url = comments.replace('{id}', String(fx.applicationB));
    const teamId = await findTeamOfVacancyB();
    // A recruiter of team T (update level, share_comments) and a role that may comment without sharing.
    recruiterT = await seedStaff(fx.t, fx.company, 'recruiter');
    await addTeamMember(fx.t.database.db, { companyId: fx.company.id, teamId, userId: recruiterT.user.id });
    commenter = await seedStaffWithCandidateRole({ level: 'only_my_and_my_team', teamId });
  });

  it('a private comment is not read by a colleague who sees the application without see_all_comments', async () => {
    const secret = await fx.call(recruiterT, 'POST', url, { text: 'Private: salary too high' });
    expect(secret.statusCode, secret.body).toBe(201);
    expect(secret.json().data.is_shared).toBe(false);
    const shared = await fx.call(recruiterT, 'POST', url, { text: 'Invite to interview', is_shared: true });
    expect(shared.statusCode, shared.body).toBe(201);
    expect(shared.json().data.is_shared).toBe(true);

    // The manager and the commenter see application B, but not the private comment.
    for (const who of [fx.staff.manager, commenter]) {
      const response = await fx.call(who, 'GET', url);
      expect(response.statusCode).toBe(200);
      expect(texts(response)).toEqual(['Invite to interview']);
      expect(response.body).not.toContain('salary too high');
    }
    // Its author reads it, and so does HR (see_all_comments), marked private.
    expect(texts(await fx.call(recruiterT, 'GET', url))).toEqual([
      'Private: salary too high',
      'Invite to interview',
    ]);
    const forHr = (await fx.call(fx.staff.hr, 'GET', url)).json().data;
    expect(forHr.map((c: { text: string; is_shared: boolean }) => [c.text, c.is_shared])).toEqual([
      ['Private: salary too high', false],
      ['Invite to interview', true],
    ]);
  });

  it('sharing a comment without share_comments is refused (403) and saves nothing', async () => {
    const refused = await fx.call(commenter, 'POST', url, { text: 'Shared by stealth', is_shared: true });
    expect(refused.statusCode).toBe(403);
    expect(texts(await fx.call(fx.staff.hr, 'GET', url))).not.toContain('Shared by stealth');
    // The same role may still write private comments, which stay its own.
    const own = await fx.call(commenter, 'POST', url, { text: 'Note to self' });
    expect(own.statusCode, own.body).toBe(201);
    expect(texts(await fx.call(commenter, 'GET', url))).toContain('Note to self');
    expect(texts(await fx.call(recruiterT, 'GET', url))).not.toContain('Note to self');
    expect(texts(await fx.call(fx.staff.owner, 'GET', url))).toContain('Note to self');
  });
});

describe('stored uploads and contacts in custom fields', () => {
  /** Fields of a form whose custom fields ask for contacts as plain text, and that takes any file. */
  const field = (overrides: Partial<StaffFormField>): StaffFormField => ({
    name: 'Field',
    type: 'custom_property',
    input_type: 'text',
    required: false,
    validation: null,
    input_meta: null,
    dictionary: null,
    value: null,
    ...overrides,
  });
  const fields: StaffFormField[] = [
    field({ name: 'Name', type: 'name', required: true }),
    field({ name: 'Email', type: 'email', input_type: 'email', required: true }),
    field({ name: 'Work e-mail', value: 'work_email' }),
    field({ name: 'Телефон', value: 'second_phone' }),
    field({ name: 'Backup contact', type: 'phone' }),
    field({ name: 'Motto', value: 'motto' }),
    field({ name: 'Attachments', type: 'files', input_type: 'files', input_meta: { maxFiles: 5 } }),
  ];
  const answers = {
    'Work e-mail': 'hidden.work@example.com',
    Телефон: '+380 44 555 0101',
    'Backup contact': '+380 44 555 0202',
  };
  let applicationId: number;
  let files: { id: number; name: string; format: string | null }[];

  beforeAll(async () => {
    const form = await fx.call(fx.staff.hr, 'POST', '/api/v1/forms', {
      name: 'Contacts and any file',
      fields,
    });
    expect(form.statusCode, form.body).toBe(201);
    const vacancy = await fx.call(
      fx.staff.hr,
      'POST',
      '/api/v1/vacancies',
      vacancyBody({ name: 'Any file', team_id: await findTeamOfVacancyB(), form_id: form.json().data.id }),
    );
    expect(vacancy.statusCode, vacancy.body).toBe(201);
    const vacancyId = vacancy.json().data.id as number;
    expect((await fx.call(fx.staff.hr, 'POST', `/api/v1/vacancies/${vacancyId}/publish`)).statusCode).toBe(
      200,
    );

    const html = `<!doctype html><html><body><script>fetch('/api/v1/users')</script>${'<p>CV</p>'.repeat(200)}</body></html>`;
    const png = new Uint8Array(2048);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const body = await multipart([
      ['fields[0][type]', 'name'],
      ['fields[0][input_value]', 'Mykola'],
      ['fields[1][type]', 'email'],
      ['fields[1][input_value]', 'mykola@example.com'],
      ['fields[2][type]', 'custom_property'],
      ['fields[2][value]', 'work_email'],
      ['fields[2][input_value]', answers['Work e-mail']],
      ['fields[3][type]', 'custom_property'],
      ['fields[3][value]', 'second_phone'],
      ['fields[3][input_value]', answers.Телефон],
      ['fields[4][type]', 'phone'],
      ['fields[4][input_value]', answers['Backup contact']],
      ['fields[5][type]', 'custom_property'],
      ['fields[5][value]', 'motto'],
      ['fields[5][input_value]', 'Keep going'],
      ['fields[6][type]', 'files'],
      ['fields[6][input_value][0]', new Blob([html], { type: 'text/html' }), 'CV.html'],
      ['fields[6][input_value][1]', new Blob([png], { type: 'application/pdf' }), 'photo.pdf'],
      ['fields[6][input_value][2]', new Blob([new Uint8Array(makePdf(['Mykola']))]), 'résumé'],
    ]);
    const response = await fx.t.app.inject({
      method: 'POST',
      url: `/api/v1/public-vacancies/${vacancyId}/response`,
      headers: { ...body.headers, host: fx.company.hosts[0] ?? '' },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    applicationId = response.json().data.id;
    await fx.t.app.events.settled();
    const card = (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${applicationId}`)).json().data;
    files = card.answers.find((answer: { name: string }) => answer.name === 'Attachments').files;
  });

  it('an HTML page uploaded as CV.html is downloaded as CV.txt, text/plain, nosniff (and other files as what they are)', async () => {
    expect(files.map((file) => [file.name, file.format])).toEqual([
      ['CV.html', 'txt'],
      ['photo.pdf', 'png'],
      ['résumé', 'pdf'],
    ]);
    const expected = [
      ['CV.txt', 'text/plain; charset=utf-8'],
      ['photo.png', 'image/png'],
      ['résumé.pdf', 'application/pdf'],
    ];
    for (const [index, file] of files.entries()) {
      const response = await fx.call(fx.staff.hr, 'GET', `/api/v1/files/${file.id}/download`);
      expect(response.statusCode).toBe(200);
      const [name, type] = expected[index] ?? [];
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['content-disposition']).toContain(
        `filename*=UTF-8''${encodeURIComponent(name ?? '')}`,
      );
      expect(response.headers['content-disposition']).toMatch(/^attachment;/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('contacts asked in custom fields (by type or by label) are hidden from a role without field_email / field_phone (card and export)', async () => {
    const forHr = (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${applicationId}`)).json().data;
    expect(forHr.answers.map((answer: { name: string }) => answer.name)).toEqual(
      expect.arrayContaining(Object.keys(answers)),
    );

    // The manager sees team T's candidates and their files, no e-mails or phones.
    const forManager = await fx.call(fx.staff.manager, 'GET', `/api/v1/applications/${applicationId}`);
    expect(forManager.statusCode).toBe(200);
    expect(forManager.json().data.answers.map((answer: { name: string }) => answer.name)).toEqual([
      'Name',
      'Motto',
      'Attachments',
    ]);
    const viewer = await seedStaffWithCandidateRole({ level: 'to_all', actions: ['export_database'] });
    const exported = await fx.call(viewer, 'GET', '/api/v1/applications/export?search=Mykola');
    expect(exported.body).toContain('Motto: Keep going');
    for (const [name, value] of Object.entries(answers)) {
      expect(forManager.body, name).not.toContain(value);
      expect(exported.body, name).not.toContain(value);
      expect(exported.body, name).not.toContain(`${name}:`);
    }
  });
});
