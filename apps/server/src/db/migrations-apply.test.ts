import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPglite } from './client';
import { schema } from './tables';

// The committed SQL, applied in order to an empty database, must give exactly the schema the code
// declares (hand-written migrations such as renames are checked here, not only generated ones), and
// a rename must keep every row.

type Journal = { entries: { idx: number; tag: string }[] };
const migrationsDir = new URL('./migrations/', import.meta.url);

async function readStatements(tag: string): Promise<string[]> {
  const text = await readFile(new URL(`${tag}.sql`, migrationsDir), 'utf8');
  return text
    .split('--> statement-breakpoint')
    .map((statement) => statement.trim())
    .filter((statement) => statement.replace(/--.*$/gm, '').trim() !== '');
}

let pglite: PGlite;
let tags: string[];

/**
 * What a database's schema is, in a form that does not depend on how it came about: columns (type,
 * nullability, default, identity, generated expression), constraints (but the names PostgreSQL 18
 * gives NOT NULL constraints, which drizzle does not model) and indexes with their
 * definitions, and sequences, each sorted by name.
 */
async function describeSchema(db: PGlite): Promise<unknown> {
  const columns = await db.query(`
    select table_name, column_name, data_type, udt_name, is_nullable, column_default, is_identity,
           identity_generation, generation_expression
    from information_schema.columns where table_schema = 'public' order by table_name, column_name`);
  const constraints = await db.query(`
    select conrelid::regclass::text as table_name, conname, pg_get_constraintdef(oid) as definition
    from pg_constraint where connamespace = 'public'::regnamespace and contype <> 'n' order by 1, 2`);
  const indexes = await db.query(`
    select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`);
  const sequences = await db.query(`
    select sequencename from pg_sequences where schemaname = 'public' order by 1`);
  return {
    columns: columns.rows,
    constraints: constraints.rows,
    indexes: indexes.rows,
    sequences: sequences.rows,
  };
}

beforeAll(async () => {
  pglite = createPglite();
  await pglite.waitReady;
  const journal = JSON.parse(await readFile(new URL('meta/_journal.json', migrationsDir), 'utf8')) as Journal;
  tags = journal.entries.map((entry) => entry.tag);
}, 60_000);

afterAll(async () => {
  await pglite?.close();
});

async function applyMigrations(which: (tag: string) => boolean): Promise<void> {
  for (const tag of tags.filter(which)) {
    for (const statement of await readStatements(tag)) await pglite.exec(statement);
  }
}

it('keeps every application when "responses" becomes "applications", gives every account its employee, then matches the schema exactly', async () => {
  const renameIndex = tags.indexOf('0004_applications');
  expect(renameIndex).toBeGreaterThan(0);
  await applyMigrations((tag) => tags.indexOf(tag) < renameIndex);

  // An application as the schema before the rename stored it, with a file, a comment and a notification.
  await pglite.exec(`
    insert into companies (name, slug, is_default) values ('Acme', 'acme', true);
    insert into roles (company_id, key, name) values (1, 'owner', 'Owner');
    insert into users (company_id, role_id, email, name) values (1, 1, 'o@acme.test', 'Owner');
    insert into vacancies (company_id, name) values (1, 'Engineer');
    insert into candidates (company_id, name, email) values (1, 'Olena', 'olena@example.test');
    insert into responses (company_id, vacancy_id, candidate_id, source, idempotency_key) values (1, 1, 1, 'jobs', 'key-1');
    insert into stored_files (company_id, storage_key, original_name, size, sha256) values (1, 'k', 'cv.pdf', 2048, 'x');
    insert into response_files (company_id, response_id, field_index, stored_file_id) values (1, 1, 0, 1);
    insert into application_comments (company_id, response_id, author_id, text) values (1, 1, 1, 'Strong');
    insert into notifications (company_id, user_id, response_id) values (1, 1, 1);
  `);

  const peopleIndex = tags.indexOf('0008_people');
  expect(peopleIndex).toBeGreaterThan(renameIndex);
  await applyMigrations((tag) => tags.indexOf(tag) >= renameIndex && tags.indexOf(tag) < peopleIndex);

  // Accounts and a team membership as they were before employees existed.
  await pglite.exec(`
    insert into users (company_id, role_id, email, name) values (1, 1, 'olena@acme.test', 'Olena  Maria Petrenko');
    insert into teams (company_id, name) values (1, 'Core'), (1, 'Alpha');
    insert into team_members (company_id, team_id, user_id, is_manager) values (1, 1, 2, true), (1, 2, 1, false);
  `);
  await applyMigrations((tag) => tags.indexOf(tag) >= peopleIndex);

  const application = await pglite.query<{ id: number; source: string; idempotency_key: string }>(
    'select id, source, idempotency_key from applications',
  );
  expect(application.rows).toEqual([{ id: 1, source: 'jobs', idempotency_key: 'key-1' }]);
  const linked = await pglite.query<{ files: number; comments: number; notifications: number }>(`
    select (select count(*)::int from application_files where application_id = 1) as files,
           (select count(*)::int from application_comments where application_id = 1) as comments,
           (select count(*)::int from notifications where application_id = 1) as notifications`);
  expect(linked.rows).toEqual([{ files: 1, comments: 1, notifications: 1 }]);
  // Comments written before private comments existed stay readable by everyone who read them.
  const comments = await pglite.query<{ is_shared: boolean }>('select is_shared from application_comments');
  expect(comments.rows).toEqual([{ is_shared: true }]);
  // The identity sequence moved with the table: the next application gets the next id.
  const next = await pglite.query<{ id: number }>(
    `insert into applications (company_id, vacancy_id, candidate_id) values (1, 1, 1) returning id`,
  );
  expect(next.rows).toEqual([{ id: 2 }]);

  // Every account got its employee (decision 012), named after it, and its memberships followed it.
  const people = await pglite.query<{
    email: string;
    first_name: string;
    last_name: string;
    work_email: string;
  }>(`
    select u.email, e.first_name, e.last_name, e.work_email
    from users u join employees e on e.id = u.employee_id order by u.id`);
  expect(people.rows).toEqual([
    { email: 'o@acme.test', first_name: 'Owner', last_name: '', work_email: 'o@acme.test' },
    {
      email: 'olena@acme.test',
      first_name: 'Olena Maria',
      last_name: 'Petrenko',
      work_email: 'olena@acme.test',
    },
  ]);
  const memberships = await pglite.query<{ team: string; email: string; is_manager: boolean }>(`
    select t.name as team, u.email, tm.is_manager from team_members tm
    join teams t on t.id = tm.team_id join users u on u.employee_id = tm.employee_id order by t.name`);
  expect(memberships.rows).toEqual([
    { team: 'Alpha', email: 'o@acme.test', is_manager: false },
    { team: 'Core', email: 'olena@acme.test', is_manager: true },
  ]);
  // Teams keep the order they were listed in (by name) as their order among siblings.
  const order = await pglite.query<{ name: string; position: number }>(
    'select name, position from teams order by position',
  );
  expect(order.rows).toEqual([
    { name: 'Alpha', position: 0 },
    { name: 'Core', position: 1 },
  ]);

  // The same schema as a database created in one go from the schema in code.
  const reference = createPglite();
  try {
    // Extensions are not part of drizzle's schema; the migrations create them.
    await reference.exec('create extension if not exists pg_trgm');
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson(schema));
    for (const statement of statements) await reference.exec(statement);
    await pglite.exec(
      'delete from notifications; delete from application_comments; delete from application_files; delete from team_members;',
    );
    expect(await describeSchema(pglite)).toEqual(await describeSchema(reference));
  } finally {
    await reference.close();
  }
}, 60_000);
