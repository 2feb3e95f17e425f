import type { Locale } from '@kadry/shared/constants';
import type { LoginAsActionMethod } from '@kadry/shared/schemas/employee-access';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { employees } from '../../db/schema/employees';
import { loginAsActions } from '../../db/schema/login-as-actions';
import { roles } from '../../db/schema/roles';
import { users } from '../../db/schema/users';
import type { Db } from '../../db/tables';

// SQL of "send access" and "login as" (docs/decisions/012-people-model.md, 016-login-as.md). Every
// statement filters by company_id.

/** An employee's account, as send access, revoke and login as judge it. */
export type EmployeeAccountRow = {
  id: number;
  email: string;
  name: string;
  locale: Locale;
  isDisabled: boolean;
  hasPassword: boolean;
  role: { id: number; key: string | null; name: string };
};

/** A visible employee with its account, if it has one. */
export type AccessEmployeeRow = {
  id: number;
  firstName: string;
  lastName: string;
  middleName: string | null;
  workEmail: string | null;
  account: EmployeeAccountRow | null;
};

const accountColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  locale: users.locale,
  isDisabled: users.isDisabled,
  hasPassword: sql<boolean>`${users.passwordHash} is not null`,
  role: { id: roles.id, key: roles.key, name: roles.name },
};

/**
 * An employee of the company that `visibleWhere` (employeeVisibleWhere of employee-visibility.ts,
 * decision 013) keeps, with its account; null when there is none or the reader may not see it.
 * `forUpdate` locks the employee's row until the transaction ends (two "send access" at once).
 */
export async function findAccessEmployee(
  db: Pick<Db, 'select'>,
  companyId: number,
  employeeId: number,
  visibleWhere: SQL | undefined,
  opts: { forUpdate?: boolean } = {},
): Promise<AccessEmployeeRow | null> {
  const query = db
    .select({
      id: employees.id,
      firstName: employees.firstName,
      lastName: employees.lastName,
      middleName: employees.middleName,
      workEmail: employees.workEmail,
    })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, employeeId), visibleWhere))
    .limit(1);
  const [employee] = opts.forUpdate ? await query.for('update') : await query;
  if (!employee) return null;
  return { ...employee, account: await findAccountOfEmployee(db, companyId, employee.id) };
}

/** The account of an employee of the company, or null. */
export async function findAccountOfEmployee(
  db: Pick<Db, 'select'>,
  companyId: number,
  employeeId: number,
): Promise<EmployeeAccountRow | null> {
  const [account] = await db
    .select(accountColumns)
    .from(users)
    .innerJoin(roles, and(eq(roles.companyId, users.companyId), eq(roles.id, users.roleId)))
    .where(and(eq(users.companyId, companyId), eq(users.employeeId, employeeId)))
    .limit(1);
  return account ?? null;
}

/** Whether an account of the company signs in with this email (stored lower-cased). */
export async function isAccountEmailTaken(
  db: Pick<Db, 'select'>,
  companyId: number,
  email: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.email, email)))
    .limit(1);
  return rows.length > 0;
}

/** Adds the account of an employee without a password (its invitation sets one); answers its id. */
export async function insertEmployeeAccount(
  tx: Pick<Db, 'insert'>,
  companyId: number,
  values: {
    employeeId: number;
    email: string;
    name: string;
    roleId: number;
    locale: Locale;
    timezone: string;
  },
): Promise<number> {
  const [created] = await tx
    .insert(users)
    .values({ ...values, companyId, passwordHash: null })
    .returning({ id: users.id });
  if (!created) throw new Error('insertEmployeeAccount: insert returned no row');
  return created.id;
}

/** Gives a disabled account back its access: enabled again, with the role and language sent. */
export async function enableEmployeeAccount(
  tx: Pick<Db, 'update'>,
  companyId: number,
  userId: number,
  values: { roleId: number; locale: Locale },
): Promise<void> {
  await tx
    .update(users)
    .set({ ...values, isDisabled: false })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** Disables an account of the company (its sessions and links are ended by the caller). */
export async function disableEmployeeAccount(tx: Pick<Db, 'update'>, companyId: number, userId: number) {
  await tx
    .update(users)
    .set({ isDisabled: true })
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
}

/** An enabled account of the company (the impersonator ending "login as"), or null. */
export async function findEnabledAccount(
  db: Pick<Db, 'select'>,
  companyId: number,
  userId: number,
): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), eq(users.isDisabled, false)))
    .limit(1);
  return row ?? null;
}

/** One row of the login-as log with the names of both accounts. */
export type LoginAsActionListRow = {
  id: number;
  at: Date;
  method: LoginAsActionMethod;
  route: string;
  objectId: number | null;
  status: number;
  impersonator: { id: number; name: string };
  actingUser: { id: number; name: string; employeeId: number };
};

const actingUsers = alias(users, 'acting_users');
const impersonatorUsers = alias(users, 'impersonator_users');

/**
 * A page of the company's login-as log (decision 016, addendum), newest first: what was done as
 * employees `visibleWhere` keeps (employeeVisibleWhere, decision 013), as `employeeId` alone when given.
 */
export async function listLoginAsActions(
  db: Pick<Db, 'select'>,
  companyId: number,
  filter: { employeeId: number | undefined; visibleWhere: SQL | undefined; limit: number; offset: number },
): Promise<{ rows: LoginAsActionListRow[]; total: number }> {
  const where = and(
    eq(loginAsActions.companyId, companyId),
    filter.employeeId === undefined ? undefined : eq(loginAsActions.employeeId, filter.employeeId),
    filter.visibleWhere,
  );
  const ofEmployee = and(
    eq(employees.companyId, loginAsActions.companyId),
    eq(employees.id, loginAsActions.employeeId),
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: loginAsActions.id,
        at: loginAsActions.at,
        method: loginAsActions.method,
        route: loginAsActions.route,
        objectId: loginAsActions.objectId,
        status: loginAsActions.status,
        impersonator: { id: impersonatorUsers.id, name: impersonatorUsers.name },
        actingUser: { id: actingUsers.id, name: actingUsers.name, employeeId: loginAsActions.employeeId },
      })
      .from(loginAsActions)
      .innerJoin(employees, ofEmployee)
      .innerJoin(
        actingUsers,
        and(eq(actingUsers.companyId, loginAsActions.companyId), eq(actingUsers.id, loginAsActions.userId)),
      )
      .innerJoin(
        impersonatorUsers,
        and(
          eq(impersonatorUsers.companyId, loginAsActions.companyId),
          eq(impersonatorUsers.id, loginAsActions.impersonatorUserId),
        ),
      )
      .where(where)
      .orderBy(desc(loginAsActions.at), desc(loginAsActions.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ total: count() }).from(loginAsActions).innerJoin(employees, ofEmployee).where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
