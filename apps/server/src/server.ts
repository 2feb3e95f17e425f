import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { EnvError, readEnv } from './config/env';
import {
  migrateDatabase,
  openDatabase,
  PLANNER_STATISTICS_INTERVAL_MS,
  refreshPlannerStatistics,
} from './db/client';
import { seedDemoDashboard } from './db/demo/demo-dashboard';
import { seedDemoRecruiting } from './db/demo/demo-recruiting';
import { seedDemoTasks } from './db/demo/demo-tasks';
import { isDatabaseEmpty, seedDemoData, seedDemoTeamManager } from './db/demo/seed';
import { releaseAbandonedClaims } from './lib/idempotency';
import { releaseAbandonedJobLeases } from './lib/job-queue';
import { createMetrics } from './lib/metrics';
import { listenForMetrics } from './lib/metrics-server';
import { ORPHAN_MIN_AGE_MS, sweepOrphanFiles } from './lib/sweep-orphan-files';
import { seedDemoOwner } from './modules/auth/seed-demo-owner';
import { backupSocketPath, holdableDeletes, listenForBackups } from './modules/backup/backup-socket';
import { createCvParserPool } from './modules/cv/cv-parser-pool';
import { hasBearerToken } from './plugins/metrics';
import { createConfiguredFileStore, localFilesDir } from './storage/configured-store';

/** The only entry with side effects: read env, open the database, build the app, listen, close gracefully. */
async function main(): Promise<void> {
  const env = readEnv();
  const dataDir = path.resolve(env.DATA_DIR);
  await mkdir(dataDir, { recursive: true });

  const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir });
  await migrateDatabase(database);
  const seedDemo = env.DEMO_DATA ?? database.kind === 'pglite';
  const isFreshDemo = seedDemo && (await isDatabaseEmpty(database.db));
  if (isFreshDemo) {
    await seedDemoData(database.db);
    await seedDemoOwner(database.db);
    await seedDemoTeamManager(database.db);
    // Recruiting under way: a recruiter and an interviewer, interviews, a scorecard, mentions (issue 17).
    await seedDemoRecruiting(database.db);
    // The company's default dashboard, following the accounts above, and weeks of feature usage (issue 15).
    await seedDemoDashboard(database.db);
  }

  // PGlite has no autovacuum: tables changed a lot are vacuumed and analysed at start (after the demo
  // seed, or a restore of a big company) and checked every minute, so imports are planned with real
  // sizes and search indexes stay in use.
  await refreshPlannerStatistics(database);

  // The embedded database is this process's alone: a claim still open belongs to a request that died
  // with the previous process, and its client's retries must not wait for the claim to go stale.
  // (On PostgreSQL other processes may be serving those requests right now; there staleness decides.)
  const abandonedClaims = database.kind === 'pglite' ? await releaseAbandonedClaims(database.db) : 0;
  // Likewise a job lease: the process that held it is gone, so its job is due again now.
  const abandonedLeases = database.kind === 'pglite' ? await releaseAbandonedJobLeases(database.db) : 0;

  const configured = createConfiguredFileStore(env, dataDir);
  const prepareFileStore = configured.prepare;
  // A backup's snapshot makes deletes wait, so every file its database copy names is in the archive.
  const { store: fileStore, hold: holdDeletes } = holdableDeletes(configured.fileStore);
  // Leftovers of uploads interrupted by a crash or a deploy (temp files, incomplete multipart uploads).
  await prepareFileStore(new Date(Date.now() - ORPHAN_MIN_AGE_MS));
  const orphans = await sweepOrphanFiles(database.db, fileStore, new Date());
  // The demo's tasks need the owner (above) and the file store (their files): seeded now, once.
  if (isFreshDemo) await seedDemoTasks(database.db, fileStore);
  const cvParser = createCvParserPool({ workers: env.CV_PARSE_WORKERS, timeoutMs: env.CV_PARSE_TIMEOUT_MS });
  // The careers app's builds (scripts/build.mjs): files for browsers, and the page renderer.
  const careersClientDir = fileURLToPath(new URL('../../careers/dist/client', import.meta.url));
  const careersServerEntry = fileURLToPath(
    new URL('../../careers/dist/server/entry-server.js', import.meta.url),
  );
  const metrics = env.METRICS_PORT || env.METRICS_TOKEN ? createMetrics() : undefined;
  const app = await buildApp({
    env,
    database,
    fileStore,
    cvParser,
    careersClientDir,
    careersServerEntry,
    ...(metrics ? { metrics } : {}),
  });
  if (!existsSync(careersServerEntry)) {
    app.log.warn(`${careersServerEntry} is missing, so the careers pages fail: run \`npm run build\`.`);
  }

  // Graceful shutdown on SIGTERM/SIGINT (a deploy): the listening socket closes at once, so new
  // connections are refused (ECONNREFUSED: a load balancer moves on). Requests already in flight, slow
  // uploads included, run to the end and are answered with `Connection: close`; idle keep-alive
  // connections are closed (a request racing in on one gets 503). Then the database closes and the
  // process exits 0 — or 1 if all that takes longer than SHUTDOWN_TIMEOUT_MS.
  // (test/reliability/deploy.test.ts holds it to this.)
  const openResponses = new Set<ServerResponse>();
  app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    openResponses.add(response);
    response.once('close', () => openResponses.delete(response));
  });
  // Set once listening; closed with the rest.
  let backups: { close(): Promise<void> } | null = null;
  let metricsListener: { close(): Promise<void> } | null = null;
  const statistics =
    database.kind === 'pglite'
      ? setInterval(() => {
          refreshPlannerStatistics(database).catch((error: unknown) =>
            app.log.warn({ err: error }, 'refreshing the planner statistics failed'),
          );
        }, PLANNER_STATISTICS_INTERVAL_MS).unref()
      : null;
  closeWithGrace({ delay: env.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an error');
    else app.log.info({ signal }, 'shutting down: draining requests');
    // Without this, a browser's keep-alive connection would stay open after its last answer until the
    // keep-alive timeout (72 s) and hold the shutdown past SHUTDOWN_TIMEOUT_MS: the deploy would take
    // that long and end with exit code 1, skipping the database's clean close.
    for (const response of openResponses) {
      if (!response.headersSent) response.shouldKeepAlive = false;
    }
    const closeIdle = setInterval(() => app.server.closeIdleConnections(), 100);
    try {
      // app.close() stops accepting connections and waits for in-flight requests to finish.
      await app.close();
    } finally {
      clearInterval(closeIdle);
    }
    if (statistics) clearInterval(statistics);
    await backups?.close();
    await metricsListener?.close();
    await cvParser.close();
    await database.close();
  });

  // `npm run kadry -- backup` reaches the embedded database through this process (decision 019).
  const dumpDataDir = database.dumpDataDir;
  backups = dumpDataDir
    ? await listenForBackups(
        backupSocketPath(dataDir),
        {
          dumpDataDir,
          filesRoot: env.STORAGE === 'local' ? localFilesDir(dataDir) : null,
          stagingRoot: path.join(dataDir, 'backup-staging'),
          holdDeletes,
        },
        app.log,
      )
    : null;
  const metricsToken = env.METRICS_TOKEN;
  metricsListener =
    metrics && env.METRICS_PORT
      ? await listenForMetrics({
          metrics,
          host: env.METRICS_HOST ?? env.HOST,
          port: env.METRICS_PORT,
          ...(metricsToken ? { isAuthorized: (header) => hasBearerToken(header, metricsToken) } : {}),
        })
      : null;
  await app.listen({ port: env.PORT, host: env.HOST });
  if (orphans > 0) app.log.info({ orphans }, 'removed files of interrupted uploads');
  if (abandonedClaims > 0) app.log.info({ abandonedClaims }, 'released claims of interrupted submissions');
  if (abandonedLeases > 0) app.log.info({ abandonedLeases }, 'released leases of interrupted jobs');
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
