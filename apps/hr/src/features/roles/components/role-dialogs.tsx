import { ROLE_NAME_MAX_LENGTH } from '@kadry/shared/permissions/schemas';
import type { RoleWithUsage } from '@kadry/shared/schemas/admin';
import { type RefObject, useId, useState } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogFrame, useLastNonNull } from '../../../components/ui/dialog-frame';
import { NameForm } from '../../../components/ui/name-form';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { getRoleLabel } from '../../../lib/role-label';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useCreateRole } from '../api/create-role';
import { useDeleteRole } from '../api/delete-role';
import { useUpdateRole } from '../api/update-role';

/** Longest role name the server takes (createRoleBodySchema, updateRoleBodySchema). */

function CreateRoleForm({ roles, onClose }: { roles: readonly RoleWithUsage[]; onClose: () => void }) {
  const t = useT();
  const copyId = useId();
  const [, navigate] = useLocation();
  const create = useCreateRole();
  const [copyFrom, setCopyFrom] = useState('');

  return (
    <NameForm
      label={t('hr.roles.field.name')}
      maxLength={ROLE_NAME_MAX_LENGTH}
      requiredMessage={t('hr.roles.name_required')}
      submitLabel={t('hr.roles.create_submit')}
      cancelLabel={t('hr.roles.cancel')}
      onCancel={onClose}
      onSubmit={async (name) => {
        const role = await create.mutateAsync(
          copyFrom ? { name, copy_from_role_id: Number(copyFrom) } : { name },
        );
        snackbar.success(t('hr.roles.created', { name: role.name }));
        onClose();
        navigate(`/roles/${role.id}`);
      }}
    >
      <div className="field">
        <label htmlFor={copyId}>{t('hr.roles.field.copy_from')}</label>
        <select id={copyId} value={copyFrom} onChange={(event) => setCopyFrom(event.target.value)}>
          <option value="">{t('hr.roles.copy_from_none')}</option>
          {roles.map((role) => (
            <option key={role.id} value={role.id}>
              {getRoleLabel(role, t)}
            </option>
          ))}
        </select>
      </div>
    </NameForm>
  );
}

/** "New role": a name and, optionally, the role whose permissions it starts with. Opens the editor after. */
export function CreateRoleDialog({
  open,
  onClose,
  roles,
}: {
  open: boolean;
  onClose: () => void;
  roles: readonly RoleWithUsage[];
}) {
  const t = useT();
  return (
    <DialogFrame open={open} onClose={onClose} title={t('hr.roles.create_title')}>
      <CreateRoleForm roles={roles} onClose={onClose} />
    </DialogFrame>
  );
}

export function RenameRoleDialog({
  role,
  onClose,
}: {
  /** The role being renamed; null: closed. */
  role: Pick<RoleWithUsage, 'id' | 'key' | 'name'> | null;
  onClose: () => void;
}) {
  const t = useT();
  const shown = useLastNonNull(role);
  const update = useUpdateRole();
  return (
    <DialogFrame
      open={role !== null}
      onClose={onClose}
      title={t('hr.roles.rename_title', { name: shown ? getRoleLabel(shown, t) : '' })}
    >
      {shown ? (
        <NameForm
          label={t('hr.roles.field.name')}
          initialName={shown.name}
          maxLength={ROLE_NAME_MAX_LENGTH}
          requiredMessage={t('hr.roles.name_required')}
          submitLabel={t('hr.roles.rename_submit')}
          cancelLabel={t('hr.roles.cancel')}
          onCancel={onClose}
          onSubmit={async (name) => {
            await update.mutateAsync({ id: shown.id, body: { name } });
            snackbar.success(t('hr.roles.renamed', { name }));
            onClose();
          }}
        />
      ) : null}
    </DialogFrame>
  );
}

/** Confirms deleting a custom role; a role people still have cannot go (409) and the dialog says how many. */
export function DeleteRoleDialog({
  role,
  onClose,
  finalFocus,
}: {
  role: RoleWithUsage | null;
  onClose: () => void;
  finalFocus: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const shown = useLastNonNull(role);
  const remove = useDeleteRole();
  // The role the server refused to delete: the list is fetched again after a 409, so its count
  // catches up with the server's, but until then (or if it still says nobody) the refusal stands.
  const [refusedId, setRefusedId] = useState<number | null>(null);
  const usersCount = shown?.users_count ?? 0;
  const isInUse = usersCount > 0 || (shown !== null && refusedId === shown.id);

  return (
    <ConfirmDialog
      open={role !== null}
      onClose={onClose}
      finalFocus={finalFocus}
      title={t('hr.roles.delete_title', { name: shown ? getRoleLabel(shown, t) : '' })}
      confirmLabel={t('hr.roles.delete_submit')}
      cancelLabel={isInUse ? t('hr.roles.close') : t('hr.roles.cancel')}
      isConfirmOffered={!isInUse}
      onConfirm={async () => {
        if (!shown) return;
        try {
          await remove.mutateAsync(shown.id);
        } catch (error) {
          if (error instanceof ApiError && error.status === 409) {
            setRefusedId(shown.id);
            return;
          }
          throw error;
        }
        snackbar.success(t('hr.roles.deleted', { name: getRoleLabel(shown, t) }));
        onClose();
      }}
    >
      {isInUse ? (
        <p role="alert" className="warning">
          {usersCount > 0
            ? t('hr.roles.delete_in_use', { count: usersCount })
            : t('hr.roles.delete_in_use_unknown')}
        </p>
      ) : (
        <p>{t('hr.roles.delete_text')}</p>
      )}
    </ConfirmDialog>
  );
}
