import type { Db } from '../../db/tables';
import { splitFullName } from './employee-names';
import {
  findEmployeeWithoutAccountByEmail,
  insertEmployee,
  updateEmployeeNames,
  updateEmployeeWorkEmail,
} from './employees.queries';

type Writer = Pick<Db, 'insert' | 'select' | 'update'>;

/**
 * The employee a new staff account belongs to (docs/decisions/012-people-model.md): the company's
 * employee with that work email who has no account yet, or a new one named after the account. Run it
 * in the transaction that creates the account.
 */
export async function provideEmployeeForAccount(
  db: Writer,
  companyId: number,
  account: { name: string; email: string },
): Promise<number> {
  const existing = await findEmployeeWithoutAccountByEmail(db, companyId, account.email);
  if (existing !== null) return existing;
  return insertEmployee(db, companyId, { ...splitFullName(account.name), workEmail: account.email });
}

/** An account renamed (its own name, an owner's edit): its employee's names follow. */
export async function renameEmployeeOfAccount(
  db: Writer,
  companyId: number,
  employeeId: number,
  name: string,
): Promise<void> {
  await updateEmployeeNames(db, companyId, employeeId, splitFullName(name));
}

/**
 * An account's sign-in email changed: it is its employee's work email (decision 012). Another
 * employee with that work email makes the database refuse (unique), which the caller reports as taken.
 */
export async function moveWorkEmailOfAccount(
  db: Writer,
  companyId: number,
  employeeId: number,
  email: string,
): Promise<void> {
  await updateEmployeeWorkEmail(db, companyId, employeeId, email);
}
