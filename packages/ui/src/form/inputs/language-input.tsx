import type { LanguageRowValue } from '@kadry/shared/validation/form-values';
import { useRef } from 'react';
import { useTranslate } from '../../i18n';
import { CloseIcon } from '../../icons';
import type { FieldInputProps } from './input-props';
import { OptionSelect } from './option-select';

let nextRowKey = 1;

/**
 * Language rows (spec §3.1): each a language and its level. Rows can be added and removed; a language
 * chosen in one row is disabled in the others; choosing a language selects its first level; the level
 * select stays disabled until a language is chosen.
 */
export function LanguageInput({
  field,
  value,
  onChange,
  ids,
  describedBy,
  isInvalid,
  placement,
}: FieldInputProps<'language'>) {
  const t = useTranslate();
  const languages = field.input_meta?.options ?? [];
  const rows = value.languages;
  // Stable keys, so removing a middle row does not hand its neighbour's open state to another row.
  const keys = useRef<number[]>([]);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  while (keys.current.length < rows.length) keys.current.push(nextRowKey++);
  keys.current.length = rows.length;

  const setRows = (next: LanguageRowValue[]) => onChange({ kind: 'language', languages: next });
  const chooseLanguage = (index: number, id: number | null) => {
    const level = id === null ? null : (languages.find((option) => option.id === id)?.meta?.[0]?.id ?? null);
    setRows(rows.map((row, i) => (i === index ? { language: id, level } : row)));
  };
  const chooseLevel = (index: number, level: number | null) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, level } : row)));
  const removeRow = (index: number) => {
    keys.current.splice(index, 1);
    setRows(rows.filter((_, i) => i !== index));
    // The pressed button is gone; keep the keyboard user in the field.
    requestAnimationFrame(() => addButtonRef.current?.focus());
  };
  const numbered = (label: string, index: number) => (rows.length > 1 ? `${label} ${index + 1}` : label);

  return (
    <div className="language-rows">
      {rows.map((row, index) => {
        const levels = languages.find((option) => option.id === row.language)?.meta ?? [];
        const takenElsewhere = new Set(
          rows.flatMap((other, i) => (i !== index && other.language !== null ? [other.language] : [])),
        );
        return (
          <div className="language-row" key={keys.current[index]}>
            <OptionSelect
              id={index === 0 ? ids.control : `${ids.control}-language-${index}`}
              className="language-row__language"
              options={languages.map((option) => ({
                value: String(option.id),
                label: option.name,
                isDisabled: takenElsewhere.has(option.id),
              }))}
              value={row.language === null ? '' : String(row.language)}
              onChange={(next) => chooseLanguage(index, next === '' ? null : Number(next))}
              placeholder={t('careers.form.language')}
              label={numbered(t('careers.form.language'), index)}
              placement={placement}
              describedBy={describedBy}
              isInvalid={isInvalid}
            />
            <OptionSelect
              id={`${ids.control}-level-${index}`}
              className="language-row__level"
              options={levels.map((level) => ({ value: String(level.id), label: level.name }))}
              value={row.level === null ? '' : String(row.level)}
              onChange={(next) => chooseLevel(index, next === '' ? null : Number(next))}
              placeholder={t('careers.form.level')}
              label={numbered(t('careers.form.level'), index)}
              placement={placement}
              isDisabled={row.language === null}
            />
            <button
              type="button"
              className="icon-button language-row__remove"
              aria-label={numbered(t('careers.form.remove_language'), index)}
              onClick={() => removeRow(index)}
            >
              <CloseIcon />
            </button>
          </div>
        );
      })}
      {rows.length < languages.length ? (
        <button
          ref={addButtonRef}
          type="button"
          id={rows.length === 0 ? ids.control : undefined}
          className="text-button"
          onClick={() => setRows([...rows, { language: null, level: null }])}
        >
          + {t('careers.form.add_language')}
        </button>
      ) : null}
    </div>
  );
}
