import type { AbsenceRequest, AbsenceType, UpdateAbsenceEntryBody } from '@kadry/shared/schemas/absences';
import { type FormEvent, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { FormError } from '../../../components/ui/field';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useUpdateEntry } from '../api/absences-api';
import {
  AbsenceFields,
  type AbsenceFieldValues,
  absenceDateErrors,
  absenceFieldsBody,
  missingAbsenceFields,
} from './absence-fields';

/** The fields this form shows (the type stays): a server error under another name is the form's. */
const EDIT_FIELD_NAMES = ['date_from', 'date_to', 'half_day_start', 'half_day_end', 'hours', 'comment'];

function valuesOf(request: AbsenceRequest): AbsenceFieldValues {
  return {
    absence_type: request.absence_type,
    date_from: request.date_from,
    date_to: request.date_to,
    half_day_start: request.half_day_start,
    half_day_end: request.half_day_end,
    hours: request.hours === null ? '' : String(request.hours),
    comment: request.comment ?? '',
  };
}

/**
 * Changes an approved absence (`PUT absences.entries.one`, `update_absence`): its dates, half days or
 * hours and comment; the server recounts and checks it like a new request (overlap, balance) and
 * says why it refuses under the field concerned. An emptied comment is sent empty (cleared).
 */
function EditEntryForm({
  request,
  type,
  types,
  onClose,
}: {
  request: AbsenceRequest;
  type: AbsenceType;
  types: readonly AbsenceType[];
  onClose: () => void;
}) {
  const t = useT();
  const update = useUpdateEntry();
  const [values, setValues] = useState<AbsenceFieldValues>(() => valuesOf(request));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);

  function change<K extends keyof AbsenceFieldValues>(key: K, value: AbsenceFieldValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors({});
    setFormError(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const typed = absenceFieldsBody(values, type);
    const dates = typed.date_from && typed.date_to ? absenceDateErrors(typed, t) : {};
    const local = { ...dates, ...missingAbsenceFields(values, type, t('public.fill_fields')) };
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    const { absence_type: _type, comment: _comment, ...span } = typed;
    const body: UpdateAbsenceEntryBody = { ...span, comment: values.comment.trim() };
    try {
      await update.mutateAsync({ id: request.id, body });
      snackbar.success(t('hr.absences.entry_updated'));
      onClose();
    } catch (error) {
      const fields = readServerFieldErrors(error);
      if (fields === null) {
        setFormError(t('hr.absences.entry_update_failed'));
        return;
      }
      setErrors(fields);
      const rest = Object.entries(fields)
        .filter(([field]) => !EDIT_FIELD_NAMES.includes(field))
        .map(([, message]) => message);
      setFormError(rest.length > 0 ? rest.join(' ') : null);
    }
  }

  return (
    <form className="absences__form" onSubmit={onSubmit} noValidate>
      <AbsenceFields types={types} fixedType={type} values={values} errors={errors} onChange={change} />
      <FormError message={formError} />
      <DialogActions>
        <button type="submit" disabled={update.isPending}>
          {t('hr.common.save')}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.absences.dismiss')}
        </button>
      </DialogActions>
    </form>
  );
}

/** The edit form in a dialog; its content unmounts when hidden, so it opens with the request's values. */
export function EditEntryDialog({
  request,
  types,
  onClose,
}: {
  request: AbsenceRequest | null;
  types: readonly AbsenceType[] | undefined;
  onClose: () => void;
}) {
  const t = useT();
  const type = types?.find((item) => item.code === request?.absence_type);
  return (
    <DialogFrame
      open={request !== null && type !== undefined}
      onClose={onClose}
      title={t('hr.absences.edit_title', { name: request?.employee_name ?? '' })}
      size="wide"
      hasCloseButton
      closesOnOutsideClick={false}
    >
      {request && type && types ? (
        <EditEntryForm request={request} type={type} types={types} onClose={onClose} />
      ) : null}
    </DialogFrame>
  );
}
