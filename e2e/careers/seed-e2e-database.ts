// Runs before the e2e server starts, on the same DATA_DIR: migrates, seeds the demo data exactly as
// server.ts would, and adds UNSAFE_VACANCY. The server then finds a non-empty database and keeps it.
import { migrateDatabase, openDatabase } from '../../apps/server/src/db/client';
import { isDatabaseEmpty, seedDemoData } from '../../apps/server/src/db/demo/seed';
import { vacancies } from '../../apps/server/src/db/schema/vacancies';
import { UNSAFE_VACANCY } from './unsafe-vacancy';

async function seedE2eDatabase(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  try {
    await migrateDatabase(database);
    if (!(await isDatabaseEmpty(database.db))) return;
    const { companyId } = await seedDemoData(database.db);
    // Published long ago, so it is the last item of the list and the demo order stays as written.
    const longAgo = new Date('2020-01-01T00:00:00Z');
    await database.db.insert(vacancies).values({
      companyId,
      name: UNSAFE_VACANCY.name,
      description: UNSAFE_VACANCY.description,
      isPublished: true,
      publishedAt: longAgo,
      createdAt: longAgo,
      updatedAt: longAgo,
    });
  } finally {
    await database.close();
  }
}

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('seed-e2e-database: DATA_DIR is not set');
await seedE2eDatabase(dataDir);
