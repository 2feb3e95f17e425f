import type { CaptchaVerifier } from './captcha-verifier';
import { noneVerifier } from './none-verifier';
import { createRecaptchaEnterpriseVerifier } from './recaptcha-enterprise-verifier';
import { createTestVerifier } from './test-verifier';

/** Picks the verifier for a company's provider setting. */
export type CaptchaRegistry = (provider: string) => CaptchaVerifier;

/** Why a company whose stored provider is `test` gets no applications in production. */
export const TEST_PROVIDER_REFUSED =
  "captcha_provider 'test' is refused in production (NODE_ENV=production): it lets anyone through; choose none or recaptcha_enterprise in the careers-site settings";

export type CaptchaRegistryOptions = {
  recaptchaApiUrl: string;
  /**
   * Production: the `test` provider (whose tokens anyone can write) counts as misconfigured, and
   * submissions are refused (503) instead of let through unchecked.
   */
  refuseTestProvider?: boolean;
  /** Told each time a refused provider turns a submission away (the operator must fix the setting). */
  onRefusedProvider?: (provider: string, reason: string) => void;
};

/** A verifier that refuses every token as 'unavailable': submissions get 503, none goes through unchecked. */
function createUnavailableVerifier(onVerify?: () => void, detail?: string): CaptchaVerifier {
  return {
    async verify() {
      onVerify?.();
      return detail ? { ok: false, reason: 'unavailable', detail } : { ok: false, reason: 'unavailable' };
    },
  };
}

export function captchaRegistry(opts: CaptchaRegistryOptions): CaptchaRegistry {
  const test = opts.refuseTestProvider
    ? createUnavailableVerifier(
        () => opts.onRefusedProvider?.('test', TEST_PROVIDER_REFUSED),
        TEST_PROVIDER_REFUSED,
      )
    : createTestVerifier();
  const recaptchaEnterprise = createRecaptchaEnterpriseVerifier({ apiUrl: opts.recaptchaApiUrl });
  // An unknown or not yet available provider must not let submissions through unchecked.
  const unknown = createUnavailableVerifier();
  return (provider) => {
    switch (provider) {
      case 'test':
        return test;
      case 'none':
        return noneVerifier;
      case 'recaptcha_enterprise':
        return recaptchaEnterprise;
      default:
        return unknown;
    }
  };
}
