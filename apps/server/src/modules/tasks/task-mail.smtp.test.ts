import { DEFAULT_MAIL_MAX_SIZE_BYTES } from '@kadry/shared/schemas/auth';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/app';
import { type SmtpRecruiting, startSmtpRecruiting } from '../applications/smtp-test-support';
import type { StaffMember } from '../permissions/permissions-test-support';
import { planAttachments } from './task-mail';

// Task mail through a real SMTP server (applications/smtp-test-support.ts), parsed back with
// mailparser: the task's or comment's files ride as attachments while their total stays within the
// recipient's mailMaxSize (25 MB by default); the rest are listed with a link to the task
// (docs/decisions/034-task-mail-attachments.md).

let smtp: SmtpRecruiting;
let author: StaffMember;
let assignee: StaffMember;

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
  Buffer.alloc(2048, 0x20),
]);
const PNG = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(1024, 0),
]);
/** A PDF of about 12.6 MB: two of them (25.2 MB) are over the 25 MB default, one is not. */
function bigPdf(fill: number): Buffer {
  return Buffer.concat([PDF, Buffer.alloc(Math.ceil(DEFAULT_MAIL_MAX_SIZE_BYTES / 2) + 100_000, fill)]);
}

type Entry = [string, string | Blob, string?];

async function post(who: StaffMember, url: string, entries: Entry[]) {
  const body = await multipart(entries);
  const response = await smtp.t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.headers, ...body.headers, accept: 'application/json' },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(201);
  await smtp.t.app.jobs.settled();
  return response.json().data as { id: number };
}

function taskFields(name: string, assigneeId: number): Entry[] {
  return Object.entries({
    name,
    description: '',
    event_id: '1',
    date: '2031-03-12 10:00:00',
    date_end: '2031-03-12 10:30:59',
    all_day: '0',
    assignee_id: String(assigneeId),
  });
}

function blob(bytes: Buffer, type: string): Blob {
  return new Blob([new Uint8Array(bytes)], { type });
}

function mailAbout(to: string, subjectPart: string): ParsedMail {
  const mail = smtp.mailTo(to).find((candidate) => candidate.subject?.includes(subjectPart));
  if (!mail) throw new Error(`no mail to ${to} about ${subjectPart}`);
  return mail;
}

beforeAll(async () => {
  smtp = await startSmtpRecruiting();
  author = await smtp.seedStaff('owner');
  assignee = await smtp.seedStaff('employee');
}, 60_000);

afterAll(async () => {
  await smtp?.close();
});

describe('planAttachments', () => {
  it('takes files in order while they fit, never letting a large one push a later small one out', () => {
    const files = [{ size: 10 }, { size: 20 }, { size: 5 }];
    expect(planAttachments(files, 16)).toEqual({
      attached: [{ size: 10 }, { size: 5 }],
      linked: [{ size: 20 }],
    });
    expect(planAttachments(files, 35)).toEqual({ attached: files, linked: [] });
  });
});

describe('task mail over SMTP', () => {
  it('mails a new assignee the task with both small files attached', async () => {
    const task = await post(author, '/api/v1/dashboard/my-tasks', [
      ...taskFields('Sign the contract', assignee.user.employeeId),
      ['attached_files[0]', blob(PDF, 'application/pdf'), 'contract.pdf'],
      ['attached_files[1]', blob(PNG, 'image/png'), 'stamp.png'],
    ]);
    const mail = mailAbout(assignee.user.email, 'Sign the contract');
    expect(mail.text).toContain(`/app/tasks/${task.id}`);
    const files = mail.attachments.map((file) => ({ name: file.filename, type: file.contentType }));
    expect(files).toEqual([
      { name: 'contract.pdf', type: 'application/pdf' },
      { name: 'stamp.png', type: 'image/png' },
    ]);
    expect(mail.attachments[0]?.content.equals(PDF)).toBe(true);
    expect(mail.attachments[1]?.content.equals(PNG)).toBe(true);
    expect(mail.text).not.toContain('not attached');
    // The author made it for someone else: nothing goes to the author.
    expect(smtp.mailTo(author.user.email)).toEqual([]);
  });

  it('lists a file that would take the total over the limit as a link to the task', async () => {
    const first = bigPdf(0x20);
    const second = bigPdf(0x0a);
    const task = await post(author, '/api/v1/dashboard/my-tasks', [
      ...taskFields('Read the handbook', assignee.user.employeeId),
      ['attached_files[0]', blob(first, 'application/pdf'), 'handbook.pdf'],
      ['attached_files[1]', blob(second, 'application/pdf'), 'appendix.pdf'],
    ]);
    const mail = mailAbout(assignee.user.email, 'Read the handbook');
    expect(mail.attachments.map((file) => file.filename)).toEqual(['handbook.pdf']);
    expect(mail.attachments[0]?.content.equals(first)).toBe(true);
    expect(mail.text).toContain('attachments of a mail are limited to 25.0 MB');
    expect(mail.text).toMatch(new RegExp(`- appendix\\.pdf \\(12\\.\\d MB\\): .*/app/tasks/${task.id}`));
  }, 60_000);

  it("mails a comment's text and file to the task's other person", async () => {
    const task = await post(author, '/api/v1/dashboard/my-tasks', [
      ...taskFields('Collect the signatures', assignee.user.employeeId),
    ]);
    await post(assignee, `/api/v1/profile/events/${task.id}/comments`, [
      ['text', 'Done, scan attached'],
      ['attached_files[0]', blob(PDF, 'application/pdf'), 'scan.pdf'],
    ]);
    const mail = mailAbout(author.user.email, 'Collect the signatures');
    expect(mail.text).toContain('Done, scan attached');
    expect(mail.attachments.map((file) => file.filename)).toEqual(['scan.pdf']);
    // The commenter hears nothing of their own comment.
    expect(smtp.mailTo(assignee.user.email).filter((m) => m.subject?.includes('commented'))).toEqual([]);
  });
});
