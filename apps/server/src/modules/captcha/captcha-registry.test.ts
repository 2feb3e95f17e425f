import { describe, expect, it, vi } from 'vitest';
import { captchaRegistry, TEST_PROVIDER_REFUSED } from './captcha-registry';

const check = {
  token: 'test:pass:anyone-can-write-this',
  expectedAction: 'login',
  remoteIp: '10.0.0.1',
  settings: { siteKey: null, secret: null, projectId: null, threshold: 0.5, allowedHosts: [] },
};

describe('captchaRegistry', () => {
  it('refuses the test provider in production as unavailable (503), saying why in the log, however good the token', async () => {
    const onRefusedProvider = vi.fn();
    const verifierOf = captchaRegistry({
      recaptchaApiUrl: 'http://127.0.0.1:9',
      refuseTestProvider: true,
      onRefusedProvider,
    });
    expect(await verifierOf('test').verify(check)).toEqual({
      ok: false,
      reason: 'unavailable',
      detail: TEST_PROVIDER_REFUSED,
    });
    expect(onRefusedProvider).toHaveBeenCalledWith('test', TEST_PROVIDER_REFUSED);
    expect(TEST_PROVIDER_REFUSED).toContain('NODE_ENV=production');
  });

  it('lets the test provider work outside production, and never lets an unknown provider through', async () => {
    const verifierOf = captchaRegistry({ recaptchaApiUrl: 'http://127.0.0.1:9' });
    expect(await verifierOf('test').verify(check)).toEqual({ ok: true, score: 0.9 });
    expect(await verifierOf('made-up').verify(check)).toMatchObject({ ok: false, reason: 'unavailable' });
  });
});
