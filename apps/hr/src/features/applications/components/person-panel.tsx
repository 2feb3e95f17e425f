import type { CandidateDetails } from '@kadry/shared/schemas/candidates';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useId, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useCandidate, useDismissDuplicate, useUndoMerge } from '../api/candidates';
import { getCandidateLabel } from './candidate-name';
import { MergeDialog } from './merge-dialog';
import { PersonApplicationItem } from './person-application-item';
import { PersonDetailsDialog } from './person-details-dialog';
import './person.css';

/**
 * The card's person (issue 17): every application of the candidate the user sees, with links; a
 * "possible duplicate" banner for people with the same name (or contacts) with compare-and-merge and
 * "not the same person"; the merges into this person, each of which can be undone; and "Edit details"
 * to correct the person's name, e-mail or phone.
 */
export function PersonPanel({
  candidateId,
  applicationId,
  canChange,
}: {
  candidateId: number;
  applicationId: number;
  canChange: boolean;
}) {
  const t = useT();
  const ids = useId();
  const person = useCandidate(candidateId);
  const [comparing, setComparing] = useState<CandidateDetails['duplicates'][number] | null>(null);
  const [isEditing, setIsEditing] = useState(false);
  const dismiss = useDismissDuplicate();
  const undo = useUndoMerge();
  const data = person.data;

  if (person.isPending) {
    return (
      <p role="status" className="query-state">
        {t('hr.common.loading')}
      </p>
    );
  }
  // Merged away meanwhile (the card reloads with the survivor) or no longer visible: nothing to add.
  if (person.error instanceof ApiError && person.error.status === 404) return null;
  if (!data) {
    return (
      <div role="alert" className="query-state">
        <p>{t('hr.person.load_failed')}</p>
        <button type="button" onClick={() => person.refetch()}>
          {t('hr.common.retry')}
        </button>
      </div>
    );
  }
  const mayMerge = canChange && data.can_merge;
  const mayEdit = canChange && data.can_edit;

  return (
    <>
      {data.duplicates.length > 0 ? (
        <section className="panel person__duplicates" aria-labelledby={`${ids}-duplicates`}>
          <h2 id={`${ids}-duplicates`}>{t('hr.person.possible_duplicate')}</h2>
          <ul className="person__list">
            {data.duplicates.map((other) => (
              <li key={other.id} className="person__duplicate">
                <p>
                  {t('hr.person.duplicate_text', {
                    name: getCandidateLabel(other, t),
                    count: other.applications.length,
                  })}{' '}
                  <span className="hint">
                    ({other.matched_on.map((match) => t(`hr.person.matched_on.${match}`)).join(', ')})
                  </span>
                </p>
                {mayMerge ? (
                  <div className="person__actions">
                    <button type="button" onClick={() => setComparing(other)}>
                      {t('hr.person.compare_and_merge')}
                    </button>
                    <button
                      type="button"
                      disabled={dismiss.isPending}
                      onClick={() =>
                        dismiss.mutate(
                          { id: data.id, otherId: other.id },
                          {
                            onSuccess: () => snackbar.success(t('hr.person.dismissed')),
                            onError: (error) => snackbar.error(getRequestErrorMessage(error)),
                          },
                        )
                      }
                    >
                      {t('hr.person.not_same_person')}
                    </button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="panel" aria-labelledby={`${ids}-applications`}>
        <h2 id={`${ids}-applications`}>{t('hr.person.applications', { count: data.applications.length })}</h2>
        {mayEdit ? (
          <div className="person__actions">
            <button type="button" onClick={() => setIsEditing(true)}>
              {t('hr.person.edit')}
            </button>
          </div>
        ) : null}
        <ul className="person__list">
          {data.applications.map((application) => (
            <PersonApplicationItem
              key={application.id}
              application={application}
              isCurrent={application.id === applicationId}
            />
          ))}
        </ul>
        {data.merges.length > 0 ? (
          <>
            <h3>{t('hr.person.merges')}</h3>
            <ul className="person__list">
              {data.merges.map((merge) => (
                <li key={merge.id} className="person__merge">
                  {t('hr.person.merge_text', {
                    name: merge.merged.name || t('hr.candidate.unnamed', { id: merge.merged.id }),
                    count: merge.application_ids.length,
                  })}{' '}
                  <span className="hint">{merge.actor?.name ?? ''}</span>
                  {mayMerge ? (
                    <>
                      {' '}
                      <button
                        type="button"
                        disabled={undo.isPending}
                        onClick={() =>
                          undo.mutate(merge.id, {
                            onSuccess: () => snackbar.success(t('hr.person.unmerged')),
                            onError: (error) => snackbar.error(getRequestErrorMessage(error)),
                          })
                        }
                      >
                        {t('hr.person.unmerge')}
                      </button>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>

      <MergeDialog person={data} other={comparing} onClose={() => setComparing(null)} />
      <PersonDetailsDialog person={data} open={isEditing} onClose={() => setIsEditing(false)} />
    </>
  );
}
