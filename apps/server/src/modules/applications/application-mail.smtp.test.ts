import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { jobs } from '../../db/schema/jobs';
import { applicationMails } from '../../db/schema/recruiting-mail';
import { callAs, type StaffMember } from '../permissions/permissions-test-support';
import { addresses, type SmtpRecruiting, startSmtpRecruiting } from './smtp-test-support';

// Candidate mail through a real SMTP server (smtp-test-support.ts), parsed back with mailparser:
// the acknowledgement of an application, and a delayed rejection — cancelled, and not cancelled.

let smtp: SmtpRecruiting;
let t: TestApp;
let recruiter: StaffMember;
const apply = (name: string, email: string) => smtp.apply(name, email);
const mailTo = (address: string) => smtp.mailTo(address);

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
  smtp = await startSmtpRecruiting();
  ({ t, recruiter } = smtp);
}, 60_000);

afterAll(async () => {
  await smtp?.close();
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
