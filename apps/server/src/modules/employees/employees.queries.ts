import { and, eq, isNull, sql } from 'drizzle-orm';
import { employees } from '../../db/schema/employees';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';

type Writer = Pick<Db, 'insert' | 'select' | 'update'>;

/** Adds an employee with the names and work email an account gives; answers its id. */
export async function insertEmployee(
  db: Writer,
  companyId: number,
  values: { firstName: string; lastName: string; workEmail: string | null },
): Promise<number> {
  const [row] = await db
    .insert(employees)
    .values({ companyId, ...values })
    .returning({ id: employees.id });
  if (!row) throw new Error('insertEmployee: insert returned no row');
  return row.id;
}

/** The employee of the company with this work email who has no account yet, if any. */
export async function findEmployeeWithoutAccountByEmail(
  db: Writer,
  companyId: number,
  workEmail: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: employees.id })
    .from(employees)
    .leftJoin(users, and(eq(users.companyId, companyId), eq(users.employeeId, employees.id)))
    .where(and(eq(employees.companyId, companyId), eq(employees.workEmail, workEmail), isNull(users.id)))
    .limit(1);
  return row?.id ?? null;
}

/** Sets an employee's work email (its account's sign-in email changed). */
export async function updateEmployeeWorkEmail(
  db: Writer,
  companyId: number,
  employeeId: number,
  workEmail: string,
): Promise<void> {
  await db
    .update(employees)
    .set({ workEmail, updatedAt: sql`now()` })
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
}

/** Sets an employee's names (from its account's one-line name, as the account's owner edits it). */
export async function updateEmployeeNames(
  db: Writer,
  companyId: number,
  employeeId: number,
  names: { firstName: string; lastName: string },
): Promise<void> {
  await db
    .update(employees)
    .set({ ...names, updatedAt: sql`now()` })
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId)));
}
