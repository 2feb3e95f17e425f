import type { CaptchaFailure, CaptchaVerifier } from './captcha-verifier';

const VERDICTS = new Set<string>(['pass', 'expired', 'wrong_action', 'wrong_host', 'low_score', 'invalid']);

/**
 * A deterministic provider for tests and local trials. A token reads `test:<verdict>:<nonce>`, where
 * verdict is `pass` or the failure to simulate; each token is accepted once (a reuse is 'replayed').
 * `test:pass:…` tokens may also carry an action: `test:pass:<nonce>:<action>`.
 */
export function createTestVerifier(opts: { maxRemembered?: number } = {}): CaptchaVerifier {
  const maxRemembered = opts.maxRemembered ?? 100_000;
  const used = new Set<string>();
  return {
    async verify({ token, expectedAction }) {
      if (!token) return { ok: false, reason: 'missing' };
      const [scheme, verdict, nonce, action] = token.split(':');
      if (scheme !== 'test' || !verdict || !VERDICTS.has(verdict) || !nonce) {
        return { ok: false, reason: 'invalid' };
      }
      if (used.has(token)) return { ok: false, reason: 'replayed' };
      if (used.size >= maxRemembered) used.clear();
      used.add(token);
      if (verdict !== 'pass') return { ok: false, reason: verdict as CaptchaFailure };
      if (action && action !== expectedAction) return { ok: false, reason: 'wrong_action' };
      return { ok: true, score: 0.9 };
    },
  };
}
