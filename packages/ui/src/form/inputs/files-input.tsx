import { addSelectedFiles } from '@kadry/shared/validation/form-values';
import { cropLongName, getFileExtension } from '@kadry/shared/validation/input-helpers';
import { validateFile } from '@kadry/shared/validation/rules';
import { type ChangeEvent, useRef } from 'react';
import { useLocale, useTranslate } from '../../i18n';
import { CloseIcon } from '../../icons';
import type { FieldInputProps } from './input-props';

/** '1.2 MB' / '340 kB' in the page's language. */
function formatFileSize(bytes: number, locale: string): string {
  const isMegabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: isMegabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(isMegabytes ? bytes / 1024 / 1024 : Math.max(bytes / 1024, 0.1));
}

/** The `accept` attribute for the field's formats ('.pdf,.docx'), or undefined for any file. */
export function getAcceptAttribute(formats: readonly string[] | undefined): string | undefined {
  return formats && formats.length > 0
    ? formats.map((format) => `.${format.toLowerCase()}`).join(',')
    : undefined;
}

/** The id of the error text under one chosen file. */
export function getFileErrorId(controlId: string, index: number): string {
  return `${controlId}-file-${index}-error`;
}

/**
 * A files field (spec §4, §5): an 'Add file' button over a hidden file input limited to the field's
 * formats, the chosen files with a remove button each and, under a file that breaks a rule, why.
 * Files with the same name and modified time as one already chosen are dropped. With maxFiles 1 a new
 * choice replaces the file, so a CV can be swapped in one step.
 */
export function FilesInput({ field, value, onChange, ids, describedBy }: FieldInputProps<'files'>) {
  const t = useTranslate();
  const locale = useLocale();
  const inputRef = useRef<HTMLInputElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const formats = field.input_meta?.formats;
  const maxFiles = field.input_meta?.maxFiles ?? 1;

  const describeIssue = (file: File): string => {
    const issue = validateFile(
      { name: file.name, size: file.size, format: getFileExtension(file.name) },
      formats,
    );
    return issue ? t(issue.key, issue.params) : '';
  };

  const handleChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.currentTarget.files ?? []);
    // Cleared, so choosing the same file again after removing it is a change too.
    event.currentTarget.value = '';
    if (chosen.length === 0) return;
    const base = maxFiles === 1 ? [] : value.files;
    const incoming = maxFiles === 1 ? chosen.slice(0, 1) : chosen;
    const files = addSelectedFiles(base, incoming).map((entry) =>
      entry.error === '' && !base.includes(entry) ? { ...entry, error: describeIssue(entry.file) } : entry,
    );
    onChange({ kind: 'files', files });
  };

  const removeFile = (index: number) => {
    onChange({ kind: 'files', files: value.files.filter((_, i) => i !== index) });
    // The pressed button is gone; keep the keyboard user in the field.
    requestAnimationFrame(() => addButtonRef.current?.focus());
  };

  const fileErrorIds = value.files.flatMap((entry, index) =>
    entry.error ? [getFileErrorId(ids.control, index)] : [],
  );
  const buttonDescribedBy = [describedBy, ...fileErrorIds].filter(Boolean).join(' ') || undefined;

  return (
    <div className="files">
      {value.files.length > 0 ? (
        <ul className="files__list">
          {value.files.map((entry, index) => (
            <li
              key={`${entry.file.name}-${entry.file.lastModified}`}
              className={entry.error ? 'file file--invalid' : 'file'}
            >
              <span className="file__name" title={entry.file.name}>
                {cropLongName(entry.file.name)}
              </span>
              <span className="file__size">{formatFileSize(entry.file.size, locale)}</span>
              <button
                type="button"
                className="icon-button file__remove"
                aria-label={t('careers.form.remove_file', { name: entry.file.name })}
                onClick={() => removeFile(index)}
              >
                <CloseIcon />
              </button>
              {entry.error ? (
                <p className="file__error field__error" id={getFileErrorId(ids.control, index)}>
                  {entry.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <button
        ref={addButtonRef}
        type="button"
        id={ids.control}
        className="button button--secondary files__add"
        aria-describedby={buttonDescribedBy}
        onClick={() => inputRef.current?.click()}
      >
        {t('careers.form.add_file')}
      </button>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={getAcceptAttribute(formats)}
        multiple={maxFiles > 1}
        onChange={handleChosen}
        data-field-files={ids.control}
      />
    </div>
  );
}
