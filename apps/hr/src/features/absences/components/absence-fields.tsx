import type { Translate } from '@kadry/shared/i18n/translator';
import {
  type AbsenceType,
  type AbsenceTypeCode,
  type CreateAbsenceRequestBody,
  createAbsenceRequestBodySchema,
} from '@kadry/shared/schemas/absences';
import { useId } from 'react';
import { Field, FieldError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { useTypeName } from './absence-parts';

// The fields every absence form asks for (the request form and HR's direct entry): the type, the dates
// (the first and last day from or until midday where the type counts half days, hours instead of an end
// date for hourly types) and a comment; with what they require and the body they make.

export type AbsenceFieldValues = {
  absence_type: AbsenceTypeCode | '';
  date_from: string;
  date_to: string;
  half_day_start: boolean;
  half_day_end: boolean;
  hours: string;
  comment: string;
};

export const EMPTY_ABSENCE_FIELDS: AbsenceFieldValues = {
  absence_type: '',
  date_from: '',
  date_to: '',
  half_day_start: false,
  half_day_end: false,
  hours: '',
  comment: '',
};

/** The field names these fields answer for (a server's error under another name is the form's). */
export const ABSENCE_FIELD_NAMES: readonly string[] = [
  'absence_type',
  'date_from',
  'date_to',
  'half_day_start',
  'half_day_end',
  'hours',
  'comment',
];

/** The chosen type among the enabled ones (the only ones offered). */
export function chosenAbsenceType(
  types: readonly AbsenceType[],
  values: Pick<AbsenceFieldValues, 'absence_type'>,
): AbsenceType | undefined {
  return types.find((type) => type.is_enabled && type.code === values.absence_type);
}

/** `message` under each required field left empty: the type, the start, and the end or the hours. */
export function missingAbsenceFields(
  values: AbsenceFieldValues,
  type: AbsenceType | undefined,
  message: string,
): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!type) missing.absence_type = message;
  if (!values.date_from) missing.date_from = message;
  if (type?.unit !== 'hours' && !values.date_to) missing.date_to = message;
  if (type?.unit === 'hours' && !values.hours) missing.hours = message;
  return missing;
}

/**
 * What the contract's own checks (the server runs the same) refuse in the dates of a body, worded,
 * under each date field: a "To" before "From", a date outside 1900–2200. Said before anything is sent.
 */
export function absenceDateErrors(body: CreateAbsenceRequestBody, t: Translate): Record<string, string> {
  const result = createAbsenceRequestBodySchema.safeParse(body);
  const errors: Record<string, string> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    if ((field === 'date_from' || field === 'date_to') && issue.message.startsWith('absences.')) {
      errors[field] ??= t(issue.message);
    }
  }
  return errors;
}

/**
 * The wire body of the fields for `type`: an hourly absence is one day with its hours (a decimal comma
 * reads as a point), half days only where the type counts them, an empty comment left out.
 */
export function absenceFieldsBody(values: AbsenceFieldValues, type: AbsenceType): CreateAbsenceRequestBody {
  const isHours = type.unit === 'hours';
  return {
    absence_type: type.code,
    date_from: values.date_from,
    date_to: isHours ? values.date_from : values.date_to,
    half_day_start: type.unit === 'half_days' && values.half_day_start,
    half_day_end: type.unit === 'half_days' && values.half_day_end,
    ...(isHours ? { hours: Number(values.hours.replace(',', '.')) } : {}),
    ...(values.comment.trim() ? { comment: values.comment.trim() } : {}),
  };
}

/**
 * The type select, the dates or hours, the half days and the comment, each with its error. With
 * `fixedType` (changing an entered absence) the type is not asked: its fields are that type's.
 */
export function AbsenceFields({
  types,
  fixedType,
  values,
  errors,
  onChange,
}: {
  /** Every type the company has; the enabled ones are offered. */
  types: readonly AbsenceType[];
  fixedType?: AbsenceType;
  values: AbsenceFieldValues;
  errors: Readonly<Record<string, string>>;
  onChange: <K extends keyof AbsenceFieldValues>(key: K, value: AbsenceFieldValues[K]) => void;
}) {
  const t = useT();
  const ids = useId();
  const typeName = useTypeName(types);
  const type = fixedType ?? chosenAbsenceType(types, values);
  const isHours = type?.unit === 'hours';
  return (
    <>
      {fixedType ? null : (
        <Field label={t('hr.absences.type_label')} isRequired error={errors.absence_type}>
          {(control) => (
            <select
              {...control}
              required
              value={values.absence_type}
              onChange={(event) => onChange('absence_type', event.target.value as AbsenceTypeCode)}
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
      )}
      <div className="absences__form-row">
        <Field
          label={t(isHours ? 'hr.absences.date' : 'hr.absences.date_from')}
          isRequired
          error={errors.date_from}
        >
          {(control) => (
            <input
              {...control}
              type="date"
              required
              value={values.date_from}
              onChange={(event) => onChange('date_from', event.target.value)}
            />
          )}
        </Field>
        {isHours ? (
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
                onChange={(event) => onChange('hours', event.target.value)}
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
                onChange={(event) => onChange('date_to', event.target.value)}
              />
            )}
          </Field>
        )}
      </div>
      {type?.unit === 'half_days' ? (
        <div className="absences__form-row">
          {(['half_day_start', 'half_day_end'] as const).map((key) => (
            <div key={key} className="field">
              <label>
                <input
                  type="checkbox"
                  checked={values[key]}
                  onChange={(event) => onChange(key, event.target.checked)}
                  aria-invalid={errors[key] ? true : undefined}
                  aria-describedby={errors[key] ? `${ids}-${key}-error` : undefined}
                />{' '}
                {t(`hr.absences.${key}`)}
              </label>
              <FieldError id={`${ids}-${key}-error`} message={errors[key]} />
            </div>
          ))}
        </div>
      ) : null}
      <Field label={t('hr.absences.comment')} error={errors.comment}>
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={2000}
            value={values.comment}
            onChange={(event) => onChange('comment', event.target.value)}
          />
        )}
      </Field>
    </>
  );
}
