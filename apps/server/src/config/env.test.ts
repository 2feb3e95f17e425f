import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from './env';
import { deriveShedRssMb, readMemoryLimitBytes, SHED_RSS_FLOOR_MB } from './memory-limit';

function parseError(source: Record<string, string | undefined>): EnvError {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error;
    throw error;
  }
  throw new Error('parseEnv accepted the environment');
}

describe('parseEnv', () => {
  it('fills every default from an empty environment', () => {
    // toMatchObject: variables added later bring their own defaults and need not break this test.
    expect(parseEnv({})).toMatchObject({
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: 3000,
      LOG_LEVEL: 'info',
      DATA_DIR: './data',
      STORAGE: 'local',
      TRUST_PROXY: false,
      RATE_LIMIT_SUBMISSIONS: 20,
      RATE_LIMIT_CV_PARSES: 30,
      CV_PARSE_TIMEOUT_MS: 15_000,
      CV_PARSE_WORKERS: 2,
      RECAPTCHA_API_URL: 'https://recaptchaenterprise.googleapis.com',
      KADRY_TEST_ROUTES: false,
      SHUTDOWN_TIMEOUT_MS: 30_000,
    });
  });

  it('reads TRUSTED_HOSTS as a list of host names, and refuses a URL in it', () => {
    expect(parseEnv({ TRUSTED_HOSTS: ' HR.Example.com, ::1 ,*' }).TRUSTED_HOSTS).toEqual([
      'hr.example.com',
      '::1',
      '*',
    ]);
    expect(parseError({ TRUSTED_HOSTS: 'https://hr.example.com' }).message).toContain('TRUSTED_HOSTS');
  });

  it('leaves DATABASE_URL and DEMO_DATA unset by default, so the embedded database decides', () => {
    const env = parseEnv({});
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEMO_DATA).toBeUndefined();
  });

  it('reads numbers, flags and a PostgreSQL URL from strings', () => {
    const env = parseEnv({
      PORT: '8080',
      DATABASE_URL: 'postgresql://kadry:secret@localhost:5432/kadry',
      DEMO_DATA: '1',
      TRUST_PROXY: 'true',
      KADRY_TEST_ROUTES: 'no',
      RATE_LIMIT_CV_PARSES: '2',
    });
    expect(env).toMatchObject({
      PORT: 8080,
      DATABASE_URL: 'postgresql://kadry:secret@localhost:5432/kadry',
      DEMO_DATA: true,
      TRUST_PROXY: true,
      KADRY_TEST_ROUTES: false,
      RATE_LIMIT_CV_PARSES: 2,
    });
    expect(parseEnv({ DATABASE_URL: 'postgres://localhost/kadry' }).DATABASE_URL).toBe(
      'postgres://localhost/kadry',
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://localhost/kadry'],
    ['DATABASE_URL', 'localhost:5432'],
    ['LOG_LEVEL', 'loud'],
    ['DEMO_DATA', 'maybe'],
    ['RATE_LIMIT_CV_PARSES', '0'],
  ])('rejects %s=%s with an EnvError naming it', (name, value) => {
    const error = parseError({ [name]: value });
    expect(error.message).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('names every bad variable at once, and no good one', () => {
    const error = parseError({
      PORT: 'abc',
      DATABASE_URL: 'mysql://localhost/kadry',
      LOG_LEVEL: 'loud',
      HOST: '127.0.0.1',
    });
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL']) {
      expect(error.message).toMatch(new RegExp(`^\\s*${name}:`, 'm'));
    }
    expect(error.message).not.toContain('HOST');
  });

  it('stops a production start with KADRY_TEST_ROUTES=1, naming it; test and development runs may use it', () => {
    const error = parseError({ NODE_ENV: 'production', KADRY_TEST_ROUTES: '1' });
    expect(error.message).toMatch(/^\s*KADRY_TEST_ROUTES:/m);
    // NODE_ENV defaults to production: leaving it out is no way around the check.
    expect(parseError({ KADRY_TEST_ROUTES: 'true' }).message).toContain('KADRY_TEST_ROUTES');
    expect(parseEnv({ NODE_ENV: 'test', KADRY_TEST_ROUTES: '1' }).KADRY_TEST_ROUTES).toBe(true);
    expect(parseEnv({ NODE_ENV: 'development', KADRY_TEST_ROUTES: '1' }).KADRY_TEST_ROUTES).toBe(true);
  });

  it('sheds load on memory by default: half the memory limit, never below the floor; 0 turns it off', () => {
    const GIB = 1024 ** 3;
    expect(deriveShedRssMb(2 * GIB)).toBe(SHED_RSS_FLOOR_MB);
    expect(deriveShedRssMb(8 * GIB)).toBe(4_096);
    expect(deriveShedRssMb(64 * GIB)).toBe(32_768);
    const env = parseEnv({});
    expect(env.SHED_RSS_MB).toBe(deriveShedRssMb(readMemoryLimitBytes()));
    expect(env.SHED_RSS_MB).toBeGreaterThanOrEqual(SHED_RSS_FLOOR_MB);
    expect(parseEnv({ SHED_RSS_MB: '0' }).SHED_RSS_MB).toBe(0);
  });

  it('does not echo the value of a bad DATABASE_URL, which may hold a password', () => {
    const error = parseError({ DATABASE_URL: 'mysql://kadry:hunter2@localhost/kadry' });
    expect(error.message).not.toContain('hunter2');
  });
});
