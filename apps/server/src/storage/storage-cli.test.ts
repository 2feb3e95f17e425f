import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3';
import { type Env, parseEnv } from '../config/env';
import { createLocalDirStore, type LocalDirStore } from './local-dir';
import { createS3FileStoreFromEnv, type S3FileStore } from './s3';
import { runStorageCli } from './storage-cli';

let s3: TestS3;
let dataDir: string;
let local: LocalDirStore;
let env: Env;

beforeAll(async () => {
  s3 = await startTestS3('kadry-migration');
});
afterAll(async () => {
  await s3?.close();
});
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-migrate-'));
  local = createLocalDirStore(path.join(dataDir, 'files'));
  env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...s3.env });
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function run(
  argv: string[],
  createTarget?: (env: Env) => S3FileStore,
): Promise<{ code: number; out: string[]; error: string[] }> {
  const out: string[] = [];
  const error: string[] = [];
  const code = await runStorageCli(argv, {
    env,
    output: { out: (text) => out.push(text), error: (text) => error.push(text) },
    ...(createTarget ? { createTarget } : {}),
  });
  return { code, out, error };
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

describe('storage:migrate-to-s3', () => {
  it('copies every local file under its key, then finds them all there on a second run', async () => {
    const files = [];
    for (const size of [1, 1000, 6 * 1024 * 1024]) {
      files.push(await local.put(Readable.from([randomBytes(size)]), { maxBytes: size }));
    }
    const first = await run(['storage:migrate-to-s3']);
    expect(first.error).toEqual([]);
    expect(first.code).toBe(0);
    expect(first.out.at(-1)).toMatch(/^Done: 3 copied \(6\.0 MiB\), 0 already in the bucket, 0 failed\.$/);
    const bucket = createS3FileStoreFromEnv(env);
    for (const file of files) expect(await sha256Of(await bucket.get(file.key))).toBe(file.sha256);

    const second = await run(['storage:migrate-to-s3']);
    expect(second.code).toBe(0);
    expect(second.out.at(-1)).toBe('Done: 0 copied (0.0 KiB), 3 already in the bucket, 0 failed.');
    // Local files stay until the operator removes them.
    expect(await sha256Of(await local.get(files[0]?.key ?? ''))).toBe(files[0]?.sha256);
  });

  it('resumes after an interrupted run: what failed is copied next time, nothing twice', async () => {
    for (let i = 0; i < 6; i += 1) await local.put(Readable.from([randomBytes(2000)]), { maxBytes: 2000 });
    let copies = 0;
    const failing = (config: Env): S3FileStore => {
      const store = createS3FileStoreFromEnv(config);
      return {
        ...store,
        async putAt(key, source) {
          copies += 1;
          if (copies > 2) {
            source.destroy();
            throw new Error('connection reset');
          }
          return store.putAt(key, source);
        },
      };
    };
    const interrupted = await run(['storage:migrate-to-s3'], failing);
    expect(interrupted.code).toBe(1);
    expect(interrupted.out.at(-1)).toBe('Done: 2 copied (3.9 KiB), 0 already in the bucket, 4 failed.');
    expect(interrupted.error.filter((line) => line.includes('connection reset'))).toHaveLength(4);

    const resumed = await run(['storage:migrate-to-s3']);
    expect(resumed.code).toBe(0);
    expect(resumed.out.at(-1)).toBe('Done: 4 copied (7.8 KiB), 2 already in the bucket, 0 failed.');
  });

  it('ignores temp files of unfinished uploads and refuses to run without STORAGE=s3', async () => {
    await mkdir(path.join(dataDir, 'files', 'tmp'), { recursive: true });
    await writeFile(path.join(dataDir, 'files', 'tmp', 'partial'), 'half a file');
    expect((await run(['storage:migrate-to-s3'])).out.at(-1)).toBe(
      'Done: 0 copied (0.0 KiB), 0 already in the bucket, 0 failed.',
    );
    env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const refused = await run(['storage:migrate-to-s3']);
    expect(refused.code).toBe(1);
    expect(refused.error[0]).toContain('set STORAGE=s3');
  });
});
