import { readFile } from 'node:fs/promises';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { expect, it } from 'vitest';
import { schema } from './tables';

type Journal = { entries: { idx: number; tag: string }[] };

const migrationsDir = new URL('./migrations/', import.meta.url);

it('has a committed migration for every change to the schema (run `npm run db:generate`)', async () => {
  const journal = JSON.parse(await readFile(new URL('meta/_journal.json', migrationsDir), 'utf8')) as Journal;
  const last = journal.entries.at(-1);
  if (!last) throw new Error('no migrations in the journal');
  const snapshotFile = new URL(`meta/${String(last.idx).padStart(4, '0')}_snapshot.json`, migrationsDir);
  const committed = JSON.parse(await readFile(snapshotFile, 'utf8'));

  const current = generateDrizzleJson(schema, committed.id);
  expect(await generateMigration(committed, current)).toEqual([]);
});
