import type { CandidateDetails } from '@kadry/shared/schemas/candidates';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { FormError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useMergeCandidates } from '../api/candidates';
import { getCandidateLabel } from './candidate-name';
import { PersonApplicationItem } from './person-application-item';

type Person = Pick<CandidateDetails, 'id' | 'name' | 'email' | 'phone' | 'applications'>;

/**
 * Compare two people side by side (name, contacts the user may see, applications) and merge them:
 * the user chooses whose name and contacts stay; every application of both, with its answers and
 * files, belongs to that person afterwards. The merge can be undone from the card.
 */
export function MergeDialog({
  person,
  other,
  onClose,
}: {
  person: Person;
  other: Person | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={other !== null}
      onClose={onClose}
      title={t('hr.person.merge_title')}
      description={t('hr.person.merge_description')}
      size="wide"
      hasCloseButton
    >
      {other ? <MergeForm person={person} other={other} onClose={onClose} /> : null}
    </DialogFrame>
  );
}

function MergeForm({ person, other, onClose }: { person: Person; other: Person; onClose: () => void }) {
  const t = useT();
  const ids = useId();
  const merge = useMergeCandidates();
  const [survivorId, setSurvivorId] = useState(person.id);
  const [error, setError] = useState<string | null>(null);
  const people = [person, other];
  const showsEmail = people.some((one) => one.email !== undefined);
  const showsPhone = people.some((one) => one.phone !== undefined);

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const mergedId = survivorId === person.id ? other.id : person.id;
    merge.mutate(
      { survivorId, mergedId },
      {
        onSuccess: () => {
          snackbar.success(t('hr.person.merged'));
          onClose();
        },
        onError: (failure) => setError(getRequestErrorMessage(failure)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <div className="person-compare">
        {people.map((one, index) => (
          <section
            key={one.id}
            className="person-compare__column"
            aria-labelledby={`${ids}-person-${one.id}`}
          >
            <h3 id={`${ids}-person-${one.id}`}>
              {index === 0 ? t('hr.person.this_person') : t('hr.person.other_person')}
            </h3>
            <dl className="answers">
              <dt>{t('hr.candidates.name')}</dt>
              <dd>{getCandidateLabel(one, t)}</dd>
              {showsEmail ? (
                <>
                  <dt>{t('hr.candidate.email')}</dt>
                  <dd>{one.email || '—'}</dd>
                </>
              ) : null}
              {showsPhone ? (
                <>
                  <dt>{t('hr.candidate.phone')}</dt>
                  <dd>{one.phone || '—'}</dd>
                </>
              ) : null}
            </dl>
            <h4>{t('hr.person.applications', { count: one.applications.length })}</h4>
            <ul className="person__list">
              {one.applications.map((application) => (
                <PersonApplicationItem key={application.id} application={application} />
              ))}
            </ul>
          </section>
        ))}
      </div>
      <fieldset className="person-compare__choice">
        <legend>{t('hr.person.keep_whose')}</legend>
        {people.map((one) => (
          <label key={one.id}>
            <input
              type="radio"
              name={`${ids}-survivor`}
              value={one.id}
              checked={survivorId === one.id}
              onChange={() => setSurvivorId(one.id)}
            />{' '}
            {getCandidateLabel(one, t)}
            {one.email ? <span className="hint"> · {one.email}</span> : null}
          </label>
        ))}
      </fieldset>
      <FormError message={error} />
      <DialogActions>
        <button type="submit" className="primary" disabled={merge.isPending}>
          {t('hr.person.merge')}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.person.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}
