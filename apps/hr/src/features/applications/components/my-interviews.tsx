import { useId } from 'react';
import { Link } from 'wouter';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { useMyInterviews } from '../api/interviews';
import { formatInterviewWhen, isAwaitingScorecard } from './interview-format';
import './interviews.css';

/**
 * "My interviews": the signed-in user's interviews as an interviewer — upcoming ones, and recent ones
 * still waiting for their scorecard — each a link to the interview (details and scorecard). Mountable
 * on any screen the interviewer opens first (the dashboard, the vacancies screen).
 */
export function MyInterviewsSection({
  headingLevel = 2,
  isHiddenWhenEmpty = false,
}: {
  headingLevel?: 2 | 3;
  /** On a screen about something else (the vacancies): shown only to someone with interviews. */
  isHiddenWhenEmpty?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const interviews = useMyInterviews();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const now = Date.now();
  if (isHiddenWhenEmpty && (interviews.data?.length ?? 0) === 0) return null;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{t('hr.interviews.mine.title')}</Heading>
      <QueryState
        isPending={interviews.isPending}
        isError={interviews.isError}
        onRetry={() => interviews.refetch()}
      >
        {interviews.data?.length === 0 ? <p className="hint">{t('hr.interviews.mine.none')}</p> : null}
        <ul className="my-interviews__list">
          {(interviews.data ?? []).map((interview) => {
            const isAwaiting = isAwaitingScorecard(interview, now);
            return (
              <li key={interview.id}>
                <Link href={`/interviews/${interview.id}`}>
                  {t('hr.interviews.open', { name: interview.candidate.name })}
                </Link>{' '}
                <span className="hint">· {interview.vacancy.name}</span>
                <br />
                <time dateTime={interview.starts_at}>{formatInterviewWhen(interview, locale)}</time>
                {isAwaiting ? (
                  <>
                    {' '}
                    <span className="chip chip--orange">{t('hr.interviews.mine.awaiting')}</span>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      </QueryState>
    </section>
  );
}
