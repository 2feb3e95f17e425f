import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { type Env, parseEnv } from '../src/config/env';
import type { DatabaseHandle } from '../src/db/client';
import type { EmailSender } from '../src/lib/email-sender';
import type { CaptchaRegistry } from '../src/modules/captcha/captcha-registry';
import { createCvParserPool } from '../src/modules/cv/cv-parser-pool';
import { createConfiguredFileStore } from '../src/storage/configured-store';
import type { FileStore } from '../src/storage/file-store';
import { CAREERS_SERVER_ENTRY } from './careers-build';
import { createTestDatabase } from './db';
import { recordServerStatements } from './tenant-filter/statement-log';

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  fileStore: FileStore;
  dataDir: string;
  env: Env;
  close(): Promise<void>;
};

/**
 * The whole application on a database of its own (a copy of the migrated template), with files in a
 * temporary directory. Requests go through `app.inject()`.
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    captcha?: CaptchaRegistry;
    now?: () => Date;
    emailSender?: EmailSender;
    hrClientDir?: string;
    /** Runs before `ready()`, e.g. to add test-only routes. */
    beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-test-'));
  // Load shedding is off: a busy test machine must not turn slow answers into 503s.
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SHED_EVENT_LOOP_DELAY_MS: '0',
    ...opts.env,
  });
  const database = await createTestDatabase();
  // Files in a temporary directory, or in the bucket that STORAGE=s3 and the S3_* variables name.
  const { fileStore } = createConfiguredFileStore(env, dataDir);
  const cvParser = createCvParserPool({ workers: 1, timeoutMs: env.CV_PARSE_TIMEOUT_MS });
  const app = await buildApp({
    env,
    // The app's statements are checked for a company filter (tenant-filter/setup.ts); the test's own are not.
    database: recordServerStatements(database),
    fileStore,
    cvParser,
    careersClientDir: path.join(dataDir, 'no-client-build'),
    careersServerEntry: CAREERS_SERVER_ENTRY,
    hrClientDir: opts.hrClientDir ?? path.join(dataDir, 'no-hr-build'),
    logger: false,
    ...(opts.captcha ? { captcha: opts.captcha } : {}),
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.emailSender ? { emailSender: opts.emailSender } : {}),
  });
  await opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    fileStore,
    dataDir,
    env,
    async close() {
      await app.close();
      await cvParser.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A multipart body for `inject`, built the way a browser builds it. */
export async function multipart(entries: [string, string | Blob, string?][]): Promise<{
  payload: Buffer;
  headers: Record<string, string>;
}> {
  const form = new FormData();
  for (const [name, value, fileName] of entries) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName ?? 'file');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
