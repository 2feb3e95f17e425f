import { useId } from 'react';
import { Link } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useStages } from '../../vacancies/api/get-stages';
import { useApplication } from '../api/get-application';
import { useMoveApplication } from '../api/move-application';
import { ApplicationHistory } from './application-history';
import { ApplicationTags } from './application-tags';
import { formatDate } from './applications-page';
import { getCandidateLabel } from './candidate-name';
import { CardActions, RejectionNotice } from './card-actions';
import { CommentsPanel } from './comments-panel';
import { InterviewsPanel } from './interviews-panel';
import { PersonPanel } from './person-panel';

/** Bytes as KB, MB or GB (spec §9 size units). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(1)} GB`;
}

/** The candidate card: answers by type, files to download, parsed CV text, source, dates, other applications, comments. */
export function ApplicationCardPage({ id }: { id: number }) {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const application = useApplication(id);
  const stages = useStages(application.data?.vacancy.id ?? null);
  const move = useMoveApplication();
  const data = application.data;
  const canChange = usePermissions().can('Candidate', 'update');

  return (
    <section>
      <QueryState
        isPending={application.isPending}
        isError={application.isError}
        error={application.error}
        onRetry={() => application.refetch()}
      >
        {data ? (
          <>
            <PageHeading
              actions={canChange ? <CardActions application={data} stages={stages.data ?? []} /> : null}
            >
              {getCandidateLabel(data.candidate, t)}
            </PageHeading>
            <div className="panel">
              <dl className="answers">
                <dt>{t('hr.candidates.vacancy')}</dt>
                <dd>
                  <Link href={`/vacancies/${data.vacancy.id}/board`}>{data.vacancy.name}</Link>
                </dd>
                <dt>
                  <label htmlFor={`${ids}-stage`}>{t('hr.candidates.stage')}</label>
                </dt>
                <dd>
                  <select
                    id={`${ids}-stage`}
                    value={move.isPending ? (move.variables?.stageId ?? data.stage.id) : data.stage.id}
                    // A rejected application keeps its stage of exit until it is reopened.
                    disabled={move.isPending || Boolean(data.rejection)}
                    aria-describedby={move.isPaused ? `${ids}-stage-waiting` : undefined}
                    onChange={(event) =>
                      move.mutate(
                        { id: data.id, stageId: Number(event.target.value) },
                        { onSuccess: () => snackbar.success(t('hr.candidate.stage_changed')) },
                      )
                    }
                  >
                    {(stages.data ?? [data.stage]).map((stage) => (
                      <option key={stage.id} value={stage.id}>
                        {stage.name}
                      </option>
                    ))}
                  </select>
                  {/* Offline the move waits for the connection: say so, and let it be called off. */}
                  <p role="status" id={`${ids}-stage-waiting`} className="hint">
                    {move.isPaused ? (
                      <>
                        {t('hr.candidate.stage_waiting')}{' '}
                        <button
                          type="button"
                          onClick={() => {
                            move.cancelWaiting();
                            snackbar.info(t('hr.candidate.stage_cancelled'));
                          }}
                        >
                          {t('hr.candidate.stage_cancel')}
                        </button>
                      </>
                    ) : null}
                  </p>
                </dd>
                {data.candidate.email ? (
                  <>
                    <dt>{t('hr.candidate.email')}</dt>
                    <dd>
                      <a href={`mailto:${data.candidate.email}`}>{data.candidate.email}</a>
                    </dd>
                  </>
                ) : null}
                {data.candidate.phone ? (
                  <>
                    <dt>{t('hr.candidate.phone')}</dt>
                    <dd>
                      <a href={`tel:${data.candidate.phone}`}>{data.candidate.phone}</a>
                    </dd>
                  </>
                ) : null}
                <dt>{t('hr.candidates.source')}</dt>
                <dd>{data.source || '—'}</dd>
                <dt>{t('hr.candidates.applied')}</dt>
                <dd>{formatDate(data.created_at, locale)}</dd>
              </dl>
              <ApplicationTags applicationId={data.id} tags={data.tags ?? []} canChange={canChange} />
              {data.is_repeat ? <p className="warning">{t('hr.candidate.repeat_notice')}</p> : null}
              {data.rejection ? <RejectionNotice applicationId={data.id} canChange={canChange} /> : null}
            </div>

            <section className="panel" aria-labelledby={`${ids}-answers`}>
              <h2 id={`${ids}-answers`}>{t('hr.candidate.answers')}</h2>
              <dl className="answers">
                {data.answers.map((answer, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: answers have no id; their order is the form's.
                  <div key={index} style={{ display: 'contents' }} data-input-type={answer.input_type}>
                    <dt>{answer.name}</dt>
                    <dd>
                      {answer.files.length > 0 ? (
                        <ul>
                          {answer.files.map((file) => (
                            <li key={file.id}>
                              {/* No name of our own: the server's Content-Disposition names the file by its detected format. */}
                              <a href={file.download_url} download="">
                                {file.name}
                              </a>{' '}
                              <span className="hint">
                                (
                                {[file.format?.toUpperCase(), formatFileSize(file.size)]
                                  .filter(Boolean)
                                  .join(', ')}
                                )
                              </span>
                            </li>
                          ))}
                        </ul>
                      ) : answer.display !== '' ? (
                        answer.display
                      ) : (
                        <span className="hint">{t('hr.candidate.no_answer')}</span>
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            </section>

            {data.cv_text ? (
              <details className="panel">
                <summary>{t('hr.candidate.cv_text')}</summary>
                <pre style={{ whiteSpace: 'pre-wrap' }}>{data.cv_text}</pre>
              </details>
            ) : null}

            {/* The person: every application of theirs, possible duplicates and merges (decision 027). */}
            <PersonPanel candidateId={data.candidate.id} applicationId={data.id} canChange={canChange} />

            <InterviewsPanel
              applicationId={data.id}
              vacancyId={data.vacancy.id}
              candidateName={getCandidateLabel(data.candidate, t)}
              canChange={canChange}
              isRejected={Boolean(data.rejection)}
            />
            <CommentsPanel applicationId={data.id} canChange={canChange} />
            <ApplicationHistory applicationId={data.id} canChange={canChange} />
          </>
        ) : null}
      </QueryState>
    </section>
  );
}
