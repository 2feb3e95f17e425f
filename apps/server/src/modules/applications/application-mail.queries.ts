import type { ApplicationMailState } from '@kadry/shared/schemas/recruiting-mail';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { applications, candidates } from '../../db/schema/applications';
import { companies } from '../../db/schema/companies';
import { type ApplicationMail, applicationMails } from '../../db/schema/recruiting-mail';
import { users } from '../../db/schema/users';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';

// All SQL of mail to candidates; every statement filters by company_id.

/** The company's name, for {company}. */
export async function findCompanyName(db: Pick<Db, 'select'>, companyId: number): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name ?? '';
}

/** What a mail about an application needs, read without a user's reach (automatic mail). */
export async function findApplicationForMail(
  db: Pick<Db, 'select'>,
  companyId: number,
  applicationId: number,
): Promise<{
  id: number;
  candidateName: string;
  candidateEmail: string | null;
  vacancyName: string;
  locale: 'en' | 'ru' | 'uk' | null;
} | null> {
  const [row] = await db
    .select({
      id: applications.id,
      candidateName: candidates.name,
      candidateEmail: candidates.email,
      vacancyName: vacancies.name,
      locale: applications.locale,
    })
    .from(applications)
    .innerJoin(
      candidates,
      and(eq(candidates.companyId, applications.companyId), eq(candidates.id, applications.candidateId)),
    )
    .innerJoin(
      vacancies,
      and(eq(vacancies.companyId, applications.companyId), eq(vacancies.id, applications.vacancyId)),
    )
    .where(and(eq(applications.companyId, companyId), eq(applications.id, applicationId)));
  return row ?? null;
}

export type NewMail = Pick<
  ApplicationMail,
  | 'companyId'
  | 'applicationId'
  | 'kind'
  | 'state'
  | 'templateId'
  | 'senderId'
  | 'toAddress'
  | 'replyTo'
  | 'subject'
  | 'bodyHtml'
  | 'bodyText'
  | 'sendAt'
> &
  Partial<Pick<ApplicationMail, 'calendar'>>;

export async function insertMail(writer: Pick<Db, 'insert'>, values: NewMail): Promise<number> {
  const [row] = await writer.insert(applicationMails).values(values).returning({ id: applicationMails.id });
  if (!row) throw new Error('mail insert returned nothing');
  return row.id;
}

/** Whether an application already has a mail of this kind (an acknowledgement is sent once). */
export async function hasMailOfKind(
  db: Pick<Db, 'select'>,
  companyId: number,
  applicationId: number,
  kind: ApplicationMail['kind'],
): Promise<boolean> {
  const [row] = await db
    .select({ id: applicationMails.id })
    .from(applicationMails)
    .where(
      and(
        eq(applicationMails.companyId, companyId),
        eq(applicationMails.applicationId, applicationId),
        eq(applicationMails.kind, kind),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type MailRow = ApplicationMail & { senderName: string | null };

function selectMails(db: Pick<Db, 'select'>) {
  return db
    .select({
      mail: applicationMails,
      senderName: users.name,
    })
    .from(applicationMails)
    .leftJoin(
      users,
      and(eq(users.companyId, applicationMails.companyId), eq(users.id, applicationMails.senderId)),
    );
}

/** An application's mails, oldest first. */
export async function findMails(db: Db, companyId: number, applicationId: number): Promise<MailRow[]> {
  const rows = await selectMails(db)
    .where(and(eq(applicationMails.companyId, companyId), eq(applicationMails.applicationId, applicationId)))
    .orderBy(asc(applicationMails.createdAt), asc(applicationMails.id));
  return rows.map((row) => ({ ...row.mail, senderName: row.senderName }));
}

export async function findMailsByIds(
  db: Pick<Db, 'select'>,
  companyId: number,
  ids: readonly number[],
): Promise<MailRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectMails(db).where(
    and(eq(applicationMails.companyId, companyId), inArray(applicationMails.id, [...ids])),
  );
  return rows.map((row) => ({ ...row.mail, senderName: row.senderName }));
}

/**
 * Takes a mail for delivery: from scheduled, queued or failed to queued. Null when it was cancelled
 * or already sent (the job has nothing to do).
 */
export async function claimMailForDelivery(
  db: Db,
  companyId: number,
  id: number,
): Promise<ApplicationMail | null> {
  const [row] = await db
    .update(applicationMails)
    .set({ state: 'queued' })
    .where(
      and(
        eq(applicationMails.companyId, companyId),
        eq(applicationMails.id, id),
        inArray(applicationMails.state, ['scheduled', 'queued', 'failed']),
      ),
    )
    .returning();
  return row ?? null;
}

export async function markMailSent(db: Db, companyId: number, id: number): Promise<void> {
  await db
    .update(applicationMails)
    .set({ state: 'sent', sentAt: sql`now()`, lastError: null })
    .where(and(eq(applicationMails.companyId, companyId), eq(applicationMails.id, id)));
}

export async function markMailFailed(db: Db, companyId: number, id: number, error: string): Promise<void> {
  await db
    .update(applicationMails)
    .set({ state: 'failed', lastError: error.slice(0, 1_000) })
    .where(and(eq(applicationMails.companyId, companyId), eq(applicationMails.id, id)));
}

/**
 * Calls off scheduled mails (a delayed rejection); answers the ones cancelled. A mail already taken
 * for delivery is not: the row's state decides, under its lock.
 */
export async function cancelScheduledMails(
  db: Pick<Db, 'update'>,
  companyId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(applicationMails)
    .set({ state: 'cancelled' as ApplicationMailState })
    .where(
      and(
        eq(applicationMails.companyId, companyId),
        inArray(applicationMails.id, [...ids]),
        eq(applicationMails.state, 'scheduled'),
      ),
    )
    .returning({ id: applicationMails.id });
  return rows.map((row) => row.id);
}
