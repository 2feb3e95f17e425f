import { EMPLOYEE_PHOTO_MAX_BYTES, type EmployeeDetails } from '@kadry/shared/schemas/employees';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/field';
import { PageHeading } from '../../../components/ui/page-heading';
import { WhenLoaded } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { canOpenScreen } from '../../../lib/screens';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { PersonReportDialog } from '../../absence-reports/components/person-report-dialog';
import { EmployeeTasksSection } from '../../tasks/components/employee-tasks-section';
import { useDeleteEmployee } from '../api/delete-employee';
import { useUploadEmployeePhoto } from '../api/employee-photo';
import { useEmployee } from '../api/get-employee';
import { useLoginAs } from '../api/login-as';
import { AccessChip, EmployeeAvatar } from './access-chip';
import { AccessSection } from './access-section';
import { ContactsSection } from './contacts-section';
import { CustomFieldsSection } from './custom-fields-section';
import { DismissDialog, SendAccessDialog } from './employee-dialogs';
import { FilesSection } from './files-section';
import { HistorySection } from './history-section';
import { PersonalSection } from './personal-section';
import { SalarySection } from './salary-section';
import { WorkSection } from './work-section';
import './employees.css';

/** Photos the browser shows everywhere. */
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';

/**
 * One employee's profile: the header (photo, name, position, teams, status, access) with the actions
 * the reader may take, then each section the reader may see, each editable in place when allowed.
 * Hidden fields are simply not there: the server leaves them out of the answer.
 */
export function EmployeeProfilePage({ id }: { id: number }) {
  const employee = useEmployee(id);
  return <WhenLoaded query={employee}>{(data) => <EmployeeProfile employee={data} />}</WhenLoaded>;
}

function EmployeeProfile({ employee }: { employee: EmployeeDetails }) {
  const t = useT();
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<'access' | 'dismiss' | 'delete' | 'absences' | null>(null);
  const { settings } = usePageData();
  const permissions = usePermissions();
  // The person's absences and balances (`dashboard.absence.reportModal`): for whoever sees absences;
  // the server still decides whether their level reaches this person (a 404 shows in the dialog).
  const seesAbsences = canOpenScreen('absenceFeeds', settings.tariffs, permissions);
  const remove = useDeleteEmployee(employee.id);
  const loginAs = useLoginAs(employee.id);
  const [actionError, setActionError] = useState<string | null>(null);
  const close = () => setDialog(null);
  const sees = (section: EmployeeDetails['can']['view_sections'][number]) =>
    employee.can.view_sections.includes(section);

  return (
    <article className="employee-profile">
      <p>
        <Link href="/employees">{t('hr.employees.back')}</Link>
      </p>
      <div className="employee-header">
        <PhotoBlock employee={employee} />
        <div className="employee-header__main">
          <PageHeading>{employee.name}</PageHeading>
          {employee.first_name_alt || employee.last_name_alt ? (
            <p className="hint">
              {[employee.first_name_alt, employee.middle_name_alt, employee.last_name_alt]
                .filter(Boolean)
                .join(' ')}
            </p>
          ) : null}
          {employee.position ? <p className="employee-header__facts">{employee.position}</p> : null}
          {employee.teams.length > 0 ? (
            <p className="employee-header__facts">{employee.teams.map((team) => team.name).join(', ')}</p>
          ) : null}
          <p className="employee-header__facts">
            {employee.status ? <span className="chip chip--blue">{employee.status.name}</span> : null}{' '}
            {employee.is_dismissed ? (
              <span className="chip chip--red">{t('hr.employees.dismissed')}</span>
            ) : null}{' '}
            <AccessChip access={employee.access} />
          </p>
          <div className="employee-header__actions">
            {seesAbsences ? (
              <button type="button" aria-haspopup="dialog" onClick={() => setDialog('absences')}>
                {t('hr.employees.absences.open')}
              </button>
            ) : null}{' '}
            {employee.can.send_access && employee.access === 'none' ? (
              <button type="button" aria-haspopup="dialog" onClick={() => setDialog('access')}>
                {t('hr.employees.send_access.open')}
              </button>
            ) : null}{' '}
            {employee.can.login_as && employee.access === 'active' ? (
              <button
                type="button"
                aria-disabled={loginAs.isPending}
                onClick={async () => {
                  if (loginAs.isPending) return;
                  setActionError(null);
                  try {
                    await loginAs.mutateAsync();
                  } catch (failure) {
                    setActionError(getRequestErrorMessage(failure));
                  }
                }}
              >
                {t('hr.employees.login_as')}
              </button>
            ) : null}{' '}
            {employee.can.update &&
            employee.can.edit_sections.includes('profile') &&
            !employee.is_dismissed ? (
              <button type="button" aria-haspopup="dialog" onClick={() => setDialog('dismiss')}>
                {t('hr.employees.dismiss.open')}
              </button>
            ) : null}{' '}
            {employee.can.delete ? (
              <button
                type="button"
                className="danger"
                aria-haspopup="dialog"
                onClick={() => setDialog('delete')}
              >
                {t('hr.employees.delete.open')}
              </button>
            ) : null}
          </div>
          <FormError message={actionError} />
        </div>
      </div>

      {sees('profile') ? <WorkSection employee={employee} /> : null}
      {sees('contacts') ? <ContactsSection employee={employee} /> : null}
      {sees('personal_info') ? <PersonalSection employee={employee} /> : null}
      {'salary' in employee ? <SalarySection employee={employee} /> : null}
      {'files' in employee && sees('files') ? <FilesSection employee={employee} /> : null}
      {sees('profile') ? <CustomFieldsSection employee={employee} /> : null}
      <AccessSection employee={employee} />
      <EmployeeTasksSection employeeId={employee.id} />
      <HistorySection employeeId={employee.id} employeeName={employee.name} />

      <SendAccessDialog employee={employee} isOpen={dialog === 'access'} onClose={close} />
      <DismissDialog employee={employee} isOpen={dialog === 'dismiss'} onClose={close} />
      <PersonReportDialog
        person={
          dialog === 'absences'
            ? { id: employee.id, name: [employee.first_name, employee.last_name].filter(Boolean).join(' ') }
            : null
        }
        year={new Date().getFullYear()}
        onClose={close}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onClose={close}
        role="alertdialog"
        title={t('hr.employees.delete.title', { name: employee.name })}
        confirmLabel={t('hr.employees.delete.confirm')}
        cancelLabel={t('hr.employees.cancel')}
        onConfirm={async () => {
          await remove.mutateAsync();
          snackbar.success(t('hr.employees.delete.done', { name: employee.name }));
          navigate('/employees');
        }}
      >
        <p>{t('hr.employees.delete.text', { name: employee.name })}</p>
      </ConfirmDialog>
    </article>
  );
}

function PhotoBlock({ employee }: { employee: EmployeeDetails }) {
  const t = useT();
  const inputId = useId();
  const upload = useUploadEmployeePhoto(employee.id);
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const onPick = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    if (file.size > EMPLOYEE_PHOTO_MAX_BYTES) {
      setError(t('hr.employees.photo.too_big', { max: EMPLOYEE_PHOTO_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    try {
      await upload.mutateAsync(file);
      snackbar.success(t('hr.employees.photo.saved'));
    } catch (failure) {
      setError(getRequestErrorMessage(failure));
    } finally {
      if (inputRef.current) inputRef.current.value = '';
    }
  };
  return (
    <div className="employee-header__photo">
      <EmployeeAvatar name={employee.name} photoUrl={employee.photo_url} size="large" />
      {employee.can.update_avatar ? (
        <div>
          <label htmlFor={inputId} className="employee-link-button">
            {t('hr.employees.photo.change')}
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={PHOTO_TYPES}
            className="visually-hidden"
            disabled={upload.isPending}
            onChange={(event) => onPick(event.target.files?.[0])}
          />
          <FormError message={error} />
        </div>
      ) : null}
    </div>
  );
}
