import type { ReactNode } from 'react';

/**
 * A full-width message: icon, title, text and an optional action. The title is the page's h1 when
 * the result is the whole page (not found, sent), an h2 when it sits under another h1 (empty list).
 */
export function ResultPage({
  icon,
  title,
  text,
  action,
  titleId,
  headingLevel = 1,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
  titleId?: string;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section className="result-page" aria-labelledby={titleId}>
      <div className="result-page__icon">{icon}</div>
      <Heading className="result-page__title" id={titleId} tabIndex={-1}>
        {title}
      </Heading>
      <p className="result-page__text">{text}</p>
      {action ? <div className="result-page__action">{action}</div> : null}
    </section>
  );
}
