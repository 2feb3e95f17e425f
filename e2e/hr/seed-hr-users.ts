// Runs before the e2e server starts, on the same DATA_DIR (after seed-e2e-database.ts): adds the staff
// accounts of hr-users.ts through the same function as `npm run kadry -- user:create`. Idempotent.
import { migrateDatabase, openDatabase } from '../../apps/server/src/db/client';
import { createUserCommand } from '../../apps/server/src/modules/auth/auth-cli';
import { HR_OWNER, HR_RECRUITER } from './hr-users';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('seed-hr-users: DATA_DIR is not set');
const database = await openDatabase({ dataDir });
try {
  await migrateDatabase(database);
  for (const [account, role] of [
    [HR_OWNER, 'owner'],
    [HR_RECRUITER, 'recruiter'],
  ] as const) {
    try {
      await createUserCommand(database.db, { ...account, role });
    } catch (error) {
      // A second run finds the account already there.
      if (!String(error).match(/exist|unique|duplicate/i)) throw error;
    }
  }
} finally {
  await database.close();
}
