import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { seedCompany, seedForm, seedVacancy } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { outboxEvents } from '../../db/schema/events';
import { notifications } from '../../db/schema/notifications';
import { type AuthTestApp, createAuthTestApp } from '../auth/auth-test-support';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// A new application reaches staff through the event bus: the submission writes application.created
// in its own transaction, and the notifications module hears it, once.

let t: AuthTestApp;
let company: Company;
let vacancyId: number;
let owner: StaffMember;

async function submit(name: string, key?: string) {
  const body = await multipart([
    ['fields[0][type]', 'name'],
    ['fields[0][input_value]', name],
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/public-vacancies/${vacancyId}/response`,
    headers: { ...body.headers, host: company.hosts[0] ?? '', ...(key ? { 'idempotency-key': key } : {}) },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { id: number } }).data.id;
}

async function notificationsOf(applicationId: number) {
  return t.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.companyId, company.id), eq(notifications.applicationId, applicationId)));
}

beforeAll(async () => {
  t = await createAuthTestApp();
  company = await seedCompany(t.database.db);
  await seedForm(t.database.db, company.id, [
    { name: 'Name', type: 'name', inputType: 'text', required: true },
  ]);
  vacancyId = (await seedVacancy(t.database.db, company.id)).id;
  owner = await seedStaff(t, company, 'owner');
});

afterAll(async () => {
  await t?.close();
});

describe('notifications of new applications', () => {
  it('are sent once per application, also when the submission is retried with the same idempotency key', async () => {
    const id = await submit('Iryna', 'retry-key-1');
    const replayed = await submit('Iryna', 'retry-key-1');
    expect(replayed).toBe(id);
    await t.app.events.settled();

    expect(await notificationsOf(id)).toHaveLength(1);
    const mail = t.mail.filter(
      (message) => message.to === owner.user.email && message.text.includes(`/${id}`),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain(`/app/applications/${id}`);
    // One event was recorded, for the one application, and delivered to the notifications (other
    // modules subscribe to it too: one outbox row each).
    const events = await t.database.db
      .select()
      .from(outboxEvents)
      .where(and(eq(outboxEvents.companyId, company.id), eq(outboxEvents.name, 'application.created')));
    const forThis = events.filter(
      (event) =>
        (event.payload as { applicationId: number }).applicationId === id &&
        event.handler === 'notifications.new-application',
    );
    expect(forThis).toHaveLength(1);
    expect(forThis[0]?.deliveredAt).toBeInstanceOf(Date);
  });

  it('a delivery that runs again (a crash after sending) notifies nobody twice', async () => {
    const id = await submit('Petro');
    await t.app.events.settled();
    const before = t.mail.length;
    // As if the process died after the mail went out but before the delivery was marked done.
    await t.database.db
      .update(outboxEvents)
      .set({ deliveredAt: null })
      .where(and(eq(outboxEvents.companyId, company.id), eq(outboxEvents.name, 'application.created')));
    await t.app.events.settled();
    expect(await notificationsOf(id)).toHaveLength(1);
    expect(t.mail.length).toBe(before);
  });

  it('count the unread ones and mark them read, only the user’s own', async () => {
    const before = (await callAs(t, owner, 'GET', '/api/v1/notifications/count')).json().data
      .unread as number;
    expect(before).toBeGreaterThanOrEqual(2);
    const read = await callAs(t, owner, 'POST', '/api/v1/notifications/read', {});
    expect(read.statusCode).toBe(200);
    expect(read.json().data.unread).toBe(0);
    const tooBig = await callAs(t, owner, 'POST', '/api/v1/notifications/read', { ids: [99_999_999_999] });
    expect(tooBig.statusCode).toBe(422);
  });
});
