import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the reCAPTCHA Enterprise REST API, implementing only
 * `POST /v1/projects/{project}/assessments?key={apiKey}` (projects.assessments.create), so tests run the
 * real client code over real HTTP.
 *
 * It answers like the real API: a bad API key is a 400 INVALID_ARGUMENT, another project a 403
 * PERMISSION_DENIED, and a token it cannot judge is still a 200 with `tokenProperties.valid = false`.
 * Every token is assessed once; a second assessment of the same token answers `DUPE`.
 *
 * Tokens read `<kind>` or `<kind>:<nonce>` (the nonce only makes tokens unique across tests):
 * - `valid` — action `login`, the fake's hostname, score `validScore` (0.9)
 * - `score-<n>` — like `valid` with score n (e.g. `score-0.5`)
 * - `low-score` — like `valid` with score 0.1
 * - `wrong-action` — action `contact_us`
 * - `wrong-host` — hostname `phishing.example`
 * - `expired`, `browser-error` — invalid with EXPIRED / BROWSER_ERROR
 * - anything else — invalid with MALFORMED
 * A siteKey other than the fake's makes the token invalid with no reason, as the real API does.
 */
export type RecaptchaFakeOptions = {
  apiKey: string;
  projectId: string;
  siteKey: string;
  /** Hostname reported for tokens issued on "our" page. */
  hostname?: string;
  validScore?: number;
  /** Answer each request only after this long (to exercise client timeouts). */
  delayMs?: number;
  /** Answer every assessment with this HTTP status and a Google error body (e.g. 500, 503). */
  failStatus?: number;
};

/** One request as the fake received it. */
export type RecaptchaFakeRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  body: unknown;
};

export type RecaptchaFake = {
  url: string;
  requests: RecaptchaFakeRequest[];
  close(): Promise<void>;
};

type TokenProperties = { valid: boolean; invalidReason: string; hostname: string; action: string };

const GOOGLE_STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

export async function startRecaptchaFake(opts: RecaptchaFakeOptions): Promise<RecaptchaFake> {
  const hostname = opts.hostname ?? 'careers.example.com';
  const validScore = opts.validScore ?? 0.9;
  const seen = new Set<string>();
  const requests: RecaptchaFakeRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  function judgeToken(token: string, siteKey: unknown): { tokenProperties: TokenProperties; score: number } {
    const valid = (action = 'login', host = hostname) => ({
      tokenProperties: { valid: true, invalidReason: 'INVALID_REASON_UNSPECIFIED', hostname: host, action },
      score: validScore,
    });
    const invalid = (invalidReason: string) => ({
      tokenProperties: { valid: false, invalidReason, hostname: '', action: '' },
      score: 0,
    });
    if (seen.has(token)) return invalid('DUPE');
    seen.add(token);
    if (siteKey !== opts.siteKey) return invalid('INVALID_REASON_UNSPECIFIED');
    const kind = token.split(':')[0] ?? '';
    const scoreMatch = /^score-(\d+(?:\.\d+)?)$/.exec(kind);
    if (scoreMatch) return { ...valid(), score: Number(scoreMatch[1]) };
    switch (kind) {
      case 'valid':
        return valid();
      case 'low-score':
        return { ...valid(), score: 0.1 };
      case 'wrong-action':
        return valid('contact_us');
      case 'wrong-host':
        return valid('login', 'phishing.example');
      case 'expired':
        return invalid('EXPIRED');
      case 'browser-error':
        return invalid('BROWSER_ERROR');
      default:
        return invalid('MALFORMED');
    }
  }

  function answer(res: ServerResponse, status: number, body: unknown): void {
    const send = () => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (!opts.delayMs) {
      send();
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      send();
    }, opts.delayMs);
    timers.add(timer);
  }

  function answerError(res: ServerResponse, code: number, message: string): void {
    answer(res, code, { error: { code, message, status: GOOGLE_STATUS_NAMES[code] ?? 'UNKNOWN' } });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    let body: unknown = null;
    try {
      body = rawBody ? JSON.parse(rawBody) : null;
    } catch {
      body = undefined;
    }
    requests.push({
      method: req.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: { ...req.headers },
      rawBody,
      body,
    });

    const route = /^\/v1\/projects\/([^/]+)\/assessments$/.exec(url.pathname);
    if (req.method !== 'POST' || !route) return answerError(res, 404, 'Requested entity was not found.');
    if (opts.failStatus) return answerError(res, opts.failStatus, 'The service is currently unavailable.');
    if (url.searchParams.get('key') !== opts.apiKey) {
      return answerError(res, 400, 'API key not valid. Please pass a valid API key.');
    }
    if (decodeURIComponent(route[1] ?? '') !== opts.projectId) {
      return answerError(res, 403, 'Permission denied on resource project.');
    }
    if (body === undefined) return answerError(res, 400, 'Invalid JSON payload received.');
    const event = (body as { event?: Record<string, unknown> } | null)?.event;
    const token = event?.token;
    if (typeof token !== 'string' || token === '') {
      return answerError(res, 400, 'Request contains an invalid argument.');
    }

    const { tokenProperties, score } = judgeToken(token, event?.siteKey);
    answer(res, 200, {
      name: `projects/${opts.projectId}/assessments/${randomUUID()}`,
      event: { ...event, token },
      riskAnalysis: tokenProperties.valid ? { score, reasons: [] } : { score: 0, reasons: [] },
      tokenProperties: { ...tokenProperties, createTime: new Date().toISOString() },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => answerError(res, 500, 'Internal error.'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // Held-open keep-alive or delayed requests would otherwise keep close() waiting.
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}
