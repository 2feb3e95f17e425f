import type {
  AbsenceType,
  AbsenceTypeCode,
  DirectEntryBody,
  DirectEntryResponse,
} from '@kadry/shared/schemas/absences';
import { type FormEvent, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useEmployeeRefs } from '../../employees/api/get-employee-refs';
import { useTeams } from '../../teams/api/get-teams';
import { useDirectEntry } from '../api/absences-api';
import { useTypeName } from './absence-parts';

type Values = {
  target: 'employee' | 'team';
  employee_id: string;
  team_id: string;
  absence_type: AbsenceTypeCode | '';
  date_from: string;
  date_to: string;
  half_day_start: boolean;
  half_day_end: boolean;
  hours: string;
  comment: string;
};

const EMPTY: Values = {
  target: 'employee',
  employee_id: '',
  team_id: '',
  absence_type: '',
  date_from: '',
  date_to: '',
  half_day_start: false,
  half_day_end: false,
  hours: '',
  comment: '',
};

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
  const typeName = useTypeName(types);
  const people = useEmployeeRefs({ isEnabled: open });
  const teams = useTeams('');
  const entry = useDirectEntry();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [result, setResult] = useState<DirectEntryResponse | null>(null);
  const type = types.find((item) => item.code === values.absence_type);

  function change<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors({});
    setFormError(null);
  }

  function close() {
    setValues(EMPTY);
    setResult(null);
    setErrors({});
    onClose();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    const required = t('public.fill_fields');
    if (values.target === 'employee' && !values.employee_id) local.employee_ids = required;
    if (values.target === 'team' && !values.team_id) local.team_id = required;
    if (!type) local.absence_type = required;
    if (!values.date_from) local.date_from = required;
    if (type?.unit !== 'hours' && !values.date_to) local.date_to = required;
    if (type?.unit === 'hours' && !values.hours) local.hours = required;
    if (Object.keys(local).length > 0 || !type) {
      setErrors(local);
      return;
    }
    const body: DirectEntryBody = {
      absence_type: type.code,
      ...(values.target === 'employee'
        ? { employee_ids: [Number(values.employee_id)] }
        : { team_id: Number(values.team_id) }),
      date_from: values.date_from,
      date_to: type.unit === 'hours' ? values.date_from : values.date_to,
      half_day_start: type.unit === 'half_days' && values.half_day_start,
      half_day_end: type.unit === 'half_days' && values.half_day_end,
      ...(type.unit === 'hours' ? { hours: Number(values.hours) } : {}),
      ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
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
            <label>
              <input
                type="radio"
                name="target"
                checked={values.target === 'employee'}
                onChange={() => change('target', 'employee')}
              />{' '}
              {t('hr.absences.entry_one')}
            </label>{' '}
            <label>
              <input
                type="radio"
                name="target"
                checked={values.target === 'team'}
                onChange={() => change('target', 'team')}
              />{' '}
              {t('hr.absences.entry_team')}
            </label>
          </fieldset>
          {values.target === 'employee' ? (
            <Field label={t('hr.absences.employee')} isRequired error={errors.employee_ids}>
              {(control) => (
                <select
                  {...control}
                  required
                  value={values.employee_id}
                  onChange={(event) => change('employee_id', event.target.value)}
                >
                  <option value="">{t('hr.absences.choose_employee')}</option>
                  {people.data?.map((person) => (
                    <option key={person.id} value={person.id}>
                      {person.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : (
            <Field label={t('hr.absences.team')} isRequired error={errors.team_id}>
              {(control) => (
                <select
                  {...control}
                  required
                  value={values.team_id}
                  onChange={(event) => change('team_id', event.target.value)}
                >
                  <option value="">{t('hr.absences.choose_team')}</option>
                  {teams.data?.map((team) => (
                    <option key={team.id} value={team.id}>
                      {team.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
          <Field label={t('hr.absences.type_label')} isRequired error={errors.absence_type}>
            {(control) => (
              <select
                {...control}
                required
                value={values.absence_type}
                onChange={(event) => change('absence_type', event.target.value as AbsenceTypeCode)}
              >
                <option value="">{t('hr.absences.choose_type')}</option>
                {types
                  .filter((item) => item.is_enabled)
                  .map((item) => (
                    <option key={item.code} value={item.code}>
                      {typeName(item.code)}
                    </option>
                  ))}
              </select>
            )}
          </Field>
          <div className="absences__form-row">
            <Field label={t('hr.absences.date_from')} isRequired error={errors.date_from}>
              {(control) => (
                <input
                  {...control}
                  type="date"
                  required
                  value={values.date_from}
                  onChange={(event) => change('date_from', event.target.value)}
                />
              )}
            </Field>
            {type?.unit === 'hours' ? (
              <Field label={t('hr.absences.hours')} isRequired error={errors.hours}>
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    min="0.25"
                    step="0.25"
                    required
                    value={values.hours}
                    onChange={(event) => change('hours', event.target.value)}
                  />
                )}
              </Field>
            ) : (
              <Field label={t('hr.absences.date_to')} isRequired error={errors.date_to}>
                {(control) => (
                  <input
                    {...control}
                    type="date"
                    required
                    min={values.date_from || undefined}
                    value={values.date_to}
                    onChange={(event) => change('date_to', event.target.value)}
                  />
                )}
              </Field>
            )}
          </div>
          {type?.unit === 'half_days' ? (
            <div className="absences__form-row">
              <label>
                <input
                  type="checkbox"
                  checked={values.half_day_start}
                  onChange={(event) => change('half_day_start', event.target.checked)}
                />{' '}
                {t('hr.absences.half_day_start')}
              </label>
              <label>
                <input
                  type="checkbox"
                  checked={values.half_day_end}
                  onChange={(event) => change('half_day_end', event.target.checked)}
                />{' '}
                {t('hr.absences.half_day_end')}
              </label>
            </div>
          ) : null}
          <Field label={t('hr.absences.comment')} error={errors.comment}>
            {(control) => (
              <textarea
                {...control}
                rows={2}
                maxLength={2000}
                value={values.comment}
                onChange={(event) => change('comment', event.target.value)}
              />
            )}
          </Field>
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
