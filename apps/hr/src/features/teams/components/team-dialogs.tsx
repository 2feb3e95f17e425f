import { TEAM_NAME_MAX_LENGTH, type Team } from '@kadry/shared/schemas/admin';
import { type RefObject, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogFrame, useLastNonNull } from '../../../components/ui/dialog-frame';
import { NameForm } from '../../../components/ui/name-form';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useCreateTeam } from '../api/create-team';
import { useDeleteTeam } from '../api/delete-team';
import { useRenameTeam } from '../api/rename-team';

function RenameTeamForm({ team, onClose }: { team: { id: number; name: string }; onClose: () => void }) {
  const t = useT();
  const rename = useRenameTeam();
  const save = async (name: string) => {
    await rename.mutateAsync({ id: team.id, name });
    snackbar.success(t('hr.teams.renamed', { name }));
    onClose();
  };
  return (
    <NameForm
      label={t('hr.teams.field.name')}
      initialName={team.name}
      maxLength={TEAM_NAME_MAX_LENGTH}
      requiredMessage={t('hr.teams.name_required')}
      submitLabel={t('hr.teams.rename_submit')}
      cancelLabel={t('hr.teams.cancel')}
      onSubmit={save}
      onCancel={onClose}
    />
  );
}

/** Renames a team. */
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
  const shown = useLastNonNull(team);
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('hr.teams.rename_title', { name: shown?.name ?? '' })}
    >
      {shown ? <RenameTeamForm team={shown} onClose={onClose} /> : null}
    </DialogFrame>
  );
}

/** A team the new one can go under, with its depth for the picker's indent. */
export type ParentOption = { id: number; name: string; level: number };

function CreateTeamForm({
  parents,
  initialParentId,
  canHide,
  onCreated,
  onClose,
}: {
  parents: readonly ParentOption[];
  initialParentId: number | null;
  canHide: boolean;
  onCreated: (team: Team) => void;
  onClose: () => void;
}) {
  const t = useT();
  const ids = useId();
  const create = useCreateTeam();
  const [parentId, setParentId] = useState<number | null>(initialParentId);
  const [isHidden, setIsHidden] = useState(false);
  const save = async (name: string) => {
    const created = await create.mutateAsync({
      name,
      parent_id: parentId,
      ...(canHide ? { is_hidden: isHidden } : {}),
    });
    snackbar.success(t('hr.teams.tree.created', { name: created.name }));
    onClose();
    onCreated(created);
  };
  return (
    <NameForm
      label={t('hr.teams.field.name')}
      maxLength={TEAM_NAME_MAX_LENGTH}
      requiredMessage={t('hr.teams.name_required')}
      submitLabel={t('hr.teams.create_submit')}
      cancelLabel={t('hr.teams.cancel')}
      onSubmit={save}
      onCancel={onClose}
    >
      <div className="field">
        <label htmlFor={`${ids}-parent`}>{t('hr.teams.tree.parent')}</label>
        <select
          id={`${ids}-parent`}
          value={parentId ?? ''}
          onChange={(event) => setParentId(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t('hr.teams.tree.parent_none')}</option>
          {parents.map((parent) => (
            <option key={parent.id} value={parent.id}>
              {`${'\u2003'.repeat(parent.level - 1)}${parent.name}`}
            </option>
          ))}
        </select>
      </div>
      {canHide ? (
        <div className="field field--checkbox">
          <label>
            <input
              type="checkbox"
              checked={isHidden}
              onChange={(event) => setIsHidden(event.target.checked)}
            />{' '}
            {t('hr.teams.tree.hidden_field')}
          </label>
          <p className="hint">{t('hr.teams.tree.hidden_hint')}</p>
        </div>
      ) : null}
    </NameForm>
  );
}

/**
 * Creates a team, under the chosen parent (the selected team at first) and optionally hidden. It does
 * not clear the tree's stored position (spec §2.4): `onCreated` marks the new team instead.
 */
export function CreateTeamDialog({
  open,
  parents,
  initialParentId,
  canHide,
  onCreated,
  onClose,
}: {
  open: boolean;
  parents: readonly ParentOption[];
  initialParentId: number | null;
  canHide: boolean;
  onCreated: (team: Team) => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <DialogFrame open={open} onClose={onClose} title={t('hr.teams.create_title')}>
      {open ? (
        <CreateTeamForm
          parents={parents}
          initialParentId={initialParentId}
          canHide={canHide}
          onCreated={onCreated}
          onClose={onClose}
        />
      ) : null}
    </DialogFrame>
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
  const remove = useDeleteTeam();
  return (
    <ConfirmDialog
      open={team !== null}
      onClose={onClose}
      finalFocus={finalFocus}
      title={t('hr.teams.delete_title', { name: shown?.name ?? '' })}
      confirmLabel={t('hr.teams.delete_submit')}
      cancelLabel={t('hr.teams.cancel')}
      onConfirm={async () => {
        if (!shown) return;
        await remove.mutateAsync(shown.id);
        snackbar.success(t('hr.teams.deleted', { name: shown.name }));
        onClose();
        onDeleted?.();
      }}
    >
      <p>{t('hr.teams.delete_members', { count: shown?.membersCount ?? 0 })}</p>
      <p>{t('hr.teams.delete_vacancies')}</p>
    </ConfirmDialog>
  );
}
