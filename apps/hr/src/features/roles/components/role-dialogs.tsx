import type { RoleWithUsage } from '@kadry/shared/schemas/admin';
import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../app/i18n';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { getRoleLabel } from '../../../lib/role-label';
import { snackbar } from '../../../lib/snackbar/snackbar-store';
import { useCreateRole } from '../api/create-role';
import { useDeleteRole } from '../api/delete-role';
import { useUpdateRole } from '../api/update-role';
import { DialogFrame, useLastNonNull } from './dialog-frame';

/** Longest role name the server takes (createRoleBodySchema, updateRoleBodySchema). */
export const ROLE_NAME_MAX_LENGTH = 100;

/** The role-name input with its label and error, shared by the create and rename dialogs. */
function RoleNameField({
  value,
  onChange,
  error,
  inputRef,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('hr.roles.field.name')}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        value={value}
        maxLength={ROLE_NAME_MAX_LENGTH}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A failure that is not about one field, said inside the dialog (the modal hides the snackbars from screen readers). */
function DialogError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="field-error">
      {message}
    </p>
  ) : null;
}

function CreateRoleForm({
  roles,
  onClose,
  nameRef,
}: {
  roles: readonly RoleWithUsage[];
  onClose: () => void;
  nameRef: RefObject<HTMLInputElement | null>;
}) {
  const t = useT();
  const copyId = useId();
  const [, navigate] = useLocation();
  const create = useCreateRole();
  const [name, setName] = useState('');
  const [copyFrom, setCopyFrom] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('hr.roles.name_required'));
      nameRef.current?.focus();
      return;
    }
    setNameError(null);
    setFormError(null);
    try {
      const role = await create.mutateAsync(
        copyFrom ? { name: trimmed, copy_from_role_id: Number(copyFrom) } : { name: trimmed },
      );
      snackbar.success(t('hr.roles.created', { name: role.name }));
      onClose();
      navigate(`/roles/${role.id}`);
    } catch (error) {
      const nameMessage = readServerFieldErrors(error)?.name;
      if (nameMessage) {
        setNameError(nameMessage);
        nameRef.current?.focus();
      } else setFormError(getErrorMessage(error));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <RoleNameField value={name} onChange={setName} error={nameError} inputRef={nameRef} />
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
      <DialogError message={formError} />
      <div className="admin-dialog__actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          {t('hr.roles.create_submit')}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.roles.cancel')}
        </button>
      </div>
    </form>
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
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <DialogFrame open={open} onClose={onClose} title={t('hr.roles.create_title')} initialFocus={nameRef}>
      <CreateRoleForm roles={roles} onClose={onClose} nameRef={nameRef} />
    </DialogFrame>
  );
}

function RenameRoleForm({
  role,
  onClose,
  nameRef,
}: {
  role: { id: number; name: string };
  onClose: () => void;
  nameRef: RefObject<HTMLInputElement | null>;
}) {
  const t = useT();
  const update = useUpdateRole();
  const [name, setName] = useState(role.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('hr.roles.name_required'));
      nameRef.current?.focus();
      return;
    }
    if (trimmed === role.name) {
      onClose();
      return;
    }
    setNameError(null);
    setFormError(null);
    try {
      await update.mutateAsync({ id: role.id, body: { name: trimmed } });
      snackbar.success(t('hr.roles.renamed', { name: trimmed }));
      onClose();
    } catch (error) {
      const nameMessage = readServerFieldErrors(error)?.name;
      if (nameMessage) {
        setNameError(nameMessage);
        nameRef.current?.focus();
      } else setFormError(getErrorMessage(error));
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <RoleNameField value={name} onChange={setName} error={nameError} inputRef={nameRef} />
      <DialogError message={formError} />
      <div className="admin-dialog__actions">
        <button type="submit" className="primary" disabled={update.isPending}>
          {t('hr.roles.rename_submit')}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.roles.cancel')}
        </button>
      </div>
    </form>
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
  const nameRef = useRef<HTMLInputElement>(null);
  return (
    <DialogFrame
      open={role !== null}
      onClose={onClose}
      initialFocus={nameRef}
      title={t('hr.roles.rename_title', { name: shown ? getRoleLabel(shown, t) : '' })}
    >
      {shown ? <RenameRoleForm role={shown} onClose={onClose} nameRef={nameRef} /> : null}
    </DialogFrame>
  );
}

function DeleteRoleBody({
  role,
  onClose,
  safeRef,
}: {
  role: RoleWithUsage;
  onClose: () => void;
  safeRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  const remove = useDeleteRole();
  const [isInUse, setIsInUse] = useState(role.users_count > 0);
  const [formError, setFormError] = useState<string | null>(null);

  const onDelete = async () => {
    setFormError(null);
    try {
      await remove.mutateAsync(role.id);
      snackbar.success(t('hr.roles.deleted', { name: getRoleLabel(role, t) }));
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setIsInUse(true);
      else setFormError(getErrorMessage(error));
    }
  };

  if (isInUse) {
    // The list is fetched again after a 409, so the count catches up with the server's.
    return (
      <>
        <p role="alert" className="warning">
          {role.users_count > 0
            ? t('hr.roles.delete_in_use', { count: role.users_count })
            : t('hr.roles.delete_in_use_unknown')}
        </p>
        <div className="admin-dialog__actions">
          <button ref={safeRef} type="button" onClick={onClose}>
            {t('hr.roles.close')}
          </button>
        </div>
      </>
    );
  }
  return (
    <>
      <p>{t('hr.roles.delete_text')}</p>
      <DialogError message={formError} />
      <div className="admin-dialog__actions">
        <button type="button" className="admin-danger" disabled={remove.isPending} onClick={onDelete}>
          {t('hr.roles.delete_submit')}
        </button>
        <button ref={safeRef} type="button" onClick={onClose}>
          {t('hr.roles.cancel')}
        </button>
      </div>
    </>
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
  // A destructive dialog opens on its safe choice.
  const safeRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogFrame
      open={role !== null}
      onClose={onClose}
      initialFocus={safeRef}
      finalFocus={finalFocus}
      title={t('hr.roles.delete_title', { name: shown ? getRoleLabel(shown, t) : '' })}
    >
      {shown ? <DeleteRoleBody role={shown} onClose={onClose} safeRef={safeRef} /> : null}
    </DialogFrame>
  );
}
