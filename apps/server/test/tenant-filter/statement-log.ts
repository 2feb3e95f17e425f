import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabaseHandle } from '../../src/db/client';
import { type Db, schema } from '../../src/db/tables';
import { recordStatement } from './server-statements';

// Test-only: the app under test gets a second drizzle instance on the same connection whose logger
// records each SQL text (./server-statements.ts) for the tenant filter check (./setup.ts). Nothing
// here runs in production. The test's own statements (seeding, assertions) go through the handle
// the test keeps, which records nothing.

/** The same database for the app under test, recording every statement it sends. */
export function recordServerStatements(handle: DatabaseHandle): DatabaseHandle {
  const client = '$client' in handle.db ? handle.db.$client : undefined;
  const logger = { logQuery: (query: string) => recordStatement(query) };
  let db: Db;
  if (client instanceof PGlite) db = drizzlePglite({ client, schema, logger });
  else if (client instanceof pg.Pool) db = drizzleNodePostgres({ client, schema, logger });
  else throw new Error('recordServerStatements: the handle has neither a PGlite nor a pg.Pool client');
  // Closing, ping, LISTEN and the metrics stay the handle's own (the same connection underneath).
  return { ...handle, db };
}
