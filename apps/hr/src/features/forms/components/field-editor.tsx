import { FIELD_TYPES, INPUT_TYPES } from '@kadry/shared/form-kinds';
import type { FieldOption } from '@kadry/shared/schemas/form';
import type { StaffFormField } from '@kadry/shared/schemas/recruiting';
import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import {
  changeFieldType,
  changeInputType,
  DICTIONARIES,
  type Dictionary,
  MAX_LENGTH_INPUT_TYPES,
  OPTION_INPUT_TYPES,
  parseFormats,
  parseOptionLines,
} from './form-builder-model';

/** A dictionary-backed field's options: the company's, read-only here, as the latest preview filled them. */
function DictionaryOptions({
  dictionary,
  options,
  isLoading,
  id,
}: {
  dictionary: Dictionary;
  options: FieldOption[] | undefined;
  isLoading: boolean;
  id: string;
}) {
  const t = useT();
  return (
    <div className="field">
      <p className="hint" id={id}>
        {t('hr.forms.dictionary_hint', { dictionary: t(`hr.forms.dictionary.${dictionary}`) })}
      </p>
      {options === undefined ? (
        isLoading ? (
          <p className="hint">{t('hr.forms.dictionary_loading')}</p>
        ) : null
      ) : options.length === 0 ? (
        <p className="hint">{t('hr.forms.dictionary_empty')}</p>
      ) : (
        <details className="builder__dictionary">
          <summary>{t('hr.forms.dictionary_options', { count: options.length })}</summary>
          <ul aria-label={t(`hr.forms.dictionary.${dictionary}`)}>
            {options.map((option) => (
              <li key={option.id}>{option.name}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** The settings of one field: name, kinds, required, max length, options or dictionary, formats, max files. */
export function FieldEditor({
  field,
  dictionaryOptions,
  isLoadingOptions = false,
  onChange,
}: {
  field: StaffFormField;
  /** The options of the field's dictionary, when the preview has filled them in. */
  dictionaryOptions?: FieldOption[];
  /** The preview is asking the server, so missing dictionary options are on their way. */
  isLoadingOptions?: boolean;
  onChange: (field: StaffFormField) => void;
}) {
  const t = useT();
  const id = useId();
  const options = field.input_meta?.options ?? [];
  // Typed text is kept as typed (blank lines included) and parsed into options as it changes.
  const [optionsText, setOptionsText] = useState(options.map((option) => option.name).join('\n'));
  const [formatsText, setFormatsText] = useState((field.input_meta?.formats ?? []).join(', '));
  const [maxFilesText, setMaxFilesText] = useState(String(field.input_meta?.maxFiles ?? 1));
  const patch = (next: Partial<StaffFormField>) => onChange({ ...field, ...next });
  const patchMeta = (next: NonNullable<StaffFormField['input_meta']>) =>
    patch({ input_meta: { ...(field.input_meta ?? {}), ...next } });

  const hasOptions = OPTION_INPUT_TYPES.includes(field.input_type);
  const hasMaxLength = MAX_LENGTH_INPUT_TYPES.includes(field.input_type);

  return (
    <div className="two-columns">
      <div>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('hr.forms.field.name')}</label>
          <input
            id={`${id}-name`}
            type="text"
            value={field.name}
            onChange={(event) => patch({ name: event.target.value })}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-input-type`}>{t('hr.forms.field.input_type')}</label>
          <select
            id={`${id}-input-type`}
            value={field.input_type}
            onChange={(event) =>
              onChange(changeInputType(field, event.target.value as StaffFormField['input_type']))
            }
          >
            {INPUT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`hr.forms.input_type.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t('hr.forms.field.type')}</label>
          <select
            id={`${id}-type`}
            value={field.type}
            onChange={(event) =>
              onChange(changeFieldType(field, event.target.value as StaffFormField['type']))
            }
          >
            {FIELD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`hr.forms.field_type.${type}`)}
              </option>
            ))}
          </select>
        </div>
        {field.type === 'custom_property' ? (
          <div className="field">
            <label htmlFor={`${id}-value`}>{t('hr.forms.field.property_key')}</label>
            <input
              id={`${id}-value`}
              type="text"
              value={field.value ?? ''}
              onChange={(event) => patch({ value: event.target.value === '' ? null : event.target.value })}
            />
          </div>
        ) : null}
        <div className="field">
          <label>
            <input
              type="checkbox"
              checked={field.required}
              onChange={(event) => patch({ required: event.target.checked })}
            />{' '}
            {t('hr.forms.field.required')}
          </label>
        </div>
      </div>
      <div>
        {hasMaxLength ? (
          <div className="field">
            <label htmlFor={`${id}-max`}>{t('hr.forms.field.max_length')}</label>
            <input
              id={`${id}-max`}
              type="number"
              min={1}
              value={field.validation?.max ?? ''}
              onChange={(event) => {
                const max = Number.parseInt(event.target.value, 10);
                patch({ validation: Number.isFinite(max) && max > 0 ? { max } : null });
              }}
            />
          </div>
        ) : null}
        {hasOptions ? (
          <>
            <div className="field">
              <label htmlFor={`${id}-dictionary`}>{t('hr.forms.field.dictionary')}</label>
              <select
                id={`${id}-dictionary`}
                value={field.dictionary ?? ''}
                aria-describedby={field.dictionary ? `${id}-dictionary-hint` : undefined}
                onChange={(event) => patch({ dictionary: (event.target.value || null) as Dictionary | null })}
              >
                <option value="">{t('hr.forms.dictionary.none')}</option>
                {DICTIONARIES.map((dictionary) => (
                  <option key={dictionary} value={dictionary}>
                    {t(`hr.forms.dictionary.${dictionary}`)}
                  </option>
                ))}
              </select>
            </div>
            {field.dictionary ? (
              <DictionaryOptions
                dictionary={field.dictionary}
                options={dictionaryOptions}
                isLoading={isLoadingOptions}
                id={`${id}-dictionary-hint`}
              />
            ) : (
              <div className="field">
                <label htmlFor={`${id}-options`}>{t('hr.forms.field.options')}</label>
                <textarea
                  id={`${id}-options`}
                  rows={4}
                  value={optionsText}
                  aria-describedby={`${id}-options-hint`}
                  onChange={(event) => {
                    setOptionsText(event.target.value);
                    patchMeta({ options: parseOptionLines(event.target.value, options) });
                  }}
                />
                <p className="hint" id={`${id}-options-hint`}>
                  {t('hr.forms.options_hint')}
                </p>
              </div>
            )}
          </>
        ) : null}
        {field.input_type === 'files' ? (
          <>
            <div className="field">
              <label htmlFor={`${id}-formats`}>{t('hr.forms.field.formats')}</label>
              <input
                id={`${id}-formats`}
                type="text"
                value={formatsText}
                aria-describedby={`${id}-formats-hint`}
                onChange={(event) => {
                  setFormatsText(event.target.value);
                  patchMeta({ formats: parseFormats(event.target.value) });
                }}
              />
              <p className="hint" id={`${id}-formats-hint`}>
                {t('hr.forms.formats_hint')}
              </p>
            </div>
            <div className="field">
              <label htmlFor={`${id}-max-files`}>{t('hr.forms.field.max_files')}</label>
              <input
                id={`${id}-max-files`}
                type="number"
                min={1}
                max={20}
                value={maxFilesText}
                onChange={(event) => {
                  // Kept as typed (it may be empty for a moment); only a number within 1–20 is applied.
                  setMaxFilesText(event.target.value);
                  const maxFiles = Number.parseInt(event.target.value, 10);
                  if (maxFiles >= 1 && maxFiles <= 20) patchMeta({ maxFiles });
                }}
              />
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}
