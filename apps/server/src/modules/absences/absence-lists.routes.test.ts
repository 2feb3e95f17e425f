import {
  absenceBalanceResponseSchema,
  absenceFilterResponseSchema,
  absenceListResponseSchema,
  absencePreviewResponseSchema,
  absenceRequestResponseSchema,
  absenceRequestsResponseSchema,
  absentTodayResponseSchema,
  absentTodayTotalResponseSchema,
  createdAbsenceRequestResponseSchema,
  directEntryResponseSchema,
  ledgerResponseSchema,
  managementCountResponseSchema,
  managementResponseSchema,
} from '@kadry/shared/schemas/absences';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import {
  absenceLedgerEntries,
  absenceRequests,
  employeeCalendars,
  workCalendars,
} from '../../db/schema/absences';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { storedFiles } from '../../db/schema/files';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// The request lists, the management tab, who is away, ledger lines, preview, direct entry and
// documents (issue 14; docs/decisions/018-absence-ledger.md), with permission refusals and company
// isolation. The app's clock stands at 2031-03-10 09:00 UTC.

let t: AuthTestApp;
let company: Company;
let other: Company;
let hr: StaffMember;
let manager: StaffMember;
let employee: StaffMember;
let teammate: StaffMember;
let outsider: StaffMember;
let plain: StaffMember;
let otherHr: StaffMember;
let teamId: number;

const REQUESTS = '/api/v1/employee-request/requests';

async function create(who: StaffMember, body: Record<string, unknown>) {
  const response = await callAs(t, who, 'POST', REQUESTS, body);
  expect(response.statusCode, response.body).toBe(201);
  return createdAbsenceRequestResponseSchema.parse(response.json()).data;
}

function get(who: StaffMember, url: string) {
  return callAs(t, who, 'GET', url);
}

async function requestCount(): Promise<number> {
  const rows = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(absenceRequests)
    .where(eq(absenceRequests.companyId, company.id));
  return rows[0]?.n ?? 0;
}

function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type: string }) {
  const boundary = '----kadry-absence-boundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files[0]"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function postMultipart(who: StaffMember, body: ReturnType<typeof multipart>) {
  return t.app.inject({
    method: 'POST',
    url: REQUESTS,
    headers: { ...who.headers, accept: 'application/json', 'content-type': body.contentType },
    payload: body.payload,
  });
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  other = await seedCompany(t.database.db);
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  teammate = await seedStaff(t, company, 'employee');
  outsider = await seedStaff(t, company, 'manager');
  plain = await seedStaff(t, company, 'employee');
  otherHr = await seedStaff(t, other, 'hr');
  teamId = await seedTeam(t.database.db, company.id, 'Team');
  await addTeamMember(t.database.db, {
    companyId: company.id,
    teamId,
    userId: manager.user.id,
    isManager: true,
  });
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: employee.user.id });
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: teammate.user.id });
  for (const who of [employee, teammate]) {
    await t.database.db
      .update(employees)
      .set({ managerId: manager.user.employeeId })
      .where(eq(employees.id, who.user.employeeId));
  }
  await t.database.db
    .insert(workCalendars)
    .values({ companyId: company.id, name: 'Main', timeZone: 'Europe/Kyiv', isDefault: true });
  expect((await get(hr, '/api/v1/absences/types')).statusCode).toBe(200);
  expect((await get(otherHr, '/api/v1/absences/types')).statusCode).toBe(200);
});

afterAll(async () => {
  await t?.close();
});

describe('request lists', () => {
  let employeeRequest: number;
  let teammateRequest: number;
  let plainRequest: number;

  beforeAll(async () => {
    employeeRequest = (
      await create(employee, { absence_type: 'vacation', date_from: '2031-04-07', date_to: '2031-04-08' })
    ).id;
    teammateRequest = (
      await create(teammate, { absence_type: 'home_work', date_from: '2031-04-09', date_to: '2031-04-09' })
    ).id;
    plainRequest = (
      await create(plain, { absence_type: 'home_work', date_from: '2031-04-10', date_to: '2031-04-10' })
    ).id;
  });

  async function listIds(who: StaffMember, query = '') {
    const response = await get(who, `/api/v1/dashboard/requests${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return absenceRequestsResponseSchema.parse(response.json()).data.map((row) => row.id);
  }

  it('shows each user the requests their AbsenceRequest view level reaches', async () => {
    expect(await listIds(employee)).toEqual([employeeRequest]);
    expect((await listIds(manager)).sort()).toEqual([employeeRequest, teammateRequest].sort());
    expect(await listIds(outsider)).toEqual([]);
    expect(await listIds(hr)).toEqual(
      expect.arrayContaining([employeeRequest, teammateRequest, plainRequest]),
    );
    // Another company sees none of them, and none by id.
    expect(await listIds(otherHr)).toEqual([]);
    expect((await get(otherHr, `/api/v1/dashboard/requests/${employeeRequest}`)).statusCode).toBe(404);
    expect((await get(outsider, `/api/v1/dashboard/requests/${employeeRequest}`)).statusCode).toBe(404);
    const one = await get(manager, `/api/v1/dashboard/requests/${employeeRequest}`);
    expect(one.statusCode, one.body).toBe(200);
    const data = absenceRequestResponseSchema.parse(one.json()).data;
    expect(data.employee_name).not.toBe('');
    expect(data.can).toMatchObject({ decide: true, cancel: false, revoke: false });
  });

  it('filters by status, type, employee, team and dates, and pages', async () => {
    expect(await listIds(hr, `?absence_type=home_work&team_id=${teamId}`)).toEqual([teammateRequest]);
    expect(await listIds(hr, `?employee_id=${plain.user.employeeId}`)).toEqual([plainRequest]);
    expect(await listIds(hr, '?date_from=2031-04-08&date_to=2031-04-09')).toEqual(
      expect.arrayContaining([employeeRequest, teammateRequest]),
    );
    expect(await listIds(hr, '?date_from=2031-04-08&date_to=2031-04-09')).not.toContain(plainRequest);
    expect(await listIds(hr, `?status=approved&team_id=${teamId}`)).toEqual([]);
    const paged = absenceRequestsResponseSchema.parse(
      (await get(hr, `/api/v1/dashboard/requests?per_page=1&team_id=${teamId}`)).json(),
    );
    expect(paged.data).toHaveLength(1);
    expect(paged.meta).toMatchObject({ total: 2, last_page: 2 });
    expect((await get(hr, '/api/v1/dashboard/requests?status=nope')).statusCode).toBe(422);
    expect(
      (await get(hr, '/api/v1/dashboard/requests?date_from=2031-05-01&date_to=2031-04-01')).statusCode,
    ).toBe(422);
  });

  it('answers the user’s own requests under my, whatever the filters name', async () => {
    const response = await get(
      manager,
      `/api/v1/dashboard/requests/my?employee_id=${employee.user.employeeId}`,
    );
    expect(absenceRequestsResponseSchema.parse(response.json()).data).toEqual([]);
    const mine = await get(employee, '/api/v1/dashboard/requests/my');
    expect(absenceRequestsResponseSchema.parse(mine.json()).data.map((row) => row.id)).toEqual([
      employeeRequest,
    ]);
  });

  it('lists in the management tab what awaits the user’s decision, with the badge count', async () => {
    const managerTab = managementResponseSchema.parse(
      (await get(manager, '/api/v1/absences/management')).json(),
    );
    expect(managerTab.data.map((row) => row.id).sort()).toEqual([employeeRequest, teammateRequest].sort());
    const count = managementCountResponseSchema.parse(
      (await get(manager, '/api/v1/absences/management/count')).json(),
    );
    expect(count.data.total).toBe(2);
    expect(count.data.by_type.map((row) => row.total).reduce((a, b) => a + b, 0)).toBe(2);
    // HR (update to_all) may decide a manager step too, and then the HR step; the outsider nothing.
    const hrBefore = managementResponseSchema.parse((await get(hr, '/api/v1/absences/management')).json());
    expect(hrBefore.data.map((row) => row.id)).toEqual(
      expect.arrayContaining([employeeRequest, teammateRequest, plainRequest]),
    );
    const outsiderTab = managementResponseSchema.parse(
      (await get(outsider, '/api/v1/absences/management')).json(),
    );
    expect(outsiderTab.data).toEqual([]);
    const approved = await callAs(t, manager, 'POST', `${REQUESTS}/${employeeRequest}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const hrAfter = managementResponseSchema.parse((await get(hr, '/api/v1/absences/management')).json());
    const hrRow = hrAfter.data.find((row) => row.id === employeeRequest);
    expect(hrRow?.steps.map((step) => step.status)).toEqual(['approved', 'pending']);
    expect(hrRow?.steps[0]?.decided_by_name).toBe(manager.user.name);
    const managerAfter = managementCountResponseSchema.parse(
      (await get(manager, '/api/v1/absences/management/count')).json(),
    );
    expect(managerAfter.data.total).toBe(1);
    // Without an approval action or management_tab there is no tab; another company sees nothing.
    expect((await get(employee, '/api/v1/absences/management')).statusCode).toBe(403);
    expect((await get(employee, '/api/v1/absences/management/count')).statusCode).toBe(403);
    const otherTab = managementResponseSchema.parse(
      (await get(otherHr, '/api/v1/absences/management')).json(),
    );
    expect(otherTab.data).toEqual([]);
  });
});

describe('preview', () => {
  it('counts the days with half days, writing nothing', async () => {
    const before = await requestCount();
    const response = await callAs(t, employee, 'POST', `${REQUESTS}/preview`, {
      absence_type: 'vacation',
      date_from: '2031-06-02',
      date_to: '2031-06-05',
      half_day_end: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const data = absencePreviewResponseSchema.parse(response.json()).data;
    expect(data).toMatchObject({ unit: 'half_days', days: 3.5, days_by_year: { 2031: 3.5 } });
    expect(data.available_after?.['2031']).toBeTypeOf('number');
    expect(await requestCount()).toBe(before);
  });

  it('refuses like sending would: an overlap under date_from, over the balance under absence_type', async () => {
    const overlap = await callAs(t, employee, 'POST', `${REQUESTS}/preview`, {
      absence_type: 'home_work',
      date_from: '2031-04-08',
      date_to: '2031-04-08',
    });
    expect(overlap.statusCode).toBe(422);
    expect(Object.keys(overlap.json().errors)).toEqual(['date_from']);
    const tooMuch = await callAs(t, employee, 'POST', `${REQUESTS}/preview`, {
      absence_type: 'vacation',
      date_from: '2031-07-01',
      date_to: '2031-08-29',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(Object.keys(tooMuch.json().errors)).toEqual(['absence_type']);
    // Someone the user cannot see is refused like a request for them.
    const hidden = await callAs(t, employee, 'POST', `${REQUESTS}/preview`, {
      absence_type: 'home_work',
      employee_id: plain.user.employeeId,
      date_from: '2031-06-02',
      date_to: '2031-06-02',
    });
    expect(Object.keys(hidden.json().errors)).toEqual(['employee_id']);
  });
});

describe('balances and ledger lines', () => {
  it('explains the own balance line by line: the lines sum to accrued − used', async () => {
    const response = await get(employee, '/api/v1/absences/ledger?absence_type=vacation');
    expect(response.statusCode, response.body).toBe(200);
    const { balance, entries } = ledgerResponseSchema.parse(response.json()).data;
    expect(balance.year).toBe(2031);
    expect(entries.length).toBeGreaterThan(0);
    const sum = entries.reduce((total, entry) => total + Math.round(entry.amount * 100), 0) / 100;
    expect(sum).toBe(balance.accrued - balance.used);
  });

  it('lets HR read another employee’s balance and ledger, and hides them from others (404)', async () => {
    const balances = await get(hr, `/api/v1/absences/balances/${employee.user.employeeId}`);
    expect(balances.statusCode, balances.body).toBe(200);
    expect(absenceBalanceResponseSchema.parse(balances.json()).data[0]?.absence_type).toBe('vacation');
    const ledger = await get(
      hr,
      `/api/v1/absences/ledger?absence_type=vacation&employee_id=${employee.user.employeeId}`,
    );
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect((await get(teammate, `/api/v1/absences/balances/${employee.user.employeeId}`)).statusCode).toBe(
      404,
    );
    expect(
      (
        await get(
          teammate,
          `/api/v1/absences/ledger?absence_type=vacation&employee_id=${employee.user.employeeId}`,
        )
      ).statusCode,
    ).toBe(404);
    expect((await get(otherHr, `/api/v1/absences/balances/${employee.user.employeeId}`)).statusCode).toBe(
      404,
    );
  });
});

describe('direct entry by HR', () => {
  it('enters a whole team in one go, reporting the refused person without writing for them', async () => {
    // The employee already has a live vacation on 7–8 April: their home work that day is refused.
    const response = await callAs(t, hr, 'POST', '/api/v1/absences/entries', {
      absence_type: 'business_trip',
      team_id: teamId,
      date_from: '2031-04-08',
      date_to: '2031-04-08',
    });
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = directEntryResponseSchema.parse(response.json());
    expect(meta).toEqual({ created: 2, refused: 1 });
    const refused = data.find((row) => row.result === 'refused');
    expect(refused?.employee_id).toBe(employee.user.employeeId);
    expect(Object.keys(refused?.errors ?? {})).toEqual(['date_from']);
    const created = data.filter((row) => row.result === 'created');
    expect(created.map((row) => row.status)).toEqual(['approved', 'approved']);
    const written = await t.database.db
      .select()
      .from(absenceRequests)
      .where(
        and(
          eq(absenceRequests.employeeId, employee.user.employeeId),
          eq(absenceRequests.dateFrom, '2031-04-08'),
        ),
      );
    expect(written).toHaveLength(0);
  });

  it('refuses whoever has no create_absence, and people of another company', async () => {
    const body = {
      absence_type: 'business_trip',
      employee_ids: [teammate.user.employeeId],
      date_from: '2031-05-05',
      date_to: '2031-05-05',
    };
    expect((await callAs(t, manager, 'POST', '/api/v1/absences/entries', body)).statusCode).toBe(403);
    expect((await callAs(t, employee, 'POST', '/api/v1/absences/entries', body)).statusCode).toBe(403);
    const foreign = directEntryResponseSchema.parse(
      (await callAs(t, otherHr, 'POST', '/api/v1/absences/entries', body)).json(),
    );
    expect(foreign.data).toEqual([
      expect.objectContaining({
        result: 'refused',
        employee_name: '',
        errors: { employee_id: expect.any(Array) },
      }),
    ]);
    expect(
      (await callAs(t, hr, 'POST', '/api/v1/absences/entries', { ...body, employee_ids: [] })).statusCode,
    ).toBe(422);
  });

  it('changes the dates of an entered absence and removes one through the ledger', async () => {
    const created = await create(hr, {
      absence_type: 'vacation',
      employee_id: teammate.user.employeeId,
      date_from: '2031-09-01',
      date_to: '2031-09-02',
    });
    expect(created.status).toBe('approved');
    const url = `/api/v1/absences/entries/${created.id}`;
    const moved = await callAs(t, hr, 'PUT', url, { date_from: '2031-09-01', date_to: '2031-09-05' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(absenceRequestResponseSchema.parse(moved.json()).data.days).toBe(5);
    expect(
      (await callAs(t, manager, 'PUT', url, { date_from: '2031-09-01', date_to: '2031-09-03' })).statusCode,
    ).toBe(403);
    const entries = () =>
      t.database.db.select().from(absenceLedgerEntries).where(eq(absenceLedgerEntries.requestId, created.id));
    expect((await entries()).reduce((sum, entry) => sum + entry.amount, 0)).toBe(-5);
    expect((await callAs(t, manager, 'DELETE', url)).statusCode).toBe(403);
    expect((await callAs(t, otherHr, 'DELETE', url)).statusCode).toBe(404);
    const removed = await callAs(t, hr, 'DELETE', url);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(absenceRequestResponseSchema.parse(removed.json()).data.status).toBe('revoked');
    expect((await entries()).reduce((sum, entry) => sum + entry.amount, 0)).toBe(0);
    expect((await callAs(t, hr, 'DELETE', url)).statusCode).toBe(409);
  });
});

describe('who is away', () => {
  beforeAll(async () => {
    // Away today (10 March) and next week; one in a far time zone whose today is still the 9th.
    await create(hr, {
      absence_type: 'sick_days',
      employee_id: employee.user.employeeId,
      date_from: '2031-03-10',
      date_to: '2031-03-11',
    });
    await create(hr, {
      absence_type: 'vacation',
      employee_id: teammate.user.employeeId,
      date_from: '2031-03-17',
      date_to: '2031-03-18',
    });
    const [far] = await t.database.db
      .insert(workCalendars)
      .values({ companyId: company.id, name: 'Far', timeZone: 'Pacific/Honolulu' })
      .returning();
    if (!far) throw new Error('no calendar');
    await t.database.db
      .insert(employeeCalendars)
      .values({ companyId: company.id, employeeId: plain.user.employeeId, calendarId: far.id });
    await create(hr, {
      absence_type: 'sick_days',
      employee_id: plain.user.employeeId,
      date_from: '2031-03-10',
      date_to: '2031-03-10',
    });
    // Still the 9th in Honolulu: a one-day trip there (calendar days) is today for them.
    await create(hr, {
      absence_type: 'business_trip',
      employee_id: plain.user.employeeId,
      date_from: '2031-03-09',
      date_to: '2031-03-09',
    });
  });

  it('lists who is away today in their own time zone, with the total matching', async () => {
    // 09:00 UTC is 23:00 of the 9th in Honolulu: the sick day of the 10th has not begun there, the
    // trip of the 9th is on; in Kyiv it is the 10th.
    const response = await get(hr, '/api/v1/dashboard/absent-today');
    expect(response.statusCode, response.body).toBe(200);
    const list = absentTodayResponseSchema.parse(response.json());
    expect(list.data.map((row) => [row.employee_id, row.absence_type, row.today]).sort()).toEqual(
      [
        [employee.user.employeeId, 'sick_days', '2031-03-10'],
        [plain.user.employeeId, 'business_trip', '2031-03-09'],
      ].sort(),
    );
    const total = absentTodayTotalResponseSchema.parse(
      (await get(hr, '/api/v1/dashboard/absent-today/total')).json(),
    );
    expect(total.data.total).toBe(list.meta.total);
    const sick = absentTodayTotalResponseSchema.parse(
      (await get(hr, '/api/v1/dashboard/absent-today/total?absence_type=sick_days')).json(),
    );
    expect(sick.data.total).toBe(1);
    // Only people the user may see: the outsider manager sees nobody, another company nobody.
    expect(
      absentTodayResponseSchema.parse((await get(outsider, '/api/v1/dashboard/absent-today')).json()).data,
    ).toEqual([]);
    const foreign = absentTodayTotalResponseSchema.parse(
      (await get(otherHr, '/api/v1/dashboard/absent-today/total')).json(),
    );
    expect(foreign.data.total).toBe(0);
  });

  it('lists approved absences from today with a type filter, and the types by total, most first', async () => {
    const list = absenceListResponseSchema.parse((await get(manager, '/api/v1/dashboard/absences')).json());
    expect(list.data.every((row) => row.date_to >= '2031-03-10')).toBe(true);
    expect(list.data.map((row) => row.employee_id)).toContain(teammate.user.employeeId);
    const vacations = absenceListResponseSchema.parse(
      (await get(manager, '/api/v1/dashboard/absences?absence_type=vacation&per_page=1')).json(),
    );
    expect(vacations.data.every((row) => row.absence_type === 'vacation')).toBe(true);
    const filter = absenceFilterResponseSchema.parse(
      (await get(hr, '/api/v1/dashboard/absences/filter')).json(),
    );
    const totals = filter.data.map((row) => row.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(filter.data.find((row) => row.absence_type === 'business_trip')?.total).toBe(2);
    expect(filter.data.find((row) => row.absence_type === 'vacation')?.total).toBe(1);
    expect(
      absenceListResponseSchema.parse((await get(otherHr, '/api/v1/dashboard/absences')).json()).data,
    ).toEqual([]);
  });
});

describe('documents', () => {
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 32), Buffer.from('\n%%EOF\n')]);

  it('refuses a sick leave that needs a document without one (422 under files)', async () => {
    const json = await callAs(t, employee, 'POST', REQUESTS, {
      absence_type: 'sick_days_doc',
      date_from: '2031-10-06',
      date_to: '2031-10-07',
    });
    expect(json.statusCode).toBe(422);
    expect(Object.keys(json.json().errors)).toEqual(['files']);
    const bare = await postMultipart(
      employee,
      multipart({ absence_type: 'sick_days_doc', date_from: '2031-10-06', date_to: '2031-10-07' }),
    );
    expect(bare.statusCode).toBe(422);
  });

  it('stores the document with the request and lets whoever sees the request download it', async () => {
    const response = await postMultipart(
      employee,
      multipart(
        {
          absence_type: 'sick_days_doc',
          date_from: '2031-10-06',
          date_to: '2031-10-07',
          half_day_start: 'false',
          comment: 'Flu',
        },
        { name: 'note.pdf', bytes: pdf, type: 'application/pdf' },
      ),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { id } = createdAbsenceRequestResponseSchema.parse(response.json()).data;
    const one = absenceRequestResponseSchema.parse((await get(hr, `${REQUESTS}/${id}`)).json()).data;
    expect(one.files).toHaveLength(1);
    expect(one.comment).toBe('Flu');
    const fileId = one.files[0]?.id;
    const download = await get(hr, `${REQUESTS}/${id}/files/${fileId}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect((await get(employee, `${REQUESTS}/${id}/files/${fileId}`)).statusCode).toBe(200);
    expect((await get(outsider, `${REQUESTS}/${id}/files/${fileId}`)).statusCode).toBe(404);
    expect((await get(otherHr, `${REQUESTS}/${id}/files/${fileId}`)).statusCode).toBe(404);
    expect((await get(hr, `${REQUESTS}/${id}/files/999999`)).statusCode).toBe(404);
  });

  it('validates multipart text parts like JSON ones, recording no document on refusal', async () => {
    const files = async () =>
      (
        await t.database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(storedFiles)
          .where(eq(storedFiles.companyId, company.id))
      )[0]?.n;
    const before = await files();
    const response = await postMultipart(
      employee,
      multipart(
        { absence_type: 'sick_days_doc', date_from: '2031-10-20', date_to: '2031-10-13' },
        { name: 'note.pdf', bytes: pdf, type: 'application/pdf' },
      ),
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['date_to']);
    expect(await files()).toBe(before);
  });
});

describe('bad date ranges', () => {
  const TO_BEFORE_FROM = 'The end date is before the start date.';
  const OUT_OF_RANGE = 'Choose a date between 1900 and 2200.';

  it('refuses a "To" before "From" on every list and filter with 422 under date_to, never 500', async () => {
    for (const path of [
      '/api/v1/dashboard/absences',
      '/api/v1/dashboard/absences/filter',
      '/api/v1/dashboard/requests',
      '/api/v1/dashboard/requests/my',
    ]) {
      const response = await get(hr, `${path}?date_from=2031-05-01&date_to=2031-04-01`);
      expect(response.statusCode, path).toBe(422);
      expect(response.json(), path).toEqual({
        message: expect.any(String),
        errors: { date_to: [TO_BEFORE_FROM] },
      });
      // The same day at both ends is a range.
      expect((await get(hr, `${path}?date_from=2031-05-01&date_to=2031-05-01`)).statusCode, path).toBe(200);
    }
  });

  it('refuses dates outside 1900–2200 under their field instead of failing at the database', async () => {
    const before = await requestCount();
    // An end in year 9999 counted ~2 million days, more than an amount holds: a 500 before.
    const far = await callAs(t, hr, 'POST', REQUESTS, {
      absence_type: 'home_work',
      employee_id: employee.user.employeeId,
      date_from: '2031-05-05',
      date_to: '9999-12-31',
    });
    expect(far.statusCode, far.body).toBe(422);
    expect(far.json()).toEqual({ message: expect.any(String), errors: { date_to: [OUT_OF_RANGE] } });
    const early = await callAs(t, hr, 'POST', `${REQUESTS}/preview`, {
      absence_type: 'vacation',
      date_from: '0001-01-01',
      date_to: '0001-01-05',
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.date_from).toEqual([OUT_OF_RANGE]);
    const entry = await callAs(t, hr, 'POST', '/api/v1/absences/entries', {
      absence_type: 'home_work',
      employee_ids: [employee.user.employeeId],
      date_from: '2031-05-05',
      date_to: '2201-01-01',
    });
    expect(entry.statusCode).toBe(422);
    expect(entry.json().errors.date_to).toEqual([OUT_OF_RANGE]);
    expect((await get(hr, '/api/v1/dashboard/absences?date_to=2201-01-01')).statusCode).toBe(422);
    expect(await requestCount()).toBe(before);
  });
});
