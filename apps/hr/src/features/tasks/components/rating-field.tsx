import { TASK_RATING_MAX, TASK_RATING_MIN } from '@kadry/shared/schemas/tasks';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';

const RATINGS = Array.from(
  { length: TASK_RATING_MAX - TASK_RATING_MIN + 1 },
  (_, index) => TASK_RATING_MIN + index,
);

/**
 * A comment's rating (1–5, or none) as a radio group: Tab reaches it, the arrow keys choose, as any
 * radio group; the stars are the radios' look, each labelled with its number.
 */
export function RatingField({
  value,
  onChange,
  legend,
}: {
  value: number | null;
  onChange: (rating: number | null) => void;
  legend?: string;
}) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="field task-rating">
      <legend>{legend ?? t('hr.tasks.comments.rating')}</legend>
      <div className="task-rating__options">
        <label className="task-rating__none">
          <input type="radio" name={name} checked={value === null} onChange={() => onChange(null)} />
          <span>{t('hr.tasks.comments.no_rating')}</span>
        </label>
        {RATINGS.map((rating) => (
          <label key={rating} className="task-rating__star" data-lit={value !== null && rating <= value}>
            <input
              type="radio"
              name={name}
              value={rating}
              checked={value === rating}
              onChange={() => onChange(rating)}
              aria-label={t('hr.tasks.comments.rating_value', { rating, max: TASK_RATING_MAX })}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A stored rating, read out as "Rating: 4 of 5". */
export function RatingStars({ rating }: { rating: number }) {
  const t = useT();
  return (
    <span
      className="task-rating__stars"
      role="img"
      aria-label={t('hr.tasks.comments.rating_value', { rating, max: TASK_RATING_MAX })}
    >
      {RATINGS.map((star) => (
        <span key={star} aria-hidden="true" data-lit={star <= rating}>
          ★
        </span>
      ))}
    </span>
  );
}
