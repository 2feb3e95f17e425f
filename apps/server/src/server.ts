import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { EnvError, readEnv } from './config/env';
import { migrateDatabase, openDatabase } from './db/client';
import { isDatabaseEmpty, seedDemoData } from './db/demo/seed';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from './lib/sweep-orphan-files';
import { seedDemoOwner } from './modules/auth/seed-demo-owner';
import { createCvParserPool } from './modules/cv/cv-parser-pool';
import { createLocalDirStore } from './storage/local-dir';

/** The only entry with side effects: read env, open the database, build the app, listen, close gracefully. */
async function main(): Promise<void> {
  const env = readEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  await mkdir(dataDir, { recursive: true });

  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir });
  await migrateDatabase(database);
  const seedDemo = env.DEMO_DATA ?? database.kind === 'pglite';
  if (seedDemo && (await isDatabaseEmpty(database.db))) {
    await seedDemoData(database.db);
    await seedDemoOwner(database.db);
  }

  const fileStore = createLocalDirStore(path.join(dataDir, 'files'));
  // Leftovers of uploads interrupted by a crash or a deploy.
  await fileStore.removeStaleTempFiles(new Date(Date.now() - ORPHAN_MIN_AGE_MS));
  const orphans = await sweepOrphanFiles(database.db, fileStore, new Date());
  const cvParser = createCvParserPool({ workers: env.CV_PARSE_WORKERS, timeoutMs: env.CV_PARSE_TIMEOUT_MS });
  const careersClientDir = fileURLToPath(new URL('../../careers/dist/client', import.meta.url));
  const app = await buildApp({ env, database, fileStore, cvParser, careersClientDir });

  closeWithGrace({ delay: env.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: draining requests');
    // app.close() stops accepting connections and waits for in-flight requests to finish.
    await app.close();
    await cvParser.close();
    await database.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  if (orphans > 0) app.log.info({ orphans }, 'removed files of interrupted uploads');
  if (seedDemo) app.log.info(`Kadry careers site: http://localhost:${env.PORT}/careers`);
}

main().catch((error: unknown) => {
  if (error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error('Kadry failed to start:', error);
  }
  process.exit(1);
});
