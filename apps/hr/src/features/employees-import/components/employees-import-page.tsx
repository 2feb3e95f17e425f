import type { EmployeeImport, EmployeeImportRow } from '@kadry/shared/schemas/employee-import';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { useT } from '../../../lib/i18n';
import {
  errorFileUrl,
  TEMPLATE_URL,
  useConfirmEmployeeImport,
  useDiscardEmployeeImport,
  useEmployeeImportRows,
  useUploadEmployeeImport,
} from '../api/employee-import';
import { EmployeesExportButton } from './export-button';

// The employee import: download the template, upload a file (with progress), read the dry run
// (created / updated / errors, filterable to errors), download the error file, confirm, see the result.

function RowsTable({ importId }: { importId: number }) {
  const t = useT();
  const [onlyErrors, setOnlyErrors] = useState(false);
  const [page, setPage] = useState(1);
  const checkboxId = useId();
  const rows = useEmployeeImportRows(importId, { page, only: onlyErrors ? 'errors' : 'all' });
  const data = rows.data;

  const describeErrors = (row: EmployeeImportRow) =>
    (row.errors ?? [])
      .map(
        (error) =>
          `${error.column}: ${t(`hr.employeesImport.error.${error.message}`, { row: error.other_row ?? '' })}`,
      )
      .join('; ');

  return (
    <div className="employees-import__rows">
      <p>
        <input
          id={checkboxId}
          type="checkbox"
          checked={onlyErrors}
          onChange={(event) => {
            setOnlyErrors(event.target.checked);
            setPage(1);
          }}
        />{' '}
        <label htmlFor={checkboxId}>{t('hr.employeesImport.only_errors')}</label>
      </p>
      {rows.isError ? (
        <p role="alert">{t('hr.common.load_failed')}</p>
      ) : !data ? (
        <p>{t('hr.common.loading')}</p>
      ) : data.data.length === 0 ? (
        <p>{t('hr.employeesImport.no_rows')}</p>
      ) : (
        <table>
          <caption>{t('hr.employeesImport.rows_caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('hr.employeesImport.col_row')}</th>
              <th scope="col">{t('hr.employeesImport.col_action')}</th>
              <th scope="col">{t('hr.employeesImport.col_name')}</th>
              <th scope="col">{t('hr.employeesImport.col_errors')}</th>
            </tr>
          </thead>
          <tbody>
            {data.data.map((row) => (
              <tr key={row.row}>
                <td>{row.row}</td>
                <td>{t(`hr.employeesImport.action_${row.action}`)}</td>
                <td>{row.name ?? ''}</td>
                <td>{describeErrors(row)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {data ? (
        <Pagination page={data.meta.current_page} lastPage={data.meta.last_page} onChange={setPage} />
      ) : null}
    </div>
  );
}

function Summary({ checked }: { checked: EmployeeImport }) {
  const t = useT();
  const { summary } = checked;
  return (
    <ul className="employees-import__summary">
      <li>{t('hr.employeesImport.summary_rows', { count: summary.rows })}</li>
      <li>{t('hr.employeesImport.summary_create', { count: summary.create })}</li>
      <li>{t('hr.employeesImport.summary_update', { count: summary.update })}</li>
      <li>{t('hr.employeesImport.summary_error', { count: summary.error })}</li>
    </ul>
  );
}

export function EmployeesImportPage() {
  const t = useT();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState(0);
  const [checked, setChecked] = useState<EmployeeImport | null>(null);
  const upload = useUploadEmployeeImport(setPercent);
  const confirm = useConfirmEmployeeImport();
  const discard = useDiscardEmployeeImport();
  const imported = confirm.data ?? null;
  const [discarded, setDiscarded] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    setPercent(0);
    setChecked(null);
    setDiscarded(false);
    confirm.reset();
    discard.reset();
    upload.mutate(file, { onSuccess: setChecked });
  }

  function startOver() {
    setFile(null);
    setChecked(null);
    setDiscarded(false);
    upload.reset();
    confirm.reset();
    discard.reset();
  }

  /** Drops the checked file on the server; the page is ready for another one. */
  function discardChecked(id: number) {
    discard.mutate(id, {
      onSuccess: () => {
        setChecked(null);
        setDiscarded(true);
        upload.reset();
        confirm.reset();
      },
    });
  }

  const uploadError = upload.error ? getRequestErrorMessage(upload.error) : null;
  const confirmError = confirm.error ? getRequestErrorMessage(confirm.error) : null;
  const discardError = discard.error ? getRequestErrorMessage(discard.error) : null;

  return (
    <section className="employees-import">
      <PageHeading
        actions={
          <>
            <a href={TEMPLATE_URL} download>
              {t('hr.employeesImport.download_template')}
            </a>
            {/* Everyone as they are now, in the same columns: edit and import back. */}
            <EmployeesExportButton filters={{ state: 'all' }} />
          </>
        }
      >
        {t('hr.employeesImport.title')}
      </PageHeading>
      <p>{t('hr.employeesImport.intro')}</p>

      {imported ? (
        <div role="status">
          <p>
            {t('hr.employeesImport.done', {
              create: imported.summary.create,
              update: imported.summary.update,
            })}
          </p>
          <button type="button" onClick={startOver}>
            {t('hr.employeesImport.start_over')}
          </button>
        </div>
      ) : (
        <>
          <form onSubmit={submit}>
            <label htmlFor={fileId}>{t('hr.employeesImport.file_label')}</label>{' '}
            <input
              id={fileId}
              type="file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />{' '}
            <button type="submit" disabled={!file || upload.isPending}>
              {t('hr.employeesImport.upload')}
            </button>
          </form>
          {upload.isPending ? (
            <p role="status">
              {percent < 100
                ? t('hr.employeesImport.uploading', { percent })
                : t('hr.employeesImport.checking')}{' '}
              <progress max={100} value={percent} aria-label={t('hr.employeesImport.progress')} />
            </p>
          ) : null}
          {uploadError ? <p role="alert">{uploadError}</p> : null}
          {discarded ? <p role="status">{t('hr.employeesImport.discarded')}</p> : null}
        </>
      )}

      {checked && !imported ? (
        <div className="employees-import__result">
          <h2>{t('hr.employeesImport.summary_title', { file: checked.file_name })}</h2>
          <Summary checked={checked} />
          {checked.summary.error > 0 ? (
            <p>
              {t('hr.employeesImport.fix_errors')}{' '}
              <a href={errorFileUrl(checked.id)} download>
                {t('hr.employeesImport.download_errors')}
              </a>
            </p>
          ) : (
            <p>
              <button
                type="button"
                disabled={confirm.isPending || discard.isPending}
                onClick={() => confirm.mutate(checked.id)}
              >
                {t('hr.employeesImport.confirm', { count: checked.summary.rows })}
              </button>
            </p>
          )}
          <p>
            <button
              type="button"
              disabled={confirm.isPending || discard.isPending}
              onClick={() => discardChecked(checked.id)}
            >
              {discard.isPending ? t('hr.employeesImport.discarding') : t('hr.employeesImport.discard')}
            </button>
          </p>
          {discardError ? <p role="alert">{discardError}</p> : null}
          {confirm.isPending ? (
            <p role="status">
              {t('hr.employeesImport.importing')} <progress aria-label={t('hr.employeesImport.progress')} />
            </p>
          ) : null}
          {confirmError ? <p role="alert">{confirmError}</p> : null}
          <RowsTable key={checked.id} importId={checked.id} />
        </div>
      ) : null}
    </section>
  );
}
