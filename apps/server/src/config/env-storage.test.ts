import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';

function parseError(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  throw new Error('parseEnv accepted the environment');
}

const minio = {
  STORAGE: 's3',
  S3_BUCKET: 'kadry-files',
  S3_ENDPOINT: 'http://minio:9000',
  S3_FORCE_PATH_STYLE: '1',
  AWS_ACCESS_KEY_ID: 'kadry',
  AWS_SECRET_ACCESS_KEY: 'secret',
};

describe('parseEnv: STORAGE and the S3 settings', () => {
  it('reads an S3-compatible service with static credentials', () => {
    expect(parseEnv(minio)).toMatchObject({
      STORAGE: 's3',
      S3_BUCKET: 'kadry-files',
      S3_ENDPOINT: 'http://minio:9000',
      S3_FORCE_PATH_STYLE: true,
      AWS_ACCESS_KEY_ID: 'kadry',
    });
  });

  it('reads AWS with a region and no keys (the SDK finds the role)', () => {
    const env = parseEnv({ STORAGE: 's3', S3_BUCKET: 'kadry-files', AWS_REGION: 'eu-central-1' });
    expect(env).toMatchObject({ STORAGE: 's3', AWS_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: false });
    expect(env.AWS_ACCESS_KEY_ID).toBeUndefined();
  });

  it('needs a bucket, and a region unless an endpoint is given', () => {
    const message = parseError({ STORAGE: 's3' });
    expect(message).toContain('S3_BUCKET: required with STORAGE=s3');
    expect(message).toContain('AWS_REGION: required with STORAGE=s3 unless S3_ENDPOINT is set');
  });

  it('refuses one of the two keys without the other', () => {
    expect(parseError({ ...minio, AWS_SECRET_ACCESS_KEY: '' })).toContain('AWS_SECRET_ACCESS_KEY: set both');
    expect(parseError({ ...minio, AWS_ACCESS_KEY_ID: undefined })).toContain('AWS_ACCESS_KEY_ID: set both');
  });

  it('refuses a malformed bucket name or endpoint', () => {
    expect(parseError({ ...minio, S3_BUCKET: 'Kadry_Files' })).toContain('S3_BUCKET');
    expect(parseError({ ...minio, S3_ENDPOINT: 'minio:9000' })).toContain('S3_ENDPOINT');
  });

  it('refuses S3 settings while STORAGE is local, so files do not land on disk by mistake', () => {
    expect(parseError({ S3_BUCKET: 'kadry-files' })).toContain('STORAGE: S3_BUCKET or S3_ENDPOINT is set');
    expect(parseEnv({ AWS_REGION: 'eu-central-1' }).STORAGE).toBe('local');
  });
});
