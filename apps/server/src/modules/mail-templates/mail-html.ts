import {
  fillMailPlaceholders,
  type MailDraft,
  type MailPlaceholderValues,
} from '@kadry/shared/schemas/recruiting-mail';
import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

/**
 * The allowlist of candidate mail bodies: what the HR app's rich-text editor writes (paragraphs,
 * emphasis, lists, headings, links). Nothing that runs, no images (remote images track the reader).
 */
const MAIL_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'blockquote',
    'a',
  ],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h3',
    h2: 'h3',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
};

/** A template or draft body as stored: sanitised with the mail allowlist. */
export function sanitizeMailBody(html: string): string {
  return sanitizeHtml(html, MAIL_SANITIZE_OPTIONS);
}

/** A mail ready to hand over: subject, sanitised HTML and its plain-text twin. */
export type RenderedMail = { subject: string; html: string; text: string };

/**
 * Fills a draft's placeholders. The body is sanitised before (whatever the client sent) and the
 * values are escaped into it, so a candidate named `<b>` stays text; the subject is plain text and
 * loses line breaks (a header cannot hold them).
 */
export function renderMail(
  draft: Pick<MailDraft, 'subject' | 'body'>,
  values: MailPlaceholderValues,
): RenderedMail {
  const html = fillMailPlaceholders(sanitizeMailBody(draft.body), values, { html: true });
  const subject = fillMailPlaceholders(draft.subject, values, { html: false })
    .replace(/[\r\n]+/g, ' ')
    .trim();
  const text = convert(html, {
    wordwrap: 100,
    selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }],
  });
  return { subject, html, text };
}

/**
 * A mail the server wrote itself (an interview invitation): its HTML already holds escaped values, so
 * no placeholder is filled (a place named "{company}" stays as written); sanitised all the same.
 */
export function renderComposedMail(subject: string, bodyHtml: string): RenderedMail {
  const html = sanitizeMailBody(bodyHtml);
  const text = convert(html, {
    wordwrap: 100,
    selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }],
  });
  return { subject: subject.replace(/[\r\n]+/g, ' ').trim(), html, text };
}

/**
 * {interview_time} as a reader of `locale` expects it: the local date and time the sender typed, in
 * the sender's time zone, named.
 */
export function formatInterviewTime(local: string | null | undefined, locale: string, timeZone: string) {
  if (!local) return '';
  const date = new Date(`${local.length === 16 ? `${local}:00` : local}Z`);
  if (Number.isNaN(date.getTime())) return '';
  const text = new Intl.DateTimeFormat(locale, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
  return `${text} (${timeZone})`;
}
