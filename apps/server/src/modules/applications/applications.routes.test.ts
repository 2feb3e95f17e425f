import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import { createRecruitingFixture, vacancyBody } from '../../../test/recruiting-fixture';
import { type StaffMember, type StaffMethod, seedStaff } from '../permissions/permissions-test-support';

type Method = StaffMethod;

// The applications API through app.inject: the list, the card, repeats, stage moves, comments,
// downloads, export, and the permission matrix of the built-in roles over recruiting.

const fx = createRecruitingFixture();

describe('applications', () => {
  it('land in the first stage, can be moved, and carry comments by their author', async () => {
    const list = await fx.call(fx.staff.recruiterIn, 'GET', `/api/v1/applications?vacancy_id=${fx.vacancyA}`);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        id: fx.applicationA,
        stage: expect.objectContaining({ name: 'New' }),
        source: 'linkedin',
      }),
    ]);
    const stages = (
      await fx.call(fx.staff.recruiterIn, 'GET', `/api/v1/vacancies/${fx.vacancyA}/stages`)
    ).json().data;
    const interview = stages.find((s: { name: string }) => s.name === 'Interview');
    const moved = await fx.call(
      fx.staff.recruiterIn,
      'POST',
      `/api/v1/applications/${fx.applicationA}/stage`,
      {
        stage_id: interview.id,
        _method: 'PUT',
      },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.stage.name).toBe('Interview');
    const byStage = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications?stage_id=${interview.id}`);
    expect(byStage.json().data.map((a: { id: number }) => a.id)).toEqual([fx.applicationA]);
    const otherVacancyStage = (
      await fx.call(fx.staff.hr, 'GET', `/api/v1/vacancies/${fx.vacancyB}/stages`)
    ).json().data[0];
    const wrong = await fx.call(fx.staff.hr, 'PUT', `/api/v1/applications/${fx.applicationA}/stage`, {
      stage_id: otherVacancyStage.id,
    });
    expect(wrong.statusCode).toBe(422);
    // A stage id no integer column holds is a 422 too, not a database error.
    for (const stageId of [99_999_999_999, -1, 0]) {
      const huge = await fx.call(fx.staff.hr, 'PUT', `/api/v1/applications/${fx.applicationA}/stage`, {
        stage_id: stageId,
      });
      expect(huge.statusCode, String(stageId)).toBe(422);
    }

    const comment = await fx.call(
      fx.staff.recruiterIn,
      'POST',
      `/api/v1/applications/${fx.applicationA}/comments`,
      {
        text: 'Strong profile',
      },
    );
    expect(comment.statusCode).toBe(201);
    const comments = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fx.applicationA}/comments`);
    expect(comments.json().data).toEqual([
      expect.objectContaining({
        text: 'Strong profile',
        author: { id: fx.staff.recruiterIn.user.id, name: fx.staff.recruiterIn.user.name },
      }),
    ]);
    expect(
      (await fx.call(fx.staff.hr, 'POST', `/api/v1/applications/${fx.applicationA}/comments`, { text: ' ' }))
        .statusCode,
    ).toBe(422);
  });

  it('shows every answer with its display text and the file with a download link', async () => {
    const details = (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fx.applicationA}`)).json()
      .data;
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
        id: fx.fileA,
        name: 'résumé (final).pdf',
        format: 'pdf',
        download_url: `/api/v1/files/${fx.fileA}/download`,
      }),
    ]);
  });

  it('recognises a repeat applicant by e-mail in any case, or by phone, and links the applications', async () => {
    const again = await fx.apply(fx.vacancyB, {
      name: 'Olena P',
      email: 'olena@example.COM',
      phone: '+380999999999',
    });
    const byPhone = await fx.apply(fx.vacancyB, {
      name: 'O.',
      email: 'other@example.com',
      phone: '+380501234567',
    });
    await fx.t.app.events.settled();
    const details = (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${again}`)).json().data;
    expect(details.is_repeat).toBe(true);
    // One person (decision 027): matched to Olena by e-mail, and byPhone by her phone, all three are hers.
    expect(details.candidate.id).toBe(
      (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fx.applicationA}`)).json().data.candidate.id,
    );
    expect(details.other_applications.map((a: { id: number }) => a.id).sort()).toEqual(
      [fx.applicationA, byPhone].sort(),
    );
    const first = (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fx.applicationA}`)).json().data;
    expect(first.other_applications.map((a: { id: number }) => a.id).sort()).toEqual([again, byPhone].sort());
    // "Applied before" means before: the first application of a person is not a repeat.
    expect(first.is_repeat).toBe(false);
    const taras = (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${fx.applicationB}`)).json().data;
    expect(taras.is_repeat).toBe(false);
    // The recruiter of vacancy A sees the link only to what they may see (nothing of vacancy B).
    const fromA = (
      await fx.call(fx.staff.recruiterIn, 'GET', `/api/v1/applications/${fx.applicationA}`)
    ).json().data;
    expect(fromA.other_applications).toEqual([]);
    // Repeats are judged within the user's reach: the manager sees vacancy B, not Olena's first
    // application to A, so her second one is not a repeat for them (and the list says the same).
    const forManager = (await fx.call(fx.staff.manager, 'GET', `/api/v1/applications/${again}`)).json().data;
    expect(forManager.is_repeat).toBe(false);
    const managerList = (
      await fx.call(fx.staff.manager, 'GET', `/api/v1/applications?vacancy_id=${fx.vacancyB}`)
    ).json();
    expect(managerList.data.find((a: { id: number }) => a.id === again).is_repeat).toBe(false);
  });

  it('says "applied before" by the dates staff see, not by which upload finished first (issue 18 bug 4)', async () => {
    // An application is dated when its request arrives, before its files stream in: a person whose
    // big CV to vacancy A is still uploading can meanwhile send a quick one to vacancy B, which is
    // stored first. A, dated first, is their first application; B is the one that came after it.
    // Two vacancies of their own, so the other tests' counts of A and B stay as they are.
    const [vacancyA, vacancyB] = await Promise.all(
      ['Slow upload A', 'Slow upload B'].map(async (name) => {
        const created = await fx.call(fx.staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ name }));
        expect(created.statusCode, created.body).toBe(201);
        const id = created.json().data.id as number;
        expect((await fx.call(fx.staff.hr, 'POST', `/api/v1/vacancies/${id}/publish`)).statusCode).toBe(200);
        return id;
      }),
    );
    const person = { name: 'Slow Upload', email: 'slow.upload@example.com', phone: '+380631112299' };
    const arrivedA = fx.t.clock.now;
    fx.t.clock.advance(2 * 60_000);
    const toB = await fx.apply(vacancyB ?? 0, person);
    fx.t.clock.now = arrivedA;
    const toA = await fx.apply(vacancyA ?? 0, person);
    fx.t.clock.advance(2 * 60_000);
    await fx.t.app.events.settled();
    expect(toA).toBeGreaterThan(toB);

    const card = async (id: number) =>
      (await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/${id}`)).json().data;
    const first = await card(toA);
    const second = await card(toB);
    expect(new Date(first.created_at).getTime()).toBeLessThan(new Date(second.created_at).getTime());
    expect(first.is_repeat).toBe(false);
    expect(second.is_repeat).toBe(true);
    const list = (await fx.call(fx.staff.hr, 'GET', '/api/v1/applications?search=Slow%20Upload')).json()
      .data as { id: number; is_repeat: boolean }[];
    expect(list.map((row) => [row.id, row.is_repeat])).toEqual([
      [toB, true],
      [toA, false],
    ]);
  });

  it('notifies the staff who may see the application, once each, with an e-mail', async () => {
    const unread = async (who: StaffMember) =>
      (await fx.call(who, 'GET', '/api/v1/notifications/count')).json().data.unread as number;
    expect(await unread(fx.staff.recruiterOut)).toBe(0);
    expect(await unread(fx.staff.employee)).toBe(0);
    const recruiterBefore = await unread(fx.staff.recruiterIn);
    expect(recruiterBefore).toBe(1); // vacancy A only
    expect(await unread(fx.staff.manager)).toBeGreaterThanOrEqual(1); // vacancy B is their team's
    expect(fx.t.mail.filter((mail) => mail.to === fx.staff.recruiterIn.user.email)).toHaveLength(1);
    expect(fx.t.mail.some((mail) => mail.to === fx.staff.recruiterOut.user.email)).toBe(false);
    const read = await fx.call(fx.staff.recruiterIn, 'POST', '/api/v1/notifications/read', {});
    expect(read.json().data.unread).toBe(0);
    expect(await unread(fx.staff.recruiterIn)).toBe(0);
    expect(await unread(fx.staff.hr)).toBeGreaterThan(0);
  });
});

describe('file download', () => {
  it('streams the file as an attachment with an RFC 5987 name and nosniff', async () => {
    const response = await fx.call(fx.staff.recruiterIn, 'GET', `/api/v1/files/${fx.fileA}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="r_sum_ (final).pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%28final%29.pdf`,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // The type of the detected format (see applications-security.routes.test.ts for a disguised one).
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('answers 404 to anyone who may not see the application or its files', async () => {
    for (const who of [fx.staff.recruiterOut, fx.staff.employee, fx.staff.manager]) {
      expect((await fx.call(who, 'GET', `/api/v1/files/${fx.fileA}/download`)).statusCode).toBe(404);
    }
    // The manager sees vacancy B's candidates and their files.
    expect((await fx.call(fx.staff.manager, 'GET', `/api/v1/files/${fx.fileB}/download`)).statusCode).toBe(
      200,
    );
  });
});

describe('export', () => {
  it('exports CSV with formula-looking cells neutralised', async () => {
    const id = (
      await fx.call(fx.staff.hr, 'POST', '/api/v1/vacancies', vacancyBody({ name: 'Export' }))
    ).json().data.id;
    await fx.call(fx.staff.hr, 'POST', `/api/v1/vacancies/${id}/publish`);
    // A phone of its own: one already known would make this applicant that person (decision 027).
    await fx.apply(id, { name: '=cmd|" /C calc"!A0', email: 'calc@example.com', phone: '+380507654321' });
    const response = await fx.call(fx.staff.hr, 'GET', `/api/v1/applications/export?vacancy_id=${id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain('attachment');
    const csv = response.body;
    expect(csv).toContain('calc@example.com');
    expect(csv).toContain(`"'=cmd|"" /C calc""!A0"`);
    expect(csv).toContain(`Motto: =HYPERLINK`);
    // A phone starting with + is no formula: it is exported as it is, without a quote (issue 18).
    expect(csv).toContain(`,+380507654321,`);
    expect(csv).not.toContain(`'+380507654321`);
    expect(csv).not.toMatch(/(^|,)(?!\+\d+,)[=+@-]/m);
  });

  it('exports XLSX whose cells are inline text, formulas neutralised', async () => {
    const response = await fx.call(
      fx.staff.owner,
      'GET',
      `/api/v1/applications/export?format=xlsx&vacancy_id=${fx.vacancyA}`,
    );
    expect(response.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(response.rawPayload);
    const sheet = (await zip.file('xl/worksheets/sheet1.xml')?.async('string')) ?? '';
    expect(sheet).toContain('Olena');
    // Inline strings are text: the phone is written as it is, not prefixed with a quote (issue 18).
    expect(sheet).toContain('>+380501234567<');
    expect(sheet).not.toContain(`'+380501234567`);
    expect(sheet).not.toContain('<f>');
  });

  it('is refused without the export_database action', async () => {
    for (const who of [fx.staff.recruiterIn, fx.staff.manager, fx.staff.employee]) {
      expect((await fx.call(who, 'GET', '/api/v1/applications/export')).statusCode).toBe(403);
    }
  });
});

describe('permission matrix of the built-in roles', () => {
  const ids = (response: { json(): { data: { id: number }[] } }) => response.json().data.map((row) => row.id);

  it('lists only the vacancies and applications each role reaches', async () => {
    const vacancies = async (who: StaffMember) => fx.call(who, 'GET', '/api/v1/vacancies?per_page=100');
    expect(ids(await vacancies(fx.staff.owner))).toEqual(expect.arrayContaining([fx.vacancyA, fx.vacancyB]));
    expect(ids(await vacancies(fx.staff.hr))).toEqual(expect.arrayContaining([fx.vacancyA, fx.vacancyB]));
    const mine = ids(await vacancies(fx.staff.recruiterIn));
    expect(mine).toContain(fx.vacancyA);
    expect(mine).not.toContain(fx.vacancyB);
    expect(ids(await vacancies(fx.staff.recruiterOut))).not.toEqual(expect.arrayContaining([fx.vacancyA]));
    expect(ids(await vacancies(fx.staff.manager))).toEqual([fx.vacancyB]);
    expect((await vacancies(fx.staff.employee)).statusCode).toBe(403);

    const applications = async (who: StaffMember) => fx.call(who, 'GET', '/api/v1/applications?per_page=100');
    expect(ids(await applications(fx.staff.recruiterIn))).toEqual([fx.applicationA]);
    expect(ids(await applications(fx.staff.recruiterOut))).toEqual([]);
    expect(ids(await applications(fx.staff.manager))).not.toContain(fx.applicationA);
    expect((await applications(fx.staff.employee)).statusCode).toBe(403);
  });

  it('hides fields the role may not see: salary of vacancies, e-mail / phone of candidates', async () => {
    const vacancy = (await fx.call(fx.staff.manager, 'GET', `/api/v1/vacancies/${fx.vacancyB}`)).json().data;
    expect(vacancy).not.toHaveProperty('salary');
    expect(
      (await fx.call(fx.staff.recruiterIn, 'GET', `/api/v1/vacancies/${fx.vacancyA}`)).json().data.salary,
    ).toBe('$5,000');
    const list = (await fx.call(fx.staff.manager, 'GET', '/api/v1/applications')).json().data;
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) {
      expect(item.candidate).not.toHaveProperty('email');
      expect(item.candidate).not.toHaveProperty('phone');
    }
    const details = (await fx.call(fx.staff.manager, 'GET', `/api/v1/applications/${fx.applicationB}`)).json()
      .data;
    expect(details.candidate).not.toHaveProperty('email');
    expect(details.answers.map((a: { input_type: string }) => a.input_type)).not.toEqual(
      expect.arrayContaining(['email']),
    );
    expect(JSON.stringify(details)).not.toContain('taras@example.com');
    expect(JSON.stringify(details)).not.toContain('380671112233');
  });

  it('answers 404 for hidden single objects and 403 for visible ones out of an action’s reach', async () => {
    const hidden: [StaffMember, Method, string, unknown?][] = [
      [fx.staff.recruiterOut, 'GET', `/api/v1/vacancies/${fx.vacancyA}`],
      [fx.staff.recruiterOut, 'PUT', `/api/v1/vacancies/${fx.vacancyA}`, vacancyBody()],
      [fx.staff.recruiterOut, 'DELETE', `/api/v1/vacancies/${fx.vacancyA}`],
      [fx.staff.recruiterOut, 'POST', `/api/v1/vacancies/${fx.vacancyA}/publish`],
      [fx.staff.recruiterOut, 'POST', `/api/v1/vacancies/${fx.vacancyA}/withdraw`],
      [fx.staff.recruiterOut, 'POST', `/api/v1/vacancies/${fx.vacancyA}/copy`],
      [fx.staff.recruiterOut, 'GET', `/api/v1/vacancies/${fx.vacancyA}/stages`],
      [fx.staff.recruiterOut, 'GET', `/api/v1/applications/${fx.applicationA}`],
      [fx.staff.recruiterOut, 'PUT', `/api/v1/applications/${fx.applicationA}/stage`, { stage_id: 1 }],
      [fx.staff.recruiterOut, 'GET', `/api/v1/applications/${fx.applicationA}/comments`],
      [fx.staff.recruiterOut, 'POST', `/api/v1/applications/${fx.applicationA}/comments`, { text: 'x' }],
      [fx.staff.manager, 'GET', `/api/v1/vacancies/${fx.vacancyA}`],
      [fx.staff.manager, 'GET', `/api/v1/applications/${fx.applicationA}`],
      [fx.staff.recruiterIn, 'GET', `/api/v1/vacancies/${fx.vacancyB}`],
      [fx.staff.recruiterIn, 'GET', `/api/v1/applications/${fx.applicationB}`],
      [fx.staff.employee, 'GET', `/api/v1/vacancies/${fx.vacancyA}`],
      [fx.staff.employee, 'GET', `/api/v1/applications/${fx.applicationA}`],
    ];
    for (const [who, method, url, body] of hidden) {
      const response = await fx.call(who, method, url, body);
      expect(response.statusCode, `${who.user.email} ${method} ${url}`).toBe(404);
    }
    const refused: [StaffMember, Method, string, unknown?][] = [
      [fx.staff.manager, 'PUT', `/api/v1/vacancies/${fx.vacancyB}`, vacancyBody()],
      [fx.staff.manager, 'DELETE', `/api/v1/vacancies/${fx.vacancyB}`],
      [fx.staff.manager, 'POST', `/api/v1/vacancies/${fx.vacancyB}/publish`],
      [fx.staff.manager, 'POST', `/api/v1/vacancies/${fx.vacancyB}/copy`],
      [fx.staff.manager, 'PUT', `/api/v1/applications/${fx.applicationB}/stage`, { stage_id: 1 }],
      [fx.staff.manager, 'POST', `/api/v1/applications/${fx.applicationB}/comments`, { text: 'x' }],
      [fx.staff.manager, 'POST', '/api/v1/vacancies', vacancyBody()],
      [fx.staff.employee, 'POST', '/api/v1/vacancies', vacancyBody()],
      [fx.staff.employee, 'GET', '/api/v1/forms'],
      [fx.staff.manager, 'GET', '/api/v1/careers-settings'],
      [fx.staff.recruiterIn, 'PUT', '/api/v1/careers-settings', {}],
      [fx.staff.recruiterIn, 'POST', '/api/v1/forms', { name: 'F', fields: [] }],
      [fx.staff.employee, 'GET', '/api/v1/teams'],
      [fx.staff.employee, 'GET', '/api/v1/users'],
    ];
    for (const [who, method, url, body] of refused) {
      const response = await fx.call(who, method, url, body);
      expect(response.statusCode, `${who.user.email} ${method} ${url}`).toBe(403);
    }
  });

  it('refuses every recruiting endpoint with 403 outside the ATS plan', async () => {
    const hrmOnly = await seedCompany(fx.t.database.db, { tariffs: ['hrm'] });
    const owner = await seedStaff(fx.t, hrmOnly, 'owner');
    for (const [method, url] of [
      ['GET', '/api/v1/vacancies'],
      ['POST', '/api/v1/vacancies'],
      ['GET', `/api/v1/vacancies/${fx.vacancyA}`],
      ['GET', '/api/v1/applications'],
      ['GET', '/api/v1/applications/export'],
      ['GET', `/api/v1/files/${fx.fileA}/download`],
      ['GET', '/api/v1/forms'],
      ['GET', '/api/v1/careers-settings'],
      ['POST', '/api/v1/careers-settings/logo'],
    ] as const) {
      expect(
        (await fx.call(owner, method, url, method === 'POST' ? {} : undefined)).statusCode,
        `${method} ${url}`,
      ).toBe(403);
    }
  });
});
