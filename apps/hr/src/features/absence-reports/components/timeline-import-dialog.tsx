import { TIMELINE_IMPORT_COLUMNS, type TimelineImportResponse } from '@kadry/shared/schemas/absence-reports';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, type RefObject, useId, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { FormError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useTimelineImport } from '../api/absence-reports-api';

/**
 * Imports directly entered absences from XLSX: the file is checked first (a dry run: every row's
 * refusals, nothing written), and imported only once it has none, all rows in one go.
 */
export function TimelineImportDialog({
  open,
  onClose,
  finalFocus,
}: {
  open: boolean;
  onClose: () => void;
  finalFocus: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('hr.absenceReports.import.title')}
      size="wide"
      finalFocus={finalFocus}
      closesOnOutsideClick={false}
    >
      <ImportBody onClose={onClose} />
    </DialogFrame>
  );
}

function ImportBody({ onClose }: { onClose: () => void }) {
  const t = useT();
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<TimelineImportResponse['data'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useTimelineImport();

  const check = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t('hr.absenceReports.import.pick_file'));
      return;
    }
    setError(null);
    setChecked(null);
    try {
      setChecked(await run.mutateAsync({ file, dryRun: true }));
    } catch (failure) {
      setError(getRequestErrorMessage(failure));
    }
  };

  const confirm = async () => {
    if (!file) return;
    setError(null);
    try {
      const result = await run.mutateAsync({ file, dryRun: false });
      snackbar.success(t('hr.absenceReports.import.done', { count: result.created }));
      onClose();
    } catch (failure) {
      setError(getRequestErrorMessage(failure));
    }
  };

  return (
    <form onSubmit={check}>
      <p id={hintId} className="hint">
        {t('hr.absenceReports.import.hint')} <code>{TIMELINE_IMPORT_COLUMNS.join(', ')}</code>
      </p>
      <div className="field">
        <label htmlFor={inputId}>{t('hr.absenceReports.import.file')}</label>
        <input
          id={inputId}
          type="file"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          aria-describedby={hintId}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setChecked(null);
          }}
        />
      </div>
      <FormError message={error} />
      <div aria-live="polite">
        {checked ? (
          checked.errors.length > 0 ? (
            <>
              <p>
                {t('hr.absenceReports.import.has_errors', {
                  count: checked.errors.length,
                  rows: checked.rows,
                })}
              </p>
              <div className="table-scroll">
                <table>
                  <caption className="visually-hidden">
                    {t('hr.absenceReports.import.errors_caption')}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('hr.absenceReports.import.row')}</th>
                      <th scope="col">{t('hr.absenceReports.import.column')}</th>
                      <th scope="col">{t('hr.absenceReports.import.problem')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {checked.errors.map((item, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: one row may have several errors, in file order.
                      <tr key={`${item.row}-${index}`}>
                        <th scope="row">{item.row}</th>
                        <td>{item.column}</td>
                        <td>{item.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          ) : (
            <p>{t('hr.absenceReports.import.ready', { count: checked.rows })}</p>
          )
        ) : null}
      </div>
      <DialogActions>
        {checked && checked.errors.length === 0 && checked.rows > 0 ? (
          <button type="button" className="primary" onClick={confirm} aria-disabled={run.isPending}>
            {t('hr.absenceReports.import.confirm', { count: checked.rows })}
          </button>
        ) : (
          <button type="submit" className="primary" aria-disabled={run.isPending}>
            {t('hr.absenceReports.import.check')}
          </button>
        )}
        <button type="button" onClick={onClose}>
          {t('hr.absenceReports.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}
