import { Readable } from 'node:stream';
import { employeeResponseSchema } from '@kadry/shared/schemas/employees';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../../test/app';
import { seedCompany } from '../../../../test/db';
import type { Company } from '../../../db/schema/companies';
import { employeeChanges, employeeImports, employees } from '../../../db/schema/employees';
import { users } from '../../../db/schema/users';
import { createMemoryStore } from '../../../storage/memory-store';
import { type AuthTestApp, createAuthTestApp } from '../../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../../permissions/permissions-test-support';
import { sweepStaleImports } from './employee-import.service';

// The import's list columns (languages with levels, relatives, links) through app.inject: their
// errors in the dry run, their import, the export writing them back so it imports unchanged; a
// dismissal by import disabling the account; discarding a checked import and the sweep of old ones.

let t: AuthTestApp;
let company: Company;
let hr: StaffMember;
let manager: StaffMember;

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
});

afterAll(async () => {
  await t?.close();
});

/** A CSV line: every cell quoted (list cells hold `;`, which the reader also takes as a separator). */
function line(cells: string[]): string {
  return cells.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',');
}

function csv(header: string[], rows: string[][]): Buffer {
  return Buffer.from([line(header), ...rows.map(line)].join('\n'));
}

async function upload(who: StaffMember, bytes: Buffer, fileName = 'people.csv') {
  const body = await multipart([['file', new Blob([new Uint8Array(bytes)]), fileName]]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/employee-imports',
    headers: { ...who.headers, ...body.headers, accept: 'application/json' },
    payload: body.payload,
  });
}

/** Uploads and confirms a file that must be clean; answers the import's id. */
async function importClean(bytes: Buffer): Promise<number> {
  const checked = await upload(hr, bytes);
  expect(checked.statusCode, checked.body).toBe(201);
  const id = checked.json().data.id as number;
  const rows = await callAs(t, hr, 'GET', `/api/v1/employee-imports/${id}/rows?only=errors`);
  expect(rows.json().data, 'no row has an error').toEqual([]);
  const confirmed = await callAs(t, hr, 'POST', `/api/v1/employee-imports/${id}/confirm`);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return id;
}

async function employeeByNumber(number: string) {
  const [row] = await t.database.db
    .select()
    .from(employees)
    .where(and(eq(employees.companyId, company.id), eq(employees.employeeNumber, number)));
  if (!row) throw new Error(`no employee ${number}`);
  return row;
}

async function profileOf(id: number) {
  const answer = await callAs(t, hr, 'GET', `/api/v1/employees/${id}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return employeeResponseSchema.parse(answer.json()).data;
}

const LIST_HEADER = ['employee_number', 'first_name', 'last_name', 'languages', 'relatives', 'links'];

describe('the list columns of the import', () => {
  it('reports every bad entry of languages, relatives and links in the dry run', async () => {
    const answer = await upload(
      hr,
      csv(LIST_HEADER, [
        ['L1', 'Good', 'Row', 'English: B2', 'Son: Taras (2019-05-01)', 'Telegram: https://t.me/good'],
        ['L2', 'Bad', 'Language', 'Klingon: B2', '', ''],
        ['L3', 'Bad', 'Level', 'English: fluent-ish', '', ''],
        ['L4', 'Bad', 'Relative', '', 'Cousin twice removed: Ivan', ''],
        ['L5', 'Bad', 'Birthday', '', 'Daughter: Olena (2019-02-30)', ''],
        ['L6', 'Bad', 'Icon', '', '', 'Myspace: https://myspace.com/x'],
        ['L7', 'Bad', 'Url', '', '', 'Telegram: t.me/no-scheme; javascript:alert(1)'],
      ]),
    );
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().data.summary).toEqual({ rows: 7, create: 1, update: 0, error: 6 });
    const rows = await callAs(t, hr, 'GET', `/api/v1/employee-imports/${answer.json().data.id}/rows`);
    const errorsByRow = new Map(
      (rows.json().data as { row: number; errors?: unknown[] }[]).map((row) => [row.row, row.errors ?? []]),
    );
    expect(errorsByRow.get(2)).toEqual([]);
    expect(errorsByRow.get(3)).toEqual([{ column: 'languages', message: 'unknown_language' }]);
    expect(errorsByRow.get(4)).toEqual([{ column: 'languages', message: 'unknown_level' }]);
    expect(errorsByRow.get(5)).toEqual([{ column: 'relatives', message: 'unknown_relative_type' }]);
    expect(errorsByRow.get(6)).toEqual([{ column: 'relatives', message: 'bad_date' }]);
    expect(errorsByRow.get(7)).toEqual([{ column: 'links', message: 'unknown_icon' }]);
    expect(errorsByRow.get(8)).toEqual([{ column: 'links', message: 'bad_url' }]);
  });

  it('imports the lists, replaces them on update with a history row, and an export imports back unchanged', async () => {
    await importClean(
      csv(LIST_HEADER, [
        [
          'LL1',
          'Lists',
          'Person',
          'English: B2; Українська: native; en: C1',
          'Son: Taras Kovalenko (2019-05-01); Wife: Olena; Mother: Iryna (01.02.1960)',
          'Telegram: https://t.me/lists; https://lists.example.dev; skype: skype:lists.person',
        ],
      ]),
    );
    const person = await employeeByNumber('LL1');
    const profile = await profileOf(person.id);
    expect(
      profile.languages.map((language) => [language.language.name, language.level?.name ?? null]),
    ).toEqual(
      expect.arrayContaining([
        ['English', 'B2 — Upper intermediate'],
        ['Ukrainian', 'Native'],
      ]),
    );
    // A language once: the first mention wins.
    expect(profile.languages).toHaveLength(2);
    expect(
      profile.relatives.map((relative) => [
        relative.relative_type?.name ?? null,
        relative.name,
        relative.birth_date,
      ]),
    ).toEqual([
      ['Son', 'Taras Kovalenko', '2019-05-01'],
      ['Wife', 'Olena', null],
      ['Mother', 'Iryna', '1960-02-01'],
    ]);
    expect(profile.links.map((link) => [link.icon?.name ?? null, link.url])).toEqual([
      ['Telegram', 'https://t.me/lists'],
      [null, 'https://lists.example.dev'],
      ['Skype', 'skype:lists.person'],
    ]);

    // An update replaces a list (an empty cell keeps the others) and records the change.
    await importClean(csv(['employee_number', 'languages', 'relatives'], [['LL1', 'Polish', '']]));
    const updated = await profileOf(person.id);
    expect(updated.languages.map((language) => [language.language.name, language.level])).toEqual([
      ['Polish', null],
    ]);
    expect(updated.relatives).toHaveLength(3);
    const history = await t.database.db
      .select({ field: employeeChanges.field, newValue: employeeChanges.newValue })
      .from(employeeChanges)
      .where(and(eq(employeeChanges.companyId, company.id), eq(employeeChanges.employeeId, person.id)));
    expect(history.filter((change) => change.field === 'languages')).toHaveLength(1);
    expect(history.some((change) => change.field === 'relatives')).toBe(false);

    // The export writes the same columns; importing it back changes nothing.
    const exported = await callAs(t, hr, 'GET', '/api/v1/employees/export?format=csv&state=all&search=ll1');
    expect(exported.statusCode).toBe(200);
    const text = exported.body.replace(/^\uFEFF/, '');
    const [header, row] = text.split('\r\n');
    expect(header?.split(',')).toEqual(expect.arrayContaining(['languages', 'relatives', 'links']));
    expect(row).toContain('"Son: Taras Kovalenko (2019-05-01); Wife: Olena; Mother: Iryna (1960-02-01)"');
    expect(row).toContain(
      '"Telegram: https://t.me/lists; https://lists.example.dev; Skype: skype:lists.person"',
    );
    const changesBefore = history.length;
    const again = await upload(hr, Buffer.from(text));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.summary).toEqual({ rows: 1, create: 0, update: 1, error: 0 });
    const confirmed = await callAs(t, hr, 'POST', `/api/v1/employee-imports/${again.json().data.id}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await profileOf(person.id)).toMatchObject({
      languages: updated.languages,
      relatives: updated.relatives,
      links: updated.links,
    });
    const after = await t.database.db.$count(
      employeeChanges,
      and(eq(employeeChanges.companyId, company.id), eq(employeeChanges.employeeId, person.id)),
    );
    expect(after).toBe(changesBefore);
  });

  it('lists the allowed languages, levels, relative types and icons in the template', async () => {
    const file = await callAs(t, hr, 'GET', '/api/v1/employee-imports/template');
    expect(file.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.read(Readable.from([file.rawPayload]));
    const header = ((workbook.worksheets[0]?.getRow(1).values ?? []) as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['languages', 'relatives', 'links']));
    const values: string[] = [];
    workbook.worksheets[1]?.eachRow((row) => {
      values.push((row.values as unknown[]).slice(1).join('='));
    });
    expect(values).toEqual(
      expect.arrayContaining([
        'languages=English',
        'languages: level=Native',
        'relatives: type=Son',
        'links: icon=Telegram',
      ]),
    );
  });
});

describe('a dismissal by import', () => {
  async function seedWithAccount(number: string): Promise<StaffMember> {
    const member = await seedStaff(t, company, 'employee');
    await t.database.db
      .update(employees)
      .set({ employeeNumber: number })
      .where(eq(employees.id, member.user.employeeId));
    return member;
  }

  async function isDisabled(member: StaffMember): Promise<boolean> {
    const [account] = await t.database.db.select().from(users).where(eq(users.id, member.user.id));
    return account?.isDisabled ?? false;
  }

  it('disables the account and ends its sessions in the same transaction, as the profile does', async () => {
    const byDate = await seedWithAccount('D1');
    const byStatus = await seedWithAccount('D2');
    const staying = await seedWithAccount('D3');
    await importClean(
      csv(
        ['employee_number', 'dismissal_date', 'status', 'position'],
        [
          ['D1', '2031-03-01', '', ''],
          ['D2', '', 'Dismissed', ''],
          ['D3', '', 'Working', 'Engineer'],
        ],
      ),
    );
    expect(await isDisabled(byDate)).toBe(true);
    expect(await isDisabled(byStatus)).toBe(true);
    expect(await isDisabled(staying)).toBe(false);
    expect((await callAs(t, byDate, 'GET', `/api/v1/employees/${byDate.user.employeeId}`)).statusCode).toBe(
      401,
    );
    expect(
      (await callAs(t, byStatus, 'GET', `/api/v1/employees/${byStatus.user.employeeId}`)).statusCode,
    ).toBe(401);
    expect((await callAs(t, staying, 'GET', `/api/v1/employees/${staying.user.employeeId}`)).statusCode).toBe(
      200,
    );
    expect(await profileOf(byDate.user.employeeId)).toMatchObject({ is_dismissed: true, access: 'disabled' });
  });

  it('writes nothing, the account included, when another row has an error', async () => {
    const member = await seedWithAccount('D4');
    const checked = await upload(
      hr,
      csv(
        ['employee_number', 'dismissal_date'],
        [
          ['D4', '2031-03-01'],
          ['D5', 'not a date'],
        ],
      ),
    );
    expect(checked.statusCode, checked.body).toBe(201);
    const confirmed = await callAs(
      t,
      hr,
      'POST',
      `/api/v1/employee-imports/${checked.json().data.id}/confirm`,
    );
    expect(confirmed.statusCode).toBe(422);
    expect(await isDisabled(member)).toBe(false);
    expect((await employeeByNumber('D4')).dismissalDate).toBeNull();
  });
});

describe('discarding a checked import', () => {
  it('drops it (204); then it is gone, and an imported one cannot be discarded (409)', async () => {
    const checked = await upload(hr, csv(['first_name'], [['Discarded']]));
    expect(checked.statusCode, checked.body).toBe(201);
    const id = checked.json().data.id as number;
    expect((await callAs(t, manager, 'DELETE', `/api/v1/employee-imports/${id}`)).statusCode).toBe(403);
    const dropped = await callAs(t, hr, 'DELETE', `/api/v1/employee-imports/${id}`);
    expect(dropped.statusCode, dropped.body).toBe(204);
    expect((await callAs(t, hr, 'GET', `/api/v1/employee-imports/${id}`)).statusCode).toBe(404);
    expect((await callAs(t, hr, 'GET', `/api/v1/employee-imports/${id}/errors`)).statusCode).toBe(404);
    expect((await callAs(t, hr, 'POST', `/api/v1/employee-imports/${id}/confirm`)).statusCode).toBe(404);
    expect((await callAs(t, hr, 'DELETE', `/api/v1/employee-imports/${id}`)).statusCode).toBe(404);

    const done = await importClean(csv(['first_name', 'last_name'], [['Kept', 'Imported']]));
    expect((await callAs(t, hr, 'DELETE', `/api/v1/employee-imports/${done}`)).statusCode).toBe(409);
    expect((await callAs(t, hr, 'GET', `/api/v1/employee-imports/${done}`)).statusCode).toBe(200);
  });

  it("answers 404 for another company's import", async () => {
    const other = await seedCompany(t.database.db);
    const otherHr = await seedStaff(t, other, 'hr');
    const checked = await upload(otherHr, csv(['first_name'], [['Elsewhere']]));
    expect(checked.statusCode, checked.body).toBe(201);
    const id = checked.json().data.id as number;
    expect((await callAs(t, hr, 'DELETE', `/api/v1/employee-imports/${id}`)).statusCode).toBe(404);
    expect((await callAs(t, otherHr, 'GET', `/api/v1/employee-imports/${id}`)).statusCode).toBe(200);
  });

  it('sweeps checked imports older than a day with their files, and nothing else', async () => {
    const store = createMemoryStore();
    const put = async (text: string) =>
      (await store.put(Readable.from([Buffer.from(text)]), { maxBytes: 1_000 })).key;
    const now = t.clock.now;
    const dayAndMore = new Date(now.getTime() - 25 * 3_600_000);
    const insert = async (status: 'checked' | 'imported', createdAt: Date) => {
      const key = await put(status);
      const [row] = await t.database.db
        .insert(employeeImports)
        .values({
          companyId: company.id,
          fileName: 'old.csv',
          storageKey: key,
          format: 'csv',
          status,
          createdAt,
        })
        .returning({ id: employeeImports.id });
      return { id: row?.id ?? 0, key };
    };
    const stale = await insert('checked', dayAndMore);
    const fresh = await insert('checked', new Date(now.getTime() - 3_600_000));
    const imported = await insert('imported', dayAndMore);
    expect(await sweepStaleImports(t.database.db, store, now)).toBeGreaterThanOrEqual(1);
    const left = new Set(
      (await t.database.db.select({ id: employeeImports.id }).from(employeeImports)).map((row) => row.id),
    );
    expect(left.has(stale.id)).toBe(false);
    expect(left.has(fresh.id)).toBe(true);
    expect(left.has(imported.id)).toBe(true);
    await expect(store.get(stale.key)).rejects.toThrow();
    await expect(store.get(fresh.key)).resolves.toBeDefined();
  });
});
