import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../../test/db';
import { parseEnv } from '../../config/env';
import type { DatabaseHandle } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import { CliUsageError, createUserCommand, runCli } from './auth-cli';
import { verifyPassword } from './password-hashing';
import { DEMO_OWNER_EMAIL, seedDemoOwner } from './seed-demo-owner';
import { UserExistsError } from './users.service';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

function collectOutput() {
  const lines: { out: string[]; error: string[] } = { out: [], error: [] };
  return {
    lines,
    output: { out: (text: string) => lines.out.push(text), error: (text: string) => lines.error.push(text) },
  };
}

describe('user:create', () => {
  it('creates the company on an empty database, then an owner with a generated password', async () => {
    const result = await createUserCommand(database.db, {
      email: ' Boss@Example.COM ',
      role: 'owner',
      companyName: 'Initech',
    });
    expect(result.isGenerated).toBe(true);
    expect(result.password).toMatch(/^[a-zA-Z2-9]{20}$/);
    expect(result.company).toMatchObject({ name: 'Initech', isDefault: true });
    expect(result.user).toMatchObject({ email: 'boss@example.com', name: 'boss', isDisabled: false });
    expect(result.user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(result.user.passwordHash ?? '', result.password)).toBe(true);
    const [role] = await database.db.select().from(roles).where(eq(roles.id, result.user.roleId));
    expect(role?.key).toBe('owner');
  });

  it('uses the password given, and the existing default company', async () => {
    const result = await createUserCommand(database.db, {
      email: 'recruiter@example.com',
      role: 'recruiter',
      name: 'Rita',
      password: 'a long enough password',
    });
    expect(result.isGenerated).toBe(false);
    expect(result.company.name).toBe('Initech');
    expect(await verifyPassword(result.user.passwordHash ?? '', 'a long enough password')).toBe(true);
    expect(await database.db.$count(companies)).toBe(1);
  });

  it('refuses a taken email, an unknown role, a bad email and a short password', async () => {
    await expect(createUserCommand(database.db, { email: 'BOSS@example.com', role: 'hr' })).rejects.toThrow(
      UserExistsError,
    );
    await expect(createUserCommand(database.db, { email: 'x@example.com', role: 'admin' })).rejects.toThrow(
      CliUsageError,
    );
    await expect(createUserCommand(database.db, { email: 'not-an-email', role: 'hr' })).rejects.toThrow(
      CliUsageError,
    );
    await expect(
      createUserCommand(database.db, { email: 'y@example.com', role: 'hr', password: 'short' }),
    ).rejects.toThrow(/12 to 256 characters/);
  });
});

describe('seedDemoOwner', () => {
  it('does nothing when the company already has users', async () => {
    expect(await seedDemoOwner(database.db, { print: () => {} })).toBeNull();
  });

  it('creates and prints an owner once, for a company without users', async () => {
    const fresh = await createTestDatabase();
    try {
      await seedCompany(fresh.db, { name: 'Northwind Labs' });
      const printed: string[] = [];
      const owner = await seedDemoOwner(fresh.db, { print: (text) => printed.push(text) });
      expect(owner?.email).toBe(DEMO_OWNER_EMAIL);
      expect(printed.join('\n')).toContain(owner?.password ?? '?');
      const [user] = await fresh.db.select().from(users).where(eq(users.email, DEMO_OWNER_EMAIL));
      expect(await verifyPassword(user?.passwordHash ?? '', owner?.password ?? '')).toBe(true);
      expect(await seedDemoOwner(fresh.db, { print: (text) => printed.push(text) })).toBeNull();
      expect(printed).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe('runCli', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kadry-cli-test-'));
  });

  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses politely while a running server holds the embedded database', async () => {
    // What a running server leaves: a lock file naming a live process on this host (our parent).
    await mkdir(dataDir, { recursive: true });
    await writeFile(
      path.join(dataDir, 'pglite.lock'),
      JSON.stringify({ pid: process.ppid, host: hostname(), since: new Date().toISOString(), token: 't' }),
    );
    const { lines, output } = collectOutput();
    const code = await runCli(['user:create', '--email', 'a@example.com', '--role', 'owner'], {
      env: parseEnv({ DATA_DIR: dataDir }),
      output,
    });
    expect(code).toBe(1);
    expect(lines.error.join('\n')).toContain('The Kadry server is running and holds the embedded database');
    expect(lines.error.join('\n')).toContain(
      'Stop the server, run this command, then start the server again.',
    );
    expect(lines.out).toEqual([]);
  });

  it('explains its usage for a missing option or an unknown command', async () => {
    const missing = collectOutput();
    expect(
      await runCli(['user:create', '--email', 'a@example.com'], {
        env: parseEnv({}),
        output: missing.output,
      }),
    ).toBe(1);
    expect(missing.lines.error.join('\n')).toContain('needs --email and --role');
    const unknown = collectOutput();
    expect(await runCli(['user:delete'], { env: parseEnv({}), output: unknown.output })).toBe(1);
    expect(unknown.lines.error.join('\n')).toContain('Usage: npm run kadry');
    const badFlag = collectOutput();
    expect(
      await runCli(['user:create', '--email', 'a@b.co', '--role', 'hr', '--admin'], {
        env: parseEnv({}),
        output: badFlag.output,
      }),
    ).toBe(1);
  });
});
