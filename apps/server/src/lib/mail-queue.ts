import type { Db } from '../db/tables';
import type { EmailMessage, EmailSender } from './email-sender';
import type { JobQueue } from './job-queue';

/**
 * Outgoing mail as durable jobs (docs/decisions/020-job-queue.md): a mail is recorded in the caller's
 * transaction, tried at once, and retried with backoff until it is handed over or dead-lettered.
 */
export type MailQueue = {
  /**
   * Records a mail in the caller's transaction and answers its job id. `replaceKey`: a pending mail
   * of the company with the same key is dropped (an older link the new one voids).
   */
  enqueue(
    writer: Pick<Db, 'insert' | 'delete'>,
    companyId: number,
    message: EmailMessage,
    opts?: { replaceKey?: string },
  ): Promise<number>;
  /** Tries to hand these mails over now; rejects when that failed (they stay queued for a retry). */
  sendNow(jobIds: readonly number[]): Promise<void>;
};

/** Registers the 'mail.send' job on the queue, delivering through `sender`. */
export function createMailQueue(queue: JobQueue, sender: EmailSender): MailQueue {
  queue.register('mail.send', (job) => sender.send(job.payload));
  return {
    enqueue: (writer, companyId, message, opts) =>
      queue.enqueue(writer, companyId, 'mail.send', message, opts),
    sendNow: (jobIds) => queue.runNow(jobIds),
  };
}
