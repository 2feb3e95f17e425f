import nodemailer from 'nodemailer';
import type { Env } from '../config/env';

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
};

/** Where Kadry's mail goes. `send` rejects when the mail could not be handed over. */
export type EmailSender = {
  send(message: EmailMessage): Promise<void>;
  close?(): Promise<void>;
};

/** Writes each mail to the log instead of sending it: the default without SMTP_URL (links still work). */
export function createLogEmailSender(
  log: (entry: { mail: EmailMessage }, text: string) => void,
): EmailSender {
  return {
    async send(message) {
      log({ mail: message }, `mail to ${message.to}: ${message.subject}\n${message.text}`);
    },
  };
}

/** Sends through an SMTP server given as a URL (smtp://user:pass@host:587, smtps://… for TLS). */
export function createSmtpEmailSender(opts: { url: string; from: string }): EmailSender {
  const transport = nodemailer.createTransport(opts.url);
  return {
    async send(message) {
      await transport.sendMail({ from: opts.from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}

/** SMTP when SMTP_URL is set, otherwise the log. */
export function createEmailSender(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>,
  log: (entry: { mail: EmailMessage }, text: string) => void,
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
