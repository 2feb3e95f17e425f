import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TestS3 = {
  bucket: string;
  endpoint: string;
  /** Where the server keeps objects and the parts of multipart uploads in progress. */
  directory: string;
  /** The variables that point Kadry at this server (STORAGE=s3 and the rest). */
  env: Record<string, string>;
  /** Bytes in the server's files: objects, metadata and parts received so far. */
  bytesOnDisk(): Promise<number>;
  close(): Promise<void>;
};

/**
 * A real S3-protocol server (s3rver, objects in a temporary directory) on a free port, with one
 * empty bucket. Tests of the S3 store talk to it over HTTP through the AWS SDK, as to any S3 service.
 */
export async function startTestS3(bucket = 'kadry-test'): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'kadry-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    bucket,
    endpoint,
    directory,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: '1',
      AWS_REGION: 'us-east-1',
      // s3rver's built-in account.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    },
    bytesOnDisk: () => sumFileSizes(directory),
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

async function sumFileSizes(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await sumFileSizes(full);
    else total += (await stat(full).catch(() => null))?.size ?? 0;
  }
  return total;
}
