import type { CaptchaVerifier } from './captcha-verifier';
import { noneVerifier } from './none-verifier';
import { createRecaptchaEnterpriseVerifier } from './recaptcha-enterprise-verifier';
import { createTestVerifier } from './test-verifier';

export type CaptchaProvider = 'none' | 'test' | 'recaptcha_enterprise';

/** Picks the verifier for a company's provider setting. */
export type CaptchaRegistry = (provider: string) => CaptchaVerifier;

export function captchaRegistry(opts: { recaptchaApiUrl: string }): CaptchaRegistry {
  const test = createTestVerifier();
  const recaptchaEnterprise = createRecaptchaEnterpriseVerifier({ apiUrl: opts.recaptchaApiUrl });
  return (provider) => {
    switch (provider) {
      case 'test':
        return test;
      case 'none':
        return noneVerifier;
      case 'recaptcha_enterprise':
        return recaptchaEnterprise;
      default:
        // An unknown or not yet available provider must not let submissions through unchecked.
        return {
          async verify() {
            return { ok: false, reason: 'unavailable' };
          },
        };
    }
  };
}
