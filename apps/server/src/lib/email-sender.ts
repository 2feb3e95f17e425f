import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { Env } from '../config/env';

/** A stored file to attach (its key in the FileStore): what a queued mail carries, never the bytes. */
export type StoredAttachment = { filename: string; contentType: string; storageKey: string };

/** An attachment as it is sent: the stored file opened as a stream when the mail leaves. */
export type OpenedAttachment = { filename: string; contentType: string; content: Readable };

/** One outgoing mail. Plain text always; HTML optional. */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (a recruiter's own address on candidate mail). */
  replyTo?: string;
  /**
   * A calendar invitation (an interview's .ics): nodemailer sends it as a text/calendar part with
   * its METHOD, which mail clients offer to add to the calendar, and as an attachment named `filename`.
   */
  icalEvent?: { method: 'REQUEST' | 'CANCEL'; filename: string; content: string };
  /**
   * Files attached: stored ones in a queued mail (the job's payload), opened streams once the mail
   * queue hands it to a sender (mail-queue.ts), so no job row or log line holds a file's bytes.
   */
  attachments?: readonly (StoredAttachment | OpenedAttachment)[];
};

/** A mail as the log writes it: attachments by name and type only. */
export type LoggedMail = Omit<EmailMessage, 'attachments'> & {
  attachments?: { filename: string; contentType: string }[];
};

/** Where Kadry's mail goes. `send` rejects when the mail could not be handed over. */
export type EmailSender = {
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void>;
};

/** Writes each mail to the log instead of sending it: the default without SMTP_URL (links still work). */
export function createLogEmailSender(log: (entry: { mail: LoggedMail }, text: string) => void): EmailSender {
  return {
    async send(message) {
      // Attachments by name only: never their bytes in the log (an opened stream is left unread).
      const attachments = message.attachments?.map((file) => {
        if ('content' in file) file.content.destroy();
        return { filename: file.filename, contentType: file.contentType };
      });
      const mail: LoggedMail = { ...message, attachments };
      if (!attachments) delete mail.attachments;
      log({ mail }, `mail to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}

/** Sends through an SMTP server given as a URL (smtp://user:pass@host:587, smtps://… for TLS). */
export function createSmtpEmailSender(opts: { url: string; from: string }): EmailSender {
  const transport = nodemailer.createTransport(opts.url);
  return {
    async send(message) {
      // Only opened files go out (the mail queue opens stored ones before it calls the sender).
      const attachments = message.attachments
        ?.filter((file): file is OpenedAttachment => 'content' in file)
        .map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content }));
      await transport.sendMail({ from: opts.from, ...message, attachments });
    },
    async close() {
      transport.close();
    },
  };
}

/** SMTP when SMTP_URL is set, otherwise the log. */
export function createEmailSender(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>,
  log: (entry: { mail: LoggedMail }, text: string) => void,
): EmailSender {
  if (env.SMTP_URL) return createSmtpEmailSender({ url: env.SMTP_URL, from: env.MAIL_FROM });
  return createLogEmailSender(log);
}

/** Collects mail in memory, for tests. */
export function createMemoryEmailSender(): EmailSender & { sent: EmailMessage[] } {
  const sent: EmailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
