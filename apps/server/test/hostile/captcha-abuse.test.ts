import { getCatalog } from '@kadry/shared/i18n/translate';
import type { ErrorBody } from '@kadry/shared/schemas/error';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../../src/db/schema/applications';
import { createTestApp, multipart, type TestApp } from '../app';
import { seedCompany, seedForm, seedVacancy } from '../db';
import { type RecaptchaFake, startRecaptchaFake } from '../fakes/recaptcha-enterprise-fake';

// Captcha tokens that must never pass, sent many times and interleaved with good ones, through both
// providers (the deterministic test provider, and reCAPTCHA Enterprise over HTTP against the local
// fake of Google's API); then the per-IP submission limit at its default allowance.

const en = getCatalog('en');
const API_KEY = 'AIzaSy-abuse-test-key-0123456789';
const PROJECT_ID = 'kadry-abuse';
const SITE_KEY = '6Lc-abuse-site-key';
const CAPTCHA_HOST = 'careers.example.com';
const ROUNDS = 8;

type Target = { app: TestApp; host: string; vacancyId: number; companyId: number };

let ipCounter = 0;
/** A fresh client address, so only the rate-limit test ever meets the limit. */
function nextIp(): string {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 65_536) % 256}.${Math.floor(ipCounter / 256) % 256}.${ipCounter % 256}`;
}

async function submit(
  target: Target,
  token: string | null,
  opts: { ip?: string; headers?: Record<string, string> } = {},
) {
  const entries: [string, string][] = [
    ['fields[0][type]', 'name'],
    ['fields[0][input_value]', 'Ann'],
  ];
  if (token !== null) entries.unshift(['g_recaptcha_response', token]);
  const body = await multipart(entries);
  return target.app.app.inject({
    method: 'POST',
    url: `/api/v1/public-vacancies/${target.vacancyId}/response`,
    payload: body.payload,
    headers: { ...body.headers, host: target.host, ...opts.headers },
    remoteAddress: opts.ip ?? nextIp(),
  });
}

async function countApplications(target: Target): Promise<number> {
  return target.app.database.db.$count(applications, eq(applications.companyId, target.companyId));
}

/** A company with a one-field form and one vacancy, reached through its own host name. */
async function seedTarget(app: TestApp, company: Parameters<typeof seedCompany>[1]): Promise<Target> {
  const db = app.database.db;
  const row = await seedCompany(db, company);
  await seedForm(db, row.id, [{ name: 'First name', type: 'name', inputType: 'text', required: true }]);
  const vacancy = await seedVacancy(db, row.id);
  return { app, host: row.hosts[0] ?? '', vacancyId: vacancy.id, companyId: row.id };
}

function expectCaptchaRefusal(response: Awaited<ReturnType<typeof submit>>, token: string): void {
  expect(response.statusCode, token).toBe(422);
  expect(response.json<ErrorBody>(), token).toEqual({ message: en['errors.captcha_failed'] });
}

describe('captcha tokens that must be refused', () => {
  let app: TestApp;
  let fake: RecaptchaFake;
  let testProvider: Target;
  let recaptcha: Target;

  beforeAll(async () => {
    fake = await startRecaptchaFake({
      apiKey: API_KEY,
      projectId: PROJECT_ID,
      siteKey: SITE_KEY,
      hostname: CAPTCHA_HOST,
    });
    app = await createTestApp({ env: { RECAPTCHA_API_URL: fake.url, RATE_LIMIT_SUBMISSIONS: '100000' } });
    testProvider = await seedTarget(app, {
      slug: 'test-captcha',
      captchaProvider: 'test',
      captchaSiteKey: 'test',
    });
    recaptcha = await seedTarget(app, {
      slug: 'recaptcha',
      captchaProvider: 'recaptcha_enterprise',
      captchaSiteKey: SITE_KEY,
      captchaSecret: API_KEY,
      captchaProjectId: PROJECT_ID,
      captchaAllowedHosts: [CAPTCHA_HOST],
    });
  });
  afterAll(async () => {
    await app?.close();
    await fake?.close();
  });

  it.each([
    [
      'the test provider',
      () => testProvider,
      {
        valid: (n: string) => `test:pass:${n}`,
        expired: (n: string) => `test:expired:${n}`,
        wrongAction: (n: string) => `test:pass:${n}:contact_us`,
        wrongHost: (n: string) => `test:wrong_host:${n}`,
      },
    ],
    [
      'reCAPTCHA Enterprise (local fake of the API)',
      () => recaptcha,
      {
        valid: (n: string) => `valid:${n}`,
        expired: (n: string) => `expired:${n}`,
        wrongAction: (n: string) => `wrong-action:${n}`,
        wrongHost: (n: string) => `wrong-host:${n}`,
      },
    ],
  ])(
    '%s: expired, replayed, wrong-action and wrong-host tokens are refused every time',
    async (_name, getTarget, tokens) => {
      const target = getTarget();
      const before = await countApplications(target);
      const assessmentsBefore = fake.requests.length;
      for (let round = 0; round < ROUNDS; round += 1) {
        const nonce = `${round}-${target.host}`;
        // A good token passes, so the refusals below are about the token and nothing else…
        const valid = tokens.valid(nonce);
        const accepted = await submit(target, valid);
        expect(accepted.statusCode, valid).toBe(201);
        // …and every bad one is refused, from a new address each time (no rate limit involved).
        for (const token of [
          tokens.expired(nonce),
          valid,
          tokens.wrongAction(nonce),
          tokens.wrongHost(nonce),
          valid,
        ]) {
          expectCaptchaRefusal(await submit(target, token), token);
        }
      }
      expect(await countApplications(target)).toBe(before + ROUNDS);
      if (target === recaptcha) {
        // Each token was judged by the API over HTTP (6 per round), not short-circuited.
        expect(fake.requests.length - assessmentsBefore).toBe(ROUNDS * 6);
      }
    },
  );

  it.each([
    ['the test provider', () => testProvider, 'test:pass:race'],
    ['reCAPTCHA Enterprise', () => recaptcha, 'valid:race'],
  ])(
    '%s: one token sent by 10 submissions at once is accepted exactly once',
    async (_name, getTarget, token) => {
      const target = getTarget();
      const before = await countApplications(target);
      const results = await Promise.all(Array.from({ length: 10 }, () => submit(target, token)));
      const statuses = results.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, ...Array<number>(9).fill(422)]);
      expect(await countApplications(target)).toBe(before + 1);
    },
  );

  it('a submission without any token is refused where a captcha is configured', async () => {
    for (const target of [testProvider, recaptcha]) {
      expectCaptchaRefusal(await submit(target, null), 'none');
      expectCaptchaRefusal(await submit(target, ''), 'empty');
    }
  });
});

describe('submissions per IP at the default limit', () => {
  let app: TestApp;
  let target: Target;

  beforeAll(async () => {
    app = await createTestApp();
    target = await seedTarget(app, { slug: 'rate-limited' });
  });
  afterAll(async () => app?.close());

  it('100 submissions from one IP within a minute: exactly the allowance (20) accepted, the rest 429 with Retry-After', async () => {
    const allowance = app.env.RATE_LIMIT_SUBMISSIONS;
    expect(allowance).toBe(20);
    const ip = '198.51.100.23';
    const startedAt = Date.now();
    const results: Awaited<ReturnType<typeof submit>>[] = [];
    // In waves of 25 concurrent requests; some claim another address through X-Forwarded-For, which
    // must not help while the server does not trust a proxy.
    for (let wave = 0; wave < 4; wave += 1) {
      const batch = Array.from({ length: 25 }, (_, i) =>
        submit(target, null, {
          ip,
          headers: i % 3 === 0 ? { 'x-forwarded-for': `203.0.113.${wave * 25 + i}` } : {},
        }),
      );
      results.push(...(await Promise.all(batch)));
    }
    expect(Date.now() - startedAt).toBeLessThan(60_000);

    const accepted = results.filter((response) => response.statusCode === 201);
    const limited = results.filter((response) => response.statusCode === 429);
    expect(accepted).toHaveLength(allowance);
    expect(limited).toHaveLength(100 - allowance);
    for (const response of limited) {
      const retryAfter = Number(response.headers['retry-after']);
      expect(Number.isInteger(retryAfter)).toBe(true);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(response.json<ErrorBody>()).toEqual({ message: en['errors.too_many_requests'] });
    }
    expect(await countApplications(target)).toBe(allowance);

    // Another address is not affected, and the limited one still is.
    expect((await submit(target, null, { ip: '198.51.100.24' })).statusCode).toBe(201);
    expect((await submit(target, null, { ip })).statusCode).toBe(429);
    expect(await countApplications(target)).toBe(allowance + 1);
  });
});
