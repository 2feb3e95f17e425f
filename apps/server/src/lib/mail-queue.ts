import type { Db } from '../db/tables';
import type { FileStore } from '../storage/file-store';
import type { EmailMessage, EmailSender, OpenedAttachment } from './email-sender';
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

/** Where stored attachments are read from when a mail leaves, and where a missing one is said. */
type AttachmentSource = {
  fileStore: Pick<FileStore, 'get'>;
  log: { warn(details: object, message: string): void };
};

/**
 * A queued mail's stored attachments opened from the FileStore as it is sent (each try opens them
 * again). A file gone since the mail was queued is left out (the mail still goes) and logged.
 */
export async function openAttachments(message: EmailMessage, source: AttachmentSource | undefined) {
  if (!message.attachments || message.attachments.length === 0) return message;
  const opened: OpenedAttachment[] = [];
  for (const file of message.attachments) {
    if ('content' in file) {
      opened.push(file);
      continue;
    }
    if (!source) continue;
    try {
      const content = await source.fileStore.get(file.storageKey);
      opened.push({ filename: file.filename, contentType: file.contentType, content });
    } catch (error) {
      source.log.warn({ err: error, filename: file.filename }, 'a mail attachment is no longer stored');
    }
  }
  return { ...message, attachments: opened };
}

/**
 * Registers the 'mail.send' job on the queue, delivering through `sender`; stored attachments are
 * read from `attachments.fileStore` when the mail leaves (docs/decisions/034-task-mail-attachments.md).
 */
export function createMailQueue(
  queue: JobQueue,
  sender: EmailSender,
  attachments?: AttachmentSource,
): MailQueue {
  queue.register('mail.send', async (job) => sender.send(await openAttachments(job.payload, attachments)));
  return {
    enqueue: (writer, companyId, message, opts) =>
      queue.enqueue(writer, companyId, 'mail.send', message, opts),
    sendNow: (jobIds) => queue.runNow(jobIds),
  };
}
