import { AUTOLINK_TLDS } from '@kadry/shared/constants';
import { splitMentions } from '@kadry/shared/schemas/recruiting-tags';
import { find } from 'linkifyjs';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n';
import './comments.css';

const AUTOLINK_TLD_SET = new Set<string>(AUTOLINK_TLDS);

/**
 * The address a piece of text links to, or null when it must stay text: only http(s), and a bare
 * domain only when its top-level domain is one spec §9 auto-links (kadry.ua yes, evil.xyz no).
 * Anything else (javascript:, data:, mailto:) is never a link.
 */
export function safeHref(value: string, href: string): string | null {
  if (!/^https?:\/\//i.test(href)) return null;
  if (/^https?:\/\//i.test(value)) return href;
  const host = value.split(/[/?#:]/)[0] ?? '';
  const tld = host.split('.').pop()?.toLowerCase() ?? '';
  return AUTOLINK_TLD_SET.has(tld) ? href : null;
}

/** Plain text with its safe links made clickable (new tab, no referrer, no follow). */
function linkify(text: string, keyPrefix: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of find(text, 'url')) {
    const href = safeHref(match.value, match.href);
    if (!href) continue;
    if (match.start > last) parts.push(text.slice(last, match.start));
    parts.push(
      <a key={`${keyPrefix}-${match.start}`} href={href} target="_blank" rel="noopener noreferrer nofollow">
        {match.value}
      </a>,
    );
    last = match.end;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

/**
 * A comment's text as people read it: mentions (`<@id>`) as chips with the colleague's name, links
 * clickable and safe, line breaks kept, long words wrapped anywhere rather than overflowing.
 */
export function CommentText({
  text,
  mentions,
}: {
  text: string;
  mentions: readonly { id: number; name: string }[];
}) {
  const t = useT();
  const names = new Map(mentions.map((person) => [person.id, person.name]));
  return (
    <p className="comment-text">
      {splitMentions(text).map((part, index) =>
        'text' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in their order.
          <span key={index}>{linkify(part.text, String(index))}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same colleague may be mentioned twice.
          <span key={index} className="mention-chip">
            @{names.get(part.mention) ?? t('hr.comments.unknown_person')}
          </span>
        ),
      )}
    </p>
  );
}
