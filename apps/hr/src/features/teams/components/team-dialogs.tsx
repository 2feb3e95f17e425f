import { type FormEvent, type RefObject, useId, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { useT } from '../../../app/i18n';
import { getErrorMessage } from '../../../lib/api-client';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { snackbar } from '../../../lib/snackbar/snackbar-store';
import { useCreateTeam } from '../api/create-team';
import { useDeleteTeam } from '../api/delete-team';
import { useRenameTeam } from '../api/rename-team';
import { DialogFrame, useLastNonNull } from './dialog-frame';

/** Longest team name the server takes (teamBodySchema). */
const TEAM_NAME_MAX_LENGTH = 200;

/** A failure that is not about one field, said inside the dialog (the modal hides the snackbars from screen readers). */
function DialogError({ message }: { message: string | null }) {
  return message ? (
    <p role="alert" className="field-error">
      {message}
    </p>
  ) : null;
}

function TeamNameForm({
  team,
  onClose,
}: {
  /** null: a new team. */
  team: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const [, navigate] = useLocation();
  const create = useCreateTeam();
  const rename = useRenameTeam();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(team?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const isPending = create.isPending || rename.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('hr.teams.name_required'));
      nameRef.current?.focus();
      return;
    }
    if (team && trimmed === team.name) {
      onClose();
      return;
    }
    setNameError(null);
    setFormError(null);
    try {
      if (team) {
        await rename.mutateAsync({ id: team.id, name: trimmed });
        snackbar.success(t('hr.teams.renamed', { name: trimmed }));
        onClose();
      } else {
        const created = await create.mutateAsync({ name: trimmed });
        snackbar.success(t('hr.teams.created', { name: created.name }));
        onClose();
        // A new team is empty: its page is where members are added.
        navigate(`/teams/${created.id}`);
      }
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
      <div className="field">
        <label htmlFor={id}>{t('hr.teams.field.name')}</label>
        <input
          ref={nameRef}
          id={id}
          type="text"
          value={name}
          maxLength={TEAM_NAME_MAX_LENGTH}
          required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${id}-error` : undefined}
          onChange={(event) => setName(event.target.value)}
        />
        {nameError ? (
          <p className="field-error" id={`${id}-error`}>
            {nameError}
          </p>
        ) : null}
      </div>
      <DialogError message={formError} />
      <div className="admin-dialog__actions">
        <button type="submit" className="primary" disabled={isPending}>
          {team ? t('hr.teams.rename_submit') : t('hr.teams.create_submit')}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.teams.cancel')}
        </button>
      </div>
    </form>
  );
}

/** Creates a team (`team` null, then opens its page) or renames one. */
export function TeamNameDialog({
  open,
  team,
  onClose,
}: {
  open: boolean;
  team: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={team ? t('hr.teams.rename_title', { name: team.name }) : t('hr.teams.create_title')}
    >
      <TeamNameForm team={team} onClose={onClose} />
    </DialogFrame>
  );
}

function DeleteTeamBody({
  team,
  onClose,
  onDeleted,
  safeRef,
}: {
  team: { id: number; name: string; membersCount: number };
  onClose: () => void;
  onDeleted?: () => void;
  safeRef: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT();
  const remove = useDeleteTeam();
  const [formError, setFormError] = useState<string | null>(null);
  const onDelete = async () => {
    setFormError(null);
    try {
      await remove.mutateAsync(team.id);
      snackbar.success(t('hr.teams.deleted', { name: team.name }));
      onClose();
      onDeleted?.();
    } catch (error) {
      setFormError(getErrorMessage(error));
    }
  };
  return (
    <>
      <p>{t('hr.teams.delete_members', { count: team.membersCount })}</p>
      <p>{t('hr.teams.delete_vacancies')}</p>
      <DialogError message={formError} />
      <div className="admin-dialog__actions">
        <button type="button" className="admin-danger" disabled={remove.isPending} onClick={onDelete}>
          {t('hr.teams.delete_submit')}
        </button>
        <button ref={safeRef} type="button" onClick={onClose}>
          {t('hr.teams.cancel')}
        </button>
      </div>
    </>
  );
}

/** Confirms deleting a team, saying what happens to its people and vacancies. */
export function DeleteTeamDialog({
  team,
  onClose,
  onDeleted,
  finalFocus,
}: {
  team: { id: number; name: string; membersCount: number } | null;
  onClose: () => void;
  onDeleted?: () => void;
  finalFocus?: RefObject<HTMLElement | null>;
}) {
  const t = useT();
  const shown = useLastNonNull(team);
  // A destructive dialog opens on its safe choice.
  const safeRef = useRef<HTMLButtonElement>(null);
  return (
    <DialogFrame
      open={team !== null}
      onClose={onClose}
      initialFocus={safeRef}
      finalFocus={finalFocus}
      title={t('hr.teams.delete_title', { name: shown?.name ?? '' })}
    >
      {shown ? (
        <DeleteTeamBody team={shown} onClose={onClose} onDeleted={onDeleted} safeRef={safeRef} />
      ) : null}
    </DialogFrame>
  );
}
