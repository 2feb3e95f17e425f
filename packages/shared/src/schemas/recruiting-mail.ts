import { z } from 'zod';
import { LOCALES } from '../constants';
import { objectIdSchema } from './common';
import { SCORECARD_RECOMMENDATIONS } from './interviews';

/*
 * Recruiting's daily work, part 1 (issue 17): candidate mail templates and settings, mail sent to a
 * candidate with its delivery state, rejection with a reason, and the application's activity history.
 * Paths are in routes.ts under `recruiting.mailTemplates*`, `recruiting.mailSettings` and
 * `recruiting.applications.*`.
 */

/** What a template is for. The acknowledgement goes out automatically when someone applies. */
export const MAIL_TEMPLATE_PURPOSES = ['acknowledgement', 'rejection', 'generic'] as const;
export type MailTemplatePurpose = (typeof MAIL_TEMPLATE_PURPOSES)[number];

/** Placeholders a subject or body may hold, written `{name}`. */
export const MAIL_PLACEHOLDERS = [
  'candidate_name',
  'vacancy',
  'company',
  'interview_time',
  'sender',
] as const;
export type MailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];
export type MailPlaceholderValues = Record<MailPlaceholder, string>;

export const MAIL_TEMPLATE_NAME_MAX = 200;
export const MAIL_SUBJECT_MAX = 300;
/** The longest body, in characters of HTML. */
export const MAIL_BODY_MAX = 50_000;
/** The longest delay of a rejection mail: a week. */
export const REJECTION_DELAY_MAX_MINUTES = 7 * 24 * 60;
/** Most applications one bulk action takes. */
export const BULK_APPLICATIONS_MAX = 200;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to put inside HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * Fills the known placeholders of a subject or body (unknown `{words}` stay as written). `html`: the
 * values are escaped, for a body; a subject is plain text.
 */
export function fillMailPlaceholders(
  text: string,
  values: Partial<MailPlaceholderValues>,
  opts: { html: boolean },
): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => {
    if (!(MAIL_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    const value = values[name as MailPlaceholder] ?? '';
    return opts.html ? escapeHtml(value) : value;
  });
}

const localeSchema = z.enum(LOCALES);
const subjectSchema = z.string().trim().min(1).max(MAIL_SUBJECT_MAX);
/** A body must have some text, not only markup. */
const bodySchema = z
  .string()
  .max(MAIL_BODY_MAX)
  .refine((html) => html.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '') !== '', {
    message: 'errors.required',
  });

/** A template as the templates screen shows it. `body` is sanitised HTML. */
export const mailTemplateSchema = z.object({
  id: z.number().int(),
  purpose: z.enum(MAIL_TEMPLATE_PURPOSES),
  locale: localeSchema,
  name: z.string(),
  subject: z.string(),
  body: z.string(),
  updated_at: z.string(),
});
export type MailTemplate = z.infer<typeof mailTemplateSchema>;
export const mailTemplateResponseSchema = z.object({ data: mailTemplateSchema });
export const mailTemplateListResponseSchema = z.object({ data: z.array(mailTemplateSchema) });

export const mailTemplateListQuerySchema = z.object({
  locale: localeSchema.optional(),
  purpose: z.enum(MAIL_TEMPLATE_PURPOSES).optional(),
});

export const mailTemplateInputSchema = z.object({
  purpose: z.enum(MAIL_TEMPLATE_PURPOSES),
  locale: localeSchema,
  name: z.string().trim().min(1).max(MAIL_TEMPLATE_NAME_MAX),
  subject: subjectSchema,
  body: bodySchema,
});
export type MailTemplateInput = z.infer<typeof mailTemplateInputSchema>;

/** The company's candidate-mail settings. */
export const mailSettingsSchema = z.object({
  /** Acknowledge each application by mail, with the acknowledgement template of the candidate's language. */
  auto_acknowledge: z.boolean(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;
export const mailSettingsResponseSchema = z.object({ data: mailSettingsSchema });
export const mailSettingsInputSchema = mailSettingsSchema;

/**
 * A mail as the sender wrote it (placeholders not yet filled): from a template or not, in a language.
 * `interview_time` fills {interview_time}: a local date and time in the sender's time zone.
 */
export const mailDraftSchema = z.object({
  template_id: objectIdSchema.nullable().optional(),
  locale: localeSchema,
  subject: subjectSchema,
  body: bodySchema,
  interview_time: z.iso.datetime({ local: true }).nullable().optional(),
});
export type MailDraft = z.infer<typeof mailDraftSchema>;

export const APPLICATION_MAIL_STATES = ['scheduled', 'queued', 'sent', 'failed', 'cancelled'] as const;
export type ApplicationMailState = (typeof APPLICATION_MAIL_STATES)[number];
/** `interview`: an interview's invitation, update, cancellation or reminder (with an .ics where it has one). */
export const APPLICATION_MAIL_KINDS = [
  'manual',
  'acknowledgement',
  'rejection',
  'stage',
  'interview',
] as const;

const personSchema = z.object({ id: z.number().int(), name: z.string() });
const namedSchema = z.object({ id: z.number().int().nullable(), name: z.string() });

/**
 * A mail sent (or to be sent) to a candidate, with its delivery state. `to` is absent for roles that
 * may not see candidates' e-mails (field_email): they can send, never read the address.
 */
export const applicationMailSchema = z.object({
  id: z.number().int(),
  application_id: z.number().int(),
  kind: z.enum(APPLICATION_MAIL_KINDS),
  state: z.enum(APPLICATION_MAIL_STATES),
  to: z.string().optional(),
  subject: z.string(),
  /** Sanitised HTML, placeholders filled. */
  body: z.string(),
  /** Null for automatic mail. */
  sender: personSchema.nullable(),
  send_at: z.string(),
  sent_at: z.string().nullable(),
  /** The last delivery error, while it failed. */
  error: z.string().nullable(),
  created_at: z.string(),
});
export type ApplicationMail = z.infer<typeof applicationMailSchema>;
export const applicationMailResponseSchema = z.object({ data: applicationMailSchema });

/** Send a mail to an application's candidate. */
export const sendMailInputSchema = mailDraftSchema;
export type SendMailInput = z.infer<typeof sendMailInputSchema>;

/** A rejection mail: sent at once, or after `delay_minutes` (cancellable until then). */
export const rejectionMailDraftSchema = mailDraftSchema.extend({
  delay_minutes: z.number().int().min(0).max(REJECTION_DELAY_MAX_MINUTES).default(0),
});

/** Reject an application: a reason from the rejection_reason dictionary, optionally a mail. */
export const rejectInputSchema = z.object({
  reason_id: objectIdSchema,
  mail: rejectionMailDraftSchema.nullable().optional(),
});
export type RejectInput = z.input<typeof rejectInputSchema>;

/** Why, when and by whom an application was rejected, and the stage it left from. */
export const rejectionSchema = z.object({
  reason: namedSchema.nullable(),
  /** The stage of exit (the application keeps it). */
  stage: namedSchema.nullable(),
  rejected_by: personSchema.nullable(),
  rejected_at: z.string(),
  mail: applicationMailSchema.nullable(),
});
export type Rejection = z.infer<typeof rejectionSchema>;
export const rejectionResponseSchema = z.object({ data: rejectionSchema.nullable() });

export const applicationIdsSchema = z
  .array(objectIdSchema)
  .min(1)
  .max(BULK_APPLICATIONS_MAX)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'errors.invalid_value' });

export const bulkRejectInputSchema = rejectInputSchema.extend({ application_ids: applicationIdsSchema });
export type BulkRejectInput = z.input<typeof bulkRejectInputSchema>;
export const bulkMailInputSchema = z.object({ application_ids: applicationIdsSchema, mail: mailDraftSchema });
export type BulkMailInput = z.input<typeof bulkMailInputSchema>;

/** What became of each application of a bulk action. */
export const BULK_OUTCOMES = ['done', 'not_found', 'forbidden', 'already_rejected', 'no_email'] as const;
export type BulkOutcome = (typeof BULK_OUTCOMES)[number];
export const bulkResultResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), outcome: z.enum(BULK_OUTCOMES) })),
  meta: z.object({
    done: z.number().int(),
    skipped: z.number().int(),
    /** The recorded action, for its undo (a tagging, a rejection without mail); null otherwise. */
    action_id: z.number().int().nullable(),
    /** Until when POST recruiting.bulkActions.undo takes it; null when it cannot be undone (mail). */
    undoable_until: z.string().nullable(),
  }),
});
export type BulkResultResponse = z.infer<typeof bulkResultResponseSchema>;

/**
 * A candidate's own details, which staff may correct (PUT recruiting.candidates.one): the person's,
 * not what an application answered (its answers keep what was sent). E-mail and phone fall under the
 * field permissions field_email / field_phone.
 */
export const CANDIDATE_DETAIL_FIELDS = ['name', 'email', 'phone'] as const;
export type CandidateDetailField = (typeof CANDIDATE_DETAIL_FIELDS)[number];

/** The history's filter: what kinds of entries to show (all when absent). */
export const HISTORY_FILTERS = [
  'received',
  'stage',
  'mail',
  'rejection',
  'comment',
  'interview',
  'tag',
  'merge',
  'details',
] as const;
export type HistoryFilter = (typeof HISTORY_FILTERS)[number];
export const historyQuerySchema = z.object({ kind: z.enum(HISTORY_FILTERS).optional() });

const at = { id: z.string(), at: z.string() };
/** One entry of an application's activity history, newest first. `id` is unique within the list. */
export const historyEntrySchema = z.discriminatedUnion('type', [
  z.object({ ...at, type: z.literal('received'), source: z.string() }),
  /** The same person sent the same application again within minutes; kept as this one. */
  z.object({ ...at, type: z.literal('repeat_received'), source: z.string() }),
  z.object({
    ...at,
    type: z.literal('stage_moved'),
    actor: personSchema.nullable(),
    from_stage: namedSchema.nullable(),
    to_stage: namedSchema,
  }),
  z.object({ ...at, type: z.literal('mail'), mail: applicationMailSchema }),
  z.object({
    ...at,
    type: z.literal('rejected'),
    actor: personSchema.nullable(),
    reason: namedSchema.nullable(),
  }),
  z.object({ ...at, type: z.literal('reopened'), actor: personSchema.nullable() }),
  /** An interview scheduled, moved or cancelled (part 2): its moment then, and before a move. */
  z.object({
    ...at,
    type: z.literal('interview'),
    action: z.enum(['scheduled', 'rescheduled', 'cancelled']),
    actor: personSchema.nullable(),
    interview: z.object({
      id: z.number().int(),
      starts_at: z.string(),
      time_zone: z.string(),
      previous_starts_at: z.string().nullable(),
    }),
  }),
  /**
   * A scorecard submitted. `recommendation` is null while the reader may not see it yet (an interviewer
   * who has not submitted their own, without see_scorecards_before_submitting).
   */
  z.object({
    ...at,
    type: z.literal('scorecard'),
    actor: personSchema.nullable(),
    interview_id: z.number().int(),
    recommendation: z.enum(SCORECARD_RECOMMENDATIONS).nullable(),
  }),
  /**
   * A comment, with the colleagues it mentions (`<@id>` in its text) and when its author last edited
   * it; a deleted one stays in the history with an empty text and `deleted_at`.
   */
  z.object({
    ...at,
    type: z.literal('comment'),
    comment: z.object({
      id: z.number().int(),
      text: z.string(),
      is_shared: z.boolean(),
      author: personSchema,
      mentions: z.array(personSchema),
      edited_at: z.string().nullable(),
      deleted_at: z.string().nullable(),
    }),
  }),
  /** A tag put on the application or taken off it: the tag as it was named and coloured then. */
  z.object({
    ...at,
    type: z.literal('tag'),
    action: z.enum(['added', 'removed']),
    actor: personSchema.nullable(),
    tag: z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
  }),
  /** The candidate was merged with another person, or such a merge undone (decision 027). */
  z.object({
    ...at,
    type: z.literal('merge'),
    action: z.enum(['merged', 'unmerged']),
    actor: personSchema.nullable(),
    merge_id: z.number().int(),
    /** The candidate who kept their name and contacts, and the one merged into them, as named then. */
    survivor: personSchema,
    merged: personSchema,
  }),
  /**
   * One of the candidate's details corrected by staff, with its value before and after (null: it was
   * or became empty). `from` and `to` are absent where the reader may not see that field
   * (field_email, field_phone): the entry still says that it changed.
   */
  z.object({
    ...at,
    type: z.literal('field_changed'),
    actor: personSchema.nullable(),
    field: z.enum(CANDIDATE_DETAIL_FIELDS),
    from: z.string().nullable().optional(),
    to: z.string().nullable().optional(),
  }),
]);
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export const historyResponseSchema = z.object({ data: z.array(historyEntrySchema) });
