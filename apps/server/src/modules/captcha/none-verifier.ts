import type { CaptchaVerifier } from './captcha-verifier';

/** No captcha configured for the company: every submission passes (rate limits still apply). */
export const noneVerifier: CaptchaVerifier = {
  async verify() {
    return { ok: true };
  },
};
