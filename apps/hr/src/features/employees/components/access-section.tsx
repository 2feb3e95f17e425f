import type { StaffUser } from '@kadry/shared/schemas/admin';
import type { EmployeeDetails } from '@kadry/shared/schemas/employees';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/field';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { getRoleLabel } from '../../../lib/role-label';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { getStaffUsers, STAFF_QUERY_KEY } from '../../staff/api/get-staff-users';
import { StaffStatusChip } from '../../staff/components/staff-status-chip';
import { useResendAccess, useRevokeAccess } from '../api/send-access';
import { Facts } from './profile-section';

const LOCALE_NAMES: Record<StaffUser['locale'], string> = { en: 'English', ru: 'Русский', uk: 'Українська' };

/**
 * The employee's access (People & access is part of the employees area, issue 13): its state, and
 * for owners the account itself (role, language, status) with a way to the staff screen; whoever may
 * send access resends an invitation or revokes access here.
 */
export function AccessSection({ employee }: { employee: EmployeeDetails }) {
  const t = useT();
  const permissions = usePermissions();
  const isOwner = permissions.permissions?.role.key === 'owner';
  const [isRevoking, setIsRevoking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const resend = useResendAccess(employee.id);
  const revoke = useRevokeAccess(employee.id);
  // Resend and revoke act on an existing account: the send_access action (the server checks it and
  // the employee's visibility); can.send_access only says whether a new access may be sent now.
  const canManage = permissions.canDo('Employee', 'send_access');
  // Without an account the header offers "Send access"; its state is in the header's chip.
  if (employee.access === 'none' || (!isOwner && !canManage)) return null;

  return (
    <section className="employee-section" aria-labelledby={`access-${employee.id}`}>
      <div className="employee-section__head">
        <h2 id={`access-${employee.id}`}>{t('hr.employees.access.title')}</h2>
      </div>
      {isOwner ? <AccountFacts employee={employee} /> : null}
      <FormError message={error} />
      {canManage && employee.access !== 'disabled' ? (
        <div className="employee-header__actions">
          {employee.access === 'invited' && employee.can.email ? (
            <button
              type="button"
              aria-disabled={resend.isPending}
              onClick={async () => {
                if (resend.isPending) return;
                setError(null);
                try {
                  await resend.mutateAsync();
                  snackbar.success(t('hr.employees.access.resent', { name: employee.name }));
                } catch (failure) {
                  setError(getRequestErrorMessage(failure));
                }
              }}
            >
              {t('hr.employees.access.resend')}
            </button>
          ) : null}{' '}
          <button type="button" className="danger" aria-haspopup="dialog" onClick={() => setIsRevoking(true)}>
            {t('hr.employees.access.revoke')}
          </button>
        </div>
      ) : null}
      <ConfirmDialog
        open={isRevoking}
        onClose={() => setIsRevoking(false)}
        role="alertdialog"
        title={t('hr.employees.access.revoke_title', { name: employee.name })}
        confirmLabel={t('hr.employees.access.revoke_confirm')}
        cancelLabel={t('hr.employees.cancel')}
        onConfirm={async () => {
          await revoke.mutateAsync();
          snackbar.success(t('hr.employees.access.revoked', { name: employee.name }));
        }}
      >
        <p>{t('hr.employees.access.revoke_text', { name: employee.name })}</p>
      </ConfirmDialog>
    </section>
  );
}

/** The staff account of the employee as owners see it on the staff screen (found by its work email). */
function AccountFacts({ employee }: { employee: EmployeeDetails }) {
  const t = useT();
  const search = employee.email ?? employee.name;
  const account = useQuery({
    queryKey: [...STAFF_QUERY_KEY, 'of-employee', employee.id, search],
    queryFn: async ({ signal }) => {
      const page = await getStaffUsers({ page: 1, search }, signal);
      return page.data.find((user) => user.employee_id === employee.id) ?? null;
    },
  });
  const user = account.data;
  if (!user) return null;
  return (
    <Facts
      items={[
        { key: 'role', label: t('hr.employees.access.role'), value: getRoleLabel(user.role, t) },
        { key: 'language', label: t('hr.employees.access.language'), value: LOCALE_NAMES[user.locale] },
        {
          key: 'status',
          label: t('hr.employees.access.account_status'),
          value: <StaffStatusChip user={user} />,
        },
        {
          key: 'account',
          label: t('hr.employees.access.account'),
          value: <Link href="/staff">{t('hr.employees.access.open_staff')}</Link>,
        },
      ]}
    />
  );
}
