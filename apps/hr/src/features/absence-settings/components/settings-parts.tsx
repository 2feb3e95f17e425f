import type { NamedRef } from '@kadry/shared/schemas/absence-settings';
import { type ApproverRole, DAY_COUNTINGS, type DayCounting } from '@kadry/shared/schemas/absences';
import { SEARCH_TEXT_MAX_LENGTH } from '@kadry/shared/schemas/common';
import { useDebouncedValue } from '@kadry/ui/use-debounced-value';
import { useId, useState } from 'react';
import { DialogActions } from '../../../components/ui/dialog-frame';
import { Field } from '../../../components/ui/field';
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

/** A labelled select of fixed choices (a unit, a counting, a month…), each shown as `optionLabel` says. */
export function SelectField<T extends string>({
  label,
  hint,
  error,
  value,
  options,
  optionLabel,
  onChange,
  isDisabled = false,
}: {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T) => void;
  isDisabled?: boolean;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select
          {...control}
          value={value}
          disabled={isDisabled}
          onChange={(event) => {
            const chosen = options.find((option) => option === event.target.value);
            if (chosen !== undefined) onChange(chosen);
          }}
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** How a type or a policy counts the days of an absence (working days, calendar days…). */
export function CountingField({
  value,
  onChange,
  error,
}: {
  value: DayCounting;
  onChange: (counting: DayCounting) => void;
  error?: string | undefined;
}) {
  const t = useT();
  return (
    <SelectField
      label={t('hr.absence_settings.counting_label')}
      error={error}
      value={value}
      options={DAY_COUNTINGS}
      optionLabel={(item) => t(`hr.absence_settings.counting.${item}`)}
      onChange={onChange}
    />
  );
}

/** A yes-or-no setting: a checkbox with its label after it. */
export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="admin-checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}

/** A labelled one-line text input (a name). */
export function TextField({
  label,
  error,
  maxLength,
  value,
  onChange,
}: {
  label: string;
  error?: string | undefined;
  maxLength: number;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} isRequired error={error}>
      {(control) => (
        <input
          {...control}
          type="text"
          maxLength={maxLength}
          aria-required="true"
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** A settings form's Save and Cancel; Save is marked busy while `isSaving`. */
export function SaveCancelActions({ isSaving, onCancel }: { isSaving: boolean; onCancel: () => void }) {
  const t = useT();
  return (
    <DialogActions>
      <button type="submit" className="primary" aria-disabled={isSaving}>
        {t('hr.absence_settings.save')}
      </button>
      <button type="button" onClick={onCancel}>
        {t('hr.absence_settings.cancel')}
      </button>
    </DialogActions>
  );
}

/**
 * A country select's options (the holiday library's countries); a stored code the list lacks stays
 * offered under its code, so it is not lost on save.
 */
export function CountryOptions({
  countries,
  value,
}: {
  countries: readonly { code: string; name: string }[] | undefined;
  value: string;
}) {
  return (
    <>
      {(countries ?? []).map((item) => (
        <option key={item.code} value={item.code}>
          {item.name}
        </option>
      ))}
      {value && !countries?.some((item) => item.code === value) ? (
        <option value={value}>{value}</option>
      ) : null}
    </>
  );
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
