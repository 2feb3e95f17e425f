import { TEAM_NAME_MAX_LENGTH } from '@kadry/shared/schemas/admin';
import type { RefObject } from 'react';
import { useLocation } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogFrame, useLastNonNull } from '../../../components/ui/dialog-frame';
import { NameForm } from '../../../components/ui/name-form';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useCreateTeam } from '../api/create-team';
import { useDeleteTeam } from '../api/delete-team';
import { useRenameTeam } from '../api/rename-team';

/** Longest team name the server takes (teamBodySchema). */

function TeamNameForm({
  team,
  onClose,
}: {
  /** null: a new team. */
  team: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const t = useT();
  const [, navigate] = useLocation();
  const create = useCreateTeam();
  const rename = useRenameTeam();

  const save = async (name: string) => {
    if (team) {
      await rename.mutateAsync({ id: team.id, name });
      snackbar.success(t('hr.teams.renamed', { name }));
      onClose();
      return;
    }
    const created = await create.mutateAsync({ name });
    snackbar.success(t('hr.teams.created', { name: created.name }));
    onClose();
    // A new team is empty: its page is where members are added.
    navigate(`/teams/${created.id}`);
  };

  return (
    <NameForm
      label={t('hr.teams.field.name')}
      initialName={team?.name}
      maxLength={TEAM_NAME_MAX_LENGTH}
      requiredMessage={t('hr.teams.name_required')}
      submitLabel={team ? t('hr.teams.rename_submit') : t('hr.teams.create_submit')}
      cancelLabel={t('hr.teams.cancel')}
      onSubmit={save}
      onCancel={onClose}
    />
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
