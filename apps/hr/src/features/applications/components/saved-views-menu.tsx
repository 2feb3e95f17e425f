import {
  SAVED_VIEW_NAME_MAX,
  type SavedView,
  type SavedViewFilters,
  type SavedViewLayout,
} from '@kadry/shared/schemas/recruiting-bulk';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useDeleteView, useSavedViews, useSaveView } from '../api/saved-views';
import './bulk.css';

/** The address a saved view opens: the list with its filters, or its vacancy's board. */
export function savedViewHref(view: Pick<SavedView, 'layout' | 'filters'>): string {
  const { vacancy_id: vacancyId, ...rest } = view.filters;
  const isBoard = view.layout === 'board' && vacancyId !== undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(isBoard ? rest : view.filters)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const query = params.toString();
  const path = isBoard ? `/vacancies/${vacancyId}/board` : '/applications';
  return query ? `${path}?${query}` : path;
}

function ViewRow({ view }: { view: SavedView }) {
  const t = useT();
  const id = useId();
  const save = useSaveView();
  const remove = useDeleteView();
  const [name, setName] = useState<string | null>(null);
  const renameRef = useRef<HTMLButtonElement>(null);
  if (name !== null) {
    const submit = (event: FormEvent) => {
      event.preventDefault();
      if (name.trim() === '' || save.isPending) return;
      save.mutate(
        { id: view.id, input: { name: name.trim(), layout: view.layout, filters: view.filters } },
        {
          onSuccess: () => {
            setName(null);
            snackbar.success(t('hr.saved_views.renamed'));
          },
          onError: (error) => snackbar.error(getRequestErrorMessage(error)),
        },
      );
    };
    return (
      <li>
        <form onSubmit={submit} className="bulk-move">
          <label htmlFor={`${id}-name`} className="visually-hidden">
            {t('hr.saved_views.new_name', { name: view.name })}
          </label>
          <input
            id={`${id}-name`}
            value={name}
            maxLength={SAVED_VIEW_NAME_MAX}
            // biome-ignore lint/a11y/noAutofocus: the field the user just asked for.
            autoFocus
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                setName(null);
              }
            }}
          />
          <button type="submit" aria-disabled={save.isPending}>
            {t('hr.common.save')}
          </button>
          <button type="button" onClick={() => setName(null)}>
            {t('hr.saved_views.cancel')}
          </button>
        </form>
      </li>
    );
  }
  return (
    <li>
      <Link href={savedViewHref(view)}>
        {view.name}
        <span className="hint"> · {t(`hr.saved_views.layout.${view.layout}`)}</span>
      </Link>
      <button
        type="button"
        ref={renameRef}
        className="link-button"
        onClick={() => setName(view.name)}
        aria-label={t('hr.saved_views.rename', { name: view.name })}
      >
        {t('hr.saved_views.rename_short')}
      </button>
      <button
        type="button"
        className="link-button"
        aria-disabled={remove.isPending}
        onClick={() =>
          remove.mutate(view.id, {
            onSuccess: () => snackbar.success(t('hr.saved_views.deleted', { name: view.name })),
            onError: (error) => snackbar.error(getRequestErrorMessage(error)),
          })
        }
        aria-label={t('hr.saved_views.delete', { name: view.name })}
      >
        {t('hr.saved_views.delete_short')}
      </button>
    </li>
  );
}

/**
 * The user's saved views (issue 17): open one, rename or delete it, or save what is shown now (its
 * filters and sorting, as a list or as the vacancy's board). A disclosure: Escape closes it and the
 * focus goes back to its button.
 */
export function SavedViewsMenu({
  filters,
  layout,
}: {
  /** What is shown now, to save: the list's filters with sorting. */
  filters: SavedViewFilters;
  layout: SavedViewLayout;
}) {
  const t = useT();
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const views = useSavedViews(isOpen);
  const save = useSaveView();
  const [name, setName] = useState('');
  const [saveAs, setSaveAs] = useState<SavedViewLayout>(layout);
  const [error, setError] = useState<string | null>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const canBoard = filters.vacancy_id !== undefined;

  const close = () => {
    setIsOpen(false);
    toggleRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      close();
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(t('hr.saved_views.name_required'));
      return;
    }
    if (save.isPending) return;
    setError(null);
    save.mutate(
      { id: null, input: { name: name.trim(), layout: canBoard ? saveAs : 'list', filters } },
      {
        onSuccess: (view) => {
          setName('');
          snackbar.success(t('hr.saved_views.saved', { name: view.name }));
        },
        onError: (failure) => setError(getRequestErrorMessage(failure)),
      },
    );
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the disclosure closes it (its controls have the focus).
    <div className="saved-views" onKeyDown={onKeyDown}>
      <button
        type="button"
        ref={toggleRef}
        aria-expanded={isOpen}
        aria-controls={`${id}-panel`}
        onClick={() => setIsOpen((open) => !open)}
      >
        {t('hr.saved_views.menu')}
      </button>
      <div id={`${id}-panel`} className="saved-views__panel" hidden={!isOpen}>
        {isOpen ? (
          <>
            <h2 className="visually-hidden">{t('hr.saved_views.menu')}</h2>
            {views.isPending ? (
              <p role="status">{t('hr.saved_views.loading')}</p>
            ) : views.isError ? (
              <p role="alert">
                {t('hr.saved_views.load_failed')}{' '}
                <button type="button" className="link-button" onClick={() => views.refetch()}>
                  {t('hr.saved_views.retry')}
                </button>
              </p>
            ) : views.data.length === 0 ? (
              <p>{t('hr.saved_views.empty')}</p>
            ) : (
              <ul className="saved-views__list" aria-label={t('hr.saved_views.menu')}>
                {views.data.map((view) => (
                  <ViewRow key={view.id} view={view} />
                ))}
              </ul>
            )}
            <form onSubmit={submit} noValidate aria-label={t('hr.saved_views.save_current')}>
              <div className="field">
                <label htmlFor={`${id}-name`}>{t('hr.saved_views.name')}</label>
                <input
                  id={`${id}-name`}
                  value={name}
                  maxLength={SAVED_VIEW_NAME_MAX}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) => setName(event.target.value)}
                />
              </div>
              {canBoard ? (
                <div className="field">
                  <label htmlFor={`${id}-layout`}>{t('hr.saved_views.open_as')}</label>
                  <select
                    id={`${id}-layout`}
                    value={saveAs}
                    onChange={(event) => setSaveAs(event.target.value === 'board' ? 'board' : 'list')}
                  >
                    <option value="list">{t('hr.saved_views.layout.list')}</option>
                    <option value="board">{t('hr.saved_views.layout.board')}</option>
                  </select>
                </div>
              ) : null}
              {error ? (
                <p className="field-error" id={`${id}-error`}>
                  {error}
                </p>
              ) : null}
              <button type="submit" className="primary" aria-disabled={save.isPending}>
                {t('hr.saved_views.save_current')}
              </button>
            </form>
          </>
        ) : null}
      </div>
    </div>
  );
}
