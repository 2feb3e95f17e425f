import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getCatalog } from '@kadry/shared/i18n/translate';
import { appPageDataSchema, INDEXED_DB_VERSION } from '@kadry/shared/schemas/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import {
  type AuthTestApp,
  createAuthTestApp,
  readMetaCsrfToken,
  type SignedInAgent,
  seedUser,
  signIn,
} from '../auth/auth-test-support';
import { serializeJsonForScript } from './app-shell.routes';

const en = getCatalog('en');
const uk = getCatalog('uk');
const ru = getCatalog('ru');

let t: AuthTestApp;
let hrClientDir: string;
let owner: SignedInAgent;
let ownerId: number;
let russianSpeaker: SignedInAgent;
let ukrainianSpeaker: SignedInAgent;

function readPageData(html: string): unknown {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(html)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
}

beforeAll(async () => {
  hrClientDir = await mkdtemp(path.join(tmpdir(), 'kadry-hr-build-'));
  t = await createAuthTestApp({ hrClientDir });
  // Russian is not among the company's languages: Russian-speaking staff get English.
  const company = await seedCompany(t.database.db, {
    name: 'Acme <Labs>',
    logoUrl: '/assets/acme.svg',
    languages: ['en', 'uk'],
  });
  const a = await seedUser(t.database.db, company.id, { name: 'Ada </script><b>', locale: 'en' });
  const r = await seedUser(t.database.db, company.id, { locale: 'ru' });
  const u = await seedUser(t.database.db, company.id, { locale: 'uk' });
  ownerId = a.user.id;
  owner = await signIn(t.app, { email: a.user.email, password: a.password });
  russianSpeaker = await signIn(t.app, { email: r.user.email, password: r.password });
  ukrainianSpeaker = await signIn(t.app, { email: u.user.email, password: u.password });
});

afterAll(async () => {
  await t?.close();
  if (hrClientDir) await rm(hrClientDir, { recursive: true, force: true });
});

describe('/app shell', () => {
  it('sends a signed-out browser to sign-in, remembering where it was going', async () => {
    const home = await t.app.inject({ method: 'GET', url: '/app' });
    expect(home.statusCode).toBe(302);
    expect(home.headers.location).toBe('/app/sign-in');
    const deep = await t.app.inject({ method: 'GET', url: '/app/vacancies/7?tab=form' });
    expect(deep.headers.location).toBe(
      `/app/sign-in?next=${encodeURIComponent('/app/vacancies/7?tab=form')}`,
    );
  });

  it("carries the session's CSRF token in a meta tag and the page data of spec §3.2", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/app/applications',
      headers: { cookie: owner.headers.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(readMetaCsrfToken(response.body)).toBe(owner.csrfToken);

    const pageData = appPageDataSchema.strict().parse(readPageData(response.body));
    expect(pageData.user).toMatchObject({
      id: ownerId,
      name: 'Ada </script><b>',
      locale: 'en',
      timezone: 'UTC',
      mailType: 'default',
      mailMaxSize: 25 * 1024 * 1024,
      hasGoogleCalendar: false,
    });
    expect(pageData.user.hashedId).toMatch(/^[0-9a-f-]{36}$/);
    expect(pageData.settings).toMatchObject({
      indexedDbVersion: INDEXED_DB_VERSION,
      russianIsEnabled: false,
      releaseVersion: expect.stringMatching(/^\d+\.\d+\.\d+/),
    });
    // Roles were created with the first user.
    expect(Number.isNaN(Date.parse(pageData.settings.rolesUpdatedAt ?? ''))).toBe(false);
    expect(pageData.company).toEqual({ avatar: '/assets/acme.svg', name: 'Acme <Labs>' });
    // Data that looks like markup cannot close the script element.
    expect(response.body).not.toContain('</script><b>');
  });

  it('says the app is not built, and still offers sign-out, when there is no build', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/app',
      headers: { cookie: owner.headers.cookie },
    });
    expect(response.body).toContain(en['auth.app_not_built']);
    expect(response.body).toContain(`<input type="hidden" name="_token" value="${owner.csrfToken}">`);
    expect(response.body).not.toContain('<script type="module"');
  });

  it("links the HR build's entry, styles and preloads from its Vite manifest", async () => {
    await mkdir(path.join(hrClientDir, '.vite'), { recursive: true });
    await writeFile(
      path.join(hrClientDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/app/entry-client.tsx': {
          file: 'assets/entry-abc.js',
          css: ['assets/entry-abc.css'],
          imports: ['_vendor'],
          isEntry: true,
        },
        _vendor: { file: 'assets/vendor-def.js' },
      }),
    );
    await mkdir(path.join(hrClientDir, 'assets'), { recursive: true });
    await writeFile(path.join(hrClientDir, 'assets', 'entry-abc.js'), 'console.log(1)');
    const response = await t.app.inject({
      method: 'GET',
      url: '/app',
      headers: { cookie: owner.headers.cookie },
    });
    expect(response.body).toContain('<script type="module" src="/static/hr/assets/entry-abc.js"></script>');
    expect(response.body).toContain('<link rel="stylesheet" href="/static/hr/assets/entry-abc.css">');
    expect(response.body).toContain('<link rel="modulepreload" href="/static/hr/assets/vendor-def.js">');
    expect(response.body).not.toContain(en['auth.app_not_built']);

    const asset = await t.app.inject({ method: 'GET', url: '/static/hr/assets/entry-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const manifest = await t.app.inject({ method: 'GET', url: '/static/hr/.vite/manifest.json' });
    expect(manifest.statusCode).toBe(404);
  });

  it('uses the user’s language', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/app',
      headers: { cookie: ukrainianSpeaker.headers.cookie },
    });
    expect(response.body).toContain('<html lang="uk">');
    expect(appPageDataSchema.parse(readPageData(response.body)).user.locale).toBe('uk');
  });
});

describe('GET /vue-global/translations', () => {
  it("answers the keys' texts in the user's language", async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/vue-global/translations?keys=auth.email,auth.password,no.such.key',
      headers: { cookie: ukrainianSpeaker.headers.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ 'auth.email': uk['auth.email'], 'auth.password': uk['auth.password'] });
  });

  it('accepts repeated keys and prefixes', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/vue-global/translations?keys=auth.sign_in.*&keys=errors.csrf',
      headers: { cookie: ukrainianSpeaker.headers.cookie },
    });
    const body = response.json() as Record<string, string>;
    expect(body['errors.csrf']).toBe(uk['errors.csrf']);
    expect(body['auth.sign_in.title']).toBe(uk['auth.sign_in.title']);
    // Ukrainian plural forms English does not have.
    expect(body['auth.sign_in.locked_few']).toBe(uk['auth.sign_in.locked_few']);
    expect(Object.keys(body).every((key) => key === 'errors.csrf' || key.startsWith('auth.sign_in.'))).toBe(
      true,
    );
  });

  it('gives Russian only where the company enables it', async () => {
    const english = await t.app.inject({
      method: 'GET',
      url: '/vue-global/translations?keys=auth.email',
      headers: { cookie: russianSpeaker.headers.cookie },
    });
    expect(english.json()).toEqual({ 'auth.email': en['auth.email'] });

    const company = await seedCompany(t.database.db, { languages: ['en', 'ru'] });
    const user = await seedUser(t.database.db, company.id, { locale: 'ru' });
    const host = company.hosts[0] ?? '';
    const agent = await signIn(t.app, { email: user.user.email, password: user.password }, { host });
    const russian = await t.app.inject({
      method: 'GET',
      url: '/vue-global/translations?keys=auth.email',
      headers: { cookie: agent.headers.cookie, host },
    });
    expect(russian.json()).toEqual({ 'auth.email': ru['auth.email'] });
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/vue-global/translations?keys=auth.email' });
    expect(response.statusCode).toBe(401);
  });
});

describe('serializeJsonForScript', () => {
  it('escapes what could end the script element or break the line', () => {
    const text = serializeJsonForScript({ a: '</script><!--', b: '\u2028' });
    expect(text).not.toContain('<');
    expect(JSON.parse(text)).toEqual({ a: '</script><!--', b: '\u2028' });
  });
});
