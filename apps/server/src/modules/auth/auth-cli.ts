import { parseArgs } from 'node:util';
import { LOCALES, type Locale } from '@kadry/shared/constants';
import {
  BUILT_IN_ROLES,
  type BuiltInRole,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@kadry/shared/schemas/auth';
import { asc, desc, eq } from 'drizzle-orm';
import type { Env } from '../../config/env';
import { migrateDatabase, openDatabase } from '../../db/client';
import { DataDirLockedError } from '../../db/pglite-lock';
import { type Company, companies } from '../../db/schema/companies';
import type { User } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { ensureStandardTemplates } from '../action-templates/action-templates.service';
import { generatePassword } from './password-hashing';
import {
  createUser,
  findUserByEmail,
  normalizeEmail,
  setUserDisabled,
  UserExistsError,
} from './users.service';

/** Where the command-line tool writes; tests collect the lines. */
export type CliOutput = { out(text: string): void; error(text: string): void };

/** A mistake in the command line; printed without a stack trace. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export const CLI_USAGE = `Usage: npm run kadry -- <command> [options]

Commands:
  user:create --email <email> --role <${BUILT_IN_ROLES.join('|')}> [--name <name>] [--password <password>]
              [--locale <${LOCALES.join('|')}>] [--company <slug>]
      Creates a staff account. Without --password a random one is generated and printed.
      On an empty database it also creates the company (name from --company-name, default "My company").
  user:disable --email <email> [--company <slug>]
      Disables an account and ends all of its sessions at once.
  user:enable --email <email> [--company <slug>]
  storage:migrate-to-s3 [--from <dir>]
      Copies the uploaded files of STORAGE=local into the S3 bucket (run with STORAGE=s3 set);
      files already there are skipped, so it can be run again to resume.
  backup --out <file.tar.gz>
      One consistent archive of the embedded database and the files, taken through the running server.
  restore --in <file.tar.gz> [--data-dir <dir>]
      Restores an archive into an empty data directory (docs/operations.md).

While the server runs on the embedded database it holds the data directory; stop it first
(backup excepted).
With DATABASE_URL (PostgreSQL) the commands can run next to a running server.`;

function isEmailLike(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
}

/** The company the command acts on: --company by slug, else the default (or first) company. */
async function findTargetCompany(db: Db, slug: string | undefined): Promise<Company | null> {
  if (slug) {
    const [company] = await db.select().from(companies).where(eq(companies.slug, slug)).limit(1);
    if (!company) throw new CliUsageError(`No company with the slug "${slug}".`);
    return company;
  }
  const [company] = await db
    .select()
    .from(companies)
    .orderBy(desc(companies.isDefault), asc(companies.id))
    .limit(1);
  return company ?? null;
}

export type CreateUserCommandInput = {
  email: string;
  role: string;
  name?: string | undefined;
  password?: string | undefined;
  locale?: string | undefined;
  companySlug?: string | undefined;
  companyName?: string | undefined;
};

/**
 * `user:create`: checks the options, creates the company first on an empty database, then the
 * account. Answers the account and its password (generated when none was given).
 */
export async function createUserCommand(
  db: Db,
  input: CreateUserCommandInput,
): Promise<{ user: User; company: Company; password: string; isGenerated: boolean }> {
  const email = normalizeEmail(input.email);
  if (!isEmailLike(email)) throw new CliUsageError(`"${input.email}" is not an email address.`);
  if (!(BUILT_IN_ROLES as readonly string[]).includes(input.role)) {
    throw new CliUsageError(`--role must be one of: ${BUILT_IN_ROLES.join(', ')}.`);
  }
  const locale = input.locale ?? 'en';
  if (!(LOCALES as readonly string[]).includes(locale)) {
    throw new CliUsageError(`--locale must be one of: ${LOCALES.join(', ')}.`);
  }
  if (input.password !== undefined) {
    const length = [...input.password].length;
    if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
      throw new CliUsageError(
        `The password must have ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`,
      );
    }
  }

  let company = await findTargetCompany(db, input.companySlug);
  if (!company) {
    const [created] = await db
      .insert(companies)
      .values({ name: input.companyName ?? 'My company', slug: 'default', isDefault: true })
      .returning();
    if (!created) throw new Error('createUserCommand: company insert returned no row');
    company = created;
    // A new company starts with the standard HR action templates (issue 15).
    await ensureStandardTemplates(db, company.id);
  }

  const password = input.password ?? generatePassword();
  const user = await createUser(db, {
    companyId: company.id,
    email,
    name: input.name?.trim() || email.split('@')[0] || email,
    role: input.role as BuiltInRole,
    password,
    locale: locale as Locale,
  });
  return { user, company, password, isGenerated: input.password === undefined };
}

async function setDisabledCommand(db: Db, email: string, slug: string | undefined, isDisabled: boolean) {
  const company = await findTargetCompany(db, slug);
  const user = company ? await findUserByEmail(db, company.id, email) : null;
  if (!company || !user) throw new CliUsageError(`No account with the email ${normalizeEmail(email)}.`);
  await setUserDisabled(db, user.companyId, user.id, isDisabled);
  return { user, company };
}

/** Runs one command line (without the `node script` part); answers the exit code. */
export async function runCli(
  argv: readonly string[],
  deps: { env: Env; output: CliOutput },
): Promise<number> {
  const { output } = deps;
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    output.out(CLI_USAGE);
    return command ? 0 : 1;
  }
  if (!['user:create', 'user:disable', 'user:enable'].includes(command)) {
    output.error(`Unknown command "${command}".\n\n${CLI_USAGE}`);
    return 1;
  }

  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...rest],
      options: {
        email: { type: 'string' },
        role: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        locale: { type: 'string' },
        company: { type: 'string' },
        'company-name': { type: 'string' },
      },
      strict: true,
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    output.error(`${error instanceof Error ? error.message : String(error)}\n\n${CLI_USAGE}`);
    return 1;
  }
  if (!values.email || (command === 'user:create' && !values.role)) {
    output.error(
      `${command} needs --email${command === 'user:create' ? ' and --role' : ''}.\n\n${CLI_USAGE}`,
    );
    return 1;
  }

  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase(
      deps.env.DATABASE_URL ? { databaseUrl: deps.env.DATABASE_URL } : { dataDir: deps.env.DATA_DIR },
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      output.error(
        `The Kadry server is running and holds the embedded database in ${deps.env.DATA_DIR}.\n` +
          'Stop the server, run this command, then start the server again.\n\n' +
          `Details: ${error.message}`,
      );
      return 1;
    }
    throw error;
  }

  try {
    await migrateDatabase(database);
    if (command === 'user:create') {
      const result = await createUserCommand(database.db, {
        email: values.email,
        role: values.role ?? '',
        name: values.name,
        password: values.password,
        locale: values.locale,
        companySlug: values.company,
        companyName: values['company-name'],
      });
      output.out(`Created the ${values.role} account ${result.user.email} of ${result.company.name}.`);
      if (result.isGenerated) output.out(`Password (shown once): ${result.password}`);
      output.out('Sign in at /app/sign-in.');
    } else {
      const isDisabled = command === 'user:disable';
      const { user } = await setDisabledCommand(database.db, values.email, values.company, isDisabled);
      output.out(`${isDisabled ? 'Disabled' : 'Enabled'} the account ${user.email}.`);
    }
    return 0;
  } catch (error) {
    if (error instanceof CliUsageError || error instanceof UserExistsError) {
      output.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
