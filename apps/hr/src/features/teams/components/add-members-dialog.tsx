import { type FormEvent, useId, useState } from 'react';
import { useT } from '../../../app/i18n';
import { getErrorMessage } from '../../../lib/api-client';
import { type StaffOption, type StaffSource, useStaffOptions } from '../api/get-staff-options';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { DialogFrame } from './dialog-frame';

const SEARCH_DELAY_MS = 300;
/** Checkboxes shown at once; more is a hint to type. */
const SHOWN_LIMIT = 50;

function matches(person: StaffOption, search: string): boolean {
  const needle = search.toLocaleLowerCase();
  return (
    person.name.toLocaleLowerCase().includes(needle) ||
    (person.email?.toLocaleLowerCase().includes(needle) ?? false)
  );
}

function AddMembersForm({
  source,
  memberIds,
  onAdd,
  onClose,
}: {
  source: StaffSource;
  memberIds: ReadonlySet<number>;
  onAdd: (people: StaffOption[]) => void;
  onClose: () => void;
}) {
  const t = useT();
  const ids = useId();
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const options = useStaffOptions(source, searched, true);
  // Kept across searches: people ticked, then searched away, are still added.
  const [selected, setSelected] = useState<Map<number, StaffOption>>(new Map());

  const candidates = (options.data ?? []).filter(
    (person) => !memberIds.has(person.id) && (searched === '' || matches(person, searched)),
  );
  const shown = candidates.slice(0, SHOWN_LIMIT);

  const toggle = (person: StaffOption, isOn: boolean) =>
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
          maxLength={200}
          autoComplete="off"
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>
      {options.isError ? (
        <p role="alert" className="field-error">
          {t('hr.teams.add_load_failed', { message: getErrorMessage(options.error) })}
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
                    {person.email ? <span className="hint"> · {person.email}</span> : null}
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
      <div className="admin-dialog__actions">
        <button type="submit" className="primary" disabled={selected.size === 0}>
          {t('hr.teams.add_submit', { count: selected.size })}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.teams.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Picks people to add: search, tick, add. They join the list on the page and are saved with it. */
export function AddMembersDialog({
  open,
  onClose,
  source,
  memberIds,
  onAdd,
}: {
  open: boolean;
  onClose: () => void;
  source: StaffSource;
  memberIds: ReadonlySet<number>;
  onAdd: (people: StaffOption[]) => void;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('hr.teams.add_title')}
      description={t('hr.teams.add_text')}
    >
      <AddMembersForm source={source} memberIds={memberIds} onAdd={onAdd} onClose={onClose} />
    </DialogFrame>
  );
}
