import type { FactoryOpts } from 'imask';
import { useTranslate } from '../../i18n';
import type { FieldInputProps, ValueOf } from './input-props';
import { OptionSelect } from './option-select';
import { useMaskedInput } from './use-masked-input';

/** Amounts: digits with one decimal point; a comma typed on a keyboard that has one becomes the point. */
const AMOUNT_MASK: FactoryOpts = {
  mask: /^\d*\.?\d*$/,
  prepareChar: (char: string) => char.replace(',', '.'),
};

function AmountInput({
  id,
  label,
  value,
  onChange,
  describedBy,
  isInvalid,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  describedBy: string | undefined;
  isInvalid: boolean;
}) {
  const ref = useMaskedInput(AMOUNT_MASK, value, onChange);
  return (
    <label className="salary__part">
      <span className="salary__label">{label}</span>
      <input
        ref={ref}
        id={id}
        className="field__input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        defaultValue={value}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
      />
    </label>
  );
}

/**
 * Salary (spec §3.1): from and to amounts and a currency. The model starts with the currency named
 * 'USD ($)' (emptyFieldValue of packages/shared), so that is what the select shows first.
 */
export function SalaryInput({
  field,
  value,
  onChange,
  ids,
  describedBy,
  isInvalid,
  placement,
}: FieldInputProps<'salary'>) {
  const t = useTranslate();
  const currencies = field.input_meta?.options ?? [];
  const update = (patch: Partial<ValueOf<'salary'>>) => onChange({ ...value, ...patch });
  return (
    <div className="salary">
      <AmountInput
        id={ids.control}
        label={t('careers.form.salary_from')}
        value={value.min}
        onChange={(min) => update({ min })}
        describedBy={describedBy}
        isInvalid={isInvalid}
      />
      <AmountInput
        id={`${ids.control}-max`}
        label={t('careers.form.salary_to')}
        value={value.max}
        onChange={(max) => update({ max })}
        describedBy={describedBy}
        isInvalid={isInvalid}
      />
      {currencies.length > 0 ? (
        <div className="salary__part salary__part--currency">
          <span className="salary__label" id={`${ids.control}-currency-label`}>
            {t('careers.form.salary_currency')}
          </span>
          <OptionSelect
            id={`${ids.control}-currency`}
            options={currencies.map((option) => ({ value: String(option.id), label: option.name }))}
            value={value.currency === null ? '' : String(value.currency)}
            onChange={(next) => update({ currency: next === '' ? null : Number(next) })}
            placeholder={t('careers.form.select_placeholder')}
            placement={placement}
            labelledBy={`${ids.control}-currency-label`}
          />
        </div>
      ) : null}
    </div>
  );
}
