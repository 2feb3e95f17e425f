import { createTranslator } from '@kadry/shared/i18n/translate';
import { DEFAULT_MAIL_MAX_SIZE_BYTES } from '@kadry/shared/schemas/auth';
import type { EmailMessage, StoredAttachment } from '../../lib/email-sender';
import type { JobQueue } from '../../lib/job-queue';
import type { MailableFile, MailRecipient, Tx } from './tasks.queries';

// Task mail (docs/decisions/034-task-mail-attachments.md): the assignee of a task someone else made
// or handed over, and the task's people on a comment, get a mail carrying the task's (or comment's)
// files as attachments while their total stays within the recipient's mailMaxSize; the rest are
// listed with a link to the task in the app.

/**
 * What sending task mail needs: the job queue (whose mail job reads the attached files from the
 * FileStore when the mail leaves), the link origin.
 */
export type TaskMailer = {
  jobs: Pick<JobQueue, 'enqueue' | 'runNow'>;
  /** The trusted origin for links in mail (null: the mail names the page). */
  linkOrigin: string | null;
  log: { warn(details: object, message: string): void };
};

/**
 * The recipient's mailMaxSize (spec §9): the attachment total of their mail type. Every account has
 * the `default` mail type today (the page data says so too), whose limit is 25 MB.
 */
export function mailMaxSizeOf(_recipient: Pick<MailRecipient, 'id'>): number {
  return DEFAULT_MAIL_MAX_SIZE_BYTES;
}

/**
 * Which files go attached: in their order, each one that still fits with those taken before it
 * (sizes as stored); the others are linked. A file too large to fit never pushes a later small one out.
 */
export function planAttachments<F extends { size: number }>(
  files: readonly F[],
  maxBytes: number,
): { attached: F[]; linked: F[] } {
  const attached: F[] = [];
  const linked: F[] = [];
  let total = 0;
  for (const file of files) {
    if (total + file.size <= maxBytes) {
      attached.push(file);
      total += file.size;
    } else {
      linked.push(file);
    }
  }
  return { attached, linked };
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

export type TaskMailKind = 'assigned' | 'commented';

/**
 * Queues (in the caller's transaction) the mail of a task event to each recipient, with `files`
 * attached within that recipient's limit. `body`: the comment's text, if any. Answers the job ids,
 * to run after the commit (`sendTaskMail`).
 */
export async function queueTaskMail(
  mailer: TaskMailer,
  tx: Tx,
  companyId: number,
  mail: {
    kind: TaskMailKind;
    actorName: string;
    task: { id: number; name: string };
    path: string;
    body?: string;
    files: readonly MailableFile[];
    recipients: readonly MailRecipient[];
  },
): Promise<number[]> {
  const link = mailer.linkOrigin ? `${mailer.linkOrigin}${mail.path}` : `Kadry: ${mail.path}`;
  const ids: number[] = [];
  for (const recipient of mail.recipients) {
    const t = createTranslator(recipient.locale);
    const limit = mailMaxSizeOf(recipient);
    const plan = planAttachments(mail.files, limit);
    // The job carries the files' keys; the mail queue reads them when the mail leaves.
    const attachments: StoredAttachment[] = plan.attached.map((file) => ({
      filename: file.name,
      contentType: file.mime,
      storageKey: file.storageKey,
    }));
    const linked = plan.linked;
    const params = { actor: mail.actorName, title: mail.task.name };
    const lines = [t(`tasks.mail.${mail.kind}.text`, params)];
    if (mail.body) lines.push('', mail.body);
    if (linked.length > 0) {
      lines.push('', t('tasks.mail.files_linked', { size: megabytes(limit) }));
      for (const file of linked) lines.push(`- ${file.name} (${megabytes(file.size)} MB): ${link}`);
    }
    lines.push('', t('tasks.mail.open', { link }), '');
    const message: EmailMessage = {
      to: recipient.email,
      subject: t(`tasks.mail.${mail.kind}.subject`, params),
      text: lines.join('\n'),
      attachments,
    };
    ids.push(await mailer.jobs.enqueue(tx, companyId, 'mail.send', message));
  }
  return ids;
}

/** Tries the queued mails now; one that fails is retried by the job queue, the task stands. */
export async function sendTaskMail(mailer: TaskMailer | undefined, jobIds: readonly number[]): Promise<void> {
  if (!mailer || jobIds.length === 0) return;
  await mailer.jobs.runNow(jobIds).catch((error: unknown) => {
    mailer.log.warn({ err: error }, 'task e-mail failed');
  });
}
