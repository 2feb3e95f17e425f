import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db } from './tables';

const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

let journal: number[] | undefined;

/** When each committed migration was generated (the journal's `when`), read once. */
function journalTimes(): number[] {
  journal ??= readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((m) => m.folderMillis);
  return journal;
}

/**
 * How many committed migrations the database has not applied yet. Compares the journal with drizzle's
 * table of applied migrations the way drizzle's migrator does (by the last applied one's timestamp).
 * A database that was never migrated has all of them pending.
 */
export async function countPendingMigrations(db: Db): Promise<number> {
  let lastApplied = 0;
  try {
    const result = await db.execute(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    const row = (result as unknown as { rows: { last: string | null }[] }).rows[0];
    lastApplied = Number(row?.last ?? 0);
  } catch (error) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: never migrated.
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code !== '42P01' && code !== '3F000') throw error;
  }
  return journalTimes().filter((when) => when > lastApplied).length;
}
