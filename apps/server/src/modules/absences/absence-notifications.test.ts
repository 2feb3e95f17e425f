import { createdAbsenceRequestResponseSchema } from '@kadry/shared/schemas/absences';
import { and, asc, eq, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedCompany } from '../../../test/db';
import { absenceTypes, workCalendars } from '../../db/schema/absences';
import type { Company } from '../../db/schema/companies';
import { employees } from '../../db/schema/employees';
import { outboxEvents } from '../../db/schema/events';
import { jobs } from '../../db/schema/jobs';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import {
  addTeamMember,
  callAs,
  type StaffMember,
  seedStaff,
  seedTeam,
} from '../permissions/permissions-test-support';

// Absence notifications through the real event bus and job queue: who is told what at each step of
// the manager → HR chain, reject, cancel and revoke; in the recipient's language; never twice; and
// nobody who could not open the request hears of it.

let t: AuthTestApp;
let company: Company;
let owner: StaffMember;
let hr: StaffMember;
let manager: StaffMember;
let employee: StaffMember;
let colleague: StaffMember;
let outsider: StaffMember;
let disabledHr: StaffMember;

const BASE = '/api/v1/employee-request/requests';
let mailMark = 0;

async function settle() {
  await t.app.events.settled();
  await t.app.jobs.settled();
}

/** The mail sent since the last call, as "who: subject" lines sorted (and the messages themselves). */
async function newMail() {
  await settle();
  const messages = t.mail.slice(mailMark);
  mailMark = t.mail.length;
  return messages;
}

function recipients(messages: { to: string }[]): string[] {
  return messages.map((message) => message.to).sort();
}

function emailsOf(...who: StaffMember[]): string[] {
  return who.map((member) => member.user.email).sort();
}

async function create(who: StaffMember, body: Record<string, unknown>) {
  const response = await callAs(t, who, 'POST', BASE, body);
  expect(response.statusCode, response.body).toBe(201);
  return createdAbsenceRequestResponseSchema.parse(response.json()).data;
}

/** The in-app notifications of a request as "user id: kind (read?)" lines, sorted. */
async function inAppOf(requestId: number) {
  const rows = await t.database.db
    .select({ userId: notifications.userId, kind: notifications.kind, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.companyId, company.id), eq(notifications.absenceRequestId, requestId)))
    .orderBy(asc(notifications.id));
  return rows.map((row) => `${row.userId}:${row.kind}${row.readAt ? ' (read)' : ''}`).sort();
}

function rowsFor(kind: string, ...who: StaffMember[]): string[] {
  return who.map((member) => `${member.user.id}:${kind}`);
}

async function act(who: StaffMember, id: number, action: string, body: Record<string, unknown> = {}) {
  const response = await callAs(t, who, 'POST', `${BASE}/${id}/${action}`, body);
  expect(response.statusCode, response.body).toBe(200);
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
  hr = await seedStaff(t, company, 'hr');
  manager = await seedStaff(t, company, 'manager');
  employee = await seedStaff(t, company, 'employee');
  colleague = await seedStaff(t, company, 'employee');
  // A manager of another team: holds every approval action, but cannot see the employee.
  outsider = await seedStaff(t, company, 'manager');
  disabledHr = await seedStaff(t, company, 'hr');
  await t.database.db.update(users).set({ isDisabled: true }).where(eq(users.id, disabledHr.user.id));
  const teamId = await seedTeam(t.database.db, company.id, 'Team');
  const otherTeamId = await seedTeam(t.database.db, company.id, 'Other team');
  await addTeamMember(t.database.db, {
    companyId: company.id,
    teamId,
    userId: manager.user.id,
    isManager: true,
  });
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: employee.user.id });
  await addTeamMember(t.database.db, { companyId: company.id, teamId, userId: colleague.user.id });
  await addTeamMember(t.database.db, {
    companyId: company.id,
    teamId: otherTeamId,
    userId: outsider.user.id,
    isManager: true,
  });
  await t.database.db
    .update(employees)
    .set({ managerId: manager.user.employeeId, startOfWork: '2020-01-01' })
    .where(eq(employees.id, employee.user.employeeId));
  await t.database.db
    .insert(workCalendars)
    .values({ companyId: company.id, name: 'Main', timeZone: 'Europe/Kyiv', isDefault: true });
  expect((await callAs(t, owner, 'GET', '/api/v1/absences/types')).statusCode).toBe(200);
  await settle();
});

beforeEach(async () => {
  await newMail();
});

afterAll(async () => {
  await t?.close();
});

describe('absence notifications', () => {
  it('walk the manager → HR chain: each step’s approvers, then the employee, then on revoke the approvers too', async () => {
    const { id } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2031-04-07',
      date_to: '2031-04-09',
      comment: 'Family trip',
    });
    // The manager step: its named approver, and whoever's update level reaches the employee.
    const requested = await newMail();
    expect(recipients(requested)).toEqual(emailsOf(owner, hr, manager));
    const toManager = requested.find((message) => message.to === manager.user.email);
    expect(toManager?.subject).toContain('Absence request to decide');
    expect(toManager?.text).toContain('2031-04-07 – 2031-04-09, 3 days');
    expect(toManager?.text).toContain('Family trip');

    await act(manager, id, 'approve');
    // The HR step: only those whose level is to_all (the manager's reaches only the team).
    const stepApproved = await newMail();
    expect(recipients(stepApproved)).toEqual(emailsOf(owner, hr));
    expect(stepApproved.every((message) => message.subject.includes('to decide'))).toBe(true);

    await act(hr, id, 'approve');
    const approved = await newMail();
    expect(recipients(approved)).toEqual(emailsOf(employee));
    expect(approved[0]?.subject).toContain('Your absence is approved');

    await act(owner, id, 'revoke', { reason: 'Project deadline' });
    // The employee, and both approvers (the owner revoked it and is not told of their own act).
    const revoked = await newMail();
    expect(recipients(revoked)).toEqual(emailsOf(employee, hr, manager));
    expect(revoked.find((message) => message.to === employee.user.email)?.subject).toContain(
      'Your absence is revoked',
    );
    expect(revoked.find((message) => message.to === manager.user.email)?.subject).toContain(
      'An absence you approved is revoked',
    );
  });

  it('reject: the employee hears it with the reason', async () => {
    const { id } = await create(employee, {
      absence_type: 'home_work',
      date_from: '2031-04-14',
      date_to: '2031-04-14',
      half_day_end: true,
    });
    const requested = await newMail();
    expect(recipients(requested)).toEqual(emailsOf(owner, hr, manager));
    expect(requested[0]?.text).toContain('0.5 days');
    expect(requested[0]?.text).toContain('until midday');
    await act(manager, id, 'reject', { reason: 'Team offsite that day' });
    const rejected = await newMail();
    expect(recipients(rejected)).toEqual(emailsOf(employee));
    expect(rejected[0]?.text).toContain('Reason: Team offsite that day');
  });

  it('cancel: whoever could decide the pending step hears it is withdrawn', async () => {
    const { id } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2031-04-21',
      date_to: '2031-04-21',
    });
    await newMail();
    await act(employee, id, 'cancel');
    const cancelled = await newMail();
    expect(recipients(cancelled)).toEqual(emailsOf(owner, hr, manager));
    expect(cancelled[0]?.subject).toContain('withdrawn');
  });

  it('are written in the recipient’s language', async () => {
    await t.database.db.update(users).set({ locale: 'uk' }).where(eq(users.id, manager.user.id));
    await t.database.db.update(users).set({ locale: 'ru' }).where(eq(users.id, hr.user.id));
    try {
      await create(employee, {
        absence_type: 'vacation',
        date_from: '2031-04-28',
        date_to: '2031-04-29',
      });
      const mail = await newMail();
      const uk = mail.find((message) => message.to === manager.user.email);
      const ru = mail.find((message) => message.to === hr.user.email);
      const en = mail.find((message) => message.to === owner.user.email);
      expect(uk?.subject).toContain('Заявка на відсутність чекає рішення');
      expect(uk?.text).toContain('2 дні');
      expect(uk?.text).toContain('Відпустка');
      expect(ru?.subject).toContain('Заявка на отсутствие ждёт решения');
      expect(ru?.text).toContain('2 дня');
      expect(en?.subject).toContain('Absence request to decide');
    } finally {
      await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, manager.user.id));
      await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, hr.user.id));
    }
  });

  it('a redelivered event sends nothing twice', async () => {
    const { id } = await create(employee, {
      absence_type: 'business_trip',
      date_from: '2031-05-05',
      date_to: '2031-05-06',
    });
    expect(recipients(await newMail())).toEqual(emailsOf(owner, hr, manager));
    await act(manager, id, 'approve');
    expect(recipients(await newMail())).toEqual(emailsOf(employee));
    // As if the process died after sending but before marking the deliveries done.
    await t.database.db
      .update(outboxEvents)
      .set({ deliveredAt: null })
      .where(and(eq(outboxEvents.companyId, company.id), like(outboxEvents.name, 'absence.%')));
    expect(await newMail()).toEqual([]);
    const keyed = await t.database.db
      .select({ key: jobs.replaceKey })
      .from(jobs)
      .where(and(eq(jobs.companyId, company.id), like(jobs.replaceKey, `absence-notice:${id}:%`)));
    expect(keyed).toHaveLength(4);
  });

  it('events delivered after the request moved on tell the later step’s approvers once', async () => {
    // Both the request and the manager's approval happen before any delivery.
    await t.app.events.stop();
    let id = 0;
    try {
      id = (
        await create(employee, {
          absence_type: 'unpaid_vacation',
          date_from: '2031-05-12',
          date_to: '2031-05-12',
        })
      ).id;
      await act(manager, id, 'approve');
    } finally {
      t.app.events.start();
    }
    const mail = await newMail();
    // Nobody is asked to decide the manager step that is already decided; HR is asked once.
    expect(recipients(mail)).toEqual(emailsOf(owner, hr));
    expect(id).toBeGreaterThan(0);
  });

  it('an absence entered for someone by HR tells them; one’s own absence needing no approval tells nobody', async () => {
    await create(hr, {
      absence_type: 'sick_days',
      employee_id: employee.user.employeeId,
      date_from: '2031-05-19',
      date_to: '2031-05-20',
    });
    expect(recipients(await newMail())).toEqual(emailsOf(employee));
    await t.database.db.update(users).set({ isDisabled: true }).where(eq(users.id, employee.user.id));
    try {
      await create(hr, {
        absence_type: 'sick_days',
        employee_id: employee.user.employeeId,
        date_from: '2031-05-21',
        date_to: '2031-05-21',
      });
      // A disabled account hears nothing.
      expect(await newMail()).toEqual([]);
    } finally {
      await t.database.db.update(users).set({ isDisabled: false }).where(eq(users.id, employee.user.id));
    }
  });

  it('nobody who could not open the request hears of it', async () => {
    const { id } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2031-06-02',
      date_to: '2031-06-03',
    });
    const told = new Set(recipients(await newMail()));
    await act(manager, id, 'approve');
    for (const email of recipients(await newMail())) told.add(email);
    await act(hr, id, 'reject', { reason: 'No' });
    for (const email of recipients(await newMail())) told.add(email);
    const { id: other } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2031-06-09',
      date_to: '2031-06-09',
    });
    for (const email of recipients(await newMail())) told.add(email);
    await act(employee, other, 'cancel');
    for (const email of recipients(await newMail())) told.add(email);
    for (const member of [outsider, colleague, disabledHr]) expect(told.has(member.user.email)).toBe(false);
    // And those who were told can open it.
    for (const member of [owner, hr, manager, employee]) {
      expect(told.has(member.user.email)).toBe(true);
      expect((await callAs(t, member, 'GET', `${BASE}/${id}`)).statusCode).toBe(200);
    }
    for (const member of [outsider, colleague]) {
      expect((await callAs(t, member, 'GET', `${BASE}/${id}`)).statusCode).toBe(404);
    }
  });

  it('write an in-app notification for every mailed recipient, and link the mail to the request', async () => {
    const origin = `http://${owner.headers.host}`;
    const { id } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2031-07-07',
      date_to: '2031-07-08',
    });
    const requested = await newMail();
    expect(await inAppOf(id)).toEqual(rowsFor('absence_requested', owner, hr, manager).sort());
    for (const message of requested) {
      expect(message.text).toContain(`Open the request: ${origin}/app/absences/requests?request=${id}`);
    }

    await act(manager, id, 'approve');
    const stepApproved = await newMail();
    expect(recipients(stepApproved)).toEqual(emailsOf(owner, hr));
    expect(await inAppOf(id)).toEqual(
      [
        ...rowsFor('absence_requested', owner, hr, manager),
        ...rowsFor('absence_step_approved', owner, hr),
      ].sort(),
    );

    await act(hr, id, 'approve');
    const approved = await newMail();
    // The employee's own page opens the outcome of their own request.
    expect(approved[0]?.text).toContain(`${origin}/app/absences?request=${id}`);
    await act(owner, id, 'revoke', {});
    const revoked = await newMail();
    expect(recipients(revoked)).toEqual(emailsOf(employee, hr, manager));
    expect(revoked.find((message) => message.to === manager.user.email)?.text).toContain(
      `${origin}/app/absences/requests?request=${id}`,
    );
    expect(await inAppOf(id)).toEqual(
      [
        ...rowsFor('absence_requested', owner, hr, manager),
        ...rowsFor('absence_step_approved', owner, hr),
        ...rowsFor('absence_approved', employee),
        ...rowsFor('absence_revoked', employee, hr, manager),
      ].sort(),
    );

    const { id: rejectedId } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2031-07-14',
      date_to: '2031-07-14',
    });
    // The approvers hear of a request while it waits: one decided before its event is delivered tells
    // nobody it was requested (absence-notifications.service.ts), so each is delivered first here.
    await settle();
    await act(manager, rejectedId, 'reject', { reason: 'Release week' });
    const { id: cancelledId } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2031-07-21',
      date_to: '2031-07-21',
    });
    await settle();
    await act(employee, cancelledId, 'cancel');
    await newMail();
    expect(await inAppOf(rejectedId)).toEqual(
      [...rowsFor('absence_requested', owner, hr, manager), ...rowsFor('absence_rejected', employee)].sort(),
    );
    expect(await inAppOf(cancelledId)).toEqual(
      [
        ...rowsFor('absence_requested', owner, hr, manager),
        ...rowsFor('absence_cancelled', owner, hr, manager),
      ].sort(),
    );
  });

  it('a redelivered event writes no second notification and leaves a read one read', async () => {
    const { id } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2031-08-04',
      date_to: '2031-08-04',
    });
    await newMail();
    await t.database.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.companyId, company.id), eq(notifications.userId, manager.user.id)));
    const before = await inAppOf(id);
    expect(before).toContain(`${manager.user.id}:absence_requested (read)`);
    await t.database.db
      .update(outboxEvents)
      .set({ deliveredAt: null })
      .where(
        and(
          eq(outboxEvents.companyId, company.id),
          sql`${outboxEvents.payload}->>'requestId' = ${String(id)}`,
        ),
      );
    expect(await newMail()).toEqual([]);
    expect(await inAppOf(id)).toEqual(before);
  });

  it('a later step of the same kind raises the approver’s notification again as unread', async () => {
    // A chain with two HR steps: the owner is asked at each (one row per kind, raised again).
    const [type] = await t.database.db
      .select({ chain: absenceTypes.approvalChain })
      .from(absenceTypes)
      .where(and(eq(absenceTypes.companyId, company.id), eq(absenceTypes.code, 'unpaid_vacation')));
    await t.database.db
      .update(absenceTypes)
      .set({ approvalChain: ['manager', 'hr', 'hr'] })
      .where(and(eq(absenceTypes.companyId, company.id), eq(absenceTypes.code, 'unpaid_vacation')));
    try {
      const { id } = await create(employee, {
        absence_type: 'unpaid_vacation',
        date_from: '2031-08-11',
        date_to: '2031-08-11',
      });
      await act(manager, id, 'approve');
      await newMail();
      await t.database.db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.companyId, company.id), eq(notifications.absenceRequestId, id)));
      await act(hr, id, 'approve');
      // The owner (to_all) may decide the last step; HR decided the previous one and may too.
      expect(recipients(await newMail())).toEqual(emailsOf(owner, hr));
      const unread = await t.database.db
        .select({ userId: notifications.userId, kind: notifications.kind })
        .from(notifications)
        .where(
          and(
            eq(notifications.companyId, company.id),
            eq(notifications.absenceRequestId, id),
            isNull(notifications.readAt),
          ),
        );
      expect(unread.map((row) => `${row.userId}:${row.kind}`).sort()).toEqual(
        rowsFor('absence_step_approved', owner, hr).sort(),
      );
      expect(await inAppOf(id)).toHaveLength(5);
    } finally {
      await t.database.db
        .update(absenceTypes)
        .set({ approvalChain: type?.chain ?? ['manager', 'hr'] })
        .where(and(eq(absenceTypes.companyId, company.id), eq(absenceTypes.code, 'unpaid_vacation')));
    }
  });

  it('nobody who could not open a request gets an in-app notification of it', async () => {
    const { id } = await create(employee, {
      absence_type: 'vacation',
      date_from: '2031-08-18',
      date_to: '2031-08-18',
    });
    await act(manager, id, 'approve');
    await act(hr, id, 'approve');
    await act(owner, id, 'revoke', {});
    await newMail();
    const told = new Set((await inAppOf(id)).map((line) => Number(line.split(':')[0])));
    for (const member of [outsider, colleague, disabledHr]) expect(told.has(member.user.id)).toBe(false);
    for (const member of [owner, hr, manager, employee]) expect(told.has(member.user.id)).toBe(true);
  });
});
