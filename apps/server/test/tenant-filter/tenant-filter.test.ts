import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { beforeAll, describe, expect, it } from 'vitest';
import { applications, candidates } from '../../src/db/schema/applications';
import { companies } from '../../src/db/schema/companies';
import { dictionaryItems } from '../../src/db/schema/dictionaries';
import { employees } from '../../src/db/schema/employees';
import { roles } from '../../src/db/schema/roles';
import { teamMembers, teams } from '../../src/db/schema/teams';
import { users } from '../../src/db/schema/users';
import { schema } from '../../src/db/tables';
import { checkStatement, loadSqlParser, type TenantFilterViolation, tenantTablesOf } from './tenant-filter';

// The checker itself (the statements are checked by ./setup.ts in every test file): what it accepts
// and what it refuses, on drizzle's SQL and on hand-written SQL.

const tenantTables = tenantTablesOf(schema);
// drizzle builds SQL without a connection: toSQL() is all these tests need.
const db = drizzle.mock({ schema });

function violations(statement: string | { toSQL(): { sql: string } }): TenantFilterViolation[] {
  const text = typeof statement === 'string' ? statement : statement.toSQL().sql;
  const result = checkStatement(text, tenantTables);
  if (!result.ok) throw new Error(`did not parse: ${result.parseError}\n${text}`);
  return result.violations;
}

const tablesOf = (found: TenantFilterViolation[]) =>
  found.map((violation) => `${violation.kind} ${violation.table}`);

beforeAll(loadSqlParser);

describe('tenant tables', () => {
  it('are the tables of the schema with a company_id column', () => {
    expect(tenantTables).toContain('applications');
    expect(tenantTables).toContain('dictionary_items');
    expect(tenantTables).toContain('outbox_events');
    expect(tenantTables).not.toContain('companies');
    expect(tenantTables).not.toContain('rate_limit_hits');
    expect(tenantTables).not.toContain('server_secrets');
  });
});

describe('select', () => {
  it('accepts an equality, an IN list and = ANY on company_id', () => {
    expect(violations(db.select().from(applications).where(eq(applications.companyId, 1)))).toEqual([]);
    expect(
      violations(
        db
          .select()
          .from(applications)
          .where(inArray(applications.companyId, [1, 2])),
      ),
    ).toEqual([]);
    expect(violations('select id from applications where company_id = any($1::int[]) and id = $2')).toEqual(
      [],
    );
    expect(
      violations('select id from applications a where a.company_id in (select id from companies)'),
    ).toEqual([]);
  });

  it('refuses a table read by id alone, and names it', () => {
    expect(tablesOf(violations(db.select().from(applications).where(eq(applications.id, 1))))).toEqual([
      'select applications',
    ]);
    expect(tablesOf(violations('select count(*) from employees'))).toEqual(['select employees']);
  });

  it('follows a join to a filtered table, and refuses a join by id only', () => {
    const joined = db
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(
        candidates,
        and(eq(candidates.companyId, applications.companyId), eq(candidates.id, applications.candidateId)),
      )
      .where(eq(applications.companyId, 7));
    expect(violations(joined)).toEqual([]);
    const byIdOnly = db
      .select({ id: applications.id })
      .from(applications)
      .innerJoin(candidates, eq(candidates.id, applications.candidateId))
      .where(eq(applications.companyId, 7));
    expect(tablesOf(violations(byIdOnly))).toEqual(['select candidates']);
  });

  it('follows a chain of joins in either order, and through an alias', () => {
    const managers = alias(users, 'managers');
    const chain = db
      .select({ id: teams.id })
      .from(teamMembers)
      .innerJoin(employees, eq(employees.companyId, teamMembers.companyId))
      .innerJoin(teams, eq(teamMembers.companyId, teams.companyId))
      .leftJoin(
        managers,
        and(eq(managers.companyId, employees.companyId), eq(managers.employeeId, employees.id)),
      )
      .where(eq(teams.companyId, 3));
    expect(violations(chain)).toEqual([]);
    const unfilteredAlias = db
      .select({ id: users.id })
      .from(users)
      .leftJoin(managers, eq(managers.id, users.id))
      .where(eq(users.companyId, 3));
    expect(tablesOf(violations(unfilteredAlias))).toEqual(['select users']);
  });

  it('does not let two unfiltered tables vouch for each other', () => {
    expect(tablesOf(violations('select 1 from users u join roles r on r.company_id = u.company_id'))).toEqual(
      ['select users', 'select roles'],
    );
  });

  it('accepts an OR only when every branch names the company (global dictionary rows)', () => {
    const globalOrOwn = db
      .select()
      .from(dictionaryItems)
      .where(or(isNull(dictionaryItems.companyId), eq(dictionaryItems.companyId, 4)));
    expect(violations(globalOrOwn)).toEqual([]);
    const eitherOr = db
      .select()
      .from(dictionaryItems)
      .where(or(eq(dictionaryItems.companyId, 4), eq(dictionaryItems.id, 9)));
    expect(tablesOf(violations(eitherOr))).toEqual(['select dictionary_items']);
  });

  it('checks sub-selects, correlated ones against the outer table', () => {
    const correlated = `select e.id from employees e where e.company_id = $1 and exists (
      select 1 from team_members tm where tm.employee_id = e.id and tm.company_id = e.company_id)`;
    expect(violations(correlated)).toEqual([]);
    const unfilteredInner = `select e.id from employees e where e.company_id = $1 and e.id in (
      select tm.employee_id from team_members tm where tm.team_id = $2)`;
    expect(tablesOf(violations(unfilteredInner))).toEqual(['select team_members']);
    const inSelectList = 'select (select count(*) from users) from companies where id = $1';
    expect(tablesOf(violations(inSelectList))).toEqual(['select users']);
  });

  it('checks CTEs, derived tables, lateral joins and unions, and does not take a CTE for a table', () => {
    const cte = `with employees as (select id, company_id from candidates where company_id = $1)
      select * from employees`;
    expect(violations(cte)).toEqual([]);
    expect(tablesOf(violations('with x as (select id from candidates) select * from x'))).toEqual([
      'select candidates',
    ]);
    expect(tablesOf(violations('select * from (select id from roles) r'))).toEqual(['select roles']);
    const lateral = `select t.id, m.n from teams t, lateral (select count(*) n from team_members tm
      where tm.team_id = t.id and tm.company_id = t.company_id) m where t.company_id = $1`;
    expect(violations(lateral)).toEqual([]);
    expect(
      tablesOf(violations('select id from users where company_id = $1 union all select id from roles')),
    ).toEqual(['select roles']);
  });

  it('takes an unqualified company_id for the one tenant table in scope', () => {
    expect(violations('select id from users where company_id = $1')).toEqual([]);
    expect(
      violations('select u.id from users u join companies c on c.id = u.company_id where company_id = 1'),
    ).toEqual([]);
  });

  it('ignores tables without company_id and statements that read no table', () => {
    expect(violations(db.select().from(companies).where(eq(companies.slug, 'x')))).toEqual([]);
    expect(violations('select 1')).toEqual([]);
    expect(violations("select pg_notify('kadry', $1)")).toEqual([]);
    expect(violations('begin; savepoint sp1; release savepoint sp1; commit')).toEqual([]);
  });
});

describe('update and delete', () => {
  it('accept a company condition and refuse its absence', () => {
    expect(
      violations(
        db
          .update(roles)
          .set({ name: 'x' })
          .where(and(eq(roles.companyId, 1), eq(roles.id, 2))),
      ),
    ).toEqual([]);
    expect(tablesOf(violations(db.update(roles).set({ name: 'x' }).where(eq(roles.id, 2))))).toEqual([
      'update roles',
    ]);
    expect(violations(db.delete(teams).where(and(eq(teams.companyId, 1), eq(teams.id, 2))))).toEqual([]);
    expect(tablesOf(violations(db.delete(teams).where(eq(teams.id, 2))))).toEqual(['delete teams']);
  });

  it('check the tables of UPDATE … FROM, DELETE … USING and their sub-selects', () => {
    const from = `update employees e set team_name = t.name from teams t
      where e.company_id = $1 and t.id = e.team_id and t.company_id = e.company_id`;
    expect(violations(from)).toEqual([]);
    const using = 'delete from team_members tm using teams t where t.id = tm.team_id and tm.company_id = $1';
    expect(tablesOf(violations(using))).toEqual(['delete teams']);
    const sub =
      'update jobs set state = $1 where company_id = $2 and id in (select id from jobs where state = $3)';
    expect(tablesOf(violations(sub))).toEqual(['select jobs']);
  });
});

describe('insert', () => {
  it('wants company_id among the columns of a tenant table', () => {
    expect(violations(db.insert(teams).values({ companyId: 1, name: 'Team' }))).toEqual([]);
    expect(tablesOf(violations('insert into teams (name) values ($1)'))).toEqual(['insert teams']);
    expect(violations("insert into companies (name, slug) values ('a', 'b')")).toEqual([]);
  });

  it('checks the select of INSERT … SELECT and the sub-selects of ON CONFLICT', () => {
    expect(
      tablesOf(
        violations('insert into roles (company_id, name) select company_id, name from roles where id = $1'),
      ),
    ).toEqual(['select roles']);
    const upsert = `insert into roles (company_id, name) values ($1, $2) on conflict (company_id, name)
      do update set name = excluded.name where roles.company_id = excluded.company_id returning id`;
    expect(violations(upsert)).toEqual([]);
  });

  it('checks data-modifying CTEs', () => {
    const moved = `with gone as (delete from jobs where id = $1 returning *)
      insert into jobs (company_id, kind) select company_id, kind from gone`;
    expect(tablesOf(violations(moved))).toEqual(['delete jobs']);
  });
});

describe('drizzle relational queries', () => {
  it('check each nested select of `with` on its own', () => {
    const filtered = db.query.applicationForms.findMany({
      where: (form, { eq }) => eq(form.companyId, 1),
      with: { fields: { where: (field, { eq }) => eq(field.companyId, 1) } },
    });
    expect(violations(filtered)).toEqual([]);
    const nestedByIdOnly = db.query.applicationForms.findMany({
      where: (form, { eq }) => eq(form.companyId, 1),
      with: { fields: true },
    });
    expect(tablesOf(violations(nestedByIdOnly))).toEqual(['select form_fields']);
  });
});
