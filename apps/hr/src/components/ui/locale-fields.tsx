import type { Locale } from '@kadry/shared/constants';
import {
  type Control,
  Controller,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
} from 'react-hook-form';
import { LANGUAGE_NAMES, listOfferedLocales } from '../../lib/offered-locales';
import { usePageData } from '../../lib/page-data';
import { Field } from './field';
import { TimeZoneSelect } from './time-zone-select';

// A person's language and time zone, as the staff dialogs and My account ask for them.

/** The languages the company offers, each by its own name; a person's current one stays on offer. */
export function LanguageField({
  label,
  hint,
  error,
  current,
  registration,
}: {
  label: string;
  hint?: string;
  error?: string;
  /** The person's language now (kept on offer even where the company no longer offers it). */
  current: Locale;
  registration: UseFormRegisterReturn;
}) {
  const { settings } = usePageData();
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select {...control} {...registration}>
          {listOfferedLocales(settings.russianIsEnabled, current).map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The time-zone combobox as a field of a react-hook-form form. */
export function TimeZoneField<TValues extends FieldValues>({
  label,
  hint,
  error,
  control,
  name,
  noMatchesText,
}: {
  label: string;
  hint?: string;
  error?: string;
  control: Control<TValues>;
  name: Path<TValues>;
  noMatchesText: string;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) => (
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <TimeZoneSelect
              id={props.id}
              value={field.value}
              onChange={field.onChange}
              noMatchesText={noMatchesText}
              describedBy={props['aria-describedby']}
              isInvalid={props['aria-invalid']}
            />
          )}
        />
      )}
    </Field>
  );
}
