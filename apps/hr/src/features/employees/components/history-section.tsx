import { useState } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useEmployeeChanges } from '../api/get-employee-changes';
import { formatDateTime } from './format-date';
import { LoginAsActionsSection } from './login-as-actions-section';
import { ProfileSection } from './profile-section';

/** Fields with a label of their own; others (custom fields, new ones) are shown by their key. */
const FIELD_LABELS = new Set([
  'first_name',
  'last_name',
  'middle_name',
  'first_name_alt',
  'last_name_alt',
  'middle_name_alt',
  'employee_number',
  'position',
  'grade',
  'teams',
  'manager',
  'employment_type',
  'terms_of_cooperation',
  'status',
  'experience',
  'start_of_work',
  'probation_period',
  'dismissal_date',
  'dismissal_reason',
  'notes',
  'email',
  'phone',
  'personal_email',
  'personal_phone',
  'links',
  'birth_date',
  'gender',
  'marital_status',
  'country',
  'city',
  'address',
  'languages',
  'relatives',
  'salary',
  'files',
  'photo',
]);

/** A stored value as text: names of references, lists joined, nothing as a dash. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(describeValue).join(', ');
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string') return record.name;
    if (typeof record.url === 'string') return record.url;
    return JSON.stringify(value);
  }
  return String(value);
}

/**
 * History: who changed which field from what to what, and when (only fields the reader may see);
 * for holders of the Employee login_as action, what was done while logged in as the employee.
 */
export function HistorySection({ employeeId, employeeName }: { employeeId: number; employeeName: string }) {
  const t = useT();
  const locale = useLocale();
  const { user } = usePageData();
  const canLoginAs = usePermissions().canDo('Employee', 'login_as');
  const [page, setPage] = useState(1);
  const changes = useEmployeeChanges(employeeId, page);
  const label = (field: string) =>
    FIELD_LABELS.has(field) ? t(`hr.employees.field.${field}`) : field.replace(/_/g, ' ');
  return (
    <ProfileSection title={t('hr.employees.section.history')}>
      <QueryState isPending={changes.isPending} isError={changes.isError} onRetry={() => changes.refetch()}>
        {changes.data && changes.data.data.length > 0 ? (
          <ol className="employee-history">
            {changes.data.data.map((change) => (
              <li key={change.id}>
                <time dateTime={change.changed_at} className="hint">
                  {formatDateTime(change.changed_at, locale, user.timezone)}
                </time>{' '}
                {change.impersonator_name
                  ? t('hr.employees.history.changed_as', {
                      actor: change.actor_name,
                      impersonator: change.impersonator_name,
                      field: label(change.field),
                      from: describeValue(change.old_value),
                      to: describeValue(change.new_value),
                    })
                  : t('hr.employees.history.changed', {
                      actor: change.actor_name,
                      field: label(change.field),
                      from: describeValue(change.old_value),
                      to: describeValue(change.new_value),
                    })}
              </li>
            ))}
          </ol>
        ) : (
          <p className="hint">{t('hr.employees.history.none')}</p>
        )}
        <Pagination page={page} lastPage={changes.data?.meta.last_page ?? 1} onChange={setPage} />
      </QueryState>
      {canLoginAs ? <LoginAsActionsSection employeeId={employeeId} employeeName={employeeName} /> : null}
    </ProfileSection>
  );
}
