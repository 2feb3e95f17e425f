import type { Interview, Scorecard, ScorecardSummary } from '@kadry/shared/schemas/interviews';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryState } from '../../../components/ui/query-state';
import { useDiscardConfirmation } from '../../../components/ui/unsaved-changes-guard';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useApplicationInterviews, useCancelInterview } from '../api/interviews';
import { formatDateTime } from './application-history';
import { useCanWriteToCandidates } from './can-write-to-candidates';
import { InterviewDialog } from './interview-dialog';
import { differsInZone, formatInterviewWhen, formatInZone } from './interview-format';
import { ScorecardForm } from './scorecard-form';
import './interviews.css';

/** When, how long, where, who: an interview's facts as a description list. */
export function InterviewFacts({ interview }: { interview: Interview }) {
  const t = useT();
  const locale = useLocale();
  const { user } = usePageData();
  const readerZone = user.timezone || 'UTC';
  return (
    <dl className="answers interview-facts">
      <dt>{t('hr.interviews.when')}</dt>
      <dd>
        <time dateTime={interview.starts_at}>{formatInterviewWhen(interview, locale)}</time>
        {' · '}
        {t('hr.interviews.duration_value', { minutes: interview.duration_minutes })}
        {differsInZone(interview.starts_at, interview.time_zone, readerZone) ? (
          <span className="hint">
            {' '}
            ({t('hr.interviews.your_time', { when: formatInZone(interview.starts_at, readerZone, locale) })})
          </span>
        ) : null}
      </dd>
      {interview.location ? (
        <>
          <dt>{t('hr.interviews.place')}</dt>
          <dd>{interview.location}</dd>
        </>
      ) : null}
      {interview.video_url ? (
        <>
          <dt>{t('hr.interviews.video')}</dt>
          <dd>
            <a href={interview.video_url} target="_blank" rel="noopener noreferrer">
              {interview.video_url}
            </a>
          </dd>
        </>
      ) : null}
      <dt>{t('hr.interviews.interviewers')}</dt>
      <dd>
        <ul className="interview-facts__people">
          {interview.interviewers.map((person) => (
            <li key={person.id}>
              {person.name}{' '}
              <span className={person.has_scorecard ? 'chip chip--green' : 'chip chip--grey'}>
                {t(person.has_scorecard ? 'hr.interviews.scorecard_done' : 'hr.interviews.scorecard_pending')}
              </span>
            </li>
          ))}
        </ul>
      </dd>
      {interview.organizer ? (
        <>
          <dt>{t('hr.interviews.organizer')}</dt>
          <dd>{interview.organizer.name}</dd>
        </>
      ) : null}
      {interview.note ? (
        <>
          <dt>{t('hr.interviews.note')}</dt>
          <dd className="interview-facts__note">{interview.note}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** One scorecard: who, when, each rating, the recommendation, notes. */
export function ScorecardView({ scorecard }: { scorecard: Scorecard }) {
  const t = useT();
  const locale = useLocale();
  return (
    <article className="scorecard" aria-label={scorecard.author.name}>
      <p>
        <strong>{scorecard.author.name}</strong>{' '}
        <span className={`chip ${RECOMMENDATION_CHIPS[scorecard.recommendation]}`}>
          {t(`hr.interviews.recommendation.${scorecard.recommendation}`)}
        </span>
      </p>
      <p className="history__meta">{formatDateTime(scorecard.updated_at, locale)}</p>
      {scorecard.ratings.length > 0 ? (
        <dl className="answers">
          {scorecard.ratings.map((rating) => (
            <div key={rating.key} style={{ display: 'contents' }}>
              <dt>{rating.name}</dt>
              <dd>{t(`hr.interviews.rating.${rating.rating}`)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {scorecard.notes ? <p className="interview-facts__note">{scorecard.notes}</p> : null}
    </article>
  );
}

const RECOMMENDATION_CHIPS: Record<Scorecard['recommendation'], string> = {
  strong_no: 'chip--red',
  no: 'chip--orange',
  yes: 'chip--green',
  strong_yes: 'chip--green',
};

function SummaryView({ summary }: { summary: ScorecardSummary }) {
  const t = useT();
  const id = useId();
  if (summary.count === 0) return null;
  return (
    <section className="scorecard-summary" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('hr.interviews.scorecards.summary', { count: summary.count })}</h3>
      <ul className="scorecard-summary__counts">
        {Object.entries(summary.recommendations).map(([key, count]) => (
          <li key={key}>
            {t(`hr.interviews.recommendation.${key}`)}: <strong>{count}</strong>
          </li>
        ))}
      </ul>
      {summary.attributes.length > 0 ? (
        <dl className="answers">
          {summary.attributes.map((attribute) => (
            <div key={attribute.key} style={{ display: 'contents' }}>
              <dt>{attribute.name}</dt>
              <dd>
                {attribute.average === null
                  ? '—'
                  : t('hr.interviews.scorecards.average', { average: attribute.average })}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

/**
 * The card's interviews: each with its facts, changes (reschedule, cancel) for those who may change the
 * candidate, the reader's own scorecard to fill when they interview, and the scorecards they may see
 * with their summary (others' stay hidden until one's own is in, unless the role sees them earlier).
 */
export function InterviewsPanel({
  applicationId,
  vacancyId,
  candidateName,
  canChange: canUpdate,
  isRejected,
}: {
  applicationId: number;
  vacancyId: number;
  candidateName: string;
  canChange: boolean;
  isRejected: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const interviews = useApplicationInterviews(applicationId);
  const canWriteToCandidates = useCanWriteToCandidates();
  const cancel = useCancelInterview();
  const [editing, setEditing] = useState<Interview | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<Interview | null>(null);
  const [filling, setFilling] = useState<number | null>(null);
  // Folding away a scorecard with unsaved ratings or notes (or opening another's) asks first.
  const nextFilling = useRef<number | null>(null);
  const discard = useDiscardConfirmation(() => setFilling(nextFilling.current));
  const toggleScorecard = (interviewId: number) => {
    nextFilling.current = filling === interviewId ? null : interviewId;
    if (filling === null) setFilling(nextFilling.current);
    else discard.requestClose();
  };
  const data = interviews.data;
  // Scheduling, rescheduling and cancelling write to the candidate's address (decision 035).
  const canChange = canUpdate && canWriteToCandidates;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <div className="interviews__header">
        <h2 id={`${id}-title`}>{t('hr.interviews.title')}</h2>
        {canChange && !isRejected ? (
          <button type="button" onClick={() => setEditing('new')}>
            {t('hr.interviews.schedule')}
          </button>
        ) : null}
      </div>
      <QueryState
        isPending={interviews.isPending}
        isError={interviews.isError}
        onRetry={() => interviews.refetch()}
      >
        {data?.data.length === 0 ? <p className="hint">{t('hr.interviews.none')}</p> : null}
        <ul className="interviews__list">
          {(data?.data ?? []).map((interview) => {
            const own = data?.scorecards.find((card) => card.id === interview.my_scorecard_id) ?? null;
            const isLive = interview.state === 'scheduled';
            return (
              <li key={interview.id} className="interviews__item" data-state={interview.state}>
                <p>
                  <span className={isLive ? 'chip chip--blue' : 'chip chip--grey'}>
                    {t(`hr.interviews.state.${interview.state}`)}
                  </span>{' '}
                  <Link href={`/interviews/${interview.id}`}>
                    {t('hr.interviews.open', { name: candidateName })}
                  </Link>
                </p>
                <InterviewFacts interview={interview} />
                <div className="interviews__actions">
                  {canChange && isLive ? (
                    <>
                      <button type="button" onClick={() => setEditing(interview)}>
                        {t('hr.interviews.reschedule')}
                      </button>
                      <button type="button" className="danger" onClick={() => setCancelling(interview)}>
                        {t('hr.interviews.cancel')}
                      </button>
                    </>
                  ) : null}
                  {interview.is_interviewer && isLive ? (
                    <button
                      type="button"
                      aria-expanded={filling === interview.id}
                      onClick={() => toggleScorecard(interview.id)}
                    >
                      {t(own ? 'hr.interviews.edit_scorecard' : 'hr.interviews.fill_scorecard')}
                    </button>
                  ) : null}
                </div>
                {filling === interview.id ? (
                  <ScorecardForm
                    interview={interview}
                    own={own}
                    onSaved={() => setFilling(null)}
                    onDirtyChange={discard.onDirtyChange}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
        {data && data.data.length > 0 ? (
          <section aria-labelledby={`${id}-cards`}>
            <h3 id={`${id}-cards`}>{t('hr.interviews.scorecards.title')}</h3>
            {data.scorecards.length === 0 ? (
              <p className="hint">{t('hr.interviews.scorecards.none')}</p>
            ) : null}
            {data.hidden_scorecards > 0 ? (
              <p className="hint">
                {t('hr.interviews.scorecards.hidden', { count: data.hidden_scorecards })}
              </p>
            ) : null}
            <SummaryView summary={data.summary} />
            {data.scorecards.map((scorecard) => (
              <ScorecardView key={scorecard.id} scorecard={scorecard} />
            ))}
          </section>
        ) : null}
      </QueryState>
      {editing !== null ? (
        <InterviewDialog
          open
          onClose={() => setEditing(null)}
          applicationId={applicationId}
          vacancyId={vacancyId}
          candidateName={candidateName}
          interview={editing === 'new' ? null : editing}
        />
      ) : null}
      <ConfirmDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t('hr.interviews.cancel')}
        confirmLabel={t('hr.interviews.cancel')}
        cancelLabel={t('hr.interviews.keep')}
        onConfirm={async () => {
          if (!cancelling) return;
          await cancel.mutateAsync(cancelling.id);
          snackbar.success(t('hr.interviews.cancelled_done'));
        }}
      >
        <p>
          {cancelling
            ? t('hr.interviews.cancel_confirm', { when: formatInterviewWhen(cancelling, locale) })
            : null}
        </p>
      </ConfirmDialog>
      {discard.confirmation}
    </section>
  );
}
