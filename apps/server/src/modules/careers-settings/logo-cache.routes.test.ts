import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { seedCompany, seedVacancy } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { versionDemoAssetUrl } from '../../lib/demo-assets';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// Issue 18: the careers pages link the logo under its content's hash with a cache for good, while
// the logo's plain URL keeps answering (pages and mail already sent link it).

const IMMUTABLE = 'public, max-age=31536000, immutable';

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
let vacancyId: number;
const host = () => company.hosts[0] ?? '';

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  vacancyId = (await seedVacancy(t.database.db, company.id, { name: 'Logo Probe' })).id;
});

afterAll(async () => {
  await t?.close();
});

async function uploadLogo(svg: string): Promise<string> {
  const body = await multipart([['logo', new Blob([svg]), 'logo.svg']]);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/careers-settings/logo',
    headers: { ...owner.headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.logo_url as string;
}

/** The logo URL the careers pages link: the page data's, the og:image's and the JobPosting's. */
async function linkedLogos(): Promise<string[]> {
  // The company row is cached a few seconds for host resolution: read it afresh.
  t.app.forgetCachedCompanies();
  const list = (await t.app.inject({ url: '/careers', headers: { host: host() } })).body;
  const details = (await t.app.inject({ url: `/careers/${vacancyId}`, headers: { host: host() } })).body;
  const avatar = /"avatar_src":"([^"]+)"/.exec(list)?.[1] ?? '';
  const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(details)?.[1] ?? '';
  const jsonLdLogo = /"logo":"([^"]+)"/.exec(details)?.[1] ?? '';
  return [avatar, new URL(ogImage).pathname, new URL(jsonLdLogo).pathname];
}

describe('an uploaded logo', () => {
  it('is linked under its content hash, cached for good; the plain URL still answers', async () => {
    const plain = await uploadLogo(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="7" height="7"/></svg>',
    );
    expect(plain).toMatch(/^\/careers-logo\/\d+$/);
    const [avatar, ogImage, jsonLdLogo] = await linkedLogos();
    expect(avatar).toMatch(new RegExp(`^${plain}/[0-9a-f]{16}$`));
    expect(ogImage).toBe(avatar);
    expect(jsonLdLogo).toBe(avatar);

    const hashed = await t.app.inject({ url: avatar ?? '', headers: { host: host() } });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe(IMMUTABLE);
    expect(hashed.headers['content-type']).toBe('image/svg+xml');
    expect(hashed.body).toContain('width="7"');

    const old = await t.app.inject({ url: plain, headers: { host: host() } });
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe(hashed.body);
    expect(old.headers['cache-control']).not.toContain('immutable');

    // Another version of the same file is not this logo.
    const wrong = await t.app.inject({ url: `${plain}/0000000000000000`, headers: { host: host() } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toHaveProperty('message');
    const junk = await t.app.inject({ url: `${plain}/..%2F..%2Fetc`, headers: { host: host() } });
    expect(junk.statusCode).toBe(404);
  });

  it('gets a new hashed URL when replaced; the replaced one is no longer answered', async () => {
    const [before] = await linkedLogos();
    await uploadLogo('<svg xmlns="http://www.w3.org/2000/svg"><circle r="3"/></svg>');
    const [after] = await linkedLogos();
    expect(after).not.toBe(before);
    expect((await t.app.inject({ url: after ?? '', headers: { host: host() } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: before ?? '', headers: { host: host() } })).statusCode).toBe(404);
  });
});

describe("the demo company's logo (a file shipped with the server)", () => {
  it('answers under its content hash for good, and under its plain name for a day', async () => {
    const plain = await t.app.inject({ url: '/assets/demo/logo.svg' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(plain.headers['cache-control']).toBe('public, max-age=86400');

    const hashedUrl = versionDemoAssetUrl('/assets/demo/logo.svg') ?? '';
    expect(hashedUrl).toMatch(/^\/assets\/demo\/logo\.[0-9a-f]{12}\.svg$/);
    const hashed = await t.app.inject({ url: hashedUrl });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe(IMMUTABLE);
    expect(hashed.rawPayload.equals(plain.rawPayload)).toBe(true);

    expect((await t.app.inject({ url: '/assets/demo/logo.0123456789ab.svg' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/assets/demo/nothing.svg' })).statusCode).toBe(404);
    expect(versionDemoAssetUrl('https://cdn.example/logo.svg')).toBeNull();
  });
});
