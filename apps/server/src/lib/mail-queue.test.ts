import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogEmailSender, type LoggedMail } from './email-sender';
import { openAttachments } from './mail-queue';

// A queued mail carries its files by storage key (docs/decisions/034-task-mail-attachments.md): they
// are opened from the FileStore as the mail leaves, a file gone since is left out, and the log
// (no SMTP_URL) names attachments without their bytes.

const stored = new Map([['ab/cd/1', 'PDF bytes']]);
const fileStore = {
  async get(key: string) {
    const content = stored.get(key);
    if (content === undefined) throw new Error(`no file ${key}`);
    return Readable.from([Buffer.from(content)]);
  },
};

async function read(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

describe('stored mail attachments', () => {
  it('opens each stored file as the mail leaves and leaves out one no longer stored', async () => {
    const warnings: string[] = [];
    const message = await openAttachments(
      {
        to: 'a@example.test',
        subject: 'Task',
        text: 'Files',
        attachments: [
          { filename: 'plan.pdf', contentType: 'application/pdf', storageKey: 'ab/cd/1' },
          { filename: 'gone.png', contentType: 'image/png', storageKey: 'ab/cd/2' },
        ],
      },
      { fileStore, log: { warn: (_details, text) => warnings.push(text) } },
    );
    expect(message.attachments?.map((file) => file.filename)).toEqual(['plan.pdf']);
    const [first] = message.attachments ?? [];
    expect(first && 'content' in first ? await read(first.content) : null).toBe('PDF bytes');
    expect(warnings).toEqual(['a mail attachment is no longer stored']);
  });

  it('leaves a mail without attachments as it is', async () => {
    const message = { to: 'a@example.test', subject: 'Hi', text: 'Hello' };
    expect(await openAttachments(message, undefined)).toBe(message);
  });

  it('logs attachments by name and type, never their bytes', async () => {
    const logged: LoggedMail[] = [];
    const sender = createLogEmailSender((entry) => logged.push(entry.mail));
    const content = Readable.from([Buffer.from('secret bytes')]);
    await sender.send({
      to: 'a@example.test',
      subject: 'Task',
      text: 'Files',
      attachments: [{ filename: 'plan.pdf', contentType: 'application/pdf', content }],
    });
    expect(logged[0]?.attachments).toEqual([{ filename: 'plan.pdf', contentType: 'application/pdf' }]);
    expect(JSON.stringify(logged)).not.toContain('secret');
    expect(content.destroyed).toBe(true);
  });
});
