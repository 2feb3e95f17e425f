import { createdAbsenceRequestResponseSchema } from '@kadry/shared/schemas/absences';
import { type Notification, notificationsResponseSchema } from '@kadry/shared/schemas/notifications';
import { notificationCountSchema } from '@kadry/shared/schemas/recruiting';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { seedCompany, seedForm, seedVacancy } from '../../../test/db';
import { workCalendars } from '../../db/schema/absences';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { notifications } from '../../db/schema/notifications';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';
import { forgetTargetNotifications, notifyUsers } from './notifications.service';

// The notification list, counter and mark-read across kinds (new applications, absence steps): each
// user sees and marks only their own, within their company.

let t: AuthTestApp;
let company: Company;
let otherCompany: Company;
let owner: StaffMember;
let employee: StaffMember;
let stranger: StaffMember;
let vacancyId: number;
let vacancyName: string;
let applicationId: number;
let requestId: number;

async function settle() {
  await t.app.events.settled();
  await t.app.jobs.settled();
}

async function listOf(who: StaffMember, query = '') {
  const response = await callAs(t, who, 'GET', `/api/v1/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return notificationsResponseSchema.parse(response.json());
}

async function unreadOf(who: StaffMember) {
  const response = await callAs(t, who, 'GET', '/api/v1/notifications/count');
  expect(response.statusCode).toBe(200);
  return notificationCountSchema.parse(response.json()).data.unread;
}

function absenceOf(list: Notification[], kind: Notification['kind']) {
  const found = list.find((item) => item.kind === kind);
  if (!found || !('absence_request' in found)) throw new Error(`no ${kind} notification`);
  return found;
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  otherCompany = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  employee = await seedStaff(t, company, 'employee');
  stranger = await seedStaff(t, otherCompany, 'owner');
  await seedForm(t.database.db, company.id, [
    { name: 'Name', type: 'name', inputType: 'text', required: true },
  ]);
  const vacancy = await seedVacancy(t.database.db, company.id);
  vacancyId = vacancy.id;
  vacancyName = vacancy.name;
  await t.database.db
    .insert(workCalendars)
    .values({ companyId: company.id, name: 'Main', timeZone: 'Europe/Kyiv', isDefault: true });
  expect((await callAs(t, owner, 'GET', '/api/v1/absences/types')).statusCode).toBe(200);

  // A new application: the owner is told.
  const body = await multipart([
    ['fields[0][type]', 'name'],
    ['fields[0][input_value]', 'Iryna'],
  ]);
  const submitted = await t.app.inject({
    method: 'POST',
    url: `/api/v1/public-vacancies/${vacancyId}/response`,
    headers: { ...body.headers, host: company.hosts[0] ?? '' },
    payload: body.payload,
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  applicationId = (submitted.json() as { data: { id: number } }).data.id;

  // A business trip to decide (the owner), then approved (the employee hears it).
  const created = await callAs(t, employee, 'POST', '/api/v1/employee-request/requests', {
    absence_type: 'business_trip',
    date_from: '2031-03-03',
    date_to: '2031-03-07',
  });
  expect(created.statusCode, created.body).toBe(201);
  requestId = createdAbsenceRequestResponseSchema.parse(created.json()).data.id;
  await settle();
  const approved = await callAs(
    t,
    owner,
    'POST',
    `/api/v1/employee-request/requests/${requestId}/approve`,
    {},
  );
  expect(approved.statusCode, approved.body).toBe(200);
  await settle();
});

afterAll(async () => {
  await t?.close();
});

describe('the notification list', () => {
  it('lists both kinds, newest first, saying what each is about', async () => {
    const list = await listOf(owner);
    expect(list.data.map((item) => item.kind)).toEqual(['absence_requested', 'application_created']);
    const application = list.data.find((item) => item.kind === 'application_created');
    expect(application).toMatchObject({
      kind: 'application_created',
      application_id: applicationId,
      vacancy_id: vacancyId,
      vacancy_name: vacancyName,
      read_at: null,
    });
    const [person] = await t.database.db
      .select({ firstName: employees.firstName, lastName: employees.lastName })
      .from(employees)
      .where(and(eq(employees.companyId, company.id), eq(employees.id, employee.user.employeeId)));
    expect(absenceOf(list.data, 'absence_requested')).toMatchObject({
      read_at: null,
      absence_request: {
        id: requestId,
        employee_id: employee.user.employeeId,
        employee_name: `${person?.firstName} ${person?.lastName}`.trim(),
        is_own: false,
        absence_type: 'business_trip',
        date_from: '2031-03-03',
        date_to: '2031-03-07',
        half_day_start: false,
        half_day_end: false,
        status: 'approved',
      },
    });
    expect(absenceOf(list.data, 'absence_requested').absence_request.type_names.uk).not.toBe('');
    expect(list.meta).toMatchObject({ total: 2, unread: 2, current_page: 1, last_page: 1 });

    const own = await listOf(employee);
    expect(own.data).toHaveLength(1);
    expect(absenceOf(own.data, 'absence_approved').absence_request).toMatchObject({
      id: requestId,
      is_own: true,
    });
  });

  it('pages', async () => {
    const first = await listOf(owner, '?per_page=1');
    const second = await listOf(owner, '?per_page=1&page=2');
    expect(first.meta).toMatchObject({ total: 2, last_page: 2, per_page: 1 });
    expect(first.data.map((item) => item.kind)).toEqual(['absence_requested']);
    expect(second.data.map((item) => item.kind)).toEqual(['application_created']);
    expect((await callAs(t, owner, 'GET', '/api/v1/notifications?per_page=1000')).statusCode).toBe(422);
    expect((await callAs(t, owner, 'GET', '/api/v1/notifications?page=0')).statusCode).toBe(422);
  });

  it('counts and marks read across kinds, only the user’s own', async () => {
    expect(await unreadOf(owner)).toBe(2);
    expect(await unreadOf(employee)).toBe(1);
    const absence = absenceOf((await listOf(owner)).data, 'absence_requested');
    const employeeOwn = absenceOf((await listOf(employee)).data, 'absence_approved');

    // The owner marks their absence notification read, and tries the employee's: theirs stays unread.
    const read = await callAs(t, owner, 'POST', '/api/v1/notifications/read', {
      ids: [absence.id, employeeOwn.id],
    });
    expect(read.statusCode).toBe(200);
    expect(notificationCountSchema.parse(read.json()).data.unread).toBe(1);
    expect(await unreadOf(employee)).toBe(1);
    const after = await listOf(owner);
    expect(absenceOf(after.data, 'absence_requested').read_at).not.toBeNull();
    expect(after.data.find((item) => item.kind === 'application_created')?.read_at).toBeNull();
    expect(after.meta.unread).toBe(1);

    // Mark all: the application too; the employee's stays.
    const all = await callAs(t, owner, 'POST', '/api/v1/notifications/read', {});
    expect(notificationCountSchema.parse(all.json()).data.unread).toBe(0);
    expect(await unreadOf(employee)).toBe(1);
  });

  it('stays within the company', async () => {
    const list = await listOf(stranger);
    expect(list.data).toEqual([]);
    expect(list.meta.total).toBe(0);
    const ours = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.companyId, company.id));
    expect(ours.length).toBeGreaterThan(0);
    // Marking another company's ids read touches nothing of theirs.
    const read = await callAs(t, stranger, 'POST', '/api/v1/notifications/read', {
      ids: ours.map((row) => row.id),
    });
    expect(read.statusCode).toBe(200);
    expect(await unreadOf(employee)).toBe(1);
  });

  it('answers nothing without a session', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: { host: company.hosts[0] ?? '', accept: 'application/json' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lists generic notifications with their link, once per dedupe key, and forgets them with their target', async () => {
    const notice = {
      userIds: [employee.user.id, employee.user.id],
      kind: 'task_assigned' as const,
      target: { type: 'task' as const, id: 987 },
      actorName: 'Olena Koval',
      title: 'Welcome meeting',
      link: '/app/tasks/987',
      dedupeKey: 'task-987-assigned',
    };
    await notifyUsers(t.database.db, company.id, notice);
    await notifyUsers(t.database.db, company.id, notice); // a redelivered event
    const list = await listOf(employee);
    const generic = list.data.filter((item) => item.kind === 'task_assigned');
    expect(generic).toHaveLength(1);
    expect(generic[0]).toMatchObject({
      target: { type: 'task', id: 987 },
      actor_name: 'Olena Koval',
      title: 'Welcome meeting',
      link: '/app/tasks/987',
      read_at: null,
    });
    expect((await listOf(owner)).data.some((item) => item.kind === 'task_assigned')).toBe(false);

    await forgetTargetNotifications(t.database.db, company.id, { type: 'task', id: 987 });
    expect((await listOf(employee)).data.some((item) => item.kind === 'task_assigned')).toBe(false);
  });
});
