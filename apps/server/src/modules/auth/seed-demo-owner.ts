import { asc, eq } from 'drizzle-orm';
import { companies } from '../../db/schema/companies';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';
import { generatePassword } from './password-hashing';
import { createUser, UserExistsError } from './users.service';

export const DEMO_OWNER_EMAIL = 'owner@northwind.example';

/**
 * Gives the demo company an owner account with a fresh random password and prints it, so whoever
 * started the demo can sign in. Does nothing when the company already has any user (later starts),
 * or when there is no company. Call it right after seedDemoData.
 */
export async function seedDemoOwner(
  db: Db,
  opts: { print?: (text: string) => void } = {},
): Promise<{ email: string; password: string } | null> {
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .orderBy(asc(companies.id))
    .limit(1);
  if (!company) return null;
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.companyId, company.id))
    .limit(1);
  if (existing.length > 0) return null;

  const password = generatePassword();
  try {
    await createUser(db, {
      companyId: company.id,
      email: DEMO_OWNER_EMAIL,
      name: 'Demo Owner',
      role: 'owner',
      password,
    });
  } catch (error) {
    // Another process starting at the same time created it first.
    if (error instanceof UserExistsError) return null;
    throw error;
  }
  const print = opts.print ?? ((text: string) => process.stdout.write(`${text}\n`));
  print(
    [
      `Demo owner account of ${company.name} (shown once, change it after signing in):`,
      `  email:    ${DEMO_OWNER_EMAIL}`,
      `  password: ${password}`,
      '  sign in:  /app/sign-in',
    ].join('\n'),
  );
  return { email: DEMO_OWNER_EMAIL, password };
}
