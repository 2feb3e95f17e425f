import type { TeamPerson } from '@kadry/shared/schemas/admin';
import { SEARCH_TEXT_MAX_LENGTH } from '@kadry/shared/schemas/common';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useDebouncedValue } from '@kadry/ui/use-debounced-value';
import { type FormEvent, useId, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { useT } from '../../../lib/i18n';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/list-filters';
import { useTeamPeople } from '../api/get-team-people';

/** Checkboxes shown at once; more is a hint to type. */
const SHOWN_LIMIT = 50;

function AddMembersForm({
  memberIds,
  onAdd,
  onClose,
}: {
  memberIds: ReadonlySet<number>;
  onAdd: (people: TeamPerson[]) => void;
  onClose: () => void;
}) {
  const t = useT();
  const ids = useId();
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The server searches by name or email.
  const options = useTeamPeople(searched);
  // Kept across searches: people ticked, then searched away, are still added.
  const [selected, setSelected] = useState<Map<number, TeamPerson>>(new Map());

  const candidates = (options.data ?? []).filter((person) => !memberIds.has(person.id));
  const shown = candidates.slice(0, SHOWN_LIMIT);

  const toggle = (person: TeamPerson, isOn: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (isOn) next.set(person.id, person);
      else next.delete(person.id);
      return next;
    });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (selected.size === 0) return;
    onAdd([...selected.values()]);
    onClose();
  };

  return (
    <form onSubmit={onSubmit}>
      <div className="field">
        <label htmlFor={`${ids}-search`}>{t('hr.teams.add_search')}</label>
        <input
          id={`${ids}-search`}
          type="search"
          value={search}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {options.isError ? (
        <p role="alert" className="field-error">
          {t('hr.teams.add_load_failed', { message: getRequestErrorMessage(options.error) })}
        </p>
      ) : options.isPending ? (
        <p role="status">{t('hr.common.loading')}</p>
      ) : (
        <fieldset className="people-picker">
          <legend>{t('hr.teams.add_people')}</legend>
          {shown.length === 0 ? (
            <p>
              {searched ? t('hr.teams.add_none_match', { search: searched }) : t('hr.teams.add_none_left')}
            </p>
          ) : (
            <ul>
              {shown.map((person) => (
                <li key={person.id} className="admin-checkbox">
                  <input
                    id={`${ids}-person-${person.id}`}
                    type="checkbox"
                    checked={selected.has(person.id)}
                    onChange={(event) => toggle(person, event.target.checked)}
                  />
                  <label htmlFor={`${ids}-person-${person.id}`}>
                    {person.name}
                    {person.email ? (
                      <>
                        {' '}
                        <span className="hint">· {person.email}</span>
                      </>
                    ) : null}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {candidates.length > shown.length ? (
            <p className="hint">{t('hr.teams.add_more', { count: candidates.length - shown.length })}</p>
          ) : null}
        </fieldset>
      )}
      <p role="status" className="hint">
        {t('hr.teams.add_selected', { count: selected.size })}
      </p>
      <DialogActions>
        <button type="submit" className="primary" disabled={selected.size === 0}>
          {t('hr.teams.add_submit', { count: selected.size })}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.teams.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}

/** Picks people to add: search, tick, add. They join the list on the page and are saved with it. */
export function AddMembersDialog({
  open,
  onClose,
  memberIds,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  memberIds: ReadonlySet<number>;
  onAdd: (people: TeamPerson[]) => void;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('hr.teams.add_title')}
      description={t('hr.teams.add_text')}
    >
      <AddMembersForm memberIds={memberIds} onAdd={onAdd} onClose={onClose} />
    </DialogFrame>
  );
}
