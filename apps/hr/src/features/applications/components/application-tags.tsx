import type { AppliedTag } from '@kadry/shared/schemas/recruiting-tags';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useId, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useApplicationTag, useTags } from '../api/tags';
import './comments.css';

/** A tag as a coloured chip, optionally with a button that takes it off. */
export function TagChip({ tag, onRemove }: { tag: AppliedTag; onRemove?: (() => void) | undefined }) {
  const t = useT();
  return (
    <span className={`tag-chip tag-chip--${tag.color}`}>
      {tag.name}
      {onRemove ? (
        <button type="button" aria-label={t('hr.tags.remove', { name: tag.name })} onClick={onRemove}>
          ×
        </button>
      ) : null}
    </span>
  );
}

/** Tags in a row (on cards and in lists). */
export function TagList({ tags }: { tags: readonly AppliedTag[] | undefined }) {
  if (!tags || tags.length === 0) return null;
  return (
    <ul className="tag-list">
      {tags.map((tag) => (
        <li key={tag.id}>
          <TagChip tag={tag} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The candidate card's tags: chips, and for whoever may change the application a picker to add one
 * of the company's tags and a button on each chip to take it off. Each change is in the history.
 */
export function ApplicationTags({
  applicationId,
  tags,
  canChange,
}: {
  applicationId: number;
  tags: readonly AppliedTag[];
  canChange: boolean;
}) {
  const t = useT();
  const id = useId();
  const all = useTags(canChange);
  const change = useApplicationTag(applicationId);
  const [chosen, setChosen] = useState('');
  const offered = (all.data ?? []).filter((tag) => !tags.some((own) => own.id === tag.id));

  const apply = (tagId: number, on: boolean) =>
    change.mutate(
      { tagId, on },
      {
        onSuccess: () => {
          setChosen('');
          snackbar.success(t(on ? 'hr.tags.added' : 'hr.tags.removed'));
        },
        onError: (error) => snackbar.error(getRequestErrorMessage(error)),
      },
    );

  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('hr.tags.title')}</h2>
      {tags.length === 0 ? <p className="hint">{t('hr.tags.none')}</p> : null}
      <ul className="tag-list">
        {tags.map((tag) => (
          <li key={tag.id}>
            <TagChip
              tag={tag}
              onRemove={canChange && !change.isPending ? () => apply(tag.id, false) : undefined}
            />
          </li>
        ))}
      </ul>
      {canChange && offered.length > 0 ? (
        <form
          className="tag-add"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen !== '' && !change.isPending) apply(Number(chosen), true);
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-tag`}>{t('hr.tags.add_label')}</label>
            <select id={`${id}-tag`} value={chosen} onChange={(event) => setChosen(event.target.value)}>
              <option value="" />
              {offered.map((tag) => (
                <option key={tag.id} value={tag.id}>
                  {tag.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" aria-disabled={chosen === '' || change.isPending}>
            {t('hr.tags.add')}
          </button>
        </form>
      ) : null}
    </section>
  );
}

/** The board's tag filter, kept in the address (`?tag_id=3`) like the list's filters. */
export function useTagFilter(): [number | undefined, (tagId: number | undefined) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const raw = params.get('tag_id');
  const tagId = raw !== null && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : undefined;
  const setTagId = (next: number | undefined) => {
    if (next === undefined) params.delete('tag_id');
    else params.set('tag_id', String(next));
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location);
  };
  return [tagId, setTagId];
}

/** A select of the company's tags that filters what is shown (the board). */
export function TagFilter({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (tagId: number | undefined) => void;
}) {
  const t = useT();
  const id = useId();
  const tags = useTags();
  if (!tags.data || tags.data.length === 0) return null;
  return (
    <div className="field">
      <label htmlFor={`${id}-tag`}>{t('hr.tags.filter')}</label>
      <select
        id={`${id}-tag`}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        <option value="">{t('hr.common.all')}</option>
        {tags.data.map((tag) => (
          <option key={tag.id} value={tag.id}>
            {tag.name}
          </option>
        ))}
      </select>
    </div>
  );
}
