import {
  type Interview,
  SCORECARD_NOTES_MAX,
  SCORECARD_RATING_MAX,
  SCORECARD_RATING_MIN,
  SCORECARD_RECOMMENDATIONS,
  type Scorecard,
  type ScorecardRecommendation,
} from '@kadry/shared/schemas/interviews';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { FormError } from '../../../components/ui/field';
import { useDirtyReport } from '../../../components/ui/unsaved-changes-guard';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { RecruitingUnsavedGuard } from '../../vacancies/components/recruiting-unsaved-guard';
import { useSubmitScorecard } from '../api/interviews';

const RATINGS = Array.from(
  { length: SCORECARD_RATING_MAX - SCORECARD_RATING_MIN + 1 },
  (_, index) => SCORECARD_RATING_MIN + index,
);

type Card = {
  ratings: Record<string, number>;
  recommendation: ScorecardRecommendation | null;
  notes: string;
};

function cardOf(own: Scorecard | null): Card {
  return {
    ratings: Object.fromEntries((own?.ratings ?? []).map((rating) => [rating.key, rating.rating])),
    recommendation: own?.recommendation ?? null,
    notes: own?.notes ?? '',
  };
}

function isSameCard(one: Card, other: Card): boolean {
  const keys = new Set([...Object.keys(one.ratings), ...Object.keys(other.ratings)]);
  return (
    one.recommendation === other.recommendation &&
    one.notes === other.notes &&
    [...keys].every((key) => one.ratings[key] === other.ratings[key])
  );
}

/**
 * The interviewer's scorecard for an interview: each of the vacancy's attributes rated 1–4 (a radio
 * group each), an overall recommendation and notes. Starts from their earlier one when they change it.
 * Leaving the page with a change not submitted asks first (issue 17).
 */
export function ScorecardForm({
  interview,
  own,
  onSaved,
  onDirtyChange,
  headingLevel = 3,
}: {
  interview: Interview;
  /** The form's heading under the screen's: h2 on the interview's page, h3 inside the card. */
  headingLevel?: 2 | 3;
  /** The interviewer's earlier scorecard, if any. */
  own: Scorecard | null;
  onSaved?: () => void;
  /** Told whether the form holds unsaved changes (the card's panel asks before folding it away). */
  onDirtyChange?: (isDirty: boolean) => void;
}) {
  const t = useT();
  const ids = useId();
  const submit = useSubmitScorecard(interview.id);
  // What was last loaded or submitted: changes from it are unsaved.
  const [saved, setSaved] = useState(() => cardOf(own));
  const [ratings, setRatings] = useState(saved.ratings);
  const [recommendation, setRecommendation] = useState(saved.recommendation);
  const [notes, setNotes] = useState(saved.notes);
  const [isSubmitted, setIsSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const attributes = interview.scorecard_attributes;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const isComplete =
    recommendation !== null && attributes.every((attribute) => ratings[attribute.key] !== undefined);
  const isDirty = !isSameCard({ ratings, recommendation, notes }, saved);
  useDirtyReport(isDirty, onDirtyChange);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (!isComplete || recommendation === null || submit.isPending) return;
    setFailure(null);
    submit.mutate(
      {
        ratings: attributes.map((attribute) => ({ key: attribute.key, rating: ratings[attribute.key] ?? 0 })),
        recommendation,
        notes,
      },
      {
        onSuccess: () => {
          setSaved({ ratings, recommendation, notes });
          snackbar.success(t('hr.interviews.scorecard.saved'));
          onSaved?.();
        },
        onError: (error) => setFailure(getRequestErrorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${ids}-title`} className="scorecard-form">
      <Heading id={`${ids}-title`}>{t('hr.interviews.scorecard.title')}</Heading>
      <RecruitingUnsavedGuard isDirty={isDirty} />
      {attributes.length === 0 ? <p className="hint">{t('hr.interviews.scorecard.no_attributes')}</p> : null}
      {attributes.map((attribute) => {
        const isMissing = isSubmitted && ratings[attribute.key] === undefined;
        return (
          <fieldset
            key={attribute.key}
            className="scorecard-form__group"
            aria-invalid={isMissing ? true : undefined}
            aria-describedby={isMissing ? `${ids}-missing` : undefined}
          >
            <legend>{attribute.name}</legend>
            <div className="scorecard-form__choices">
              {RATINGS.map((rating) => (
                <label key={rating} className="scorecard-form__choice">
                  <input
                    type="radio"
                    name={`${ids}-${attribute.key}`}
                    value={rating}
                    checked={ratings[attribute.key] === rating}
                    onChange={() => setRatings({ ...ratings, [attribute.key]: rating })}
                  />{' '}
                  {t(`hr.interviews.rating.${rating}`)}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <fieldset
        className="scorecard-form__group"
        aria-invalid={isSubmitted && recommendation === null ? true : undefined}
        aria-describedby={isSubmitted && recommendation === null ? `${ids}-missing` : undefined}
      >
        <legend>{t('hr.interviews.scorecard.recommendation')}</legend>
        <div className="scorecard-form__choices">
          {SCORECARD_RECOMMENDATIONS.map((choice) => (
            <label key={choice} className="scorecard-form__choice">
              <input
                type="radio"
                name={`${ids}-recommendation`}
                value={choice}
                checked={recommendation === choice}
                onChange={() => setRecommendation(choice)}
              />{' '}
              {t(`hr.interviews.recommendation.${choice}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="field">
        <label htmlFor={`${ids}-notes`}>{t('hr.interviews.scorecard.notes')}</label>
        <textarea
          id={`${ids}-notes`}
          rows={4}
          maxLength={SCORECARD_NOTES_MAX}
          value={notes}
          onChange={(event) => setNotes(event.target.value)}
        />
      </div>
      <p role="alert" id={`${ids}-missing`} className="field-error">
        {isSubmitted && !isComplete ? t('hr.interviews.scorecard.choose') : null}
      </p>
      <FormError message={failure} />
      <button type="submit" className="primary" aria-disabled={submit.isPending}>
        {t('hr.interviews.scorecard.submit')}
      </button>
    </form>
  );
}
