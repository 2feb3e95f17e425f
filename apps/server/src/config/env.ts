import { z } from 'zod';
import { deriveShedRssMb, readMemoryLimitBytes } from './memory-limit';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every setting the server reads, parsed once. README.md documents each of them. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Embedded database, uploaded files and caches live here unless DATABASE_URL / S3 say otherwise. */
  DATA_DIR: z.string().min(1).default('./data'),
  /** postgres://… switches from the embedded PGlite to PostgreSQL. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** Seed demo data into an empty database. Default: on for the embedded database, off for PostgreSQL. */
  DEMO_DATA: booleanFlag.optional(),
  /** Where uploaded files go: `local` (a directory under DATA_DIR) or `s3` (a bucket, S3_* below). */
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** STORAGE=s3: the bucket (it must exist). */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3-63 of a-z 0-9 . -)')
    .optional(),
  /** STORAGE=s3: an S3-compatible service (MinIO, Ceph, R2…) instead of AWS, e.g. http://minio:9000. */
  S3_ENDPOINT: z
    .string()
    .url()
    .regex(/^https?:\/\//, 'must start with http:// or https://')
    .optional(),
  /** STORAGE=s3: address the bucket as `endpoint/bucket/key` (most self-hosted services) instead of `bucket.endpoint/key`. */
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  /** STORAGE=s3: the bucket's region. Required for AWS; `us-east-1` with S3_ENDPOINT. */
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as eu-central-1')
    .optional(),
  /**
   * STORAGE=s3: static credentials, both or neither. Without them the SDK's default chain applies
   * (web identity / IRSA, ECS or EC2 instance roles, ~/.aws).
   */
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  /** Behind a reverse proxy: trust X-Forwarded-For/-Proto/-Host for client IPs, https and host names. */
  TRUST_PROXY: booleanFlag.default(false),
  /** Submissions and CV parses allowed per client IP per minute. */
  RATE_LIMIT_SUBMISSIONS: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_CV_PARSES: z.coerce.number().int().min(1).default(30),
  /** Analytics events (POST analytics) each signed-in user may send per minute. */
  RATE_LIMIT_ANALYTICS: z.coerce.number().int().min(1).default(60),
  CV_PARSE_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  CV_PARSE_WORKERS: z.coerce.number().int().min(1).max(16).default(2),
  /** Base URL of the reCAPTCHA Enterprise REST API (tests point it at a local fake). */
  RECAPTCHA_API_URL: z.string().url().default('https://recaptchaenterprise.googleapis.com'),
  /**
   * Test-only routes under /api/test (read back applications, insert vacancies) for the browser
   * tests. Refused with NODE_ENV=production: they bypass every permission.
   */
  KADRY_TEST_ROUTES: booleanFlag.default(false),
  /**
   * Prometheus metrics (docs/operations.md), never public by default: served at /metrics on a port of
   * its own (METRICS_PORT, on METRICS_HOST, default HOST) and/or on the main port to
   * `Authorization: Bearer <METRICS_TOKEN>`. Neither set: no /metrics at all.
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, 'must have at least 16 characters').optional(),
  /**
   * Webhooks (docs/webhooks.md) may target loopback, private, link-local, unique-local and CGNAT
   * addresses. Off by default: a webhook URL must not reach into the company network (SSRF).
   */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: booleanFlag.default(false),
  /** Load shedding: refuse new requests (503) while the event loop lags more than this (ms; 0 = off). */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * Load shedding: refuse new requests while resident memory exceeds this many MiB (0 = off).
   * Default: half the machine's memory or cgroup limit, never below 1,536 MiB (config/memory-limit.ts).
   */
  SHED_RSS_MB: z.coerce
    .number()
    .int()
    .min(0)
    .default(() => deriveShedRssMb(readMemoryLimitBytes())),
  /** Multipart bodies (uploads) slower than this (bytes/s, averaged after a 20 s grace period) are cut off; 0 = off. */
  UPLOAD_MIN_BYTES_PER_SEC: z.coerce.number().int().min(0).default(4_096),
  /** JSON and form bodies must arrive within this many ms of the request's headers (408 otherwise). */
  BODY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /**
   * Every browser reaches Kadry over https, even when the request does not say so (TLS ends at a proxy
   * that sends no X-Forwarded-Proto, or TRUST_PROXY is off): HSTS, upgrade-insecure-requests and
   * Secure `__Host-` cookies on every answer. Without it they follow the request's own protocol.
   */
  HTTPS_ONLY: booleanFlag.default(false),
  /** How long a graceful shutdown waits for in-flight requests before giving up. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Public base URL of this server (e.g. https://hr.example.com), used in links sent by email. Default: the request's own origin. */
  APP_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /**
   * Host names (comma-separated, no scheme or port) that reach the default company's sign-in pages,
   * HR app and staff API besides the hosts configured for each company; `*` lets any host through.
   * Default in production: localhost, 127.0.0.1, ::1 and APP_URL's host; otherwise `*`. Links in mail
   * never come from a host outside this list, whatever it says.
   */
  TRUSTED_HOSTS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host !== ''),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(\*|\[?[0-9a-f:.]+\]?|[a-z0-9.-]+)$/,
            'host names only, e.g. hr.example.com (no scheme or port), or *',
          ),
      ),
    )
    .optional(),
  /** smtp://user:pass@host:587 or smtps://…: send mail through this server. Without it, mail is written to the log. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  /** Sender of the mail Kadry sends (password-reset links, notifications). */
  MAIL_FROM: z.string().min(3).default('Kadry <no-reply@localhost>'),
  /** A staff session ends after this many minutes without a request… */
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  /** …and this many hours after sign-in, however active. */
  SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  /**
   * Failed sign-ins allowed before a lock (docs/decisions/010-sign-in-lockout.md): per known device
   * (a browser holding the account's device cookie; only that device waits) and, for every other
   * client, per account (only clients without the device cookie wait, the owner on a known device
   * still signs in). Failures without a device cookie also count per client IP (SIGN_IN_MAX_FAILURES_PER_IP).
   */
  SIGN_IN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  SIGN_IN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  /** The window failed sign-ins are counted in, and how long a lock lasts. */
  SIGN_IN_LOCKOUT_MINUTES: z.coerce.number().int().min(1).default(15),
});
export type Env = z.infer<typeof envSchema>;

/** Settings that must never reach production, each with the reason the parser gives. */
function checkProductionSafety(env: Env): { path: keyof Env; message: string }[] {
  if (env.NODE_ENV !== 'production') return [];
  return env.KADRY_TEST_ROUTES
    ? [
        {
          path: 'KADRY_TEST_ROUTES',
          message: 'refused with NODE_ENV=production: the test routes bypass every permission',
        },
      ]
    : [];
}

/** STORAGE and the S3 settings must fit together: a half-configured bucket fails at start, not at the first upload. */
function checkStorage(env: Env): { path: keyof Env; message: string }[] {
  const issues: { path: keyof Env; message: string }[] = [];
  if (env.STORAGE === 's3') {
    if (!env.S3_BUCKET) issues.push({ path: 'S3_BUCKET', message: 'required with STORAGE=s3' });
    if (!env.AWS_REGION && !env.S3_ENDPOINT) {
      issues.push({ path: 'AWS_REGION', message: 'required with STORAGE=s3 unless S3_ENDPOINT is set' });
    }
    if (!env.AWS_ACCESS_KEY_ID !== !env.AWS_SECRET_ACCESS_KEY) {
      issues.push({
        path: env.AWS_ACCESS_KEY_ID ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID',
        message:
          'set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (to use the default credential chain)',
      });
    }
  } else if (env.S3_BUCKET || env.S3_ENDPOINT) {
    issues.push({
      path: 'STORAGE',
      message: 'S3_BUCKET or S3_ENDPOINT is set but STORAGE is local: set STORAGE=s3, or unset them',
    });
  }
  return issues;
}

/** Thrown with every bad variable named, so a misconfigured deployment fails at once and says why. */
export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable (`PORT=`) means unset, not zero or the empty string.
  const defined = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(defined);
  const issues = result.success
    ? [...checkProductionSafety(result.data), ...checkStorage(result.data)]
    : result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
  if (!result.success || issues.length > 0) {
    const lines = issues.map((issue) => `  ${issue.path}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** The only read of process.env in the server. */
export function readEnv(): Env {
  return parseEnv(process.env);
}
