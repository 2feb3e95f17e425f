import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmailSender, createLogEmailSender, createSmtpEmailSender } from './email-sender';

/** Just enough of an SMTP server to accept one message and keep what it was sent. */
function startFakeSmtpServer(): Promise<{ server: Server; port: number; received: string[] }> {
  const received: string[] = [];
  const server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index = buffer.indexOf('\r\n');
      while (index !== -1) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            socket.write('250 OK queued\r\n');
          } else received.push(line);
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 fake.test\r\n');
        else if (/^DATA/i.test(line)) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
        index = buffer.indexOf('\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, port: typeof address === 'object' && address ? address.port : 0, received });
    });
  });
}

let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;

beforeAll(async () => {
  smtp = await startFakeSmtpServer();
});

afterAll(async () => {
  await new Promise((resolve) => smtp?.server.close(resolve));
});

describe('email senders', () => {
  it('delivers through the SMTP server of SMTP_URL, from MAIL_FROM', async () => {
    const sender = createSmtpEmailSender({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Kadry <hr@example.test>',
    });
    await sender.send({
      to: 'ada@example.test',
      subject: 'Set a new password',
      text: 'Open https://x.test/a',
    });
    await sender.close?.();
    const message = smtp.received.join('\n');
    expect(message).toContain('From: Kadry <hr@example.test>');
    expect(message).toContain('To: ada@example.test');
    expect(message).toContain('Subject: Set a new password');
    expect(message).toContain('Open https://x.test/a');
  });

  it('rejects when the SMTP server cannot be reached', async () => {
    const sender = createSmtpEmailSender({ url: 'smtp://127.0.0.1:1', from: 'a@example.test' });
    await expect(sender.send({ to: 'b@example.test', subject: 's', text: 't' })).rejects.toThrow();
  });

  it('writes mail to the log without SMTP_URL', async () => {
    const logged: string[] = [];
    const sender = createEmailSender({ SMTP_URL: undefined, MAIL_FROM: 'a@example.test' }, (_entry, text) =>
      logged.push(text),
    );
    await sender.send({ to: 'b@example.test', subject: 'Link', text: 'https://x.test/reset' });
    expect(logged).toEqual(['mail to b@example.test: Link\nhttps://x.test/reset']);
    expect(createLogEmailSender(() => {})).not.toHaveProperty('close');
  });
});
