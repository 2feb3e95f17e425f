import type { AbsenceType, DirectEntryBody, DirectEntryResponse } from '@kadry/shared/schemas/absences';
import { type FormEvent, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useEmployeeRefs } from '../../employees/api/get-employee-refs';
import { useTeams } from '../../teams/api/get-teams';
import { useDirectEntry } from '../api/absences-api';
import {
  AbsenceFields,
  type AbsenceFieldValues,
  absenceDateErrors,
  absenceFieldsBody,
  chosenAbsenceType,
  EMPTY_ABSENCE_FIELDS,
  missingAbsenceFields,
} from './absence-fields';

/** Whom the entry is for: one employee or a whole team. */
type Whom = { target: 'employee' | 'team'; employee_id: string; team_id: string };

const NOBODY: Whom = { target: 'employee', employee_id: '', team_id: '' };

/** Whom an entry is for: the radio's text, and the select that chooses the person or the team. */
const TARGETS = {
  employee: {
    choice: 'hr.absences.entry_one',
    field: 'employee_id',
    label: 'hr.absences.employee',
    placeholder: 'hr.absences.choose_employee',
    errorKey: 'employee_ids',
  },
  team: {
    choice: 'hr.absences.entry_team',
    field: 'team_id',
    label: 'hr.absences.team',
    placeholder: 'hr.absences.choose_team',
    errorKey: 'team_id',
  },
} as const;

/**
 * HR's direct entry (create_absence): an absence for one employee or every member of a team, approved
 * at once. The server checks each person alone; the answer lists who got it and who was refused why.
 */
export function DirectEntryDialog({
  open,
  onClose,
  types,
}: {
  open: boolean;
  onClose: () => void;
  types: readonly AbsenceType[];
}) {
  const t = useT();
  const people = useEmployeeRefs({ isEnabled: open });
  const teams = useTeams('');
  const entry = useDirectEntry();
  const [whom, setWhom] = useState<Whom>(NOBODY);
  const [values, setValues] = useState<AbsenceFieldValues>(EMPTY_ABSENCE_FIELDS);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<DirectEntryResponse | null>(null);
  const type = chosenAbsenceType(types, values);
  const target = TARGETS[whom.target];
  const targetOptions = (whom.target === 'employee' ? people.data : teams.data) ?? [];

  function changeWhom<K extends keyof Whom>(key: K, value: Whom[K]) {
    setWhom((current) => ({ ...current, [key]: value }));
    setErrors({});
    setFormError(null);
  }

  function change<K extends keyof AbsenceFieldValues>(key: K, value: AbsenceFieldValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors({});
    setFormError(null);
  }

  function close() {
    setWhom(NOBODY);
    setValues(EMPTY_ABSENCE_FIELDS);
    setResult(null);
    setErrors({});
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const required = t('public.fill_fields');
    // A "To" before "From" (or a date outside 1900–2200) is said before sending, by the contract's check.
    const typed = type ? absenceFieldsBody(values, type) : null;
    const dates = typed?.date_from && typed.date_to ? absenceDateErrors(typed, t) : {};
    const local = { ...dates, ...missingAbsenceFields(values, type, required) };
    if (!whom[target.field]) local[target.errorKey] = required;
    if (Object.keys(local).length > 0 || !typed) {
      setErrors(local);
      return;
    }
    const body: DirectEntryBody = {
      ...typed,
      ...(whom.target === 'employee'
        ? { employee_ids: [Number(whom.employee_id)] }
        : { team_id: Number(whom.team_id) }),
    };
    try {
      const answer = await entry.mutateAsync(body);
      setResult(answer);
      if (answer.meta.created > 0) snackbar.success(t('hr.absences.entered', { count: answer.meta.created }));
    } catch (error) {
      const fields = readServerFieldErrors(error);
      if (fields) setErrors(fields);
      else setFormError(t('hr.absences.entry_failed'));
    }
  }

  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={t('hr.absences.entry_title')}
      size="wide"
      hasCloseButton
      closesOnOutsideClick={false}
    >
      {result ? (
        <>
          <p role="status">
            {t('hr.absences.entry_summary', { created: result.meta.created, refused: result.meta.refused })}
          </p>
          <ul className="absences__cards">
            {result.data.map((row) => (
              <li key={row.employee_id} className="absences__card">
                <h3 className="absences__card-title">{row.employee_name || t('hr.absences.someone')}</h3>
                <p>
                  {t(row.result === 'created' ? 'hr.absences.entry_created' : 'hr.absences.entry_refused')}
                </p>
                {row.errors ? (
                  <ul>
                    {Object.values(row.errors)
                      .flat()
                      .map((message) => (
                        <li key={message} className="field-error">
                          {message}
                        </li>
                      ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          <DialogActions>
            <button type="button" onClick={close}>
              {t('hr.common.close')}
            </button>
          </DialogActions>
        </>
      ) : (
        <form className="absences__form" onSubmit={onSubmit} noValidate>
          <fieldset>
            <legend>{t('hr.absences.entry_for')}</legend>
            {(['employee', 'team'] as const).map((choice) => (
              <label key={choice}>
                <input
                  type="radio"
                  name="target"
                  checked={whom.target === choice}
                  onChange={() => changeWhom('target', choice)}
                />{' '}
                {t(TARGETS[choice].choice)}{' '}
              </label>
            ))}
          </fieldset>
          <Field label={t(target.label)} isRequired error={errors[target.errorKey]}>
            {(control) => (
              <select
                {...control}
                required
                value={whom[target.field]}
                onChange={(event) => changeWhom(target.field, event.target.value)}
              >
                <option value="">{t(target.placeholder)}</option>
                {targetOptions.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <AbsenceFields types={types} values={values} errors={errors} onChange={change} />
          <FormError message={formError} />
          <DialogActions>
            <button type="submit" disabled={entry.isPending}>
              {t('hr.absences.enter')}
            </button>
            <button type="button" onClick={close}>
              {t('hr.absences.dismiss')}
            </button>
          </DialogActions>
        </form>
      )}
    </DialogFrame>
  );
}
