import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3';
import { parseEnv } from '../config/env';
import { createConfiguredFileStore } from './configured-store';
import { FileNotFoundError, FileTooLargeError, InvalidFileKeyError } from './file-store';
import {
  createS3FileStore,
  createS3FileStoreFromEnv,
  S3_PART_SIZE,
  type S3FileStore,
  s3ClientConfigFromEnv,
} from './s3';

const TSX_REGISTER = fileURLToPath(new URL('../../../../tooling/tsx-register.mjs', import.meta.url));
const CRASH_UPLOADER = fileURLToPath(new URL('../../test/s3-crash-uploader.ts', import.meta.url));

let s3: TestS3;
let store: S3FileStore;
let client: S3Client;

beforeAll(async () => {
  s3 = await startTestS3();
  const env = parseEnv({ NODE_ENV: 'test', ...s3.env });
  store = createS3FileStoreFromEnv(env);
  client = new S3Client(s3ClientConfigFromEnv(env));
});

afterAll(async () => {
  await s3?.close();
});

/** Every object in the bucket, as any S3 client lists it (not through the store). */
async function bucketKeys(): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (page.Contents ?? []).map((object) => object.Key ?? '');
}

async function storeKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of store.listOlderThan(new Date(Date.now() + 60_000))) keys.push(key);
  return keys;
}

async function sha256Of(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

function* endlessChunks(): Generator<Buffer> {
  const chunk = Buffer.alloc(256 * 1024, 1);
  for (;;) yield chunk;
}

async function withoutObjects(run: () => Promise<void>): Promise<void> {
  const before = new Set(await bucketKeys());
  await run();
  expect((await bucketKeys()).filter((key) => !before.has(key))).toEqual([]);
}

describe('createS3FileStore against an S3-protocol server', () => {
  it('stores a small stream in one PutObject and reads back the same bytes, size and sha256', async () => {
    const data = Buffer.from('Hello, Kadry! Привіт!'.repeat(1000));
    const stored = await store.put(Readable.from([data.subarray(0, 100), data.subarray(100)]), {
      maxBytes: 1_000_000,
    });
    expect(stored.size).toBe(data.length);
    expect(stored.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect(stored.key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f-]{36}$/);
    expect(await bucketKeys()).toContain(stored.key);
    const chunks: Buffer[] = [];
    for await (const chunk of await store.get(stored.key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(data);
    expect(store.localPath(stored.key)).toBeNull();
  });

  it('streams a large file through a multipart upload with a bounded amount in memory, and back', async () => {
    const total = 64 * 1024 * 1024;
    const chunkSize = 256 * 1024;
    let produced = 0;
    let maxAhead = 0;
    let checking = Promise.resolve();
    const before = await s3.bytesOnDisk();
    const expected = createHash('sha256');
    const source = new Readable({
      read() {
        if (produced >= total) {
          this.push(null);
          return;
        }
        const push = () => {
          produced += chunkSize;
          const chunk = Buffer.alloc(chunkSize, produced & 0xff);
          expected.update(chunk);
          this.push(chunk);
        };
        if (produced % (4 * 1024 * 1024) !== 0 || produced === 0) {
          push();
          return;
        }
        // How far production runs ahead of the bytes the server has written shows whether the
        // store buffers the file: at most a few parts may be on their way.
        checking = s3.bytesOnDisk().then((onServer) => {
          maxAhead = Math.max(maxAhead, produced - (onServer - before));
          push();
        });
      },
    });
    const stored = await store.put(source, { maxBytes: total });
    await checking;
    expect(stored.size).toBe(total);
    expect(stored.sha256).toBe(expected.digest('hex'));
    expect(maxAhead).toBeGreaterThan(0);
    expect(maxAhead).toBeLessThan(5 * S3_PART_SIZE);
    expect(await store.sizeOf(stored.key)).toBe(total);
    expect(await sha256Of(await store.get(stored.key))).toEqual({ sha256: stored.sha256, size: total });
    await store.delete(stored.key);
  }, 120_000);

  it('fails get with FileNotFoundError for a missing key', async () => {
    await expect(store.get('ab/cd/abcd0000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(
      FileNotFoundError,
    );
    expect(await store.sizeOf('ab/cd/abcd0000-0000-4000-8000-000000000000')).toBeNull();
  });

  it.each(['../../etc/passwd', 'ab/cd/../../x', 'tmp/abcd0000-0000-4000-8000-000000000000', ''])(
    'refuses the malformed key %j without asking the server',
    async (key) => {
      await expect(store.get(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(InvalidFileKeyError);
      expect(() => store.localPath(key)).toThrow(InvalidFileKeyError);
    },
  );

  it('deletes idempotently', async () => {
    const stored = await store.put(Readable.from([Buffer.from('x')]), { maxBytes: 10 });
    await store.delete(stored.key);
    await store.delete(stored.key);
    await expect(store.get(stored.key)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(await bucketKeys()).not.toContain(stored.key);
  });

  it('rejects an endless stream with FileTooLargeError past maxBytes, keeping no object', async () => {
    await withoutObjects(async () => {
      const source = Readable.from(endlessChunks());
      await expect(store.put(source, { maxBytes: 3 * S3_PART_SIZE })).rejects.toBeInstanceOf(
        FileTooLargeError,
      );
      expect(source.destroyed).toBe(true);
    });
  });

  it('keeps no object when the source fails in the middle of a multipart upload', async () => {
    await withoutObjects(async () => {
      const source = new PassThrough();
      const pending = store.put(source, { maxBytes: 100 * S3_PART_SIZE });
      source.write(Buffer.alloc(2 * S3_PART_SIZE + 1000, 3));
      setTimeout(() => source.destroy(new Error('client went away')), 200);
      await expect(pending).rejects.toThrow('client went away');
    });
  });

  it('keeps no object when the upload is aborted', async () => {
    await withoutObjects(async () => {
      const controller = new AbortController();
      const source = new PassThrough();
      const pending = store.put(source, { maxBytes: 1_000_000, signal: controller.signal });
      source.write(Buffer.alloc(5000));
      setTimeout(() => controller.abort(), 20);
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    });
  });

  it('never shows an upload in progress: the object appears only when complete', async () => {
    const source = new PassThrough();
    const before = await storeKeys();
    const pending = store.put(source, { maxBytes: 100 * S3_PART_SIZE });
    source.write(Buffer.alloc(2 * S3_PART_SIZE + 1000, 7));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await storeKeys()).toEqual(before);
    source.end(Buffer.alloc(1000, 7));
    const stored = await pending;
    expect(await storeKeys()).toEqual(expect.arrayContaining([...before, stored.key]));
    expect(await store.sizeOf(stored.key)).toBe(2 * S3_PART_SIZE + 2000);
  });

  it('lists only objects older than the given date', async () => {
    const stored = await store.put(Readable.from([Buffer.from('new')]), { maxBytes: 10 });
    const older: string[] = [];
    for await (const key of store.listOlderThan(new Date(Date.now() - 3600_000))) older.push(key);
    expect(older).not.toContain(stored.key);
    expect(await storeKeys()).toContain(stored.key);
  });

  it('leaves no object visible when the uploading process is killed mid-upload', async () => {
    const before = await bucketKeys();
    const diskBefore = await s3.bytesOnDisk();
    const child = spawn(process.execPath, ['--import', TSX_REGISTER, CRASH_UPLOADER], {
      env: { ...process.env, NODE_ENV: 'test', ...s3.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      child.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    // Kill it once parts have reached the server: the multipart upload is under way, not complete.
    await new Promise<void>((resolve, reject) => {
      const poll = setInterval(async () => {
        if ((await s3.bytesOnDisk()) - diskBefore > 2 * S3_PART_SIZE) {
          clearInterval(poll);
          resolve();
        }
      }, 50);
      void exited.then((how) => {
        clearInterval(poll);
        reject(new Error(`the uploader exited (${how}) before it was killed: ${stderr}`));
      });
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    expect(await bucketKeys()).toEqual(before);
    expect((await storeKeys()).sort()).toEqual([...before].sort());
    // A restart's housekeeping passes over the leftover parts without failing; s3rver cannot list
    // multipart uploads (null), where AWS and MinIO abort them (see the next test).
    const restarted = createConfiguredFileStore(parseEnv({ NODE_ENV: 'test', ...s3.env }), '/nonexistent');
    expect(await restarted.prepare(new Date(Date.now() + 60_000))).toBeNull();
  }, 60_000);

  it('refuses to start on a bucket that does not exist, naming it', async () => {
    const missing = createS3FileStore({ client, bucket: 'no-such-bucket' });
    await expect(missing.checkBucket()).rejects.toThrow('S3 bucket "no-such-bucket" is not usable');
  });
});

describe('abortStaleUploads', () => {
  it('aborts only incomplete multipart uploads of store keys started before the date', async () => {
    const key = 'ab/cd/abcd0000-0000-4000-8000-000000000000';
    const freshKey = 'ab/cd/abcd1111-0000-4000-8000-000000000000';
    const sent: { name: string; input: Record<string, unknown> }[] = [];
    const fake = {
      async send(command: { constructor: { name: string }; input: Record<string, unknown> }) {
        sent.push({ name: command.constructor.name, input: command.input });
        if (command.constructor.name !== 'ListMultipartUploadsCommand') return {};
        if (!command.input.KeyMarker) {
          return {
            IsTruncated: true,
            NextKeyMarker: key,
            NextUploadIdMarker: 'u1',
            Uploads: [
              { Key: key, UploadId: 'u1', Initiated: new Date('2030-01-01T00:00:00Z') },
              { Key: 'someone-else/file', UploadId: 'u2', Initiated: new Date('2030-01-01T00:00:00Z') },
            ],
          };
        }
        return {
          IsTruncated: false,
          Uploads: [{ Key: freshKey, UploadId: 'u3', Initiated: new Date('2030-01-02T12:00:00Z') }],
        };
      },
    } as unknown as S3Client;
    const fakeStore = createS3FileStore({ client: fake, bucket: 'b' });
    expect(await fakeStore.abortStaleUploads(new Date('2030-01-02T00:00:00Z'))).toBe(1);
    expect(sent.filter((command) => command.name === 'AbortMultipartUploadCommand')).toEqual([
      { name: 'AbortMultipartUploadCommand', input: { Bucket: 'b', Key: key, UploadId: 'u1' } },
    ]);
    expect(sent[2]).toMatchObject({ input: { KeyMarker: key, UploadIdMarker: 'u1' } });
  });
});
