import type { SnippetPart } from '@kadry/shared/schemas/recruiting';
import { useT } from '../../../lib/i18n';
import './person.css';

/**
 * Where a searched application matched (decision 027): the server's text pieces with the words found
 * in <mark>. Rendered as text, never as HTML, whatever the CV held.
 */
export function SearchSnippet({ parts }: { parts: readonly SnippetPart[] }) {
  const t = useT();
  return (
    <p className="search-snippet">
      <span className="visually-hidden">{t('hr.person.found')}: </span>
      {parts.map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one snippet never reorder.
          <mark key={index}>{part.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one snippet never reorder.
          <span key={index}>{part.text}</span>
        ),
      )}
    </p>
  );
}
