import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { applications } from './applications';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { companies } from './companies';
import { dictionaryItems } from './dictionaries';
import { buildInListCheck } from './sql-helpers';
import { users } from './users';
import { vacancyStages } from './vacancies';

// Recruiting's daily work (issue 17, part 1): mail to candidates and its templates, rejections with a
// reason, and each application's activity history (docs/glossary.md).

/** What a template is for; kept in step with MAIL_TEMPLATE_PURPOSES of @kadry/shared. */
const PURPOSES = ['acknowledgement', 'rejection', 'generic'] as const;
/** Template languages; kept in step with LOCALES of @kadry/shared/constants. */
const TEMPLATE_LOCALES = ['en', 'ru', 'uk'] as const;

/**
 * A company's candidate mail template in one language: a subject and a sanitised HTML body with
 * placeholders ({candidate_name} …). The acknowledgement template of the candidate's language is the
 * one sent automatically on application.
 */
export const candidateMailTemplates = pgTable(
  'candidate_mail_templates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    purpose: text('purpose', { enum: PURPOSES }).notNull(),
    locale: text('locale', { enum: TEMPLATE_LOCALES }).notNull(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    /** Sanitised HTML (the server sanitises on every save). */
    body: text('body').notNull(),
    ...createTimestampColumns(),
  },
  (t) => [
    index('candidate_mail_templates_company_idx').on(t.companyId, t.purpose, t.locale),
    check('candidate_mail_templates_purpose_check', buildInListCheck('purpose', PURPOSES)),
    check('candidate_mail_templates_locale_check', buildInListCheck('locale', TEMPLATE_LOCALES)),
  ],
);
export type CandidateMailTemplate = typeof candidateMailTemplates.$inferSelect;

/**
 * A company's candidate-mail settings. Its row also marks that the default templates were seeded
 * (once: a company that deletes one does not get it back).
 */
export const recruitingMailSettings = pgTable('recruiting_mail_settings', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Acknowledge every application by mail (the acknowledgement template of the candidate's language). */
  autoAcknowledge: boolean('auto_acknowledge').notNull().default(true),
  ...createTimestampColumns(),
});

/** Delivery states; kept in step with APPLICATION_MAIL_STATES of @kadry/shared. */
const MAIL_STATES = ['scheduled', 'queued', 'sent', 'failed', 'cancelled'] as const;
/** Why a mail went; kept in step with APPLICATION_MAIL_KINDS of @kadry/shared. */
const MAIL_KINDS = ['manual', 'acknowledgement', 'rejection', 'stage', 'interview'] as const;

/** A calendar invitation sent with a mail (an interview's): the iCalendar text and its METHOD. */
export type MailCalendar = { method: 'REQUEST' | 'CANCEL'; content: string };

/**
 * One mail to a candidate about an application, with its delivery state: `scheduled` (a delayed
 * rejection, cancellable until sent), `queued`, `sent`, `failed` (retried by the job queue; `sent`
 * once a retry succeeds), `cancelled`. The address is resolved by the server and shown only to roles
 * that see candidates' e-mails.
 */
export const applicationMails = pgTable(
  'application_mails',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    state: text('state', { enum: MAIL_STATES }).notNull(),
    templateId: integer('template_id').references(() => candidateMailTemplates.id, { onDelete: 'set null' }),
    /** Null for automatic mail (the acknowledgement). */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    /** The sender's address, where the candidate's reply goes. */
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    /** An interview invitation's .ics (issue 17 part 2), attached when the mail is delivered. */
    calendar: jsonb('calendar').$type<MailCalendar>(),
    /** When it is due: now, or later for a delayed rejection. */
    sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    ...createTimestampColumns(),
  },
  (t) => [
    index('application_mails_application_idx').on(t.companyId, t.applicationId, t.createdAt),
    check('application_mails_state_check', buildInListCheck('state', MAIL_STATES)),
    check('application_mails_kind_check', buildInListCheck('kind', MAIL_KINDS)),
  ],
);
export type ApplicationMail = typeof applicationMails.$inferSelect;

/**
 * A rejected application: why, by whom, when, and the stage it left from (kept for reporting: the
 * application's stage does not change). Reopening deletes the row.
 */
export const applicationRejections = pgTable(
  'application_rejections',
  {
    companyId: createCompanyIdColumn(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** An entry of the rejection_reason dictionary; null when a company entry was deleted since. */
    reasonId: integer('reason_id').references(() => dictionaryItems.id, { onDelete: 'set null' }),
    /** The stage of exit. */
    stageId: integer('stage_id').references(() => vacancyStages.id, { onDelete: 'set null' }),
    rejectedBy: integer('rejected_by').references(() => users.id, { onDelete: 'set null' }),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }).notNull().defaultNow(),
    /** The rejection mail, if one was sent or scheduled. */
    mailId: integer('mail_id').references(() => applicationMails.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.applicationId] }),
    index('application_rejections_reason_idx').on(t.companyId, t.reasonId),
  ],
);

/** History entry kinds kept here; kept in step with the timeline kinds of @kadry/shared. */
const ACTIVITY_KINDS = [
  'received',
  'repeat_received',
  'stage_moved',
  'rejected',
  'reopened',
  'interview_scheduled',
  'interview_rescheduled',
  'interview_cancelled',
  'scorecard_submitted',
  'tag_added',
  'tag_removed',
  'merged',
  'unmerged',
  'field_changed',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** What an activity records beyond who and when, by kind. */
export type ActivityData = {
  /** received / repeat_received: the careers page's source. */
  source?: string;
  /** stage_moved: stage names at the time, so a later rename or deletion keeps the history readable. */
  from_stage?: { id: number | null; name: string } | null;
  to_stage?: { id: number | null; name: string };
  /** rejected: the reason's entry id. */
  reason_id?: number | null;
  /** interview_* and scorecard_submitted: the interview, and its moment at the time (ISO, IANA zone). */
  interview_id?: number;
  starts_at?: string;
  time_zone?: string;
  /** interview_rescheduled: the moment before. */
  previous_starts_at?: string;
  /** scorecard_submitted: the scorecard (its recommendation is read from it, for who may see it). */
  scorecard_id?: number;
  /** tag_added / tag_removed: the tag as it was named and coloured then. */
  tag?: { id: number; name: string; color: string };
  /** merged / unmerged: the merge record, and the two people as they were named then. */
  merge_id?: number;
  survivor?: { id: number; name: string };
  merged?: { id: number; name: string };
  /** field_changed: which of the candidate's details, and its value before and after (null: empty). */
  field?: 'name' | 'email' | 'phone';
  from?: string | null;
  to?: string | null;
};

/**
 * An application's history besides its mails and comments (which have tables of their own): received
 * (with source), a repeated identical submission, stage moves, rejection and reopening.
 */
export const applicationActivities = pgTable(
  'application_activities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    applicationId: integer('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ACTIVITY_KINDS }).notNull(),
    /** The staff member who did it; null for the candidate or the system. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data').$type<ActivityData>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('application_activities_application_idx').on(t.companyId, t.applicationId, t.createdAt),
    check('application_activities_kind_check', buildInListCheck('kind', ACTIVITY_KINDS)),
  ],
);
