// Runs before the e2e server starts, after seed-hr-users.ts, on the same DATA_DIR: what server.ts seeds
// for the demo owner on a fresh install, with the e2e owner (HR_OWNER, the demo company's first owner)
// in that place — recruiting under way, the company's default dashboard and the owner's tasks — so the
// dashboard spec sees the demo owner's dashboard of the first start. (The server itself finds a seeded
// database and seeds nothing.) Idempotent: each step does nothing the second time.
import path from 'node:path';
import { readEnv } from '../../apps/server/src/config/env';
import { migrateDatabase, openDatabase } from '../../apps/server/src/db/client';
import { seedDemoDashboard } from '../../apps/server/src/db/demo/demo-dashboard';
import { seedDemoRecruiting } from '../../apps/server/src/db/demo/demo-recruiting';
import { seedDemoTasks } from '../../apps/server/src/db/demo/demo-tasks';
import { createConfiguredFileStore } from '../../apps/server/src/storage/configured-store';

const env = readEnv();
const dataDir = path.resolve(env.DATA_DIR);
const database = await openDatabase({ dataDir });
try {
  await migrateDatabase(database);
  await seedDemoRecruiting(database.db);
  await seedDemoDashboard(database.db);
  await seedDemoTasks(database.db, createConfiguredFileStore(env, dataDir).fileStore);
} finally {
  await database.close();
}
