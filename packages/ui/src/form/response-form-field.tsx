import './response-form.css';
import type { FormField } from '@kadry/shared/schemas/form';
import type { FieldValue } from '@kadry/shared/validation/form-values';
import type { ReactNode } from 'react';
import { type Control, useController } from 'react-hook-form';
import { useTranslate } from '../i18n';
import type { DropdownPlacement } from './dropdown-placement';
import { type FieldIds, FieldShell, type FieldVariant, getDescribedBy } from './field-shell';
import { getFieldName, isEagerField, type ResponseFormValues } from './form-model';
import { CheckboxInput } from './inputs/checkbox-input';
import { CheckboxListInput } from './inputs/checkbox-list-input';
import { DateInput } from './inputs/date-input';
import { FilesInput } from './inputs/files-input';
import type { FieldInputProps, ValueOf } from './inputs/input-props';
import { LanguageInput } from './inputs/language-input';
import { MultiselectInput } from './inputs/multiselect-input';
import { SalaryInput } from './inputs/salary-input';
import { SelectInput } from './inputs/select-input';
import { TextInput } from './inputs/text-input';

const VARIANT_BY_KIND: Record<FieldValue['kind'], FieldVariant> = {
  text: 'label',
  date: 'label',
  select: 'label',
  multiselect: 'label',
  checkbox: 'bare',
  checkbox_list: 'group',
  language: 'group',
  salary: 'group',
  files: 'group',
};

/** The input for a value's kind; `props.value` is of that kind. */
function renderInput(props: FieldInputProps<FieldValue<File>['kind']>): ReactNode {
  const { value } = props;
  // Each branch narrows `value`; the other props do not depend on the kind.
  const as = <K extends FieldValue['kind']>(narrowed: ValueOf<K>) =>
    ({ ...props, value: narrowed }) as unknown as FieldInputProps<K>;
  switch (value.kind) {
    case 'text':
      return <TextInput {...as<'text'>(value)} />;
    case 'date':
      return <DateInput {...as<'date'>(value)} />;
    case 'select':
      return <SelectInput {...as<'select'>(value)} />;
    case 'multiselect':
      return <MultiselectInput {...as<'multiselect'>(value)} />;
    case 'checkbox':
      return <CheckboxInput {...as<'checkbox'>(value)} />;
    case 'checkbox_list':
      return <CheckboxListInput {...as<'checkbox_list'>(value)} />;
    case 'language':
      return <LanguageInput {...as<'language'>(value)} />;
    case 'salary':
      return <SalaryInput {...as<'salary'>(value)} />;
    case 'files':
      return <FilesInput {...as<'files'>(value)} />;
  }
}

/** The hint of a files field: the size limit (spec §5) and the accepted formats. */
function getFilesHint(field: FormField, uploadHint: string): string {
  const formats = field.input_meta?.formats ?? [];
  return formats.length > 0
    ? `${uploadHint} · ${formats.map((format) => format.toUpperCase()).join(', ')}`
    : uploadHint;
}

/**
 * One field of the form bound to react-hook-form. Multiselect, checkbox, date, select, language (and
 * files) validate as they change; the others when focus leaves the field; a date also on leaving, to
 * catch one left half-typed. A field showing an error re-validates on every change, so the message
 * goes away as soon as the value is right.
 */
export function ResponseFormField({
  field,
  index,
  ids,
  control,
  placement,
  validate,
  onValueChange,
  isPrefilled,
  note,
}: {
  field: FormField;
  index: number;
  ids: FieldIds;
  control: Control<ResponseFormValues>;
  placement: DropdownPlacement;
  /** Validates this field and announces a new error. */
  validate: (index: number) => void;
  /** Told about every change the candidate makes (the CV flow and the prefill marks listen). */
  onValueChange?: (index: number, value: FieldValue<File>) => void;
  isPrefilled?: boolean;
  note?: string;
}) {
  const t = useTranslate();
  const { field: binding, fieldState } = useController({ control, name: getFieldName(index) });
  const value = binding.value;
  const error = fieldState.error?.message;
  const isEager = isEagerField(field);

  const onChange: FieldInputProps<FieldValue<File>['kind']>['onChange'] = (next, options) => {
    binding.onChange(next);
    onValueChange?.(index, next);
    if ((isEager && !options?.isIncomplete) || fieldState.invalid) validate(index);
  };
  const onLeave = () => {
    binding.onBlur();
    if (!isEager || field.input_type === 'date') validate(index);
  };

  // Under a file that broke a rule its own message already says why: not twice.
  const isErrorShownByFile = value.kind === 'files' && value.files.some((entry) => entry.error === error);
  const shownError = isErrorShownByFile ? undefined : error;
  const hint = value.kind === 'files' ? getFilesHint(field, t('careers.form.upload_hint')) : undefined;

  return (
    <FieldShell
      ids={ids}
      title={field.name}
      isRequired={field.required}
      variant={VARIANT_BY_KIND[value.kind]}
      hint={hint}
      note={note}
      error={shownError}
      isPrefilled={isPrefilled}
      onLeave={onLeave}
    >
      {renderInput({
        field,
        value,
        onChange,
        ids,
        describedBy: getDescribedBy(ids, hint !== undefined, shownError !== undefined),
        isInvalid: error !== undefined,
        placement,
      })}
    </FieldShell>
  );
}
