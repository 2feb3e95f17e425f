import type { BuiltInRole } from '@kadry/shared/schemas/auth';
import { type AddressObject, type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { createTestApp, multipart, type TestApp } from '../../../test/app';
import { seedCompany, seedForm } from '../../../test/db';
import type { Company } from '../../db/schema/companies';
import { callAs, type StaffMember, seedStaff } from '../permissions/permissions-test-support';

// For tests of candidate mail over SMTP: a real SMTP server (smtp-server) whose mail is parsed back with
// mailparser, an app sending to it, and a company "Acme" with an application form (name, email) and a
// published vacancy "Welder" whose recruiter is `recruiter`.

export type SmtpRecruiting = {
  t: TestApp;
  company: Company;
  hr: StaffMember;
  recruiter: StaffMember;
  vacancyId: number;
  /** Every mail the SMTP server got, parsed. */
  received: ParsedMail[];
  /** Mail the SMTP server got for this recipient. */
  mailTo(address: string): ParsedMail[];
  /** A candidate applies to the vacancy (in Ukrainian) and what that sends is sent; the application's id. */
  apply(name: string, email: string): Promise<number>;
  /** Another staff member of the company. */
  seedStaff(role: BuiltInRole): Promise<StaffMember>;
  close(): Promise<void>;
};

/** The addresses of a parsed mail's address field (`to`, `from`…). */
export function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((item) => item.value.map((entry) => entry.address ?? ''));
}

export async function startSmtpRecruiting(): Promise<SmtpRecruiting> {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
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
  const port = typeof address === 'object' && address ? address.port : 0;
  const closeSmtp = () => new Promise<void>((resolve) => smtp.close(() => resolve()));
  let t: TestApp | undefined;
  try {
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Kadry <jobs@kadry.test>' },
    });
    const app = t;
    const company = await seedCompany(app.database.db, { name: 'Acme' });
    await seedForm(app.database.db, company.id, [
      { name: 'Name', type: 'name', inputType: 'text', required: true },
      { name: 'Email', type: 'email', inputType: 'email', required: true },
    ]);
    const auth = {
      app: app.app,
      database: app.database,
      env: app.env,
      mail: [],
      clock: { now: new Date(), advance() {} },
      close: app.close,
    };
    const hr = await seedStaff(auth, company, 'hr');
    const recruiter = await seedStaff(auth, company, 'recruiter');
    const created = await callAs(app, hr, 'POST', '/api/v1/vacancies', {
      name: 'Welder',
      recruiter_ids: [recruiter.user.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const vacancyId: number = created.json().data.id;
    expect((await callAs(app, hr, 'POST', `/api/v1/vacancies/${vacancyId}/publish`)).statusCode).toBe(200);

    return {
      t: app,
      company,
      hr,
      recruiter,
      vacancyId,
      received,
      mailTo: (to) => received.filter((mail) => addresses(mail.to).includes(to)),
      async apply(name, email) {
        const body = await multipart([
          ['fields[0][type]', 'name'],
          ['fields[0][input_value]', name],
          ['fields[1][type]', 'email'],
          ['fields[1][input_value]', email],
        ]);
        const response = await app.app.inject({
          method: 'POST',
          url: `/api/v1/public-vacancies/${vacancyId}/response?lang=uk`,
          headers: { ...body.headers, host: company.hosts[0] ?? '', 'accept-language': 'uk' },
          payload: body.payload,
        });
        expect(response.statusCode, response.body).toBe(201);
        await app.app.events.settled();
        await app.app.jobs.settled();
        return response.json().data.id;
      },
      seedStaff: (role) => seedStaff(auth, company, role),
      async close() {
        await app.close();
        await closeSmtp();
      },
    };
  } catch (error) {
    await t?.close();
    await closeSmtp();
    throw error;
  }
}
