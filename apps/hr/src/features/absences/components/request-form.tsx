import type { AbsenceType, AbsenceTypeCode, CreateAbsenceRequestBody } from '@kadry/shared/schemas/absences';
import { useDebouncedValue } from '@kadry/ui/use-debounced-value';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Field, FieldError, FormError } from '../../../components/ui/field';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useCreateRequest, usePreview } from '../api/absences-api';
import { useFormatAmount, useTypeName } from './absence-parts';

type Values = {
  absence_type: AbsenceTypeCode | '';
  date_from: string;
  date_to: string;
  half_day_start: boolean;
  half_day_end: boolean;
  hours: string;
  comment: string;
};

const EMPTY: Values = {
  absence_type: '',
  date_from: '',
  date_to: '',
  half_day_start: false,
  half_day_end: false,
  hours: '',
  comment: '',
};

/** The body of the form's values, or null while it is not complete enough to count. */
function toBody(values: Values, type: AbsenceType | undefined): CreateAbsenceRequestBody | null {
  if (!type || !values.date_from) return null;
  const isHours = type.unit === 'hours';
  const dateTo = isHours ? values.date_from : values.date_to;
  if (!dateTo || dateTo < values.date_from) return null;
  const hours = Number(values.hours.replace(',', '.'));
  if (isHours && !(hours > 0)) return null;
  return {
    absence_type: type.code,
    date_from: values.date_from,
    date_to: dateTo,
    half_day_start: type.unit === 'half_days' && values.half_day_start,
    half_day_end: type.unit === 'half_days' && values.half_day_end,
    ...(isHours ? { hours } : {}),
    ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
  };
}

/**
 * The request form of "My absences": type, dates (half days where the type allows them, hours for
 * hourly types), comment and documents where the type needs one. While it is filled in, the server
 * counts the days (the preview) and says under a field what it would refuse; sending shows the
 * server's refusals under the fields the same way.
 */
export function RequestForm({ types }: { types: readonly AbsenceType[] }) {
  const t = useT();
  const typeName = useTypeName(types);
  const formatAmount = useFormatAmount();
  const [values, setValues] = useState<Values>(EMPTY);
  const [files, setFiles] = useState<File[]>([]);
  const [submitErrors, setSubmitErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const filesId = useId();
  const create = useCreateRequest();
  const enabled = types.filter((type) => type.is_enabled);
  const type = enabled.find((item) => item.code === values.absence_type);
  const body = toBody(values, type);
  const debouncedKey = useDebouncedValue(body ? JSON.stringify(body) : '', 300);
  const preview = usePreview(debouncedKey ? (JSON.parse(debouncedKey) as CreateAbsenceRequestBody) : null);
  const previewErrors = preview.isError ? (readServerFieldErrors(preview.error) ?? {}) : {};
  const errors = { ...previewErrors, ...submitErrors };

  function change<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    setSubmitErrors({});
    setFormError(null);
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!type) local.absence_type = t('public.fill_fields');
    if (!values.date_from) local.date_from = t('public.fill_fields');
    if (type && type.unit !== 'hours' && !values.date_to) local.date_to = t('public.fill_fields');
    if (type?.unit === 'hours' && !values.hours) local.hours = t('public.fill_fields');
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
      setValues(EMPTY);
      setFiles([]);
      if (fileInput.current) fileInput.current.value = '';
    } catch (error) {
      const fieldErrors = readServerFieldErrors(error);
      if (fieldErrors) {
        const known = [
          'absence_type',
          'date_from',
          'date_to',
          'half_day_start',
          'half_day_end',
          'hours',
          'comment',
          'files',
        ];
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
      <Field label={t('hr.absences.type_label')} isRequired error={errors.absence_type}>
        {(control) => (
          <select
            {...control}
            required
            value={values.absence_type}
            onChange={(event) => change('absence_type', event.target.value as AbsenceTypeCode)}
          >
            <option value="">{t('hr.absences.choose_type')}</option>
            {enabled.map((item) => (
              <option key={item.code} value={item.code}>
                {typeName(item.code)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="absences__form-row">
        <Field
          label={t(type?.unit === 'hours' ? 'hr.absences.date' : 'hr.absences.date_from')}
          isRequired
          error={errors.date_from}
        >
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
                inputMode="decimal"
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
          <div className="field">
            <label>
              <input
                type="checkbox"
                checked={values.half_day_start}
                onChange={(event) => change('half_day_start', event.target.checked)}
                aria-describedby={errors.half_day_start ? 'half-day-start-error' : undefined}
              />{' '}
              {t('hr.absences.half_day_start')}
            </label>
            <FieldError id="half-day-start-error" message={errors.half_day_start} />
          </div>
          <div className="field">
            <label>
              <input
                type="checkbox"
                checked={values.half_day_end}
                onChange={(event) => change('half_day_end', event.target.checked)}
                aria-describedby={errors.half_day_end ? 'half-day-end-error' : undefined}
              />{' '}
              {t('hr.absences.half_day_end')}
            </label>
            <FieldError id="half-day-end-error" message={errors.half_day_end} />
          </div>
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
