import { PLACEHOLDER_SELECT_TYPES } from '@kadry/shared/form-kinds';
import { useTranslate } from '../../i18n';
import type { FieldInputProps } from './input-props';
import { OptionSelect, type SelectOption } from './option-select';

/**
 * A select field. The model holds the chosen option's name (the encoder sends its id). Experience,
 * search status and sex show 'not selected' (spec §3.1); an optional select offers that choice first,
 * so a choice made by mistake can be taken back.
 */
export function SelectInput({
  field,
  value,
  onChange,
  ids,
  describedBy,
  isInvalid,
  placement,
}: FieldInputProps<'select'>) {
  const t = useTranslate();
  const notSelected = t('careers.form.not_selected');
  const hasNotSelectedPlaceholder = PLACEHOLDER_SELECT_TYPES.includes(field.type);
  const options: SelectOption[] = (field.input_meta?.options ?? []).map((option) => ({
    value: option.name,
    label: option.name,
  }));
  if (!field.required) options.unshift({ value: '', label: notSelected });
  return (
    <OptionSelect
      id={ids.control}
      options={options}
      value={value.select}
      onChange={(select) => onChange({ kind: 'select', select })}
      placeholder={hasNotSelectedPlaceholder ? notSelected : t('careers.form.select_placeholder')}
      placement={placement}
      labelledBy={ids.title}
      describedBy={describedBy}
      isInvalid={isInvalid}
      isRequired={field.required}
    />
  );
}
