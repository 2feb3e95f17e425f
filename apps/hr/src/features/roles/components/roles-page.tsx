import type { RoleWithUsage } from '@kadry/shared/schemas/admin';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { getRoleLabel } from '../../../lib/role-label';
import { useRoles } from '../api/get-roles';
import { CreateRoleDialog, DeleteRoleDialog, RenameRoleDialog } from './role-dialogs';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'rename'; role: RoleWithUsage }
  | { kind: 'delete'; role: RoleWithUsage }
  | null;

/** Roles (owners only): built-in and custom roles, how many people have each, create, rename, delete. */
export function RolesPage() {
  const t = useT();
  const roles = useRoles();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Focus lands here after a deletion, when the row's own button is gone.
  const createRef = useRef<HTMLButtonElement>(null);
  const list = roles.data ?? [];
  // The list's fresh copy (counts change after a refused deletion), else the one the dialog opened with.
  const freshen = (role: RoleWithUsage) => list.find((item) => item.id === role.id) ?? role;
  const close = () => setDialog(null);

  return (
    <section>
      <PageHeading
        actions={
          <button
            ref={createRef}
            type="button"
            className="primary"
            disabled={!roles.data}
            onClick={() => setDialog({ kind: 'create' })}
          >
            {t('hr.roles.create')}
          </button>
        }
      >
        {t('hr.roles.title')}
      </PageHeading>
      <p className="hint">{t('hr.roles.intro')}</p>

      <QueryState isPending={roles.isPending} isError={roles.isError} onRetry={() => roles.refetch()}>
        <table>
          <caption className="visually-hidden">{t('hr.roles.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('hr.roles.field.name')}</th>
              <th scope="col">{t('hr.roles.field.type')}</th>
              <th scope="col">{t('hr.roles.field.people')}</th>
              <th scope="col">{t('hr.common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((role) => (
              <tr key={role.id}>
                <th scope="row">
                  <Link href={`/roles/${role.id}`}>{getRoleLabel(role, t)}</Link>
                </th>
                <td>{role.key === null ? t('hr.roles.type.custom') : t('hr.roles.type.built_in')}</td>
                <td>{t('hr.roles.people_count', { count: role.users_count })}</td>
                <td>
                  <div className="admin-row-actions">
                    <button
                      type="button"
                      aria-label={t('hr.roles.rename_named', { name: getRoleLabel(role, t) })}
                      onClick={() => setDialog({ kind: 'rename', role })}
                    >
                      {t('hr.roles.rename')}
                    </button>
                    {/* Built-in roles cannot be deleted (the server answers 422), so they get no button. */}
                    {role.key === null ? (
                      <button
                        type="button"
                        aria-label={t('hr.roles.delete_named', { name: getRoleLabel(role, t) })}
                        onClick={() => setDialog({ kind: 'delete', role })}
                      >
                        {t('hr.roles.delete')}
                      </button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </QueryState>

      <CreateRoleDialog open={dialog?.kind === 'create'} onClose={close} roles={list} />
      <RenameRoleDialog role={dialog?.kind === 'rename' ? freshen(dialog.role) : null} onClose={close} />
      <DeleteRoleDialog
        role={dialog?.kind === 'delete' ? freshen(dialog.role) : null}
        onClose={close}
        finalFocus={createRef}
      />
    </section>
  );
}
