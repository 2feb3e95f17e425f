import { jobsResponseSchema } from '@kadry/shared/schemas/jobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { jobs } from '../../db/schema/jobs';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// The dead letters of the job queue through app.inject: owners see them and send them again.

let t: AuthTestApp;
let company: Company;
let otherCompany: Company;
let owner: StaffMember;
let hr: StaffMember;

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  otherCompany = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
});

afterAll(async () => {
  await t?.close();
});

async function seedDeadMail(companyId: number, to: string): Promise<number> {
  const [row] = await t.database.db
    .insert(jobs)
    .values({
      companyId,
      kind: 'mail.send',
      payload: { to, subject: 'Your invitation', text: 'https://example.test/app/password/reset/secret' },
      state: 'dead',
      attempts: 8,
      maxAttempts: 8,
      lastError: '421 try again later',
      finishedAt: new Date(),
    })
    .returning({ id: jobs.id });
  if (!row) throw new Error('no job');
  return row.id;
}

describe('GET /api/v1/admin/jobs', () => {
  it('shows owners their company’s dead mail without its body, and nobody else anything', async () => {
    const id = await seedDeadMail(company.id, 'lost@example.test');
    const foreign = await seedDeadMail(otherCompany.id, 'foreign@example.test');

    const response = await callAs(t, owner, 'GET', '/api/v1/admin/jobs?state=dead');
    expect(response.statusCode).toBe(200);
    const { data } = jobsResponseSchema.parse(response.json());
    expect(data.map((job) => job.id)).toContain(id);
    expect(data.map((job) => job.id)).not.toContain(foreign);
    expect(data.find((job) => job.id === id)).toMatchObject({
      kind: 'mail.send',
      state: 'dead',
      attempts: 8,
      last_error: '421 try again later',
      summary: 'lost@example.test: Your invitation',
    });
    expect(response.body).not.toContain('secret');

    expect((await callAs(t, hr, 'GET', '/api/v1/admin/jobs')).statusCode).toBe(403);
  });

  it('sends a dead mail again on retry; any job that is not dead, or not the company’s, is 404', async () => {
    const id = await seedDeadMail(company.id, 'again@example.test');
    const foreign = await seedDeadMail(otherCompany.id, 'theirs@example.test');

    expect((await callAs(t, hr, 'POST', `/api/v1/admin/jobs/${id}/retry`)).statusCode).toBe(403);
    expect((await callAs(t, owner, 'POST', `/api/v1/admin/jobs/${foreign}/retry`)).statusCode).toBe(404);
    expect((await callAs(t, owner, 'POST', `/api/v1/admin/jobs/${id}/retry`)).statusCode).toBe(204);
    await t.app.jobs.settled();
    expect(t.mail.map((mail) => mail.to)).toContain('again@example.test');
    expect((await callAs(t, owner, 'POST', `/api/v1/admin/jobs/${id}/retry`)).statusCode).toBe(404);

    const done = await callAs(t, owner, 'GET', '/api/v1/admin/jobs?state=done');
    expect(jobsResponseSchema.parse(done.json()).data.map((job) => job.id)).toContain(id);
  });
});
