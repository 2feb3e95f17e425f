import type { Notification } from '@kadry/shared/schemas/notifications';
import { useLocale, useT } from '../../../lib/i18n';

// What a notification says, in the user's language, and where it leads.

/** "Vacation" inside a sentence: "asks for vacation". An acronym ("PTO") stays as it is. */
function inSentence(name: string, locale: string): string {
  const [first = '', second = ''] = [...name];
  if (second && second !== second.toLocaleLowerCase(locale)) return name;
  return first.toLocaleLowerCase(locale) + name.slice(first.length);
}

/** "3–7 March", "28 December 2031 – 4 January 2032": plain dates, never shifted by a time zone. */
function formatSpan(locale: string, from: string, to: string, today: Date): string {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  const thisYear = today.getUTCFullYear();
  const showsYear = start.getUTCFullYear() !== thisYear || end.getUTCFullYear() !== thisYear;
  const format = new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    ...(showsYear ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });
  return from === to ? format.format(start) : format.formatRange(start, end);
}

/** Where the HR app opens what a notification is about (the same pages the mail links to). */
export function notificationHref(notification: Notification): string {
  if (notification.kind === 'application_created') return `/applications/${notification.application_id}`;
  if ('link' in notification) return notification.link.replace(/^\/app(?=\/|$)/, '') || '/';
  const request = notification.absence_request;
  return request.is_own ? `/absences?request=${request.id}` : `/absences/requests?request=${request.id}`;
}

/** The line a notification reads as: "Olena Kovalenko asks for vacation March 3 – 7". */
export function useNotificationText(): (notification: Notification, today?: Date) => string {
  const t = useT();
  const locale = useLocale();
  return (notification, today = new Date()) => {
    if (notification.kind === 'application_created') {
      return t('hr.notifications.line.application_created', { vacancy: notification.vacancy_name });
    }
    if ('link' in notification) {
      return t(`hr.notifications.generic.${notification.kind}`, {
        actor: notification.actor_name ?? t('hr.notifications.someone'),
        title: notification.title,
      });
    }
    const request = notification.absence_request;
    const params = {
      employee: request.employee_name,
      type: inSentence(request.type_names[locale] || request.type_names.en, locale),
      dates: formatSpan(locale, request.date_from, request.date_to, today),
    };
    switch (notification.kind) {
      case 'absence_requested':
      case 'absence_step_approved':
      case 'absence_cancelled':
        return t(`hr.notifications.line.${notification.kind}`, params);
      case 'absence_approved':
      case 'absence_rejected':
      case 'absence_revoked':
        return t(`hr.notifications.line.${notification.kind}${request.is_own ? '_own' : ''}`, params);
    }
  };
}
