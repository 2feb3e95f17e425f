/**
 * A second company for the captcha spec, reached through its own host name (Chromium resolves every
 * *.localhost name to the loopback address). It uses the server's deterministic test provider with
 * site key 'test', so the careers page makes `test:pass:<nonce>` tokens itself and Google is never
 * contacted; the demo company keeps no captcha, so the other specs are not affected.
 */
export const CAPTCHA_COMPANY = {
  host: 'captcha.localhost',
  slug: 'captcha-e2e',
  name: 'Captcha Test Co',
  vacancyName: 'Captcha test vacancy',
} as const;
