import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, migrateDatabase, openDatabase } from '../src/db/client';
import { buildCareersRenderer } from './careers-build';
import type { StatementLogSummary } from './tenant-filter/setup';

/** How test files reach the migrated template (see test/db.ts). */
export type TestDatabaseContext =
  | { kind: 'pglite'; templatePath: string }
  | { kind: 'postgres'; adminUrl: string; templateName: string };

declare module 'vitest' {
  export interface ProvidedContext {
    kadryTestDatabase: TestDatabaseContext;
    /** Where each test file leaves the statements its tenant filter check saw (tenant-filter/setup.ts). */
    kadryStatementLogDir: string;
  }
}

export const POSTGRES_TEMPLATE_NAME = 'kadry_test_template';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const DB_DIR = path.join(SERVER_DIR, 'src/db');
const CACHE_DIR = path.join(SERVER_DIR, '../../node_modules/.cache/kadry');

let postgresAdminUrl: string | undefined;
let statementLogDir: string | undefined;

/**
 * Builds the careers page renderer if it is stale, and migrates one template database per test run. PGlite: a data-directory tarball every test file
 * loads (no initdb per file). PostgreSQL (DATABASE_URL set): a template database that test files
 * clone with CREATE DATABASE ... TEMPLATE.
 */
export async function setup(project: TestProject): Promise<void> {
  // The careers pages render with the careers app's server build, loaded at run time.
  buildCareersRenderer();
  statementLogDir = await mkdtemp(path.join(tmpdir(), 'kadry-statements-'));
  project.provide('kadryStatementLogDir', statementLogDir);
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    await createPostgresTemplate(databaseUrl);
    postgresAdminUrl = databaseUrl;
    project.provide('kadryTestDatabase', {
      kind: 'postgres',
      adminUrl: databaseUrl,
      templateName: POSTGRES_TEMPLATE_NAME,
    });
    return;
  }
  const templatePath = await createPgliteTemplate();
  project.provide('kadryTestDatabase', { kind: 'pglite', templatePath });
}

/** Drops the PostgreSQL template; the PGlite tarball stays cached for the next run. */
export async function teardown(): Promise<void> {
  if (postgresAdminUrl) await dropPostgresDatabase(postgresAdminUrl, POSTGRES_TEMPLATE_NAME);
  if (statementLogDir) await printStatementTotals(statementLogDir);
}

/** One line for the run: how many distinct statements the tenant filter check parsed and checked. */
async function printStatementTotals(directory: string): Promise<void> {
  const checked = new Set<string>();
  const exempted = new Set<string>();
  let files = 0;
  let failures = 0;
  for (const name of await readdir(directory)) {
    const summary = JSON.parse(await readFile(path.join(directory, name), 'utf8')) as StatementLogSummary;
    files += 1;
    failures += summary.failures;
    for (const hash of summary.checked) checked.add(hash);
    for (const hash of summary.exempted) exempted.add(hash);
  }
  await rm(directory, { recursive: true, force: true });
  if (files === 0) return;
  console.log(
    `tenant filter check: ${checked.size} distinct statements from ${files} test files checked for a company_id condition, ${exempted.size} exempted as infrastructure, ${failures} failing`,
  );
}

/**
 * The tarball is cached under node_modules/.cache, keyed by everything that shapes its content
 * (migrations, dictionary data, the PGlite version), so repeated runs skip the ~3 s initdb.
 */
async function createPgliteTemplate(): Promise<string> {
  const key = await hashTemplateInputs();
  const templatePath = path.join(CACHE_DIR, `pglite-template-${key}.tar`);
  if (await stat(templatePath).catch(() => null)) return templatePath;

  const pglite = createPglite();
  const handle = await openDatabase({ pglite });
  try {
    await migrateDatabase(handle);
    const tarball = await pglite.dumpDataDir('none');
    await mkdir(CACHE_DIR, { recursive: true });
    // Write then rename, so a concurrent run never reads a half-written file.
    const partial = `${templatePath}.${process.pid}.partial`;
    await writeFile(partial, new Uint8Array(await tarball.arrayBuffer()));
    await rename(partial, templatePath);
    await removeOtherTemplates(templatePath);
  } finally {
    await handle.close();
  }
  return templatePath;
}

/** Templates of earlier schema versions are 40 MB each; keep only the current one. */
async function removeOtherTemplates(current: string): Promise<void> {
  const names = await readdir(CACHE_DIR);
  const stale = names.filter(
    (name) => name.startsWith('pglite-template-') && name !== path.basename(current),
  );
  await Promise.all(stale.map((name) => rm(path.join(CACHE_DIR, name), { force: true })));
}

async function hashTemplateInputs(): Promise<string> {
  const hash = createHash('sha256');
  // dist/index.cjs → the package's package.json (its exports do not expose it directly).
  const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pgliteManifest = path.join(path.dirname(pgliteEntry), '..', 'package.json');
  const files = [
    pgliteManifest,
    ...(await listFiles(path.join(DB_DIR, 'migrations'))),
    ...(await listFiles(DB_DIR, false)).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts')),
  ];
  for (const file of files.sort()) {
    hash.update(file.slice(SERVER_DIR.length));
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function listFiles(directory: string, recursive = true): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

async function createPostgresTemplate(adminUrl: string): Promise<void> {
  await dropPostgresDatabase(adminUrl, POSTGRES_TEMPLATE_NAME);
  await runAdminQuery(adminUrl, `create database ${POSTGRES_TEMPLATE_NAME}`);
  const handle = await openDatabase({ databaseUrl: withDatabaseName(adminUrl, POSTGRES_TEMPLATE_NAME) });
  try {
    await migrateDatabase(handle);
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template.
    await handle.close();
  }
}

/** Drops a database, disconnecting its sessions first. */
export async function dropPostgresDatabase(adminUrl: string, name: string): Promise<void> {
  await runAdminQuery(adminUrl, `drop database if exists ${name} with (force)`);
}

export async function runAdminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The same server and credentials, another database. */
export function withDatabaseName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
