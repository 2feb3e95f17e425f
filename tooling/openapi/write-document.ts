/**
 * Writes the server's OpenAPI document, exactly as GET /api/docs/json serves it, to the file named by
 * the first argument. Builds the app in this process on an empty in-memory database; listens on nothing.
 *
 *   node --import ./tooling/tsx-register.mjs tooling/openapi/write-document.ts <out.json>
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { parseEnv } from '../../apps/server/src/config/env';
import { createPglite, migrateDatabase, openDatabase } from '../../apps/server/src/db/client';
import { createCvParserPool } from '../../apps/server/src/modules/cv/cv-parser-pool';
import { createLocalDirStore } from '../../apps/server/src/storage/local-dir';

const outFile = process.argv[2];
if (!outFile) {
  console.error('Usage: write-document.ts <out.json>');
  process.exit(2);
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-openapi-'));
const database = await openDatabase({ pglite: createPglite() });
const cvParser = createCvParserPool({ workers: 1 });
try {
  await migrateDatabase(database);
  const app = await buildApp({
    // No load shedding: on a busy build machine it would answer the one request below with 503.
    env: parseEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SHED_EVENT_LOOP_DELAY_MS: '0',
      SHED_RSS_MB: '0',
    }),
    database,
    fileStore: createLocalDirStore(path.join(dataDir, 'files')),
    cvParser,
    careersClientDir: path.join(dataDir, 'no-client-build'),
    // The document needs no page rendered: the renderer is loaded on a page's first request only.
    careersServerEntry: path.join(dataDir, 'no-careers-renderer.js'),
    hrClientDir: path.join(dataDir, 'no-hr-build'),
    logger: false,
  });
  try {
    await app.ready();
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}`);
    await writeFile(outFile, `${JSON.stringify(response.json(), null, 2)}\n`);
  } finally {
    await app.close();
  }
} finally {
  await cvParser.close();
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
}
