/** Why a captcha token was refused; the candidate sees one message, the log sees the reason. */
export type CaptchaFailure =
  | 'missing'
  | 'invalid'
  | 'expired'
  | 'replayed'
  | 'wrong_action'
  | 'wrong_host'
  | 'low_score'
  | 'unavailable';

export type CaptchaVerdict =
  | { ok: true; score?: number }
  /** `detail` is for the log (never contains secrets or tokens); the candidate sees one message. */
  | { ok: false; reason: CaptchaFailure; detail?: string };

/** The company's captcha settings as a verifier needs them. */
export type CaptchaSettings = {
  siteKey: string | null;
  secret: string | null;
  projectId: string | null;
  threshold: number;
  allowedHosts: readonly string[];
};

export type CaptchaCheck = {
  token: string | null;
  /** The action the token must have been issued for ('login' for applications, spec §6). */
  expectedAction: string;
  remoteIp: string;
  settings: CaptchaSettings;
};

/** One captcha provider. Chosen per company by its `captcha_provider` setting. */
export interface CaptchaVerifier {
  verify(check: CaptchaCheck): Promise<CaptchaVerdict>;
}
