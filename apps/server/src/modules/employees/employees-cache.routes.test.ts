import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// Issue 18: staff API answers with personal data are never kept by a browser or a proxy
// (Cache-Control: no-store), whatever the route: the account, and every employee read, the photo and
// the documents included.

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
let employeeId: number;
let fileUrl: string;
let photoUrl: string;

function upload(field: string, name: string, bytes: Buffer, type: string) {
  const boundary = '----kadry-cache-boundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  const created = await callAs(t, owner, 'POST', '/api/v1/employees', {
    first_name: 'Cached',
    last_name: 'Never',
    email: 'cached.never@work.test',
    phone: '+380441234500',
    position: 'Engineer',
    start_of_work: '2030-01-10',
    probation_period: '2031-04-10',
    birth_date: '1990-05-05',
  });
  expect(created.statusCode, created.body).toBe(201);
  employeeId = created.json().data.id;
  const salary = await callAs(t, owner, 'POST', `/api/v1/employees/${employeeId}/salaries`, {
    amount: '1000.50',
    currency: 'usd',
    effective_from: '2030-01-10',
  });
  expect(salary.statusCode, salary.body).toBe(201);

  const pdf = upload(
    'file',
    'contract.pdf',
    Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    'application/pdf',
  );
  const stored = await t.app.inject({
    method: 'POST',
    url: `/api/v1/employees/${employeeId}/files`,
    headers: { ...owner.headers, ...pdf.headers },
    payload: pdf.payload,
  });
  expect(stored.statusCode, stored.body).toBe(201);
  fileUrl = stored.json().data.url;

  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const photo = upload('photo', 'me.png', png, 'image/png');
  const set = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/employees/${employeeId}/photo`,
    headers: { ...owner.headers, ...photo.headers },
    payload: photo.payload,
  });
  expect(set.statusCode, set.body).toBe(200);
  photoUrl = set.json().data.photo_url;
});

afterAll(async () => {
  await t?.close();
});

describe('staff API answers with personal data (issue 18)', () => {
  it('say Cache-Control no-store: the account and every employee read, photo and documents included', async () => {
    const urls = [
      '/api/v1/account',
      '/api/v1/employees/all',
      '/api/v1/employees/visible',
      '/api/v1/employees/probation',
      '/api/v1/employees/candidates',
      `/api/v1/employees/${employeeId}`,
      `/api/v1/employees/${employeeId}/changes`,
      `/api/v1/employees/${employeeId}/salaries`,
      `/api/v1/employees/${employeeId}/files`,
      fileUrl,
      photoUrl,
      '/api/v1/employees/export',
    ];
    for (const url of urls) {
      const response = await callAs(t, owner, 'GET', url);
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      expect(response.headers['cache-control'], url).toMatch(/(^|,\s*)no-store(,|$)/);
      expect(response.headers['cache-control'], url).not.toMatch(/max-age|public|immutable/);
    }
  });

  it('say it on refusals too: a hidden or missing employee answers 404, never cached', async () => {
    const response = await callAs(t, owner, 'GET', '/api/v1/employees/999999');
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
