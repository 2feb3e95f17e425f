import { SCORECARD_ATTRIBUTE_NAME_MAX, SCORECARD_ATTRIBUTES_MAX } from '@kadry/shared/schemas/interviews';
import { useId } from 'react';
import { type Control, type UseFormRegister, useFieldArray } from 'react-hook-form';
import { useT } from '../../../lib/i18n';
import type { VacancyFormValues } from './vacancy-form-values';
import './vacancy-setup.css';

/** Currencies offered first; any other ISO 4217 code the browser knows follows. */
const COMMON_CURRENCIES = ['USD', 'EUR', 'UAH', 'PLN', 'GBP', 'RUB', 'KZT', 'CHF'];

/** ISO 4217 codes for the salary's currency picker, the common ones first, the current one always in. */
export function listCurrencies(current: string): string[] {
  let known: string[] = [];
  try {
    known = Intl.supportedValuesOf('currency');
  } catch {
    known = [];
  }
  const rest = known.filter((code) => !COMMON_CURRENCIES.includes(code));
  const list = [...COMMON_CURRENCIES, ...rest];
  return current && !list.includes(current) ? [current, ...list] : list;
}

/**
 * A vacancy's scorecard attributes: what interviewers rate 1–4. Each keeps its key when renamed or
 * moved (so scorecards already filled still line up); a new one gets its key from the server.
 */
export function ScorecardAttributesField({
  control,
  register,
}: {
  control: Control<VacancyFormValues>;
  register: UseFormRegister<VacancyFormValues>;
}) {
  const t = useT();
  const ids = useId();
  const attributes = useFieldArray({ control, name: 'scorecard_attributes', keyName: 'fieldId' });
  return (
    <fieldset className="panel scorecard-attributes" aria-describedby={`${ids}-hint`}>
      <legend>{t('hr.vacancies.scorecard.title')}</legend>
      <p className="hint" id={`${ids}-hint`}>
        {t('hr.vacancies.scorecard.hint')}
      </p>
      <ol className="scorecard-attributes__list">
        {attributes.fields.map((row, index) => (
          <li key={row.fieldId} className="scorecard-attributes__row">
            <div className="field">
              <label htmlFor={`${ids}-${index}`}>
                {t('hr.vacancies.scorecard.attribute', { index: index + 1 })}
              </label>
              <input
                id={`${ids}-${index}`}
                type="text"
                maxLength={SCORECARD_ATTRIBUTE_NAME_MAX}
                {...register(`scorecard_attributes.${index}.name`)}
              />
            </div>
            <div className="scorecard-attributes__buttons">
              <button
                type="button"
                aria-label={t('hr.vacancies.scorecard.up', { index: index + 1 })}
                disabled={index === 0}
                onClick={() => attributes.move(index, index - 1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label={t('hr.vacancies.scorecard.down', { index: index + 1 })}
                disabled={index === attributes.fields.length - 1}
                onClick={() => attributes.move(index, index + 1)}
              >
                ↓
              </button>
              <button
                type="button"
                onClick={() => attributes.remove(index)}
                aria-label={t('hr.vacancies.scorecard.remove', { index: index + 1 })}
              >
                ✕
              </button>
            </div>
          </li>
        ))}
      </ol>
      <button
        type="button"
        disabled={attributes.fields.length >= SCORECARD_ATTRIBUTES_MAX}
        onClick={() => attributes.append({ key: '', name: '' })}
      >
        {t('hr.vacancies.scorecard.add')}
      </button>
    </fieldset>
  );
}
