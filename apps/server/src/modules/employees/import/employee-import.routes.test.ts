import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../../test/app';
import { seedCompany } from '../../../../test/db';
import { employees } from '../../../db/schema/employees';
import { teamMembers, teams } from '../../../db/schema/teams';
import { type AuthTestApp, createAuthTestApp } from '../../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../../permissions/permissions-test-support';

// The employee import through app.inject: a 10,000-row XLSX with 20 planted errors is checked (dry
// run), reports exactly those rows, writes nothing until confirmed, and its error file lists them.

let t: AuthTestApp;
let hr: StaffMember;
let manager: StaffMember;
let companyId: number;

const HEADER = [
  'employee_number',
  'first_name',
  'last_name',
  'email',
  'teams',
  'start_of_work',
  'status',
  'salary',
];

beforeAll(async () => {
  t = await createAuthTestApp();
  const company = await seedCompany(t.database.db);
  companyId = company.id;
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  await t.database.db.insert(teams).values([
    { companyId, name: 'Engineering' },
    { companyId, name: 'Sales' },
  ]);
  await t.database.db
    .update(employees)
    .set({ workEmail: 'taken@example.test', employeeNumber: 'M1' })
    .where(and(eq(employees.companyId, companyId), eq(employees.id, manager.user.employeeId)));
});

afterAll(async () => {
  await t?.close();
});

/** A valid data row for person `i`. */
function validRow(i: number): string[] {
  return [
    `N${i}`,
    `First${i}`,
    `Last${i}`,
    `person${i}@example.test`,
    i % 2 ? 'Engineering' : 'Sales; Engineering',
    '2030-01-15',
    '',
    String(1000 + i),
  ];
}

/** Twenty planted errors, by data index (0-based; the file row is index + 2). */
const PLANTED: Record<number, (row: string[]) => void> = {};
const plant = (indexes: number[], change: (row: string[]) => void) => {
  for (const index of indexes) PLANTED[index] = change;
};
plant([10, 2000, 4000, 9999], (row) => {
  row[4] = 'Nowhere';
});
plant([20, 3000, 5000, 7000], (row) => {
  row[5] = '2030-02-30';
});
// Duplicates of rows 0, 1 and 2's emails (those rows stay valid: the later one is the duplicate).
plant([500], (row) => {
  row[3] = 'person0@example.test';
});
plant([501], (row) => {
  row[3] = 'person1@example.test';
});
plant([502], (row) => {
  row[3] = 'person2@example.test';
});
plant([600, 601, 602], (row) => {
  row[3] = 'taken@example.test';
});
plant([700, 701, 702], (row) => {
  row[1] = '';
});
plant([800, 801, 802], (row) => {
  row[6] = 'On the moon';
});

async function buildXlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Employees');
  sheet.addRow(HEADER);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

function buildRows(withErrors: boolean): string[][] {
  const rows: string[][] = [];
  for (let i = 0; i < 10_000; i += 1) {
    const row = validRow(i);
    const change = PLANTED[i];
    if (change && withErrors) change(row);
    else if (change) continue;
    rows.push(row);
  }
  return rows;
}

async function upload(who: StaffMember, bytes: Buffer, fileName: string) {
  const body = await multipart([['file', new Blob([new Uint8Array(bytes)]), fileName]]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/employee-imports',
    headers: { ...who.headers, ...body.headers },
    payload: body.payload,
  });
}

async function countEmployees() {
  return t.database.db.$count(employees, eq(employees.companyId, companyId));
}

describe('employee import', () => {
  it('reports exactly the 20 planted errors of a 10,000-row XLSX and imports nothing until confirmed', async () => {
    const before = await countEmployees();
    const answer = await upload(hr, await buildXlsx(buildRows(true)), 'people.xlsx');
    expect(answer.statusCode, answer.body).toBe(201);
    const imported = answer.json().data;
    expect(imported).toMatchObject({
      status: 'checked',
      format: 'xlsx',
      summary: { rows: 10_000, create: 9_980, update: 0, error: 20 },
    });
    expect(await countEmployees()).toBe(before);

    const rows = await callAs(
      t,
      hr,
      'GET',
      `/api/v1/employee-imports/${imported.id}/rows?only=errors&per_page=100`,
    );
    expect(rows.statusCode).toBe(200);
    const reported = rows.json().data as { row: number; errors: { column: string; message: string }[] }[];
    const expected = Object.keys(PLANTED)
      .map((index) => Number(index) + 2)
      .sort((a, b) => a - b);
    expect(reported.map((row) => row.row)).toEqual(expected);
    const byRow = new Map(reported.map((row) => [row.row, row.errors]));
    expect(byRow.get(12)).toEqual([{ column: 'teams', message: 'unknown_team' }]);
    expect(byRow.get(22)).toEqual([{ column: 'start_of_work', message: 'bad_date' }]);
    expect(byRow.get(502)).toEqual([{ column: 'email', message: 'duplicate_in_file', other_row: 2 }]);
    expect(byRow.get(602)).toEqual([{ column: 'email', message: 'email_taken' }]);
    expect(byRow.get(604)).toContainEqual({ column: 'email', message: 'email_taken' });
    expect(byRow.get(702)).toEqual([{ column: 'first_name', message: 'required' }]);
    expect(byRow.get(802)).toEqual([{ column: 'status', message: 'unknown_value' }]);

    // The error file lists those rows, as they were, with what is wrong.
    const file = await callAs(t, hr, 'GET', `/api/v1/employee-imports/${imported.id}/errors`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([file.rawPayload]));
    const sheet = workbook.worksheets[0];
    const lines: string[][] = [];
    sheet?.eachRow((row) => {
      lines.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
    });
    expect(lines[0]).toEqual(['row', ...HEADER, 'errors']);
    expect(lines.slice(1).map((line) => Number(line[0]))).toEqual(expected);
    expect(lines.find((line) => line[0] === '12')?.at(-1)).toBe('teams: No team has this name');
    expect(lines.find((line) => line[0] === '502')?.at(-1)).toBe('email: Also in row 2');

    // Confirming checks again: any error, nothing is written.
    const confirm = await callAs(t, hr, 'POST', `/api/v1/employee-imports/${imported.id}/confirm`);
    expect(confirm.statusCode).toBe(422);
    expect(await countEmployees()).toBe(before);
  }, 120_000);

  it('imports a clean 10,000-row file in one transaction on confirmation, then updates by number', async () => {
    const before = await countEmployees();
    const clean = buildRows(false);
    const answer = await upload(hr, await buildXlsx(clean), 'clean.xlsx');
    expect(answer.statusCode, answer.body).toBe(201);
    const { id, summary } = answer.json().data;
    expect(summary).toEqual({ rows: 9_980, create: 9_980, update: 0, error: 0 });
    expect(await countEmployees()).toBe(before);

    const confirm = await callAs(t, hr, 'POST', `/api/v1/employee-imports/${id}/confirm`);
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json().data).toMatchObject({ status: 'imported', summary: { create: 9_980 } });
    expect(await countEmployees()).toBe(before + 9_980);
    const [person] = await t.database.db
      .select()
      .from(employees)
      .where(and(eq(employees.companyId, companyId), eq(employees.employeeNumber, 'N4')));
    expect(person).toMatchObject({
      firstName: 'First4',
      workEmail: 'person4@example.test',
      startOfWork: '2030-01-15',
    });
    expect(await t.database.db.$count(teamMembers, eq(teamMembers.employeeId, person?.id ?? 0))).toBe(2);
    // Confirming twice does nothing more.
    expect((await callAs(t, hr, 'POST', `/api/v1/employee-imports/${id}/confirm`)).statusCode).toBe(409);

    // A CSV (semicolons, as Excel writes them in ru/uk) updates by employee number; empty cells keep values.
    const csv = 'employee_number;first_name;position\nN4;Fourth;Engineer\nN5;;=1+1\n';
    const update = await upload(hr, Buffer.from(csv), 'update.csv');
    expect(update.statusCode, update.body).toBe(201);
    expect(update.json().data.summary).toEqual({ rows: 2, create: 0, update: 2, error: 0 });
    const done = await callAs(t, hr, 'POST', `/api/v1/employee-imports/${update.json().data.id}/confirm`);
    expect(done.statusCode, done.body).toBe(200);
    const [updated] = await t.database.db
      .select()
      .from(employees)
      .where(and(eq(employees.companyId, companyId), eq(employees.employeeNumber, 'N4')));
    expect(updated).toMatchObject({ firstName: 'Fourth', lastName: 'Last4', position: 'Engineer' });
  }, 180_000);

  it('serves a template with every allowed column and the allowed values', async () => {
    const file = await callAs(t, hr, 'GET', '/api/v1/employee-imports/template');
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([file.rawPayload]));
    const header = ((workbook.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['employee_number', 'first_name', 'teams', 'salary']));
    const values: string[] = [];
    workbook.worksheets[1]?.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1).join('='));
    });
    expect(values).toEqual(expect.arrayContaining(['teams=Engineering', 'teams=Sales']));
  });

  it('refuses roles that cannot create and update every employee, and unknown columns', async () => {
    const csv = Buffer.from('first_name\nAnna\n');
    expect((await upload(manager, csv, 'a.csv')).statusCode).toBe(403);
    expect((await callAs(t, manager, 'GET', '/api/v1/employee-imports/template')).statusCode).toBe(403);
    const unknown = await upload(hr, Buffer.from('first_name,favourite_colour\nAnna,blue\n'), 'b.csv');
    expect(unknown.statusCode).toBe(422);
    expect(JSON.stringify(unknown.json())).toContain('favourite_colour');
    expect((await upload(hr, Buffer.from('not a zip'), 'c.xlsx')).statusCode).toBe(422);
    expect((await upload(hr, Buffer.from('x'), 'c.pdf')).statusCode).toBe(422);
  });
});
