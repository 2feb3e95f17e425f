import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Env } from '../config/env';
import { createFileKey, isFileKey } from './file-key';
import type { FileStore } from './file-store';
import { FileNotFoundError, FileTooLargeError, InvalidFileKeyError } from './file-store';

/**
 * Multipart part size, the least S3 allows. An upload holds at most about QUEUE_SIZE + 1 parts in
 * memory whatever the file's size; a file smaller than one part goes up in a single PutObject.
 */
export const S3_PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

/** The S3 store, plus what only a bucket needs: a reachability check, crash leftovers, the migration. */
export type S3FileStore = FileStore & {
  readonly bucket: string;
  /** Rejects with a message naming the bucket when it is missing or the credentials are refused. */
  checkBucket(): Promise<void>;
  /**
   * Aborts multipart uploads started before `olderThan` and never completed (their process died):
   * their parts are invisible to users but billed. Answers how many, or null when the service does
   * not list multipart uploads (then a bucket lifecycle rule must clean them up).
   */
  abortStaleUploads(olderThan: Date): Promise<number | null>;
  /** The stored size under `key`, or null when no object is there. */
  sizeOf(key: string): Promise<number | null>;
  /** Stores `source` under an existing key (moving files from another store keeps their keys). */
  putAt(key: string, source: Readable): Promise<{ size: number }>;
};

/** SDK client settings from the environment (credentials fall back to the SDK's default chain). */
export function s3ClientConfigFromEnv(env: Env): S3ClientConfig {
  return {
    region: env.AWS_REGION ?? 'us-east-1',
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    ...(env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: env.AWS_ACCESS_KEY_ID,
            secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
            ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
          },
        }
      : {}),
    // Many S3-compatible services reject the SDK's newer default checksum trailers; AWS itself keeps them.
    ...(env.S3_ENDPOINT
      ? { requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
      : {}),
  };
}

/** The S3 store configured by STORAGE=s3 and the S3_* / AWS_* variables. */
export function createS3FileStoreFromEnv(env: Env): S3FileStore {
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is not set');
  return createS3FileStore({ client: new S3Client(s3ClientConfigFromEnv(env)), bucket: env.S3_BUCKET });
}

/**
 * A FileStore in an S3 bucket, objects named by `createFileKey()`. Uploads stream through a multipart
 * upload that is completed only after the last byte arrived within maxBytes, so no object is ever
 * visible under a key before it is whole; a failed upload is aborted and its key deleted.
 */
export function createS3FileStore(opts: { client: S3Client; bucket: string }): S3FileStore {
  const { client, bucket } = opts;

  function checkKey(key: string): void {
    if (!isFileKey(key)) throw new InvalidFileKeyError(key);
  }

  async function upload(
    key: string,
    source: Readable,
    limits: { maxBytes: number; signal?: AbortSignal | undefined },
  ): Promise<{ size: number; sha256: string }> {
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > limits.maxBytes) {
          callback(new FileTooLargeError(limits.maxBytes));
          return;
        }
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    // Destroys source and meter on any error (too large, client gone, aborted); the Upload reading
    // the meter then fails too and aborts its multipart upload.
    const piped = pipeline(source, meter, limits.signal ? { signal: limits.signal } : {});
    let streamError: unknown;
    piped.catch((error: unknown) => {
      streamError = error;
    });
    const uploader = new Upload({
      client,
      params: { Bucket: bucket, Key: key, Body: meter, ContentType: 'application/octet-stream' },
      partSize: S3_PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await uploader.done();
      await piped;
    } catch (error) {
      meter.destroy();
      await piped.catch(() => undefined);
      // Whatever got as far as the bucket goes (a single PutObject may have landed as the stream failed).
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key })).catch(() => undefined);
      // The stream's own error says why (too large, client gone, aborted); the SDK's follows from it.
      throw streamError ?? error;
    }
    return { size, sha256: hash.digest('hex') };
  }

  async function get(key: string): Promise<Readable> {
    checkKey(key);
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return answer.Body as Readable;
    } catch (error) {
      if (isNotFound(error)) throw new FileNotFoundError(key);
      throw error;
    }
  }

  async function sizeOf(key: string): Promise<number | null> {
    checkKey(key);
    try {
      const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
      return answer.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async function* listOlderThan(olderThan: Date): AsyncIterable<string> {
    for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket })) {
      for (const object of page.Contents ?? []) {
        if (object.Key && isFileKey(object.Key) && object.LastModified && object.LastModified < olderThan) {
          yield object.Key;
        }
      }
    }
  }

  async function abortStaleUploads(olderThan: Date): Promise<number | null> {
    let aborted = 0;
    try {
      let marker: { KeyMarker?: string; UploadIdMarker?: string } = {};
      for (;;) {
        const page = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket, ...marker }));
        for (const pending of page.Uploads ?? []) {
          if (!pending.Key || !isFileKey(pending.Key) || !pending.Initiated) continue;
          if (pending.Initiated >= olderThan) continue;
          await client.send(
            new AbortMultipartUploadCommand({ Bucket: bucket, Key: pending.Key, UploadId: pending.UploadId }),
          );
          aborted += 1;
        }
        if (!page.IsTruncated) break;
        marker = {
          ...(page.NextKeyMarker ? { KeyMarker: page.NextKeyMarker } : {}),
          ...(page.NextUploadIdMarker ? { UploadIdMarker: page.NextUploadIdMarker } : {}),
        };
      }
    } catch (error) {
      if (errorName(error) === 'NotImplemented') return null;
      throw error;
    }
    return aborted;
  }

  async function checkBucket(): Promise<void> {
    try {
      await client.send(new HeadBucketCommand({ Bucket: bucket }));
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      const reason =
        status === 404
          ? 'it does not exist'
          : status === 403
            ? 'access is denied (check the credentials and the bucket policy)'
            : describeError(error);
      throw new Error(`S3 bucket "${bucket}" is not usable: ${reason}`, { cause: error });
    }
  }

  return {
    bucket,
    async put(source, limits) {
      const key = createFileKey();
      return { key, ...(await upload(key, source, limits)) };
    },
    get,
    async delete(key) {
      checkKey(key);
      // S3 answers 204 for a missing key too, which makes this idempotent.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    listOlderThan,
    localPath(key) {
      checkKey(key);
      return null;
    },
    checkBucket,
    abortStaleUploads,
    sizeOf,
    async putAt(key, source) {
      checkKey(key);
      const { size } = await upload(key, source, { maxBytes: Number.MAX_SAFE_INTEGER });
      return { size };
    },
  };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : '';
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as NodeJS.ErrnoException).code;
  const detail = error.message || error.name;
  return code && !detail.includes(code) ? `${code} ${detail}` : detail;
}

function isNotFound(error: unknown): boolean {
  const name = errorName(error);
  const status = (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return name === 'NoSuchKey' || name === 'NotFound' || status === 404;
}
