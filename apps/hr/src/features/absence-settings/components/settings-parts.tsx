import type { NamedRef } from '@kadry/shared/schemas/absence-settings';
import type { ApproverRole } from '@kadry/shared/schemas/absences';
import { SEARCH_TEXT_MAX_LENGTH } from '@kadry/shared/schemas/common';
import { useDebouncedValue } from '@kadry/ui/use-debounced-value';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/list-filters';
import { useTeamPeople } from '../../teams/api/get-team-people';

// Small pieces the three sections share.

/** ISO weekdays' short names in the user's language (1 = Monday). */
export function weekdayNames(locale: string, style: 'short' | 'long' = 'short'): Record<number, string> {
  const format = new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' });
  // 1 January 2024 was a Monday.
  return Object.fromEntries(
    [1, 2, 3, 4, 5, 6, 7].map((day) => [day, format.format(new Date(Date.UTC(2024, 0, day)))]),
  );
}

/** An approval chain in words: "Manager → HR", or "No approval". */
export function useChainLabel(): (chain: readonly ApproverRole[], needsApproval: boolean) => string {
  const t = useT();
  return (chain, needsApproval) =>
    !needsApproval || chain.length === 0
      ? t('hr.absence_settings.chain.none')
      : chain.map((role) => t(`hr.absence_settings.chain.${role}`)).join(' → ');
}

/** A numeric input's value: empty is null. */
export function toNumberOrNull(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}

/**
 * One person, found by a search on the server (the teams editor's people search): a search box and
 * a list to choose from; "nobody" is a choice when `isClearable`.
 */
export function PersonSelect({
  label,
  value,
  onChange,
  error,
  isClearable = true,
}: {
  label: string;
  value: NamedRef | null;
  onChange: (person: NamedRef | null) => void;
  error?: string | null;
  isClearable?: boolean;
}) {
  const t = useT();
  const id = useId();
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const people = useTeamPeople(searched);
  const options = [
    ...(value ? [value] : []),
    ...(people.data ?? []).filter((person) => person.id !== value?.id).slice(0, 50),
  ];
  return (
    <fieldset className="field absence-settings__person">
      <legend>{label}</legend>
      <label htmlFor={`${id}-search`} className="visually-hidden">
        {t('hr.absence_settings.person_search', { label })}
      </label>
      <input
        id={`${id}-search`}
        type="search"
        placeholder={t('hr.absence_settings.person_search_placeholder')}
        value={search}
        maxLength={SEARCH_TEXT_MAX_LENGTH}
        autoComplete="off"
        onChange={(event) => setSearch(event.target.value)}
      />
      <label htmlFor={`${id}-select`} className="visually-hidden">
        {label}
      </label>
      <select
        id={`${id}-select`}
        value={value ? String(value.id) : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const chosen = options.find((person) => String(person.id) === event.target.value);
          onChange(chosen ? { id: chosen.id, name: chosen.name } : null);
        }}
      >
        {isClearable || !value ? <option value="">{t('hr.absence_settings.nobody')}</option> : null}
        {options.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
      {people.isError ? (
        <p className="field-error">{t('hr.common.load_failed')}</p>
      ) : people.isPending ? (
        <p className="hint">{t('hr.common.loading')}</p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
