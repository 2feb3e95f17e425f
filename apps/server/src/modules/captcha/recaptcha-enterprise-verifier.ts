import { z } from 'zod';
import type { CaptchaCheck, CaptchaFailure, CaptchaVerdict, CaptchaVerifier } from './captcha-verifier';

const DEFAULT_RECAPTCHA_TIMEOUT_MS = 5_000;

/**
 * A verdict plus, when useful to an operator, why: misconfiguration, Google's error text, the token's
 * invalid reason. Never contains the API key or the token, so it is safe to log.
 */
type RecaptchaVerdict = CaptchaVerdict & { detail?: string };

/** A CaptchaVerifier whose refusals say why (see RecaptchaVerdict). */
export interface RecaptchaEnterpriseVerifier extends CaptchaVerifier {
  verify(check: CaptchaCheck): Promise<RecaptchaVerdict>;
}

export type RecaptchaEnterpriseOptions = {
  /** Base URL of the API, e.g. https://recaptchaenterprise.googleapis.com (a local fake in tests). */
  apiUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

// Proto3 JSON may omit fields at their default value (false, 0, ''), so every field is optional and
// a missing one reads as its default: a missing `valid` is false, a missing score is 0.
const assessmentSchema = z.object({
  tokenProperties: z
    .object({
      valid: z.boolean().optional(),
      invalidReason: z.string().optional(),
      action: z.string().optional(),
      hostname: z.string().optional(),
    })
    .optional(),
  riskAnalysis: z.object({ score: z.number().optional() }).optional(),
});

const googleErrorSchema = z.object({
  error: z.object({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
  }),
});

const INVALID_REASONS: Record<string, CaptchaFailure> = { EXPIRED: 'expired', DUPE: 'replayed' };

/**
 * Verifies tokens of reCAPTCHA Enterprise with the createAssessment REST method, authenticated by an
 * API key (the company's `secret`). Accepts only a valid token issued for the expected action, on an
 * allowed hostname, with a score at or above the company's threshold. Anything that stops the check
 * itself (missing settings, network, timeout, Google's 4xx/5xx) is 'unavailable', never a pass.
 * https://cloud.google.com/recaptcha/docs/reference/rest/v1/projects.assessments/create
 */
export function createRecaptchaEnterpriseVerifier(
  opts: RecaptchaEnterpriseOptions,
): RecaptchaEnterpriseVerifier {
  const baseUrl = opts.apiUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? DEFAULT_RECAPTCHA_TIMEOUT_MS;

  return {
    async verify(check: CaptchaCheck): Promise<RecaptchaVerdict> {
      const { projectId, secret, siteKey, threshold, allowedHosts } = check.settings;
      // Checked before the token: without these the page never had a site key to issue one, and the
      // candidate cannot fix a server-side misconfiguration.
      const missingSettings = [
        ...(projectId ? [] : ['project id']),
        ...(secret ? [] : ['API key']),
        ...(siteKey ? [] : ['site key']),
      ];
      if (!projectId || !secret || !siteKey) {
        return unavailable(
          `reCAPTCHA Enterprise is selected but the company has no ${missingSettings.join(', ')}`,
        );
      }
      if (!Number.isFinite(threshold) || threshold < 0 || threshold > 1) {
        return unavailable(`reCAPTCHA Enterprise threshold must be between 0 and 1, got ${threshold}`);
      }
      const token = check.token?.trim();
      if (!token) return { ok: false, reason: 'missing' };

      // Whatever Google or the network says is scrubbed of the key and the token before it is kept.
      const scrub = (text: string) =>
        text.split(secret).join('[key]').split(token).join('[token]').slice(0, 500);

      const url = `${baseUrl}/v1/projects/${encodeURIComponent(projectId)}/assessments?${new URLSearchParams({ key: secret })}`;
      const event: Record<string, string> = { token, siteKey, expectedAction: check.expectedAction };
      if (check.remoteIp) event.userIpAddress = check.remoteIp;

      let status: number;
      let payload: unknown;
      try {
        const doFetch = opts.fetch ?? globalThis.fetch;
        const response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
          body: JSON.stringify({ event }),
          // Covers reading the body too: a stalled answer must not hold the submission open.
          signal: AbortSignal.timeout(timeoutMs),
        });
        status = response.status;
        const text = await response.text();
        try {
          payload = JSON.parse(text);
        } catch {
          payload = undefined;
        }
      } catch (error) {
        // AbortSignal.timeout rejects with a DOMException named TimeoutError, while connecting or reading.
        const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : '';
        const isTimeout = name === 'TimeoutError' || name === 'AbortError';
        return unavailable(
          isTimeout
            ? `reCAPTCHA Enterprise did not answer within ${timeoutMs} ms`
            : scrub(`reCAPTCHA Enterprise could not be reached: ${describeError(error)}`),
        );
      }

      if (status < 200 || status >= 300) {
        const googleError = googleErrorSchema.safeParse(payload);
        const said = googleError.success
          ? `${googleError.data.error.status ?? ''} ${googleError.data.error.message ?? ''}`.trim()
          : 'no error body';
        // 5xx and 429 are Google's trouble and pass; any other 4xx is our request, i.e. the company's
        // project id, API key or site key, and needs an operator.
        const hint =
          status >= 500 || status === 429
            ? 'try again later'
            : "check the company's captcha project id, API key and site key";
        return unavailable(scrub(`reCAPTCHA Enterprise answered HTTP ${status} (${said}); ${hint}`));
      }

      const assessment = assessmentSchema.safeParse(payload);
      if (!assessment.success) {
        return unavailable(`reCAPTCHA Enterprise answered HTTP ${status} with an unreadable assessment`);
      }
      const tokenProperties = assessment.data.tokenProperties ?? {};
      if (tokenProperties.valid !== true) {
        const invalidReason = tokenProperties.invalidReason ?? 'INVALID_REASON_UNSPECIFIED';
        return {
          ok: false,
          reason: INVALID_REASONS[invalidReason] ?? 'invalid',
          detail: `token invalid: ${invalidReason}`,
        };
      }
      if (tokenProperties.action !== check.expectedAction) {
        return {
          ok: false,
          reason: 'wrong_action',
          detail: scrub(`token issued for action '${tokenProperties.action ?? ''}'`),
        };
      }
      const hostname = (tokenProperties.hostname ?? '').toLowerCase();
      if (!allowedHosts.some((host) => host.toLowerCase() === hostname)) {
        return {
          ok: false,
          reason: 'wrong_host',
          detail:
            allowedHosts.length === 0
              ? 'no captcha hosts are allowed for the company'
              : scrub(`token issued on host '${hostname}'`),
        };
      }
      const score = assessment.data.riskAnalysis?.score ?? 0;
      if (score < threshold) {
        return { ok: false, reason: 'low_score', detail: `score ${score} below threshold ${threshold}` };
      }
      return { ok: true, score };
    },
  };
}

function unavailable(detail: string): RecaptchaVerdict {
  return { ok: false, reason: 'unavailable', detail };
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // undici reports 'fetch failed' and puts the useful part (ECONNREFUSED, ENOTFOUND…) in the cause.
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
