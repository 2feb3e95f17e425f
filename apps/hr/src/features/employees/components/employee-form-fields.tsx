import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useT } from '../../../lib/i18n';
import { useDictionary } from '../../../lib/local-db/use-dictionary';
import { toNullableText } from './employee-form-values';
import { ListError, SelectField, TextField } from './form-controls';

// The fields the create page and the profile's sections share: each block once, bound to whichever
// form holds its values (the create form, or a section's edit form).

type Option = { id: number | string; name: string };

/** A field of a form whose values type is known to have it (react-hook-form cannot prove it for a generic). */
function pathOf<TValues extends FieldValues>(name: string): Path<TValues> {
  return name as Path<TValues>;
}

/** The names' values of a form (text inputs: '' for none). */
export type NameValues = {
  first_name: string;
  last_name: string;
  middle_name: string;
  first_name_alt: string;
  last_name_alt: string;
  middle_name_alt: string;
};

/** The names as a create or update body sends them: the optional ones null when left empty. */
export function namesToBody(values: NameValues) {
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    middle_name: toNullableText(values.middle_name),
    first_name_alt: toNullableText(values.first_name_alt),
    last_name_alt: toNullableText(values.last_name_alt),
    middle_name_alt: toNullableText(values.middle_name_alt),
  };
}

/** The names' fields in the order they show. */
export const NAME_KEYS = [
  'first_name',
  'last_name',
  'middle_name',
  'first_name_alt',
  'last_name_alt',
  'middle_name_alt',
] as const satisfies readonly (keyof NameValues)[];

/** The names and their second-language spelling (the first name is required). */
export function NameFields<TValues extends NameValues & FieldValues>({
  form,
}: {
  form: UseFormReturn<TValues>;
}) {
  const t = useT();
  return NAME_KEYS.map((key) => (
    <TextField
      key={key}
      form={form}
      name={pathOf<TValues>(key)}
      label={t(`hr.employees.field.${key}`)}
      isRequired={key === 'first_name'}
    />
  ));
}

type WorkValues = {
  employee_number: string;
  position: string;
  manager_id: string;
  employment_type_id: string;
  status_id: string;
  start_of_work: string;
  probation_period: string;
  grade_id?: string;
  terms_of_cooperation_id?: string;
  experience_id?: string;
};

/**
 * The work details: number, position, manager, employment type, status and the dates; `isExtended`
 * adds grade, terms of cooperation and experience (the profile's form has them, the create page not).
 * A field governed by a field permission shows only when `shows` says the writer sees it.
 */
export function WorkFields<TValues extends WorkValues & FieldValues>({
  form,
  managers,
  shows,
  isExtended = false,
}: {
  form: UseFormReturn<TValues>;
  managers: readonly Option[];
  shows: { position: boolean; startOfWork: boolean; probationPeriod: boolean };
  isExtended?: boolean;
}) {
  const t = useT();
  const employmentTypes = useDictionary('employmentTypes');
  const statuses = useDictionary('status');
  const terms = useDictionary('termsOfCooperation', undefined, { isEnabled: isExtended });
  const experience = useDictionary('experience', undefined, { isEnabled: isExtended });
  const grades = useDictionary('grade', undefined, { isEnabled: isExtended });
  const select = (name: keyof WorkValues, label: string, options: readonly Option[] | undefined) => (
    <SelectField form={form} name={pathOf<TValues>(name)} label={label} options={options ?? []} />
  );
  const date = (name: 'start_of_work' | 'probation_period') => (
    <TextField form={form} name={pathOf<TValues>(name)} type="date" label={t(`hr.employees.field.${name}`)} />
  );
  return (
    <>
      <TextField
        form={form}
        name={pathOf<TValues>('employee_number')}
        label={t('hr.employees.field.employee_number')}
      />
      {shows.position ? (
        <TextField form={form} name={pathOf<TValues>('position')} label={t('hr.employees.field.position')} />
      ) : null}
      {select('manager_id', t('hr.employees.field.manager'), managers)}
      {isExtended ? select('grade_id', t('hr.employees.field.grade'), grades.data) : null}
      {select('employment_type_id', t('hr.employees.field.employment_type'), employmentTypes.data)}
      {isExtended
        ? select('terms_of_cooperation_id', t('hr.employees.field.terms_of_cooperation'), terms.data)
        : null}
      {select('status_id', t('hr.employees.field.status'), statuses.data)}
      {isExtended ? select('experience_id', t('hr.employees.field.experience'), experience.data) : null}
      {shows.startOfWork ? date('start_of_work') : null}
      {shows.probationPeriod ? date('probation_period') : null}
    </>
  );
}

/** The teams to belong to, as checkboxes. */
export function TeamsFieldset<TValues extends { team_ids: string[] } & FieldValues>({
  form,
  teams,
}: {
  form: UseFormReturn<TValues>;
  teams: readonly { id: number; name: string }[];
}) {
  const t = useT();
  return (
    <fieldset className="employee-list-editor">
      <legend>{t('hr.employees.field.teams')}</legend>
      {teams.map((team) => (
        <label key={team.id} className="checkbox-row">
          <input type="checkbox" value={String(team.id)} {...form.register(pathOf<TValues>('team_ids'))} />{' '}
          {team.name}
        </label>
      ))}
    </fieldset>
  );
}

/** The work email and phone, each when the writer sees it (field_email, field_phone). */
export function WorkContactFields<TValues extends { email: string; phone: string } & FieldValues>({
  form,
  shows,
  emailAutoComplete,
}: {
  form: UseFormReturn<TValues>;
  shows: { email: boolean; phone: boolean };
  emailAutoComplete?: string;
}) {
  const t = useT();
  return (
    <>
      {shows.email ? (
        <TextField
          form={form}
          name={pathOf<TValues>('email')}
          type="email"
          label={t('hr.employees.field.email')}
          autoComplete={emailAutoComplete}
        />
      ) : null}
      {shows.phone ? (
        <TextField
          form={form}
          name={pathOf<TValues>('phone')}
          type="tel"
          label={t('hr.employees.field.phone')}
        />
      ) : null}
    </>
  );
}

/**
 * An editable list of the profile (links, languages, relatives): its legend and error, a row per
 * entry with the entry's fields and a remove button, and an add button until the list is full.
 */
export function ListEditor({
  legend,
  error,
  rows,
  max,
  addLabel,
  onAdd,
  removeLabel,
  onRemove,
  children,
}: {
  legend: string;
  error: string | undefined;
  /** The entries' keys (useFieldArray's ids), in order. */
  rows: readonly { id: string }[];
  max: number;
  addLabel: string;
  onAdd: () => void;
  /** The remove button's label for the entry numbered from 1. */
  removeLabel: (number: number) => string;
  onRemove: (index: number) => void;
  /** The fields of the entry at this index. */
  children: (index: number) => ReactNode;
}) {
  return (
    <fieldset className="employee-list-editor">
      <legend>{legend}</legend>
      <ListError message={error} />
      {rows.map((row, index) => (
        <div key={row.id} className="employee-list-editor__row">
          {children(index)}
          <button type="button" onClick={() => onRemove(index)}>
            {removeLabel(index + 1)}
          </button>
        </div>
      ))}
      {rows.length < max ? (
        <button type="button" onClick={onAdd}>
          {addLabel}
        </button>
      ) : null}
    </fieldset>
  );
}
