import type { BuiltInRole } from '@kadry/shared/schemas/auth';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { seedCompany, seedForm } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { makePdf } from '../cv/fixtures/cv-fixtures';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  type StaffMethod,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// The staff recruiting API through app.inject: CRUD and validation, publishing to the careers site,
// applications from the public form, the permission matrix of the built-in roles, downloads, export.

let t: AuthTestApp;
let company: Company;
const staff = {} as Record<BuiltInRole | 'recruiterIn' | 'recruiterOut', StaffMember>;
let vacancyA: number; // recruiterIn is its responsible recruiter; no team
let vacancyB: number; // team T, of which the manager is a member
let applicationA: number;
let applicationB: number;
let fileA: number;
let fileB: number;

type Method = StaffMethod;
function call(who: StaffMember, method: Method, url: string, payload?: unknown) {
  return callAs(t, who, method, url, payload);
}

const vacancyBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Data Engineer',
  salary: '$5,000',
  description: '<p onclick="x()">Pipelines <script>alert(1)</script><b>at scale</b></p>',
  ...overrides,
});

async function apply(vacancyId: number, who: { name: string; email: string; phone: string }) {
  const pdf = new Blob([new Uint8Array(makePdf([who.name, who.email]))], { type: 'application/pdf' });
  const body = await multipart([
    ['source', 'linkedin'],
    ['fields[0][type]', 'name'],
    ['fields[0][input_value]', who.name],
    ['fields[1][type]', 'email'],
    ['fields[1][input_value]', who.email],
    ['fields[2][type]', 'phone'],
    ['fields[2][input_value]', who.phone],
    ['fields[3][type]', 'custom_property'],
    ['fields[3][value]', 'motto'],
    ['fields[3][input_value]', '=HYPERLINK("http://evil.test")'],
    ['fields[4][type]', 'files'],
    ['fields[4][input_value]', pdf, 'résumé (final).pdf'],
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/public-vacancies/${vacancyId}/response`,
    headers: { ...body.headers, host: company.hosts[0] ?? '' },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { id: number } }).data.id;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  const db = t.database.db;
  company = await seedCompany(db);
  await seedForm(db, company.id, [
    { name: 'Name', type: 'name', inputType: 'text', required: true },
    { name: 'Email', type: 'email', inputType: 'email', required: true },
    { name: 'Phone', type: 'phone', inputType: 'phone', required: false },
    { name: 'Motto', type: 'custom_property', inputType: 'text', required: false, value: 'motto' },
    {
      name: 'Portfolio',
      type: 'files',
      inputType: 'files',
      required: false,
      inputMeta: { maxFiles: 1, formats: ['pdf'] },
    },
  ]);
  for (const role of ['owner', 'hr', 'manager', 'employee'] as const)
    staff[role] = await seedStaff(t, company, role);
  staff.recruiter = await seedStaff(t, company, 'recruiter');
  staff.recruiterIn = staff.recruiter;
  staff.recruiterOut = await seedStaff(t, company, 'recruiter');
  const team = await seedTeam(db, company.id, 'Team T');
  await addTeamMember(db, { companyId: company.id, teamId: team, userId: staff.manager.user.id });

  const a = await call(
    staff.hr,
    'POST',
    '/api/v1/vacancies',
    vacancyBody({ recruiter_ids: [staff.recruiterIn.user.id] }),
  );
  expect(a.statusCode, a.body).toBe(201);
  vacancyA = a.json().data.id;
  const b = await call(
    staff.hr,
    'POST',
    '/api/v1/vacancies',
    vacancyBody({ name: 'Team vacancy', team_id: team }),
  );
  vacancyB = b.json().data.id;
  for (const id of [vacancyA, vacancyB]) {
    expect((await call(staff.hr, 'POST', `/api/v1/vacancies/${id}/publish`)).statusCode).toBe(200);
  }
  applicationA = await apply(vacancyA, { name: 'Olena', email: 'Olena@Example.com', phone: '+380501234567' });
  applicationB = await apply(vacancyB, { name: 'Taras', email: 'taras@example.com', phone: '+380671112233' });
  await t.app.events.settled();
  const detailsA = await call(staff.owner, 'GET', `/api/v1/applications/${applicationA}`);
  fileA = detailsA.json().data.answers.find((a: { input_type: string }) => a.input_type === 'files')
    .files[0].id;
  const detailsB = await call(staff.owner, 'GET', `/api/v1/applications/${applicationB}`);
  fileB = detailsB.json().data.answers.find((a: { input_type: string }) => a.input_type === 'files')
    .files[0].id;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('vacancies', () => {
  it('creates a vacancy with sanitised body sections, the default pipeline, unpublished', async () => {
    const created = await call(staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ positions: 3 }));
    expect(created.statusCode).toBe(201);
    const vacancy = created.json().data;
    expect(vacancy).toMatchObject({
      name: 'Data Engineer',
      is_published: false,
      published_at: null,
      positions: 3,
    });
    expect(vacancy.description).toContain('<b>at scale</b>');
    expect(vacancy.description).not.toMatch(/script|onclick/);
    const stages = await call(staff.hr, 'GET', `/api/v1/vacancies/${vacancy.id}/stages`);
    expect(stages.json().data.map((s: { name: string }) => s.name)).toEqual([
      'New',
      'Screening',
      'Interview',
      'Offer',
      'Hired',
      'Rejected',
    ]);
  });

  it('answers 422 with the field for an invalid vacancy', async () => {
    const noName = await call(staff.hr, 'POST', '/api/v1/vacancies', { name: '' });
    expect(noName.statusCode).toBe(422);
    expect(Object.keys(noName.json().errors)).toContain('name');
    const badPositions = await call(
      staff.hr,
      'POST',
      '/api/v1/vacancies',
      vacancyBody({ positions: 10_000 }),
    );
    expect(badPositions.statusCode).toBe(422);
    const strangerRecruiter = await call(
      staff.hr,
      'POST',
      '/api/v1/vacancies',
      vacancyBody({ recruiter_ids: [999_999] }),
    );
    expect(strangerRecruiter.statusCode).toBe(422);
    expect(strangerRecruiter.json().errors).toHaveProperty('recruiter_ids');
  });

  it('updates through POST with _method=PUT, and lists with search', async () => {
    const id = (
      await call(staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ name: 'Zebra keeper' }))
    ).json().data.id;
    const updated = await call(staff.hr, 'POST', `/api/v1/vacancies/${id}`, {
      ...vacancyBody({ name: 'Zebra keeper II', is_hot: true }),
      _method: 'PUT',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Zebra keeper II', is_hot: true });
    const list = await call(staff.hr, 'GET', '/api/v1/vacancies?search=zebra');
    expect(list.json().data.map((v: { id: number }) => v.id)).toEqual([id]);
    expect(list.json().meta).toMatchObject({ current_page: 1, total: 1, last_page: 1 });
  });

  it('publishes to the careers site and withdraws from it', async () => {
    const id = (
      await call(staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ name: 'Published one' }))
    ).json().data.id;
    const host = { host: company.hosts[0] ?? '' };
    expect((await t.app.inject({ url: `/api/v1/public-vacancies/${id}`, headers: host })).statusCode).toBe(
      404,
    );
    const published = await call(staff.hr, 'POST', `/api/v1/vacancies/${id}/publish`);
    expect(published.json().data.published_at).toEqual(expect.any(String));
    const visible = await t.app.inject({ url: `/api/v1/public-vacancies/${id}`, headers: host });
    expect(visible.statusCode).toBe(200);
    expect(visible.json().data.name).toBe('Published one');
    await call(staff.hr, 'POST', `/api/v1/vacancies/${id}/withdraw`);
    expect((await t.app.inject({ url: `/api/v1/public-vacancies/${id}`, headers: host })).statusCode).toBe(
      404,
    );
  });

  it('copies a vacancy as an unpublished "(copy)" with the same recruiters', async () => {
    const copy = await call(staff.hr, 'POST', `/api/v1/vacancies/${vacancyA}/copy`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json().data).toMatchObject({
      name: 'Data Engineer (copy)',
      is_published: false,
      recruiter_ids: [staff.recruiterIn.user.id],
    });
  });

  it('refuses to delete a vacancy with applications (409) and deletes an empty one', async () => {
    expect((await call(staff.owner, 'DELETE', `/api/v1/vacancies/${vacancyA}`)).statusCode).toBe(409);
    const id = (await call(staff.hr, 'POST', '/api/v1/vacancies', vacancyBody())).json().data.id;
    expect((await call(staff.owner, 'DELETE', `/api/v1/vacancies/${id}`)).statusCode).toBe(204);
    expect((await call(staff.owner, 'GET', `/api/v1/vacancies/${id}`)).statusCode).toBe(404);
  });

  it('says why a vacancy with applications is kept and what to do instead (409)', async () => {
    const refused = await call(staff.owner, 'DELETE', `/api/v1/vacancies/${vacancyA}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This vacancy has applications; close or withdraw it instead of deleting',
    );
    expect((await call(staff.owner, 'GET', `/api/v1/vacancies/${vacancyA}`)).statusCode).toBe(200);
  });

  it('a recruiter creating a vacancy becomes its responsible recruiter', async () => {
    const created = await call(staff.recruiterOut, 'POST', '/api/v1/vacancies', vacancyBody());
    expect(created.statusCode).toBe(201);
    expect(created.json().data.recruiter_ids).toEqual([staff.recruiterOut.user.id]);
  });
});

describe('applications', () => {
  it('land in the first stage, can be moved, and carry comments by their author', async () => {
    const list = await call(staff.recruiterIn, 'GET', `/api/v1/applications?vacancy_id=${vacancyA}`);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: applicationA,
        stage: expect.objectContaining({ name: 'New' }),
        source: 'linkedin',
      }),
    ]);
    const stages = (await call(staff.recruiterIn, 'GET', `/api/v1/vacancies/${vacancyA}/stages`)).json().data;
    const interview = stages.find((s: { name: string }) => s.name === 'Interview');
    const moved = await call(staff.recruiterIn, 'POST', `/api/v1/applications/${applicationA}/stage`, {
      stage_id: interview.id,
      _method: 'PUT',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.stage.name).toBe('Interview');
    const byStage = await call(staff.hr, 'GET', `/api/v1/applications?stage_id=${interview.id}`);
    expect(byStage.json().data.map((a: { id: number }) => a.id)).toEqual([applicationA]);
    const otherVacancyStage = (await call(staff.hr, 'GET', `/api/v1/vacancies/${vacancyB}/stages`)).json()
      .data[0];
    const wrong = await call(staff.hr, 'PUT', `/api/v1/applications/${applicationA}/stage`, {
      stage_id: otherVacancyStage.id,
    });
    expect(wrong.statusCode).toBe(422);

    const comment = await call(staff.recruiterIn, 'POST', `/api/v1/applications/${applicationA}/comments`, {
      text: 'Strong profile',
    });
    expect(comment.statusCode).toBe(201);
    const comments = await call(staff.hr, 'GET', `/api/v1/applications/${applicationA}/comments`);
    expect(comments.json().data).toEqual([
      expect.objectContaining({
        text: 'Strong profile',
        author: { id: staff.recruiterIn.user.id, name: staff.recruiterIn.user.name },
      }),
    ]);
    expect(
      (await call(staff.hr, 'POST', `/api/v1/applications/${applicationA}/comments`, { text: ' ' }))
        .statusCode,
    ).toBe(422);
  });

  it('shows every answer with its display text and the file with a download link', async () => {
    const details = (await call(staff.hr, 'GET', `/api/v1/applications/${applicationA}`)).json().data;
    expect(details.candidate).toMatchObject({
      name: 'Olena',
      email: 'Olena@Example.com',
      phone: '+380501234567',
    });
    expect(details.answers.map((a: { name: string }) => a.name)).toEqual([
      'Name',
      'Email',
      'Phone',
      'Motto',
      'Portfolio',
    ]);
    const portfolio = details.answers[4];
    expect(portfolio.files).toEqual([
      expect.objectContaining({
        id: fileA,
        name: 'résumé (final).pdf',
        format: 'pdf',
        download_url: `/api/v1/files/${fileA}/download`,
      }),
    ]);
  });

  it('recognises a repeat applicant by e-mail in any case, or by phone, and links the applications', async () => {
    const again = await apply(vacancyB, {
      name: 'Olena P',
      email: 'olena@example.COM',
      phone: '+380999999999',
    });
    const byPhone = await apply(vacancyB, { name: 'O.', email: 'other@example.com', phone: '+380501234567' });
    await t.app.events.settled();
    const details = (await call(staff.hr, 'GET', `/api/v1/applications/${again}`)).json().data;
    expect(details.is_repeat).toBe(true);
    // Linked to Olena's first application by e-mail; byPhone shares only the first one's phone.
    expect(details.other_applications.map((a: { id: number }) => a.id)).toEqual([applicationA]);
    const first = (await call(staff.hr, 'GET', `/api/v1/applications/${applicationA}`)).json().data;
    expect(first.other_applications.map((a: { id: number }) => a.id).sort()).toEqual([again, byPhone].sort());
    // "Applied before" means before: the first application of a person is not a repeat.
    expect(first.is_repeat).toBe(false);
    const taras = (await call(staff.hr, 'GET', `/api/v1/applications/${applicationB}`)).json().data;
    expect(taras.is_repeat).toBe(false);
    // The recruiter of vacancy A sees the link only to what they may see (nothing of vacancy B).
    const fromA = (await call(staff.recruiterIn, 'GET', `/api/v1/applications/${applicationA}`)).json().data;
    expect(fromA.other_applications).toEqual([]);
    // Repeats are judged within the user's reach: the manager sees vacancy B, not Olena's first
    // application to A, so her second one is not a repeat for them (and the list says the same).
    const forManager = (await call(staff.manager, 'GET', `/api/v1/applications/${again}`)).json().data;
    expect(forManager.is_repeat).toBe(false);
    const managerList = (
      await call(staff.manager, 'GET', `/api/v1/applications?vacancy_id=${vacancyB}`)
    ).json();
    expect(managerList.data.find((a: { id: number }) => a.id === again).is_repeat).toBe(false);
  });

  it('notifies the staff who may see the application, once each, with an e-mail', async () => {
    const unread = async (who: StaffMember) =>
      (await call(who, 'GET', '/api/v1/notifications/count')).json().data.unread as number;
    expect(await unread(staff.recruiterOut)).toBe(0);
    expect(await unread(staff.employee)).toBe(0);
    const recruiterBefore = await unread(staff.recruiterIn);
    expect(recruiterBefore).toBe(1); // vacancy A only
    expect(await unread(staff.manager)).toBeGreaterThanOrEqual(1); // vacancy B is their team's
    expect(t.mail.filter((mail) => mail.to === staff.recruiterIn.user.email)).toHaveLength(1);
    expect(t.mail.some((mail) => mail.to === staff.recruiterOut.user.email)).toBe(false);
    const read = await call(staff.recruiterIn, 'POST', '/api/v1/notifications/read', {});
    expect(read.json().data.unread).toBe(0);
    expect(await unread(staff.recruiterIn)).toBe(0);
    expect(await unread(staff.hr)).toBeGreaterThan(0);
  });
});

describe('file download', () => {
  it('streams the file as an attachment with an RFC 5987 name and nosniff', async () => {
    const response = await call(staff.recruiterIn, 'GET', `/api/v1/files/${fileA}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ (final).pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28final%29.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 404 to anyone who may not see the application or its files', async () => {
    for (const who of [staff.recruiterOut, staff.employee, staff.manager]) {
      expect((await call(who, 'GET', `/api/v1/files/${fileA}/download`)).statusCode).toBe(404);
    }
    // The manager sees vacancy B's candidates and their files.
    expect((await call(staff.manager, 'GET', `/api/v1/files/${fileB}/download`)).statusCode).toBe(200);
  });
});

describe('export', () => {
  it('exports CSV with formula-looking cells neutralised', async () => {
    const id = (await call(staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ name: 'Export' }))).json()
      .data.id;
    await call(staff.hr, 'POST', `/api/v1/vacancies/${id}/publish`);
    await apply(id, { name: '=cmd|" /C calc"!A0', email: 'calc@example.com', phone: '+380501234567' });
    const response = await call(staff.hr, 'GET', `/api/v1/applications/export?vacancy_id=${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const csv = response.body;
    expect(csv).toContain('calc@example.com');
    expect(csv).toContain(`"'=cmd|"" /C calc""!A0"`);
    expect(csv).toContain(`Motto: =HYPERLINK`);
    // The phone starts with +: a quote keeps it text.
    expect(csv).toContain(`'+380501234567`);
    expect(csv).not.toMatch(/(^|,)[=+@-]/m);
  });

  it('exports XLSX whose cells are inline text, formulas neutralised', async () => {
    const response = await call(
      staff.owner,
      'GET',
      `/api/v1/applications/export?format=xlsx&vacancy_id=${vacancyA}`,
    );
    expect(response.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const sheet = (await zip.file('xl/worksheets/sheet1.xml')?.async('string')) ?? '';
    expect(sheet).toContain('Olena');
    expect(sheet).toContain(`'+380501234567`);
    expect(sheet).not.toContain('<f>');
  });

  it('is refused without the export_database action', async () => {
    for (const who of [staff.recruiterIn, staff.manager, staff.employee]) {
      expect((await call(who, 'GET', '/api/v1/applications/export')).statusCode).toBe(403);
    }
  });
});

describe('permission matrix of the built-in roles', () => {
  const ids = (response: { json(): { data: { id: number }[] } }) => response.json().data.map((row) => row.id);

  it('lists only the vacancies and applications each role reaches', async () => {
    const vacancies = async (who: StaffMember) => call(who, 'GET', '/api/v1/vacancies?per_page=100');
    expect(ids(await vacancies(staff.owner))).toEqual(expect.arrayContaining([vacancyA, vacancyB]));
    expect(ids(await vacancies(staff.hr))).toEqual(expect.arrayContaining([vacancyA, vacancyB]));
    const mine = ids(await vacancies(staff.recruiterIn));
    expect(mine).toContain(vacancyA);
    expect(mine).not.toContain(vacancyB);
    expect(ids(await vacancies(staff.recruiterOut))).not.toEqual(expect.arrayContaining([vacancyA]));
    expect(ids(await vacancies(staff.manager))).toEqual([vacancyB]);
    expect((await vacancies(staff.employee)).statusCode).toBe(403);

    const applications = async (who: StaffMember) => call(who, 'GET', '/api/v1/applications?per_page=100');
    expect(ids(await applications(staff.recruiterIn))).toEqual([applicationA]);
    expect(ids(await applications(staff.recruiterOut))).toEqual([]);
    expect(ids(await applications(staff.manager))).not.toContain(applicationA);
    expect((await applications(staff.employee)).statusCode).toBe(403);
  });

  it('hides fields the role may not see: salary of vacancies, e-mail / phone of candidates', async () => {
    const vacancy = (await call(staff.manager, 'GET', `/api/v1/vacancies/${vacancyB}`)).json().data;
    expect(vacancy).not.toHaveProperty('salary');
    expect((await call(staff.recruiterIn, 'GET', `/api/v1/vacancies/${vacancyA}`)).json().data.salary).toBe(
      '$5,000',
    );
    const list = (await call(staff.manager, 'GET', '/api/v1/applications')).json().data;
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) {
      expect(item.candidate).not.toHaveProperty('email');
      expect(item.candidate).not.toHaveProperty('phone');
    }
    const details = (await call(staff.manager, 'GET', `/api/v1/applications/${applicationB}`)).json().data;
    expect(details.candidate).not.toHaveProperty('email');
    expect(details.answers.map((a: { input_type: string }) => a.input_type)).not.toEqual(
      expect.arrayContaining(['email']),
    );
    expect(JSON.stringify(details)).not.toContain('taras@example.com');
    expect(JSON.stringify(details)).not.toContain('380671112233');
  });

  it('answers 404 for hidden single objects and 403 for visible ones out of an action’s reach', async () => {
    const hidden: [StaffMember, Method, string, unknown?][] = [
      [staff.recruiterOut, 'GET', `/api/v1/vacancies/${vacancyA}`],
      [staff.recruiterOut, 'PUT', `/api/v1/vacancies/${vacancyA}`, vacancyBody()],
      [staff.recruiterOut, 'DELETE', `/api/v1/vacancies/${vacancyA}`],
      [staff.recruiterOut, 'POST', `/api/v1/vacancies/${vacancyA}/publish`],
      [staff.recruiterOut, 'POST', `/api/v1/vacancies/${vacancyA}/withdraw`],
      [staff.recruiterOut, 'POST', `/api/v1/vacancies/${vacancyA}/copy`],
      [staff.recruiterOut, 'GET', `/api/v1/vacancies/${vacancyA}/stages`],
      [staff.recruiterOut, 'GET', `/api/v1/applications/${applicationA}`],
      [staff.recruiterOut, 'PUT', `/api/v1/applications/${applicationA}/stage`, { stage_id: 1 }],
      [staff.recruiterOut, 'GET', `/api/v1/applications/${applicationA}/comments`],
      [staff.recruiterOut, 'POST', `/api/v1/applications/${applicationA}/comments`, { text: 'x' }],
      [staff.manager, 'GET', `/api/v1/vacancies/${vacancyA}`],
      [staff.manager, 'GET', `/api/v1/applications/${applicationA}`],
      [staff.recruiterIn, 'GET', `/api/v1/vacancies/${vacancyB}`],
      [staff.recruiterIn, 'GET', `/api/v1/applications/${applicationB}`],
      [staff.employee, 'GET', `/api/v1/vacancies/${vacancyA}`],
      [staff.employee, 'GET', `/api/v1/applications/${applicationA}`],
    ];
    for (const [who, method, url, body] of hidden) {
      const response = await call(who, method, url, body);
      expect(response.statusCode, `${who.user.email} ${method} ${url}`).toBe(404);
    }
    const refused: [StaffMember, Method, string, unknown?][] = [
      [staff.manager, 'PUT', `/api/v1/vacancies/${vacancyB}`, vacancyBody()],
      [staff.manager, 'DELETE', `/api/v1/vacancies/${vacancyB}`],
      [staff.manager, 'POST', `/api/v1/vacancies/${vacancyB}/publish`],
      [staff.manager, 'POST', `/api/v1/vacancies/${vacancyB}/copy`],
      [staff.manager, 'PUT', `/api/v1/applications/${applicationB}/stage`, { stage_id: 1 }],
      [staff.manager, 'POST', `/api/v1/applications/${applicationB}/comments`, { text: 'x' }],
      [staff.manager, 'POST', '/api/v1/vacancies', vacancyBody()],
      [staff.employee, 'POST', '/api/v1/vacancies', vacancyBody()],
      [staff.employee, 'GET', '/api/v1/forms'],
      [staff.manager, 'GET', '/api/v1/careers-settings'],
      [staff.recruiterIn, 'PUT', '/api/v1/careers-settings', {}],
      [staff.recruiterIn, 'POST', '/api/v1/forms', { name: 'F', fields: [] }],
      [staff.employee, 'GET', '/api/v1/teams'],
      [staff.employee, 'GET', '/api/v1/users'],
    ];
    for (const [who, method, url, body] of refused) {
      const response = await call(who, method, url, body);
      expect(response.statusCode, `${who.user.email} ${method} ${url}`).toBe(403);
    }
  });

  it('refuses every recruiting endpoint with 403 outside the ATS plan', async () => {
    const hrmOnly = await seedCompany(t.database.db, { tariffs: ['hrm'] });
    const owner = await seedStaff(t, hrmOnly, 'owner');
    for (const [method, url] of [
      ['GET', '/api/v1/vacancies'],
      ['POST', '/api/v1/vacancies'],
      ['GET', `/api/v1/vacancies/${vacancyA}`],
      ['GET', '/api/v1/applications'],
      ['GET', '/api/v1/applications/export'],
      ['GET', `/api/v1/files/${fileA}/download`],
      ['GET', '/api/v1/forms'],
      ['GET', '/api/v1/careers-settings'],
      ['POST', '/api/v1/careers-settings/logo'],
    ] as const) {
      expect(
        (await call(owner, method, url, method === 'POST' ? {} : undefined)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
  });
});

describe('forms and careers settings', () => {
  it('creates a form, makes it the default, edits its fields and refuses to delete the default', async () => {
    const created = await call(staff.hr, 'POST', '/api/v1/forms', {
      name: 'Engineering form',
      is_default: false,
      fields: [
        {
          name: 'Name',
          type: 'name',
          input_type: 'text',
          required: true,
          validation: { max: 100 },
          input_meta: null,
        },
        {
          name: 'Stack',
          type: 'custom_property',
          input_type: 'select',
          required: false,
          validation: null,
          input_meta: {
            options: [
              { id: 1, name: 'Go' },
              { id: 2, name: 'Rust' },
            ],
          },
          value: 'stack',
        },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const form = created.json().data;
    expect(form.fields.map((f: { name: string }) => f.name)).toEqual(['Name', 'Stack']);
    const updated = await call(staff.hr, 'PUT', `/api/v1/forms/${form.id}`, {
      name: 'Engineering form',
      is_default: true,
      fields: [form.fields[1], form.fields[0]],
    });
    expect(updated.json().data).toMatchObject({ is_default: true });
    expect(updated.json().data.fields.map((f: { name: string }) => f.name)).toEqual(['Stack', 'Name']);
    const list = (await call(staff.recruiterIn, 'GET', '/api/v1/forms')).json().data;
    expect(list.filter((f: { is_default: boolean }) => f.is_default)).toEqual([
      expect.objectContaining({ id: form.id, fields_count: 2 }),
    ]);
    expect((await call(staff.hr, 'DELETE', `/api/v1/forms/${form.id}`)).statusCode).toBe(409);
  });

  it('reads and updates careers settings, keeps the captcha secret write-only, and refreshes the public site', async () => {
    const current = (await call(staff.owner, 'GET', '/api/v1/careers-settings')).json().data;
    const input = {
      name: 'Acme Careers',
      font: 'Inter',
      colors: { background: '#ffffff', header: '#000000', button: '#ff0000' },
      indexing: false,
      consent_page_url: 'https://acme.test/privacy',
      captcha: { ...current.captcha, secret: 's3cret' },
      languages: ['en', 'uk'],
      default_language: 'en',
    };
    delete input.captcha.has_secret;
    const updated = await call(staff.owner, 'PUT', '/api/v1/careers-settings', input);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Acme Careers', indexing: false });
    expect(updated.json().data.captcha).toMatchObject({ has_secret: true });
    expect(updated.body).not.toContain('s3cret');
    const bad = await call(staff.owner, 'PUT', '/api/v1/careers-settings', {
      ...input,
      default_language: 'ru',
    });
    expect(bad.statusCode).toBe(422);
  });

  it('takes a PNG or a sanitised SVG logo up to 2 MB, judged by its bytes', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="5" height="5"/></svg>';
    const upload = async (bytes: Blob, name: string) => {
      const body = await multipart([['logo', bytes, name]]);
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/careers-settings/logo',
        headers: { ...staff.owner.headers, ...body.headers },
        payload: body.payload,
      });
    };
    const response = await upload(new Blob([svg]), 'logo.png');
    expect(response.statusCode, response.body).toBe(200);
    const logoUrl = response.json().data.logo_url as string;
    const served = await t.app.inject({ url: logoUrl, headers: { host: company.hosts[0] ?? '' } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.body).toContain('<rect');
    expect(served.body).not.toMatch(/script|onload/);
    expect((await upload(new Blob(['plain text, not an image']), 'logo.svg')).statusCode).toBe(422);
    expect((await upload(new Blob([new Uint8Array(2 * 1024 * 1024 + 10)]), 'big.png')).statusCode).toBe(413);
  });
});

describe('pipeline stages', () => {
  type WireStage = { id: number; name: string; position: number };
  const readStages = async (vacancyId: number): Promise<WireStage[]> =>
    (await call(staff.hr, 'GET', `/api/v1/vacancies/${vacancyId}/stages`)).json().data;

  it('renames, reorders, adds and removes empty stages from one ordered list, keeping ids', async () => {
    const id = (await call(staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ name: 'Pipeline' }))).json()
      .data.id;
    const [fresh, screening, interview, offer, hired, rejected] = await readStages(id);
    const saved = await call(staff.hr, 'POST', `/api/v1/vacancies/${id}/stages`, {
      _method: 'PUT',
      stages: [
        { id: fresh?.id, name: 'New' },
        { id: interview?.id, name: 'Interview' },
        { id: screening?.id, name: ' Phone screen ' },
        { name: 'Test task' },
        { id: hired?.id, name: 'Hired' },
        { id: rejected?.id, name: 'Rejected' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stages: WireStage[] = saved.json().data;
    expect(stages.map((stage) => [stage.name, stage.position])).toEqual([
      ['New', 0],
      ['Interview', 1],
      ['Phone screen', 2],
      ['Test task', 3],
      ['Hired', 4],
      ['Rejected', 5],
    ]);
    expect(stages[2]?.id).toBe(screening?.id);
    expect(stages.map((stage) => stage.id)).not.toContain(offer?.id);
    expect(await readStages(id)).toEqual(stages);
  });

  it('refuses to remove a stage that holds candidates, naming it, and changes nothing (409)', async () => {
    const before = await readStages(vacancyA);
    const interview = before.find((stage) => stage.name === 'Interview');
    const moved = await call(staff.hr, 'PUT', `/api/v1/applications/${applicationA}/stage`, {
      stage_id: interview?.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // Screening is empty and could go; Interview holds the candidate, so neither goes.
    const refused = await call(staff.hr, 'PUT', `/api/v1/vacancies/${vacancyA}/stages`, {
      stages: before
        .filter((stage) => stage.name !== 'Interview' && stage.name !== 'Screening')
        .map((stage) => ({ id: stage.id, name: stage.name.toUpperCase() })),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Move the candidates out of “Interview” before removing it');
    expect(await readStages(vacancyA)).toEqual(before);
  });

  it('counts candidates without a stage yet as in the first stage when it is removed', async () => {
    const before = await readStages(vacancyB);
    const refused = await call(staff.hr, 'PUT', `/api/v1/vacancies/${vacancyB}/stages`, {
      stages: [{ name: 'Inbox' }, ...before.slice(1).map((stage) => ({ id: stage.id, name: stage.name }))],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Move the candidates out of “${before[0]?.name}” before removing it`);
    expect(await readStages(vacancyB)).toEqual(before);
  });

  it('answers 422 under the stage name path for an empty name', async () => {
    const before = await readStages(vacancyB);
    const invalid = await call(staff.hr, 'PUT', `/api/v1/vacancies/${vacancyB}/stages`, {
      stages: before.map((stage, index) => ({ id: stage.id, name: index === 1 ? '  ' : stage.name })),
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(invalid.json().errors)).toEqual(['stages.1.name']);
  });
});
