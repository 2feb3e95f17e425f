import { Fragment } from 'react';

export type MetaPart = { key: string; text: string | null; isBold?: boolean };

/** The non-empty parts, in order. */
export function selectNonEmptyParts(parts: readonly MetaPart[]): MetaPart[] {
  return parts.filter((part) => part.text !== null && part.text.trim() !== '');
}

/** A bullet-separated line of the non-empty parts (spec §2.1); renders nothing when all are empty. */
export function MetaLine({ parts, className }: { parts: readonly MetaPart[]; className?: string }) {
  const visible = selectNonEmptyParts(parts);
  if (visible.length === 0) return null;
  return (
    <p className={className ?? 'meta-line'}>
      {visible.map((part, index) => (
        <Fragment key={part.key}>
          {index > 0 ? <MetaSeparator /> : null}
          {part.isBold ? <strong>{part.text}</strong> : <span>{part.text}</span>}
        </Fragment>
      ))}
    </p>
  );
}

/** A visible bullet; screen readers hear a comma instead of 'bullet'. */
export function MetaSeparator() {
  return (
    <span className="meta-separator">
      <span aria-hidden="true">{' • '}</span>
      <span className="visually-hidden">, </span>
    </span>
  );
}
