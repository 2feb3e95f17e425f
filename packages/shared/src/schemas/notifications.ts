import { z } from 'zod';
import { ABSENCE_STATUSES, ABSENCE_TYPE_CODES, localizedNamesSchema } from './absences';
import { pageMetaSchema, pagingQuerySchema } from './common';

// In-app notifications (`recruiting.notifications`): what each says it is about. The unread counter
// and mark-read keep their shapes (schemas/recruiting.ts: notificationCountSchema,
// markNotificationsReadInputSchema).

/** The steps of an absence request a notification can be about (issue 14). */
export const ABSENCE_NOTIFICATION_KINDS = [
  'absence_requested',
  'absence_step_approved',
  'absence_approved',
  'absence_rejected',
  'absence_cancelled',
  'absence_revoked',
] as const;
export type AbsenceNotificationKind = (typeof ABSENCE_NOTIFICATION_KINDS)[number];

/**
 * Notifications whose text is written when they are sent (issues 15 and 17): a task assigned to the
 * user, commented or resolved; a question to HR asked or answered; a mention in a comment; a new
 * corporate event. Each links to what it is about.
 */
export const GENERIC_NOTIFICATION_KINDS = [
  'task_assigned',
  'task_commented',
  'task_resolved',
  'question_asked',
  'question_answered',
  'comment_mentioned',
  'corp_event_created',
] as const;
export type GenericNotificationKind = (typeof GENERIC_NOTIFICATION_KINDS)[number];

/** What a generic notification points at. */
export const NOTIFICATION_TARGET_TYPES = ['task', 'question', 'application', 'corp_event'] as const;
export type NotificationTargetType = (typeof NOTIFICATION_TARGET_TYPES)[number];

/** What a notification is about: a new application, a step of an absence request, or a generic kind. */
export const NOTIFICATION_KINDS = [
  'application_created',
  ...ABSENCE_NOTIFICATION_KINDS,
  ...GENERIC_NOTIFICATION_KINDS,
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

const notificationBase = {
  id: z.number().int(),
  /** When the user marked it read; null while unread. */
  read_at: z.string().nullable(),
  created_at: z.string(),
};

/** A new application for a vacancy the user may see. */
export const applicationNotificationSchema = z.object({
  ...notificationBase,
  kind: z.literal('application_created'),
  application_id: z.number().int(),
  vacancy_id: z.number().int(),
  vacancy_name: z.string(),
});

/**
 * A step of an absence request. `is_own`: the request is the user's own (approved, rejected,
 * revoked: "your vacation…"); otherwise the user is asked to decide it or approved it.
 */
export const absenceNotificationSchema = z.object({
  ...notificationBase,
  kind: z.enum(ABSENCE_NOTIFICATION_KINDS),
  absence_request: z.object({
    id: z.number().int(),
    employee_id: z.number().int(),
    employee_name: z.string(),
    is_own: z.boolean(),
    absence_type: z.enum(ABSENCE_TYPE_CODES),
    /** The company's names of the type in each language. */
    type_names: localizedNamesSchema,
    date_from: z.string(),
    date_to: z.string(),
    half_day_start: z.boolean(),
    half_day_end: z.boolean(),
    /** The request's status now (it may have moved on since). */
    status: z.enum(ABSENCE_STATUSES),
  }),
});

/**
 * A generic notification: who did it (null when anonymous or the system), the title of what it is
 * about (a task's or question's name, a vacancy's for a mention) and the app path it opens.
 */
export const genericNotificationSchema = z.object({
  ...notificationBase,
  kind: z.enum(GENERIC_NOTIFICATION_KINDS),
  target: z.object({ type: z.enum(NOTIFICATION_TARGET_TYPES), id: z.number().int() }),
  actor_name: z.string().nullable(),
  title: z.string(),
  link: z.string(),
});
export type GenericNotification = z.infer<typeof genericNotificationSchema>;

export const notificationSchema = z.discriminatedUnion('kind', [
  applicationNotificationSchema,
  absenceNotificationSchema,
  genericNotificationSchema,
]);
export type Notification = z.infer<typeof notificationSchema>;
export type AbsenceNotification = z.infer<typeof absenceNotificationSchema>;

/** `GET recruiting.notifications`: the user's notifications, newest first. */
export const notificationsQuerySchema = pagingQuerySchema;
export type NotificationsQuery = z.input<typeof notificationsQuerySchema>;

export const notificationsResponseSchema = z.object({
  data: z.array(notificationSchema),
  meta: pageMetaSchema.extend({ unread: z.number().int() }),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;
