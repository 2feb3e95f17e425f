import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecruitingFixture } from '../../test/recruiting-fixture';
import { startTestS3, type TestS3 } from '../../test/s3';
import { parseEnv } from '../config/env';
import { storedFiles } from '../db/schema/files';
import { s3ClientConfigFromEnv } from './s3';

// Started before the fixture's app (hooks run in order), which reads STORAGE=s3 and the rest from it.
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});
const fx = createRecruitingFixture({ env: () => s3.env });

function client(): S3Client {
  return new S3Client(s3ClientConfigFromEnv(parseEnv({ NODE_ENV: 'test', ...s3.env })));
}

async function storedFileOf(fileId: number) {
  const [row] = await fx.t.database.db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
  if (!row) throw new Error(`no stored file ${fileId}`);
  return row;
}

describe('careers applications with STORAGE=s3', () => {
  it('stores the files of applications sent through the careers form in the bucket, not on disk', async () => {
    const listed = await client().send(new ListObjectsV2Command({ Bucket: s3.bucket }));
    const keys = (listed.Contents ?? []).map((object) => object.Key);
    for (const fileId of [fx.fileA, fx.fileB])
      expect(keys).toContain((await storedFileOf(fileId)).storageKey);
    const filesDir = path.join(fx.t.env.DATA_DIR, 'files');
    expect(await readdir(filesDir).catch(() => [])).toEqual([]);
  });

  it('streams a file back to staff who may see it, byte for byte', async () => {
    const row = await storedFileOf(fx.fileA);
    const response = await fx.call(fx.staff.recruiterIn, 'GET', `/api/v1/files/${fx.fileA}/download`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(row.size));
    expect(createHash('sha256').update(response.rawPayload).digest('hex')).toBe(row.sha256);
  });

  it('keeps the access checks: 404 to staff who may not see the application', async () => {
    for (const who of [fx.staff.recruiterOut, fx.staff.employee, fx.staff.manager]) {
      expect((await fx.call(who, 'GET', `/api/v1/files/${fx.fileA}/download`)).statusCode).toBe(404);
    }
    expect((await fx.call(fx.staff.manager, 'GET', `/api/v1/files/${fx.fileB}/download`)).statusCode).toBe(
      200,
    );
  });

  it('answers 404, not 500, when the object is gone from the bucket', async () => {
    const row = await storedFileOf(fx.fileB);
    await client().send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: row.storageKey }));
    expect((await fx.call(fx.staff.owner, 'GET', `/api/v1/files/${fx.fileB}/download`)).statusCode).toBe(404);
  });
});
