import { createdAbsenceFeedResponseSchema } from '@kadry/shared/schemas/absence-reports';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// A person's iCal feed carries their tasks (about them or assigned to them) that the feed's creator
// may see: timed ones in floating time, all-day ones as dates, cancelled ones left out.

let t: AuthTestApp;
let company: Company;
let hr: StaffMember;
let employee: StaffMember;
let colleague: StaffMember;

async function createTask(who: StaffMember, body: Record<string, unknown>): Promise<number> {
  const response = await callAs(t, who, 'POST', '/api/v1/dashboard/my-tasks', {
    event_id: 6,
    date: '2031-03-12 10:00:00',
    date_end: '2031-03-12 10:30:59',
    ...body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

async function feedOf(who: StaffMember, body: Record<string, unknown>) {
  const response = await callAs(t, who, 'POST', '/api/v1/absences/feeds', { name: 'Feed', ...body });
  expect(response.statusCode, response.body).toBe(201);
  const { url } = createdAbsenceFeedResponseSchema.parse(response.json()).data;
  const fetched = await t.app.inject({
    method: 'GET',
    url: new URL(url).pathname,
    headers: { host: company.hosts[0] ?? '' },
  });
  expect(fetched.statusCode).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(fetched.body));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      isDate: event.startDate.isDate,
      floating: event.startDate.zone?.tzid === 'floating',
    };
  });
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  hr = await seedStaff(t, company, 'hr');
  employee = await seedStaff(t, company, 'employee');
  colleague = await seedStaff(t, company, 'employee');
});

afterAll(async () => {
  await t.close();
});

describe('tasks in a person’s feed', () => {
  it('lists the tasks about or assigned to the person that the creator sees', async () => {
    const oneToOne = await createTask(hr, {
      name: 'One to one',
      employee_id: employee.user.employeeId,
      assignee_id: employee.user.employeeId,
    });
    const welcome = await createTask(hr, {
      name: 'Welcome day',
      employee_id: employee.user.employeeId,
      all_day: true,
      date: '2031-03-14 00:00:00',
      date_end: '2031-03-15 23:59:59',
    });
    const cancelled = await createTask(hr, { name: 'Cancelled', employee_id: employee.user.employeeId });
    await callAs(t, hr, 'POST', `/api/v1/profile/events/${cancelled}/resolution`, {
      resolution: 'cancelled',
    });
    await createTask(hr, { name: 'About someone else', employee_id: colleague.user.employeeId });
    const own = await createTask(employee, { name: 'My own reminder' });

    const events = await feedOf(employee, { scope: 'person' });
    const tasks = events.filter((event) => event.uid.startsWith('task-'));
    expect(tasks).toEqual([
      {
        uid: `task-${oneToOne}@kadry`,
        summary: 'One to one',
        start: '2031-03-12T10:00:00',
        end: '2031-03-12T10:31:00',
        isDate: false,
        floating: true,
      },
      {
        uid: `task-${own}@kadry`,
        summary: 'My own reminder',
        start: '2031-03-12T10:00:00',
        end: '2031-03-12T10:31:00',
        isDate: false,
        floating: true,
      },
      {
        uid: `task-${welcome}@kadry`,
        summary: 'Welcome day',
        start: '2031-03-14',
        end: '2031-03-16',
        isDate: true,
        floating: true,
      },
    ]);
  });

  it('leaves tasks out of a feed of chosen absence types (“my vacations”)', async () => {
    await createTask(hr, { name: 'Not in a vacations feed', employee_id: employee.user.employeeId });
    const events = await feedOf(employee, { scope: 'person', type_codes: ['vacation'] });
    expect(events.filter((event) => event.uid.startsWith('task-'))).toEqual([]);
  });

  it('shows another person’s tasks only as far as the creator’s Employee.Tasks view reaches', async () => {
    const private_ = await createTask(colleague, { name: 'Colleague’s own' });
    const byHr = await feedOf(hr, { scope: 'person', employee_id: colleague.user.employeeId });
    expect(byHr.map((event) => event.uid)).toContain(`task-${private_}@kadry`);
    expect(byHr.map((event) => event.summary)).toContain('About someone else');
  });
});
