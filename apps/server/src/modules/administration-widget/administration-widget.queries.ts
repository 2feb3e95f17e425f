import { and, eq, type SQL, sql } from 'drizzle-orm';
import { employees } from '../../db/schema/employees';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';

// All SQL of the administration widget; every statement filters by company_id (the role join too).

export type FollowedAccountRow = {
  id: number;
  employeeId: number;
  name: string;
  isDisabled: boolean;
  hasPassword: boolean;
  lastSignInAt: Date | null;
  role: { id: number; key: string | null; name: string };
};

/**
 * The company's accounts among `ids` whose employee is `visible` (employeeVisibleWhere; others are
 * not found), in no particular order.
 */
export async function findFollowedAccounts(
  db: Pick<Db, 'select'>,
  companyId: number,
  ids: readonly number[],
  visible: SQL | undefined,
): Promise<FollowedAccountRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: users.id,
      employeeId: users.employeeId,
      name: users.name,
      isDisabled: users.isDisabled,
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      lastSignInAt: users.lastSignInAt,
      role: { id: roles.id, key: roles.key, name: roles.name },
    })
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, companyId), eq(roles.id, users.roleId)))
    .innerJoin(employees, and(eq(employees.companyId, companyId), eq(employees.id, users.employeeId)))
    .where(
      and(eq(users.companyId, companyId), sql`${users.id} = any(${`{${ids.join(',')}}`}::int[])`, visible),
    );
}
