import { EMPLOYEE_FILE_MAX_BYTES, type EmployeeDetails } from '@kadry/shared/schemas/employees';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/field';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useDeleteEmployeeFile, useUploadEmployeeFile } from '../api/employee-files';
import { formatDate, formatFileSize } from './format-date';
import { ProfileSection } from './profile-section';

/** Spec §9: files of at least 1 KB; at most what the server takes of an employee's document. */
export const FILE_MIN_BYTES = 1024;
export const FILE_MAX_BYTES = EMPLOYEE_FILE_MAX_BYTES;

type EmployeeFile = NonNullable<EmployeeDetails['files']>[number];

/** Files (field_files; Employee.Files to change them): download, upload, delete. */
export function FilesSection({ employee }: { employee: EmployeeDetails }) {
  const t = useT();
  const locale = useLocale();
  const inputId = useId();
  const canEdit = employee.can.edit_sections.includes('files');
  const upload = useUploadEmployeeFile(employee.id);
  const remove = useDeleteEmployeeFile(employee.id);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<EmployeeFile | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const files = employee.files ?? [];

  const onPick = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size < FILE_MIN_BYTES || file.size > FILE_MAX_BYTES) {
      setError(t('hr.employees.files.size', { max: FILE_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    try {
      await upload.mutateAsync(file);
      snackbar.success(t('hr.employees.files.uploaded', { name: file.name }));
    } catch (failure) {
      setError(getRequestErrorMessage(failure));
    } finally {
      if (inputRef.current) inputRef.current.value = '';
    }
  };

  return (
    <ProfileSection title={t('hr.employees.section.files')}>
      {files.length > 0 ? (
        <ul className="employee-files">
          {files.map((file) => (
            <li key={file.id}>
              <a href={file.url} download={file.name}>
                {file.name}
              </a>{' '}
              <span className="hint">
                {formatFileSize(file.size)} · {formatDate(file.created_at, locale)}
              </span>{' '}
              {canEdit ? (
                <button
                  type="button"
                  aria-haspopup="dialog"
                  aria-label={t('hr.employees.files.delete_named', { name: file.name })}
                  onClick={() => setDeleting(file)}
                >
                  {t('hr.employees.files.delete')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="hint">{t('hr.employees.files.none')}</p>
      )}
      {canEdit ? (
        <div className="field">
          <label htmlFor={inputId}>{t('hr.employees.files.upload')}</label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            aria-describedby={`${inputId}-hint`}
            disabled={upload.isPending}
            onChange={(event) => onPick(event.target.files?.[0])}
          />
          <p className="hint" id={`${inputId}-hint`}>
            {t('hr.employees.files.hint', { max: FILE_MAX_BYTES / 1024 / 1024 })}
          </p>
          <FormError message={error} />
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('hr.employees.files.confirm_title', { name: deleting?.name ?? '' })}
        confirmLabel={t('hr.employees.files.delete')}
        cancelLabel={t('hr.employees.cancel')}
        role="alertdialog"
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          setDeleting(null);
        }}
      >
        <p>{t('hr.employees.files.confirm_text')}</p>
      </ConfirmDialog>
    </ProfileSection>
  );
}
