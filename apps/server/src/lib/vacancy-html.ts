import { AUTOLINK_TLDS } from '@kadry/shared/constants';
import linkifyHtml from 'linkify-html';
import sanitizeHtml from 'sanitize-html';

const AUTOLINK_TLD_SET = new Set<string>(AUTOLINK_TLDS);

/** The allowlist of vacancy bodies: text formatting, lists, tables and links. Nothing that runs. */
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'small',
    'mark',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'code',
    'pre',
    'a',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The page has exactly one h1 (the vacancy name): body headings start at h2.
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer nofollow' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href,
};

/** Spec §9: any http(s) URL, or a bare domain whose top-level domain is on the list. */
export function isAutolinkable(text: string): boolean {
  if (/^https?:\/\//i.test(text)) return true;
  const host = text.replace(/^[a-z]+:\/\//i, '').split(/[/?#:]/)[0] ?? '';
  const tld = host.split('.').pop()?.toLowerCase() ?? '';
  return AUTOLINK_TLD_SET.has(tld);
}

const LINKIFY_OPTIONS = {
  defaultProtocol: 'https',
  target: '_blank',
  rel: 'noopener noreferrer nofollow',
  ignoreTags: ['a', 'code', 'pre'],
  validate: { url: (value: string) => isAutolinkable(value), email: true },
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Plain text (no tags) keeps its paragraphs and line breaks. */
function textToHtml(text: string): string {
  const escaped = text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);
  return escaped
    .split(/\n\s*\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${para.replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/**
 * A vacancy body section as the public site shows it: sanitised with an allowlist, URLs turned
 * into links that open safely. Null when there is nothing visible left.
 */
export function renderVacancyHtml(source: string | null | undefined): string | null {
  if (!source || source.trim() === '') return null;
  const html = /<[a-z!/][^>]*>/i.test(source) ? source : textToHtml(source);
  const clean = sanitizeHtml(html, SANITIZE_OPTIONS);
  // Linkify works on the already clean markup; sanitise again so its output obeys the same allowlist.
  const linked = sanitizeHtml(linkifyHtml(clean, LINKIFY_OPTIONS), SANITIZE_OPTIONS);
  const visible = linked.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s/g, '');
  return visible === '' ? null : linked;
}
