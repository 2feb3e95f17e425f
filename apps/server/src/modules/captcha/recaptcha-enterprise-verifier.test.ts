import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RecaptchaFake, startRecaptchaFake } from '../../../test/fakes/recaptcha-enterprise-fake';
import { captchaRegistry } from './captcha-registry';
import type { CaptchaCheck, CaptchaSettings } from './captcha-verifier';
import { createRecaptchaEnterpriseVerifier } from './recaptcha-enterprise-verifier';

const API_KEY = 'AIzaSy-test-api-key-1234567890';
const PROJECT_ID = 'kadry-careers';
const SITE_KEY = '6Lc-site-key';
const HOST = 'careers.example.com';

const SETTINGS: CaptchaSettings = {
  siteKey: SITE_KEY,
  secret: API_KEY,
  projectId: PROJECT_ID,
  threshold: 0.5,
  allowedHosts: ['jobs.example.org', HOST],
};

/** A fresh token of the fake's kind, so tests never collide on the fake's replay memory. */
function issueToken(kind: string): string {
  return `${kind}:${randomUUID()}`;
}

function buildCheck(token: string | null, settings: Partial<CaptchaSettings> = {}): CaptchaCheck {
  return { token, expectedAction: 'login', remoteIp: '203.0.113.7', settings: { ...SETTINGS, ...settings } };
}

const FAKE_OPTIONS = { apiKey: API_KEY, projectId: PROJECT_ID, siteKey: SITE_KEY, hostname: HOST };

describe('createRecaptchaEnterpriseVerifier against the API', () => {
  let fake: RecaptchaFake;
  let verifier: ReturnType<typeof createRecaptchaEnterpriseVerifier>;

  beforeAll(async () => {
    fake = await startRecaptchaFake(FAKE_OPTIONS);
    verifier = createRecaptchaEnterpriseVerifier({ apiUrl: fake.url });
  });
  afterAll(() => fake.close());

  it('accepts a valid token for the login action on an allowed host and reports its score', async () => {
    expect(await verifier.verify(buildCheck(issueToken('valid')))).toEqual({ ok: true, score: 0.9 });
  });

  it('matches the hostname case-insensitively', async () => {
    const verdict = await verifier.verify(
      buildCheck(issueToken('valid'), { allowedHosts: ['Careers.Example.COM'] }),
    );
    expect(verdict.ok).toBe(true);
  });

  it('refuses an expired token as expired', async () => {
    expect(await verifier.verify(buildCheck(issueToken('expired')))).toMatchObject({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses a token assessed a second time as replayed', async () => {
    const token = issueToken('valid');
    expect((await verifier.verify(buildCheck(token))).ok).toBe(true);
    expect(await verifier.verify(buildCheck(token))).toMatchObject({ ok: false, reason: 'replayed' });
  });

  it('refuses malformed, browser-error and other-site-key tokens as invalid', async () => {
    expect(await verifier.verify(buildCheck('garbage'))).toMatchObject({ ok: false, reason: 'invalid' });
    expect(await verifier.verify(buildCheck(issueToken('browser-error')))).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
    // The fake, like Google, marks a token minted for another site key invalid without a reason.
    expect(
      await verifier.verify(buildCheck(issueToken('valid'), { siteKey: '6Lc-other-key' })),
    ).toMatchObject({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses a token issued for another action', async () => {
    expect(await verifier.verify(buildCheck(issueToken('wrong-action')))).toMatchObject({
      ok: false,
      reason: 'wrong_action',
    });
  });

  it('refuses a token issued on a host outside the allowlist', async () => {
    expect(await verifier.verify(buildCheck(issueToken('wrong-host')))).toMatchObject({
      ok: false,
      reason: 'wrong_host',
    });
  });

  it('refuses every host when the allowlist is empty', async () => {
    expect(await verifier.verify(buildCheck(issueToken('valid'), { allowedHosts: [] }))).toMatchObject({
      ok: false,
      reason: 'wrong_host',
    });
  });

  it('refuses a score below the threshold and accepts one exactly at it', async () => {
    expect(await verifier.verify(buildCheck(issueToken('low-score')))).toMatchObject({
      ok: false,
      reason: 'low_score',
    });
    expect(await verifier.verify(buildCheck(issueToken('score-0.49')))).toMatchObject({
      ok: false,
      reason: 'low_score',
    });
    expect(await verifier.verify(buildCheck(issueToken('score-0.5')))).toEqual({ ok: true, score: 0.5 });
    expect(await verifier.verify(buildCheck(issueToken('score-0.7'), { threshold: 0.7 }))).toEqual({
      ok: true,
      score: 0.7,
    });
  });

  it('reports a missing token without calling the API', async () => {
    const before = fake.requests.length;
    expect(await verifier.verify(buildCheck(null))).toEqual({ ok: false, reason: 'missing' });
    expect(await verifier.verify(buildCheck('  '))).toEqual({ ok: false, reason: 'missing' });
    expect(fake.requests.length).toBe(before);
  });

  it.each([
    ['project id', { projectId: null }],
    ['API key', { secret: '' }],
    ['site key', { siteKey: null }],
  ] as const)('is unavailable without a %s, before looking at the token', async (name, settings) => {
    const before = fake.requests.length;
    for (const token of [issueToken('valid'), null]) {
      const verdict = await verifier.verify(buildCheck(token, settings));
      expect(verdict).toMatchObject({ ok: false, reason: 'unavailable' });
      expect(verdict).toHaveProperty('detail', expect.stringContaining(name));
    }
    expect(fake.requests.length).toBe(before);
  });

  it('sends the documented createAssessment request, with the API key only in the query string', async () => {
    const token = issueToken('valid');
    await verifier.verify(buildCheck(token));
    const request = fake.requests.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: `/v1/projects/${PROJECT_ID}/assessments`,
      query: { key: API_KEY },
      body: { event: { token, siteKey: SITE_KEY, expectedAction: 'login', userIpAddress: '203.0.113.7' } },
    });
    expect(request?.headers['content-type']).toMatch(/^application\/json/);
    expect(Object.keys(request?.body as object)).toEqual(['event']);
    expect(request?.rawBody).not.toContain(API_KEY);
    expect(JSON.stringify(request?.headers)).not.toContain(API_KEY);
  });

  it('is unavailable, with an operator hint free of key and token, when Google refuses the API key', async () => {
    const token = issueToken('valid');
    const verdict = await verifier.verify(buildCheck(token, { secret: 'AIzaSy-revoked-key' }));
    expect(verdict).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(verdict).toHaveProperty(
      'detail',
      expect.stringMatching(/HTTP 400 .*API key not valid.*project id, API key/),
    );
    expect(JSON.stringify(verdict)).not.toMatch(/AIzaSy-revoked-key|AIzaSy-test|valid:/);
  });

  it('is unavailable when the project is not the API key’s', async () => {
    const verdict = await verifier.verify(buildCheck(issueToken('valid'), { projectId: 'someone-else' }));
    expect(verdict).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(verdict).toHaveProperty('detail', expect.stringContaining('HTTP 403 (PERMISSION_DENIED'));
  });

  it('is reached through the registry for the recaptcha_enterprise provider', async () => {
    const verifierOf = captchaRegistry({ recaptchaApiUrl: `${fake.url}/` });
    expect(await verifierOf('recaptcha_enterprise').verify(buildCheck(issueToken('valid')))).toEqual({
      ok: true,
      score: 0.9,
    });
  });
});

describe('createRecaptchaEnterpriseVerifier when the API is not answering', () => {
  it('is unavailable when nothing listens at the API URL', async () => {
    const fake = await startRecaptchaFake(FAKE_OPTIONS);
    await fake.close();
    const verdict = await createRecaptchaEnterpriseVerifier({ apiUrl: fake.url }).verify(
      buildCheck(issueToken('valid')),
    );
    expect(verdict).toMatchObject({ ok: false, reason: 'unavailable' });
    expect(verdict).toHaveProperty('detail', expect.stringContaining('could not be reached'));
    expect(JSON.stringify(verdict)).not.toContain(API_KEY);
  });

  it('is unavailable once the timeout passes on a slow API', async () => {
    const fake = await startRecaptchaFake({ ...FAKE_OPTIONS, delayMs: 2_000 });
    try {
      const startedAt = performance.now();
      const verdict = await createRecaptchaEnterpriseVerifier({ apiUrl: fake.url, timeoutMs: 150 }).verify(
        buildCheck(issueToken('valid')),
      );
      expect(verdict).toMatchObject({
        ok: false,
        reason: 'unavailable',
        detail: expect.stringContaining('150 ms'),
      });
      expect(performance.now() - startedAt).toBeLessThan(1_500);
    } finally {
      await fake.close();
    }
  });

  it.each([500, 503, 429])('is unavailable when Google answers %i', async (failStatus) => {
    const fake = await startRecaptchaFake({ ...FAKE_OPTIONS, failStatus });
    try {
      const verdict = await createRecaptchaEnterpriseVerifier({ apiUrl: fake.url }).verify(
        buildCheck(issueToken('valid')),
      );
      expect(verdict).toMatchObject({ ok: false, reason: 'unavailable' });
      expect(verdict).toHaveProperty('detail', expect.stringContaining(`HTTP ${failStatus}`));
    } finally {
      await fake.close();
    }
  });

  it('is unavailable when a 200 carries something other than an assessment', async () => {
    const fetchNotJson: typeof fetch = async () => new Response('<html>proxy login</html>', { status: 200 });
    const verdict = await createRecaptchaEnterpriseVerifier({
      apiUrl: 'http://unused',
      fetch: fetchNotJson,
    }).verify(buildCheck(issueToken('valid')));
    expect(verdict).toMatchObject({ ok: false, reason: 'unavailable' });
  });

  it('treats fields left at their proto3 default as absent: no valid flag is invalid, no score is 0', async () => {
    const answer =
      (assessment: unknown): typeof fetch =>
      async () =>
        Response.json(assessment);
    const check = buildCheck(issueToken('valid'));
    const omittedValid = createRecaptchaEnterpriseVerifier({ apiUrl: 'http://unused', fetch: answer({}) });
    expect(await omittedValid.verify(check)).toMatchObject({ ok: false, reason: 'invalid' });
    const omittedScore = createRecaptchaEnterpriseVerifier({
      apiUrl: 'http://unused',
      fetch: answer({ tokenProperties: { valid: true, action: 'login', hostname: HOST } }),
    });
    expect(await omittedScore.verify(check)).toMatchObject({ ok: false, reason: 'low_score' });
    expect(await omittedScore.verify(buildCheck(check.token, { threshold: 0 }))).toEqual({
      ok: true,
      score: 0,
    });
  });
});
