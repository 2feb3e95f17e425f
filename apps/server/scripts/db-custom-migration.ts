/**
 * `npm run db:custom -- NAME`: starts a hand-written migration for a change drizzle-kit cannot express
 * without asking (renames keep rows; drizzle-kit generate would drop and create). Writes the snapshot
 * of the current schema as the next migration and an SQL file for you to fill; the migrations-in-sync
 * test then checks the schema against that snapshot, and migrations-apply.test.ts that the SQL of
 * every migration brings a database to exactly that schema.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generateDrizzleJson } from 'drizzle-kit/api';
import { schema } from '../src/db/tables';

const name = process.argv[2];
if (!name || !/^[a-z][a-z0-9_]*$/.test(name)) {
  console.error('Usage: npm run db:custom -- name_in_snake_case');
  process.exit(2);
}
const dir = new URL('../src/db/migrations/', import.meta.url);
type Journal = {
  entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[];
};
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', dir), 'utf8')) as Journal;
const last = journal.entries.at(-1);
if (!last) throw new Error('no migrations in the journal');
const pad = (idx: number) => String(idx).padStart(4, '0');
const previous = JSON.parse(readFileSync(new URL(`meta/${pad(last.idx)}_snapshot.json`, dir), 'utf8')) as {
  id: string;
};
const idx = last.idx + 1;
const tag = `${pad(idx)}_${name}`;
writeFileSync(
  new URL(`meta/${pad(idx)}_snapshot.json`, dir),
  `${JSON.stringify(generateDrizzleJson(schema, previous.id), null, 2)}\n`,
);
journal.entries.push({ idx, version: '7', when: Date.now(), tag, breakpoints: true });
writeFileSync(new URL('meta/_journal.json', dir), `${JSON.stringify(journal, null, 2)}\n`);
const sqlFile = new URL(`${tag}.sql`, dir);
if (!existsSync(sqlFile))
  writeFileSync(sqlFile, '-- Write the SQL that turns the previous schema into this one.\n');
console.log(`Wrote ${tag}: fill apps/server/src/db/migrations/${tag}.sql`);
