import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from './http-get';
import { buildServerEnv, findTypeScriptHook, startKadryServer, TSX_IMPORT } from './server-process';

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'bench-server-'));
  // Stand-ins for apps/server/src/server.ts: one that serves /ready, one that dies at start.
  await writeFile(
    path.join(dir, 'fake-server.mjs'),
    `import http from 'node:http';
     http.createServer((req, res) => res.end(JSON.stringify({ url: req.url, env: process.env })))
       .listen(Number(process.env.PORT), process.env.HOST);`,
  );
  await writeFile(
    path.join(dir, 'broken-server.mjs'),
    `console.error('cannot open the database'); process.exit(3);`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('buildServerEnv', () => {
  const base = {
    repoRoot: '/repo',
    dataDir: '/data',
    baseEnv: { PATH: '/bin', DATABASE_URL: 'postgres://x', DEMO_DATA: '0' },
  };

  it('runs on PGlite unless the bench is given a database, whatever the shell had', () => {
    const env = buildServerEnv(base, 4567);
    expect(env).toMatchObject({
      PATH: '/bin',
      PORT: '4567',
      HOST: '127.0.0.1',
      DATA_DIR: '/data',
      LOG_LEVEL: 'warn',
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEMO_DATA).toBeUndefined();
  });

  it('passes a database through with demo data on, and lifts the rate limits', () => {
    const env = buildServerEnv({ ...base, databaseUrl: 'postgres://bench' }, 1);
    expect(env).toMatchObject({ DATABASE_URL: 'postgres://bench', DEMO_DATA: '1' });
    expect(Number(env.RATE_LIMIT_SUBMISSIONS)).toBeGreaterThanOrEqual(100_000);
    expect(Number(env.RATE_LIMIT_CV_PARSES)).toBeGreaterThanOrEqual(100_000);
  });
});

describe('findTypeScriptHook', () => {
  it("uses the repository's tsx register hook, as npm start does, and plain tsx without one", async () => {
    await mkdir(path.join(dir, 'repo', 'tooling'), { recursive: true });
    await writeFile(path.join(dir, 'repo', 'tooling', 'tsx-register.mjs'), '');
    expect(findTypeScriptHook(path.join(dir, 'repo'))).toBe(
      pathToFileURL(path.join(dir, 'repo', 'tooling', 'tsx-register.mjs')).href,
    );
    expect(findTypeScriptHook(path.join(dir, 'elsewhere'))).toBe(TSX_IMPORT);
    expect(TSX_IMPORT).toMatch(/^file:\/\/.*tsx/);
  });
});

describe('startKadryServer', () => {
  it('starts the entry on a free port of 127.0.0.1, waits for /ready and stops it', async () => {
    const dataDir = path.join(dir, 'data');
    const server = await startKadryServer({
      repoRoot: dir,
      dataDir,
      baseEnv: process.env,
      entry: 'fake-server.mjs',
    });
    const { json } = await getJson(`${server.origin}/ready`);
    expect(json).toMatchObject({ url: '/ready', env: { DATA_DIR: dataDir, HOST: '127.0.0.1' } });
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await server.stop();
    expect(server.child.exitCode !== null || server.child.signalCode !== null).toBe(true);
  });

  it('fails fast with the output of a server that exits during start-up', async () => {
    const started = Date.now();
    await expect(
      startKadryServer({ repoRoot: dir, dataDir: dir, baseEnv: process.env, entry: 'broken-server.mjs' }),
    ).rejects.toThrow(/exited \(code 3\)[\s\S]*cannot open the database/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
