import { sql } from 'drizzle-orm';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from '../../../test/app';
import { seedCompany, seedForm } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { jobs } from '../../db/schema/jobs';
import { applicationMails } from '../../db/schema/recruiting-mail';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// Candidate mail through a real SMTP server started here (smtp-server), parsed back with mailparser:
// the acknowledgement of an application, and a delayed rejection — cancelled, and not cancelled.

let smtp: SMTPServer;
let port: number;
const received: ParsedMail[] = [];
let t: TestApp;
let company: Company;
let recruiter: StaffMember;
let vacancyId: number;

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((item) => item.value.map((entry) => entry.address ?? ''));
}

/** Mail the SMTP server got for this recipient. */
function mailTo(address: string): ParsedMail[] {
  return received.filter((mail) => addresses(mail.to).includes(address));
}

async function apply(name: string, email: string): Promise<number> {
  const body = await multipart([
    ['fields[0][type]', 'name'],
    ['fields[0][input_value]', name],
    ['fields[1][type]', 'email'],
    ['fields[1][input_value]', email],
  ]);
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/public-vacancies/${vacancyId}/response?lang=uk`,
    headers: { ...body.headers, host: company.hosts[0] ?? '', 'accept-language': 'uk' },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  await t.app.events.settled();
  await t.app.jobs.settled();
  return response.json().data.id;
}

/** Lets the delay pass: the scheduled mail's job (and the mail) fall due now. */
async function letDelayPass(mailId: number) {
  const db = t.database.db;
  await db
    .update(applicationMails)
    .set({ sendAt: sql`now()` })
    .where(sql`${applicationMails.id} = ${mailId}`);
  await db
    .update(jobs)
    .set({ availableAt: sql`now()` })
    .where(sql`${jobs.kind} = 'candidate-mail.send' and ${jobs.payload} ->> 'mailId' = ${String(mailId)}`);
  await t.app.jobs.settled();
}

async function rejectWithDelay(applicationId: number) {
  const reasons = await callAs(t, recruiter, 'GET', '/api/v1/dictionaries/rejection-reasons');
  const response = await callAs(t, recruiter, 'POST', `/api/v1/applications/${applicationId}/rejection`, {
    reason_id: reasons.json().data[0].id,
    mail: {
      locale: 'en',
      subject: 'Your application for {vacancy}',
      body: '<p>Dear {candidate_name}, thank you.</p>',
      delay_minutes: 30,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const mail = response.json().data.mail;
  expect(mail.state).toBe('scheduled');
  return mail.id as number;
}

async function mailState(mailId: number): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ state: applicationMails.state })
    .from(applicationMails)
    .where(sql`${applicationMails.id} = ${mailId}`);
  return row?.state;
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const address = smtp.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Kadry <jobs@kadry.test>' },
  });
  company = await seedCompany(t.database.db, { name: 'Acme' });
  await seedForm(t.database.db, company.id, [
    { name: 'Name', type: 'name', inputType: 'text', required: true },
    { name: 'Email', type: 'email', inputType: 'email', required: true },
  ]);
  const auth = {
    app: t.app,
    database: t.database,
    env: t.env,
    mail: [],
    clock: { now: new Date(), advance() {} },
    close: t.close,
  };
  const hr = await seedStaff(auth, company, 'hr');
  recruiter = await seedStaff(auth, company, 'recruiter');
  const created = await callAs(t, hr, 'POST', '/api/v1/vacancies', {
    name: 'Welder',
    recruiter_ids: [recruiter.user.id],
  });
  expect(created.statusCode, created.body).toBe(201);
  vacancyId = created.json().data.id;
  expect((await callAs(t, hr, 'POST', `/api/v1/vacancies/${vacancyId}/publish`)).statusCode).toBe(200);
}, 60_000);

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

describe('candidate mail over SMTP', () => {
  it('acknowledges an application in the language it was sent in', async () => {
    await apply('Оксана', 'oksana@example.test');
    const [ack] = mailTo('oksana@example.test');
    expect(ack?.subject).toBe('Ми отримали ваш відгук: Welder');
    expect(ack?.text).toContain('Вітаємо, Оксана!');
    expect(ack?.html).toContain('<p>Вітаємо, Оксана!</p>');
    expect(addresses(ack?.from)).toEqual(['jobs@kadry.test']);
    // Nobody to reply to on an automatic mail.
    expect(ack?.replyTo).toBeUndefined();
    expect(mailTo('oksana@example.test')).toHaveLength(1);
  });

  it('sends a delayed rejection once the delay passed, replying to the recruiter', async () => {
    const id = await apply('Petro', 'petro@example.test');
    const mailId = await rejectWithDelay(id);
    await t.app.jobs.settled();
    expect(mailTo('petro@example.test').map((mail) => mail.subject)).not.toContain(
      'Your application for Welder',
    );
    await letDelayPass(mailId);
    const rejection = mailTo('petro@example.test').find(
      (mail) => mail.subject === 'Your application for Welder',
    );
    expect(rejection?.text).toContain('Dear Petro, thank you.');
    expect(addresses(rejection?.replyTo)).toEqual([recruiter.user.email]);
    expect(await mailState(mailId)).toBe('sent');
    // Too late to cancel now.
    const cancel = await callAs(t, recruiter, 'POST', `/api/v1/application-mails/${mailId}/cancel`);
    expect(cancel.statusCode).toBe(409);
  });

  it('never sends a delayed rejection that was cancelled', async () => {
    const id = await apply('Iryna', 'iryna@example.test');
    const mailId = await rejectWithDelay(id);
    const cancel = await callAs(t, recruiter, 'POST', `/api/v1/application-mails/${mailId}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    await letDelayPass(mailId);
    expect(mailTo('iryna@example.test').map((mail) => mail.subject)).toEqual([
      'Ми отримали ваш відгук: Welder',
    ]);
    expect(await mailState(mailId)).toBe('cancelled');
  });
});
