import type { Team } from '@kadry/shared/schemas/admin';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useT } from '../../../app/i18n';
import { usePageData } from '../../../app/page-data';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { getErrorMessage } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar-store';
import { useTeam } from '../api/get-team';
import { useUpdateTeamMembers } from '../api/update-team-members';
import { AddMembersDialog } from './add-members-dialog';
import { canActOnTeam } from './team-access';
import { DeleteTeamDialog, TeamNameDialog } from './team-dialogs';
import {
  addDraftMembers,
  buildMembersBody,
  countMemberChanges,
  createDraftMembers,
  type DraftMember,
  removeDraftMember,
  setDraftManager,
  sortDraftMembers,
} from './team-members-draft';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

type OpenDialog = 'rename' | 'delete' | 'add' | null;

function TeamEditor({ team }: { team: Team }) {
  const t = useT();
  const headingId = useId();
  const { user } = usePageData();
  const [, navigate] = useLocation();
  const permissions = usePermissions();
  const saveMembers = useUpdateTeamMembers(team.id);
  const [draft, setDraft] = useState<DraftMember[]>(() => createDraftMembers(team.members));
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  // After a removal, focus moves to the next row's Remove button (or Add members) so keyboard users keep their place.
  const focusAfterRender = useRef<number | 'add' | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);

  useEffect(() => {
    const target = focusAfterRender.current;
    if (target === null) return;
    focusAfterRender.current = null;
    if (target === 'add') addRef.current?.focus();
    else tableRef.current?.querySelector<HTMLElement>(`[data-remove="${target}"]`)?.focus();
  });

  const reach = {
    managerIds: team.members.filter((member) => member.is_manager).map((member) => member.user_id),
    isMember: team.members.some((member) => member.user_id === user.id),
  };
  const canEdit = canActOnTeam(permissions.findLevel('Teams', 'update'), reach, user.id);
  const canDelete = canActOnTeam(permissions.findLevel('Teams', 'delete'), reach, user.id);
  // Owners pick from the staff accounts (with emails); others from the names-only directory.
  const source = permissions.permissions?.role.key === 'owner' ? 'admin' : 'directory';

  const rows = useMemo(() => sortDraftMembers(draft, user.locale), [draft, user.locale]);
  const memberIds = useMemo(() => new Set(draft.map((member) => member.user_id)), [draft]);
  const changeCount = countMemberChanges(team.members, draft);
  const isDirty = changeCount > 0;

  const remove = (userId: number) => {
    const index = rows.findIndex((member) => member.user_id === userId);
    const next = rows[index + 1] ?? rows[index - 1];
    focusAfterRender.current = next ? next.user_id : 'add';
    setDraft((current) => removeDraftMember(current, userId));
  };

  const canSave = isDirty && !saveMembers.isPending;

  const onSave = async () => {
    if (!canSave) return;
    setSaveError(null);
    try {
      const sent = draft;
      const saved = await saveMembers.mutateAsync(buildMembersBody(sent));
      // The server's list (with the emails of people picked by name); edits made meanwhile stay.
      setDraft((current) => (current === sent ? createDraftMembers(saved.members) : current));
      snackbar.success(t('hr.teams.members_saved'));
    } catch (error) {
      setSaveError(getErrorMessage(error));
    }
  };

  return (
    <section>
      <PageHeading
        actions={
          <>
            <Link href="/teams">{t('hr.teams.back')}</Link>
            {canEdit ? (
              <button type="button" onClick={() => setDialog('rename')}>
                {t('hr.teams.rename')}
              </button>
            ) : null}
            {canDelete ? (
              <button type="button" onClick={() => setDialog('delete')}>
                {t('hr.teams.delete')}
              </button>
            ) : null}
          </>
        }
      >
        {team.name}
      </PageHeading>

      <section aria-labelledby={headingId}>
        <div className="admin-section-heading">
          <h2 id={headingId}>{t('hr.teams.members_title', { count: draft.length })}</h2>
          {canEdit ? (
            <button ref={addRef} type="button" onClick={() => setDialog('add')}>
              {t('hr.teams.add')}
            </button>
          ) : null}
        </div>
        {rows.length === 0 ? (
          <p>{t('hr.teams.no_members')}</p>
        ) : (
          <table ref={tableRef}>
            <caption className="visually-hidden">
              {t('hr.teams.members_caption', { name: team.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('hr.teams.field.person')}</th>
                <th scope="col">{t('hr.teams.field.email')}</th>
                <th scope="col">{t('hr.teams.field.manager')}</th>
                {canEdit ? <th scope="col">{t('hr.common.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {rows.map((member) => {
                const isNew = !team.members.some((saved) => saved.user_id === member.user_id);
                return (
                  <tr key={member.user_id}>
                    <th scope="row">
                      {member.name}
                      {member.user_id === user.id ? (
                        <span className="hint"> · {t('hr.teams.you')}</span>
                      ) : null}
                      {isNew ? <span className="hint"> · {t('hr.teams.not_saved_yet')}</span> : null}
                    </th>
                    <td>{member.email ?? <span className="hint">{t('hr.teams.email_after_save')}</span>}</td>
                    <td>
                      {canEdit ? (
                        <input
                          type="checkbox"
                          aria-label={t('hr.teams.manager_named', { name: member.name })}
                          checked={member.is_manager}
                          onChange={(event) =>
                            setDraft((current) =>
                              setDraftManager(current, member.user_id, event.target.checked),
                            )
                          }
                        />
                      ) : member.is_manager ? (
                        t('hr.teams.manager')
                      ) : (
                        ''
                      )}
                    </td>
                    {canEdit ? (
                      <td>
                        <button
                          type="button"
                          data-remove={member.user_id}
                          aria-label={t('hr.teams.remove_named', { name: member.name })}
                          onClick={() => remove(member.user_id)}
                        >
                          {t('hr.teams.remove')}
                        </button>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {canEdit ? (
          <div className="admin-save-bar">
            <p className="admin-save-bar__status" role="status">
              {isDirty ? t('hr.teams.unsaved_count', { count: changeCount }) : t('hr.teams.no_changes')}
            </p>
            {saveError ? (
              <p role="alert" className="field-error">
                {saveError}
              </p>
            ) : null}
            {/* aria-disabled, not disabled: the button keeps focus when a save leaves nothing to save. */}
            <button
              type="button"
              aria-disabled={!canSave}
              onClick={() => {
                if (!canSave) return;
                setDraft(createDraftMembers(team.members));
                setSaveError(null);
              }}
            >
              {t('hr.teams.discard')}
            </button>
            <button type="button" className="primary" aria-disabled={!canSave} onClick={onSave}>
              {saveMembers.isPending ? t('hr.teams.saving') : t('hr.teams.save_members')}
            </button>
          </div>
        ) : null}
      </section>

      <AddMembersDialog
        open={dialog === 'add'}
        onClose={() => setDialog(null)}
        source={source}
        memberIds={memberIds}
        onAdd={(people) => setDraft((current) => addDraftMembers(current, people))}
      />
      <TeamNameDialog open={dialog === 'rename'} team={team} onClose={() => setDialog(null)} />
      <DeleteTeamDialog
        team={
          dialog === 'delete' ? { id: team.id, name: team.name, membersCount: team.members.length } : null
        }
        onClose={() => setDialog(null)}
        onDeleted={() => navigate('/teams')}
      />
      <UnsavedChangesGuard
        isDirty={isDirty}
        texts={{
          title: t('hr.teams.leave_title'),
          text: t('hr.teams.leave_text'),
          stay: t('hr.teams.leave_stay'),
          leave: t('hr.teams.leave_confirm'),
        }}
      />
    </section>
  );
}

/** A team: its members with manager flags; add and remove people, save the whole list; rename, delete. */
export function TeamPage({ id }: { id: number }) {
  const team = useTeam(id);
  if (!team.data) {
    return (
      <section>
        <QueryState
          isPending={team.isPending}
          isError={team.isError}
          error={team.error}
          onRetry={() => team.refetch()}
        >
          {null}
        </QueryState>
      </section>
    );
  }
  return <TeamEditor key={team.data.id} team={team.data} />;
}
