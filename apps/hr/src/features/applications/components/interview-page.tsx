import { useId } from 'react';
import { Link } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useInterview } from '../api/interviews';
import { InterviewFacts, ScorecardView } from './interviews-panel';
import { ScorecardForm } from './scorecard-form';
import './interviews.css';

/**
 * One interview, as its interviewer opens it from "My interviews" or a mail: the facts, their scorecard
 * to fill or change, and the scorecards they may see. Interviewers need no access to candidates for it.
 */
export function InterviewPage({ id }: { id: number }) {
  const t = useT();
  const ids = useId();
  const interview = useInterview(id);
  const canSeeCandidates = usePermissions().can('Candidate', 'view');
  const data = interview.data;
  return (
    <section>
      <QueryState
        isPending={interview.isPending}
        isError={interview.isError}
        error={interview.error}
        onRetry={() => interview.refetch()}
      >
        {data ? (
          <>
            <PageHeading>
              {t('hr.interviews.page.title', { candidate: data.data.candidate.name })}
            </PageHeading>
            <div className="panel">
              <p>
                <span className={data.data.state === 'scheduled' ? 'chip chip--blue' : 'chip chip--grey'}>
                  {t(`hr.interviews.state.${data.data.state}`)}
                </span>{' '}
                {data.data.vacancy.name}
                {canSeeCandidates ? (
                  <>
                    {' · '}
                    <Link href={`/applications/${data.data.application_id}`}>
                      {t('hr.interviews.page.candidate_card')}
                    </Link>
                  </>
                ) : null}
              </p>
              <InterviewFacts interview={data.data} />
              {data.data.is_interviewer && data.data.state === 'scheduled' ? (
                <ScorecardForm
                  headingLevel={2}
                  key={data.data.my_scorecard_id ?? 'new'}
                  interview={data.data}
                  own={data.scorecards.find((card) => card.id === data.data.my_scorecard_id) ?? null}
                />
              ) : null}
              {data.data.is_interviewer && data.data.state === 'cancelled' ? (
                <p className="hint">{t('hr.interviews.scorecard.cancelled')}</p>
              ) : null}
            </div>
            <section className="panel" aria-labelledby={`${ids}-cards`}>
              <h2 id={`${ids}-cards`}>{t('hr.interviews.scorecards.title')}</h2>
              {data.scorecards.length === 0 ? (
                <p className="hint">{t('hr.interviews.scorecards.none')}</p>
              ) : null}
              {data.hidden_scorecards > 0 ? (
                <p className="hint">
                  {t('hr.interviews.scorecards.hidden', { count: data.hidden_scorecards })}
                </p>
              ) : null}
              {data.scorecards.map((scorecard) => (
                <ScorecardView key={scorecard.id} scorecard={scorecard} />
              ))}
            </section>
          </>
        ) : null}
      </QueryState>
    </section>
  );
}
