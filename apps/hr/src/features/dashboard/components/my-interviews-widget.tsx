import type { WidgetParams } from '@kadry/shared/schemas/dashboard';
import { Link } from 'wouter';
import { useLocale, useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useMyInterviews } from '../../applications/api/interviews';
import { formatInterviewWhen, isAwaitingScorecard } from '../../applications/components/interview-format';
import { LimitField, WidgetSettings, WidgetState } from './widget-parts';

/**
 * The myInterviews widget (issue 17): the interviewer's home screen lists their interviews
 * (`recruiting.myInterviews`, the list the vacancies screen shows too), soonest first — upcoming ones,
 * then recent ones still waiting for their scorecard —, the first `limit` of them. Each row names the
 * candidate (a link to the application card for whoever sees candidates), the vacancy and the moment in
 * the interview's time zone, and opens the interview (details and scorecard) for any interviewer.
 */
export function MyInterviewsWidget({ params }: { params: WidgetParams<'myInterviews'> }) {
  const t = useT();
  const locale = useLocale();
  const canSeeCandidates = usePermissions().can('Candidate', 'view');
  const query = useMyInterviews();
  const now = Date.now();
  return (
    <>
      <WidgetSettings widget="myInterviews" params={params}>
        {(draft, change, id) => (
          <LimitField id={id} value={draft.limit} onChange={(limit) => change({ limit })} />
        )}
      </WidgetSettings>
      <WidgetState query={query} isEmpty={(data) => data.length === 0} empty={t('hr.interviews.mine.none')}>
        {(data) => {
          const shown = data.slice(0, params.limit);
          return (
            <>
              <ul className="dashboard-widget__list" aria-label={t('hr.dashboard.widget.myInterviews')}>
                {shown.map((interview) => (
                  <li key={interview.id} className="dashboard-widget__row">
                    <span className="dashboard-widget__primary">
                      {canSeeCandidates ? (
                        <Link href={`/applications/${interview.application_id}`}>
                          {interview.candidate.name}
                        </Link>
                      ) : (
                        interview.candidate.name
                      )}
                    </span>
                    <span className="dashboard-widget__secondary">
                      {interview.vacancy.name} ·{' '}
                      <time dateTime={interview.starts_at}>{formatInterviewWhen(interview, locale)}</time>
                      {isAwaitingScorecard(interview, now) ? (
                        <>
                          {' '}
                          <span className="chip chip--orange">{t('hr.interviews.mine.awaiting')}</span>
                        </>
                      ) : null}
                    </span>
                    <Link href={`/interviews/${interview.id}`}>
                      {t('hr.interviews.open', { name: interview.candidate.name })}
                    </Link>
                  </li>
                ))}
              </ul>
              {data.length > shown.length ? (
                <p className="dashboard-widget__footer">
                  {t('hr.dashboard.my_interviews.more', { count: data.length - shown.length })}
                </p>
              ) : null}
            </>
          );
        }}
      </WidgetState>
    </>
  );
}
