import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, seedCompany } from '../../../test/db';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema/users';
import { seedUser } from './auth-test-support';
import { hasOtherActiveOwner } from './users.service';

// The last-owner rule shared by the staff-account administration and revoking an employee's access.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('another active owner', () => {
  it('counts only the company’s other enabled owners who can sign in', async () => {
    const db = database.db;
    const company = await seedCompany(db);
    const otherCompany = await seedCompany(db);
    const { user: first } = await seedUser(db, company.id, { role: 'owner' });
    await seedUser(db, company.id, { role: 'hr' });
    await seedUser(db, otherCompany.id, { role: 'owner' });
    const check = (userId: number) => db.transaction((tx) => hasOtherActiveOwner(tx, company.id, userId));
    const setSecond = (userId: number, changes: { isDisabled?: boolean; passwordHash?: null }) =>
      db
        .update(users)
        .set(changes)
        .where(and(eq(users.companyId, company.id), eq(users.id, userId)));

    // Alone: HR and another company's owner do not count.
    expect(await check(first.id)).toBe(false);

    const { user: second } = await seedUser(db, company.id, { role: 'owner' });
    expect(await check(first.id)).toBe(true);
    expect(await check(second.id)).toBe(true);

    await setSecond(second.id, { isDisabled: true });
    expect(await check(first.id)).toBe(false);

    // Enabled again but without a password (an invitation not yet accepted): cannot sign in.
    await setSecond(second.id, { isDisabled: false, passwordHash: null });
    expect(await check(first.id)).toBe(false);
  });
});
