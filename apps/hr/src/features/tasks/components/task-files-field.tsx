import { formatFileSize } from '@kadry/shared/format/file-size';
import {
  checkTaskFile,
  cleanFileName,
  TASK_FILE_ACCEPT,
  TASK_FILE_ALLOWED_TYPES,
  TASK_FILE_MAX_BYTES,
  type TaskFile,
} from '@kadry/shared/schemas/tasks';
import { addSelectedFiles } from '@kadry/shared/validation/form-values';
import { cropLongName } from '@kadry/shared/validation/input-helpers';
import { type ChangeEvent, useId, useRef } from 'react';
import { useLocale, useT } from '../../../lib/i18n';

/** What the user may attach, said before choosing (spec §5: types from an allow list, a size limit). */
export function useFileRulesHint(maxFiles: number): string {
  const t = useT();
  const locale = useLocale();
  const types = [...new Set(TASK_FILE_ALLOWED_TYPES.map((type) => type.ext.toUpperCase()))].join(', ');
  return t('hr.tasks.files.hint', {
    size: formatFileSize(TASK_FILE_MAX_BYTES, locale),
    count: maxFiles,
    types,
  });
}

/** A file's name as shown: cleaned as the server stores it, then cropped when long (spec §9). */
export function FileName({ name }: { name: string }) {
  const cleaned = cleanFileName(name);
  const shown = cropLongName(cleaned);
  return (
    <span className="task-file__name" title={shown === cleaned ? undefined : cleaned}>
      {shown}
    </span>
  );
}

/** Stored files as download links with their sizes. */
export function StoredFiles({ files }: { files: readonly TaskFile[] }) {
  const t = useT();
  const locale = useLocale();
  if (files.length === 0) return null;
  return (
    <ul className="task-files" aria-label={t('hr.tasks.files.label')}>
      {files.map((file) => (
        <li key={file.id} className="task-file">
          <a href={file.url} download={file.name}>
            <FileName name={file.name} />
          </a>
          <span className="task-file__size">{formatFileSize(file.size, locale)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Why a chosen file cannot go, in words; null when it can. */
export function useFileProblem(): (file: File) => string | null {
  const t = useT();
  const locale = useLocale();
  return (file) => {
    const problem = checkTaskFile(file);
    return problem === null
      ? null
      : t(`hr.tasks.files.${problem}`, { size: formatFileSize(TASK_FILE_MAX_BYTES, locale) });
  };
}

/**
 * Files of a task or a comment (spec §4 Files): the stored ones (each can be marked for removal),
 * then the newly chosen ones (each can be dropped). A file with the same name and modified time as
 * one already chosen is dropped. Each file's size and, when it cannot go, why, show before sending.
 */
export function TaskFilesField({
  stored = [],
  removedIds = [],
  onToggleStored,
  files,
  onChange,
  maxFiles,
  label,
}: {
  stored?: readonly TaskFile[];
  removedIds?: readonly number[];
  onToggleStored?: (id: number) => void;
  files: readonly File[];
  onChange: (files: File[]) => void;
  maxFiles: number;
  label: string;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const hint = useFileRulesHint(maxFiles);
  const problemOf = useFileProblem();
  const keptCount = stored.filter((file) => !removedIds.includes(file.id)).length;
  const isFull = keptCount + files.length >= maxFiles;

  const onChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.currentTarget.files ?? []);
    // Cleared, so choosing the same file again after removing it is a change too.
    event.currentTarget.value = '';
    if (chosen.length === 0) return;
    const next = addSelectedFiles(
      files.map((file) => ({ file, error: '' })),
      chosen,
    ).map((entry) => entry.file);
    onChange(next);
  };

  return (
    <fieldset className="field task-files-field" aria-describedby={`${id}-hint`}>
      <legend>{label}</legend>
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
      {stored.length > 0 || files.length > 0 ? (
        <ul className="task-files">
          {stored.map((file) => {
            const isRemoved = removedIds.includes(file.id);
            return (
              <li key={`stored-${file.id}`} className="task-file" data-removed={isRemoved}>
                {isRemoved ? (
                  <del>
                    <FileName name={file.name} />
                  </del>
                ) : (
                  <FileName name={file.name} />
                )}
                <span className="task-file__size">{formatFileSize(file.size, locale)}</span>
                {onToggleStored ? (
                  <button
                    type="button"
                    className="task-file__action"
                    aria-pressed={isRemoved}
                    onClick={() => onToggleStored(file.id)}
                  >
                    {isRemoved
                      ? t('hr.tasks.files.keep', { name: cleanFileName(file.name) })
                      : t('hr.tasks.files.remove', { name: cleanFileName(file.name) })}
                  </button>
                ) : null}
              </li>
            );
          })}
          {files.map((file, index) => {
            const problem = problemOf(file);
            const errorId = `${id}-file-${index}-error`;
            return (
              <li key={`new-${file.name}-${file.lastModified}`} className="task-file" data-new="">
                <FileName name={file.name} />
                <span className="task-file__size">{formatFileSize(file.size, locale)}</span>
                <button
                  type="button"
                  className="task-file__action"
                  aria-describedby={problem ? errorId : undefined}
                  onClick={() => {
                    onChange(files.filter((_, other) => other !== index));
                    addRef.current?.focus();
                  }}
                >
                  {t('hr.tasks.files.remove', { name: cleanFileName(file.name) })}
                </button>
                {problem ? (
                  <p className="field-error task-file__error" id={errorId}>
                    {problem}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="file"
        multiple
        accept={TASK_FILE_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={onChosen}
      />
      <button
        ref={addRef}
        type="button"
        className="task-files-field__add"
        aria-disabled={isFull}
        aria-describedby={`${id}-hint`}
        onClick={() => {
          if (!isFull) inputRef.current?.click();
        }}
      >
        {t('hr.tasks.files.add')}
      </button>
      {keptCount + files.length > maxFiles ? (
        <p className="field-error" role="alert">
          {t('hr.tasks.files.too_many', { count: maxFiles })}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Whether every chosen file may go and they fit the limit. */
export function areFilesSendable(files: readonly File[], keptCount: number, maxFiles: number): boolean {
  return keptCount + files.length <= maxFiles && files.every((file) => checkTaskFile(file) === null);
}
