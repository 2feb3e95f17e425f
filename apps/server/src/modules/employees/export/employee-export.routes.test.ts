import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { employeeExportQuerySchema } from '@kadry/shared/schemas/employee-import';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../../test/db';
import { employeeSalaries, employees } from '../../../db/schema/employees';
import { teams } from '../../../db/schema/teams';
import type { Access } from '../../../plugins/access/access';
import { findBuiltInPermissions } from '../../../plugins/access/built-in-role-permissions';
import { type AuthTestApp, createAuthTestApp } from '../../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../../permissions/permissions-test-support';
import { exportEmployees } from './employee-export.service';

// The directory export: streamed XLSX and CSV, only visible fields, formulas neutralised, the action.

let t: AuthTestApp;
let hr: StaffMember;
let manager: StaffMember;
let companyId: number;

beforeAll(async () => {
  t = await createAuthTestApp();
  const company = await seedCompany(t.database.db);
  companyId = company.id;
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  const [planted] = await t.database.db
    .insert(employees)
    .values({
      companyId,
      employeeNumber: 'X1',
      firstName: '=HYPERLINK("http://evil.example","click")',
      lastName: '+cmd',
      workEmail: 'secret.person@example.test',
      position: '@SUM(A1)',
      notes: '-2+3',
    })
    .returning({ id: employees.id });
  await t.database.db.insert(employeeSalaries).values({
    companyId,
    employeeId: planted?.id ?? 0,
    amount: '4321.00',
    currency: 'usd',
    effectiveFrom: '2020-01-01',
  });
});

afterAll(async () => {
  await t?.close();
});

async function readXlsx(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from([bytes]));
  const lines: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    lines.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return lines;
}

describe('employee export', () => {
  it('streams the directory as XLSX with every visible field, formulas neutralised', async () => {
    const answer = await callAs(t, hr, 'GET', '/api/v1/employees/export?format=xlsx&search=x1');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-disposition']).toContain('employees.xlsx');
    const [header, row, ...rest] = await readXlsx(answer.rawPayload);
    expect(rest).toEqual([]);
    const cell = (name: string) => row?.[header?.indexOf(name) ?? -1];
    expect(cell('employee_number')).toBe('X1');
    expect(cell('first_name')).toBe(`'=HYPERLINK("http://evil.example","click")`);
    expect(cell('last_name')).toBe("'+cmd");
    expect(cell('position')).toBe("'@SUM(A1)");
    expect(cell('notes')).toBe("'-2+3");
    expect(cell('email')).toBe('secret.person@example.test');
    expect(cell('salary')).toBe('4321.00');
  });

  it('writes CSV with a BOM, quoted and neutralised', async () => {
    const answer = await callAs(t, hr, 'GET', '/api/v1/employees/export?format=csv&search=x1');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/csv');
    const body = answer.body;
    expect(body.startsWith('\uFEFFemployee_number,first_name,')).toBe(true);
    expect(body).toContain(`X1,"'=HYPERLINK(""http://evil.example"",""click"")",'+cmd,`);
    expect(body).not.toMatch(/,=HYPERLINK/);
  });

  it('is refused without the export action', async () => {
    expect((await callAs(t, manager, 'GET', '/api/v1/employees/export')).statusCode).toBe(403);
  });

  it('leaves out the fields the role may not see', async () => {
    const permissions = findBuiltInPermissions('hr');
    permissions.Employee.fields_view = permissions.Employee.fields_view.filter(
      (field) => field !== 'field_salary' && field !== 'field_email',
    );
    const access: Access = {
      user: { ...(hr.user as unknown as Access['user']), impersonator: null },
      role: { id: hr.user.roleId, key: 'hr' },
      permissions,
      teamIds: [],
      teammateIds: [],
      teammateEmployeeIds: [],
    };
    const query = employeeExportQuerySchema.parse({ format: 'csv' });
    const { stream } = await exportEmployees({ db: t.database.db, access }, query, 'en');
    const csv = await text(stream);
    const header = csv.split('\r\n')[0]?.replace('\uFEFF', '').split(',') ?? [];
    expect(header).toContain('first_name');
    expect(header).toContain('phone');
    for (const hidden of ['salary', 'salary_currency', 'email', 'personal_email'])
      expect(header).not.toContain(hidden);
    expect(csv).not.toContain('secret.person@example.test');
    expect(csv).not.toContain('4321');
    // Searching cannot find people by a field the reader may not see.
    const bySecret = employeeExportQuerySchema.parse({ format: 'csv', search: 'secret.person' });
    const found = await text((await exportEmployees({ db: t.database.db, access }, bySecret, 'en')).stream);
    expect(found.split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('answers only employees the reader sees', async () => {
    const [own] = await t.database.db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.companyId, companyId), eq(employees.id, hr.user.employeeId)));
    expect(own).toBeDefined();
    const all = await callAs(t, hr, 'GET', '/api/v1/employees/export?format=csv');
    // hr sees everyone: the two accounts' employees and the planted one.
    expect(all.body.trim().split('\r\n')).toHaveLength(4);
  });

  it('streams thousands of rows as XLSX in the directory order, with teams', async () => {
    // A company of its own, so the other tests' counts stay as they are.
    const big = await seedCompany(t.database.db);
    const bigHr = await seedStaff(t, big, 'hr');
    const [team] = await t.database.db
      .insert(teams)
      .values({ companyId: big.id, name: 'Zeta team' })
      .returning({ id: teams.id });
    await t.database.db.execute(sql`
      insert into employees (company_id, employee_number, first_name, last_name)
      select ${big.id}, 'E' || lpad(g::text, 5, '0'), 'Person', 'Name ' || lpad(g::text, 5, '0')
      from generate_series(1, 3000) g`);
    await t.database.db.execute(sql`
      insert into team_members (company_id, team_id, employee_id)
      select ${big.id}, ${team?.id ?? 0}, id from employees where company_id = ${big.id} and employee_number like 'E%'`);
    const access: Access = {
      user: { ...(bigHr.user as unknown as Access['user']), impersonator: null },
      role: { id: bigHr.user.roleId, key: 'hr' },
      permissions: findBuiltInPermissions('hr'),
      teamIds: [],
      teammateIds: [],
      teammateEmployeeIds: [],
    };
    const query = employeeExportQuerySchema.parse({ format: 'xlsx' });
    // The pause for a slow reader is streamXlsx's (export-table.test.ts).
    const { stream } = await exportEmployees({ db: t.database.db, access }, query, 'en');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const [header, ...rows] = await readXlsx(Buffer.concat(chunks));
    const column = (name: string) => header?.indexOf(name) ?? -1;
    const generated = rows.filter((row) => row[column('employee_number')]?.startsWith('E'));
    expect(generated).toHaveLength(3000);
    expect(generated[0]?.[column('last_name')]).toBe('Name 00001');
    expect(generated[2999]?.[column('last_name')]).toBe('Name 03000');
    expect(generated.every((row) => row[column('teams')] === 'Zeta team')).toBe(true);
  }, 60_000);

  it('stops writing when the reader goes away', async () => {
    const query = employeeExportQuerySchema.parse({ format: 'xlsx' });
    const access: Access = {
      user: { ...(hr.user as unknown as Access['user']), impersonator: null },
      role: { id: hr.user.roleId, key: 'hr' },
      permissions: findBuiltInPermissions('hr'),
      teamIds: [],
      teammateIds: [],
      teammateEmployeeIds: [],
    };
    const { stream } = await exportEmployees({ db: t.database.db, access }, query, 'en');
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stream.destroyed).toBe(true);
  });
});
