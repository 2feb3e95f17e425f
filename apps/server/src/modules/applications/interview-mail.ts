import type { Locale } from '@kadry/shared/constants';
import { escapeHtml } from '@kadry/shared/schemas/recruiting-mail';
import { translatorForLocale } from '../../lib/request-locale';

// The words of interview mail: the invitation, its update, its cancellation and the reminder, to the
// candidate (in the language they applied in) and to each interviewer (in their own).

export type InterviewMailKind = 'invite' | 'update' | 'cancel' | 'reminder';

/** What an interview mail says about the interview. */
export type InterviewFacts = {
  candidateName: string;
  vacancyName: string;
  companyName: string;
  startsAt: Date;
  durationMinutes: number;
  timeZone: string;
  location: string | null;
  videoUrl: string | null;
  organizerName: string | null;
};

/** "1 July 2025, 10:00 (America/New_York)": the moment in the interview's zone, named. */
export function formatInterviewMoment(startsAt: Date, timeZone: string, locale: Locale): string {
  const text = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(
    startsAt,
  );
  return `${text} (${timeZone})`;
}

/** The paragraphs of a mail as HTML; each is plain text, escaped here, a link where `href` is given. */
function toHtml(paragraphs: readonly { text: string; href?: string }[]): string {
  return paragraphs
    .map(({ text, href }) =>
      href
        ? `<p>${escapeHtml(text)} <a href="${escapeHtml(href)}">${escapeHtml(href)}</a></p>`
        : `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
    )
    .join('');
}

function detailsOf(facts: InterviewFacts, locale: Locale, kind: InterviewMailKind) {
  const t = translatorForLocale(locale);
  const lines: { text: string; href?: string }[] = [
    {
      text: t('interviews.mail.when', {
        when: formatInterviewMoment(facts.startsAt, facts.timeZone, locale),
      }),
    },
  ];
  if (kind === 'cancel') return lines;
  lines.push({ text: t('interviews.mail.duration', { minutes: facts.durationMinutes }) });
  if (facts.location) lines.push({ text: t('interviews.mail.place', { place: facts.location }) });
  if (facts.videoUrl) lines.push({ text: t('interviews.mail.video'), href: facts.videoUrl });
  return lines;
}

/** A mail to the candidate: subject and HTML body (the .ics goes with it, except for a reminder). */
export function composeCandidateMail(
  kind: InterviewMailKind,
  locale: Locale,
  facts: InterviewFacts,
): { subject: string; html: string } {
  const t = translatorForLocale(locale);
  const values = { name: facts.candidateName, vacancy: facts.vacancyName, company: facts.companyName };
  const paragraphs = [
    { text: t(`interviews.mail.candidate.${kind}`, values) },
    ...detailsOf(facts, locale, kind),
    ...(kind === 'invite' || kind === 'update' ? [{ text: t('interviews.mail.calendar_hint') }] : []),
    { text: t('interviews.mail.signature', { sender: facts.organizerName ?? facts.companyName }) },
  ];
  return { subject: t(`interviews.mail.subject.${kind}`, values), html: toHtml(paragraphs) };
}

/** A mail to an interviewer: subject, text and HTML, with a link to the interview (and its scorecard). */
export function composeStaffMail(
  kind: InterviewMailKind,
  locale: Locale,
  facts: InterviewFacts & { recipientName: string; note: string | null; link: string },
): { subject: string; text: string; html: string } {
  const t = translatorForLocale(locale);
  const values = {
    name: facts.recipientName,
    candidate: facts.candidateName,
    vacancy: facts.vacancyName,
    company: facts.companyName,
    organizer: facts.organizerName ?? facts.companyName,
  };
  const paragraphs = [
    { text: t(`interviews.mail.staff.${kind}`, values) },
    ...detailsOf(facts, locale, kind),
    ...(kind !== 'cancel' && facts.note ? [{ text: t('interviews.mail.note', { note: facts.note }) }] : []),
    ...(kind !== 'cancel' ? [{ text: t('interviews.mail.scorecard'), href: facts.link }] : []),
  ];
  const text = paragraphs.map((line) => (line.href ? `${line.text} ${line.href}` : line.text)).join('\n\n');
  return {
    subject: t(`interviews.mail.staff_subject.${kind}`, values),
    text,
    html: toHtml(paragraphs),
  };
}
