import type { AbsenceType, CreateAbsenceRequestBody } from '@kadry/shared/schemas/absences';
import { useDebouncedValue } from '@kadry/ui/use-debounced-value';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FieldError, FormError } from '../../../components/ui/field';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useCreateRequest, usePreview } from '../api/absences-api';
import {
  ABSENCE_FIELD_NAMES,
  AbsenceFields,
  type AbsenceFieldValues,
  absenceDateErrors,
  absenceFieldsBody,
  chosenAbsenceType,
  EMPTY_ABSENCE_FIELDS,
  missingAbsenceFields,
} from './absence-fields';
import { useFormatAmount } from './absence-parts';

/** The body of the form's values, or null while it is not complete enough to count. */
function toBody(values: AbsenceFieldValues, type: AbsenceType | undefined): CreateAbsenceRequestBody | null {
  if (!type || !values.date_from) return null;
  const body = absenceFieldsBody(values, type);
  if (!body.date_to) return null;
  if (type.unit === 'hours' && !((body.hours ?? 0) > 0)) return null;
  return body;
}

/**
 * The request form of "My absences": type, dates (half days where the type allows them, hours for
 * hourly types), comment and documents where the type needs one. While it is filled in, the server
 * counts the days (the preview) and says under a field what it would refuse; sending shows the
 * server's refusals under the fields the same way.
 */
export function RequestForm({ types }: { types: readonly AbsenceType[] }) {
  const t = useT();
  const formatAmount = useFormatAmount();
  const [values, setValues] = useState<AbsenceFieldValues>(EMPTY_ABSENCE_FIELDS);
  const [files, setFiles] = useState<File[]>([]);
  const [submitErrors, setSubmitErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const filesId = useId();
  const create = useCreateRequest();
  const type = chosenAbsenceType(types, values);
  const complete = toBody(values, type);
  // A "To" before "From" (or a date outside 1900–2200) is said under its field at once, by the
  // contract's own check; such a body is neither counted nor sent.
  const dateErrors = complete ? absenceDateErrors(complete, t) : {};
  const body = Object.keys(dateErrors).length > 0 ? null : complete;
  const debouncedKey = useDebouncedValue(body ? JSON.stringify(body) : '', 300);
  const preview = usePreview(debouncedKey ? (JSON.parse(debouncedKey) as CreateAbsenceRequestBody) : null);
  const previewErrors = preview.isError && body ? (readServerFieldErrors(preview.error) ?? {}) : {};
  const errors = { ...previewErrors, ...dateErrors, ...submitErrors };

  function change<K extends keyof AbsenceFieldValues>(key: K, value: AbsenceFieldValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setSubmitErrors({});
    setFormError(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const local = { ...dateErrors, ...missingAbsenceFields(values, type, t('public.fill_fields')) };
    if (type?.needs_document && files.length === 0) local.files = t('hr.absences.document_required');
    if (Object.keys(local).length > 0 || !body) {
      setSubmitErrors(local);
      return;
    }
    try {
      const created = await create.mutateAsync({ body, files });
      snackbar.success(
        t(created.status === 'approved' ? 'hr.absences.sent_approved' : 'hr.absences.sent_pending', {
          amount: formatAmount(created.days, type?.unit),
        }),
      );
      setValues(EMPTY_ABSENCE_FIELDS);
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      const fieldErrors = readServerFieldErrors(error);
      if (fieldErrors) {
        const known = [...ABSENCE_FIELD_NAMES, 'files'];
        setSubmitErrors(fieldErrors);
        const rest = Object.entries(fieldErrors)
          .filter(([field]) => !known.includes(field))
          .map(([, message]) => message);
        setFormError(rest.length > 0 ? rest.join(' ') : null);
      } else {
        setFormError(t('hr.absences.send_failed'));
      }
    }
  }

  return (
    <form className="absences__form" onSubmit={onSubmit} noValidate aria-labelledby="absence-request-heading">
      <h2 id="absence-request-heading">{t('hr.absences.new_request')}</h2>
      <AbsenceFields types={types} values={values} errors={errors} onChange={change} />
      {type?.needs_document ? (
        <div className="field">
          <label htmlFor={filesId}>
            {t('hr.absences.documents')}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            ref={fileInput}
            id={filesId}
            type="file"
            multiple
            required
            aria-invalid={errors.files ? true : undefined}
            aria-describedby={errors.files ? `${filesId}-error` : `${filesId}-hint`}
            onChange={(event) => {
              setFiles([...(event.target.files ?? [])]);
              setSubmitErrors({});
            }}
          />
          <p className="hint" id={`${filesId}-hint`}>
            {t('hr.absences.documents_hint')}
          </p>
          <FieldError id={`${filesId}-error`} message={errors.files} />
        </div>
      ) : null}
      <p className="absences__preview" role="status" aria-live="polite">
        {preview.data && body
          ? t('hr.absences.preview', { amount: formatAmount(preview.data.days, preview.data.unit) })
          : preview.isFetching
            ? t('hr.absences.counting')
            : t('hr.absences.preview_hint')}
      </p>
      <FormError message={formError} />
      <div>
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? t('hr.absences.sending') : t('hr.absences.send')}
        </button>
      </div>
    </form>
  );
}
