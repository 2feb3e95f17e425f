import type { Team } from '@kadry/shared/schemas/admin';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useId, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { WhenLoaded } from '../../../components/ui/query-state';
import { SaveBar } from '../../../components/ui/save-bar';
import { UnsavedChangesGuard } from '../../../components/ui/unsaved-changes-guard';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';

import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useFocusAfterRender } from '../../../lib/sortable-list';
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
  const membersRef = useRef<HTMLElement>(null);
  // After a removal, focus moves to the next row's Remove button (or Add members) so keyboard users keep their place.
  const focusAfterRender = useFocusAfterRender(membersRef);

  const reach = {
    managerIds: team.members.filter((member) => member.is_manager).map((member) => member.employee_id),
    isMember: team.members.some((member) => member.employee_id === user.employeeId),
  };
  const canEdit = canActOnTeam(permissions.findLevel('Teams', 'update'), reach, user.employeeId);
  const canDelete = canActOnTeam(permissions.findLevel('Teams', 'delete'), reach, user.employeeId);

  const rows = useMemo(() => sortDraftMembers(draft, user.locale), [draft, user.locale]);
  const memberIds = useMemo(() => new Set(draft.map((member) => member.employee_id)), [draft]);
  const changeCount = countMemberChanges(team.members, draft);
  const isDirty = changeCount > 0;

  const remove = (employeeId: number) => {
    const index = rows.findIndex((member) => member.employee_id === employeeId);
    const next = rows[index + 1] ?? rows[index - 1];
    focusAfterRender(next ? `[data-remove="${next.employee_id}"]` : '[data-add-members]');
    setDraft((current) => removeDraftMember(current, employeeId));
  };

  const canSave = isDirty && !saveMembers.isPending;

  const onSave = async () => {
    if (!canSave) return;
    setSaveError(null);
    try {
      const sent = draft;
      const saved = await saveMembers.mutateAsync(buildMembersBody(sent));
      // The server's list replaces the draft; edits made meanwhile stay.
      setDraft((current) => (current === sent ? createDraftMembers(saved.members) : current));
      snackbar.success(t('hr.teams.members_saved'));
    } catch (error) {
      setSaveError(getRequestErrorMessage(error));
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

      <section ref={membersRef} aria-labelledby={headingId}>
        <div className="admin-section-heading">
          <h2 id={headingId}>{t('hr.teams.members_title', { count: draft.length })}</h2>
          {canEdit ? (
            <button type="button" data-add-members onClick={() => setDialog('add')}>
              {t('hr.teams.add')}
            </button>
          ) : null}
        </div>
        {rows.length === 0 ? (
          <p>{t('hr.teams.no_members')}</p>
        ) : (
          <table>
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
                const isNew = !team.members.some((saved) => saved.employee_id === member.employee_id);
                return (
                  <tr key={member.employee_id}>
                    <th scope="row">
                      {member.name}
                      {member.employee_id === user.employeeId ? (
                        <span className="hint"> · {t('hr.teams.you')}</span>
                      ) : null}
                      {isNew ? <span className="hint"> · {t('hr.teams.not_saved_yet')}</span> : null}
                    </th>
                    <td>{member.email ?? '—'}</td>
                    <td>
                      {canEdit ? (
                        <input
                          type="checkbox"
                          aria-label={t('hr.teams.manager_named', { name: member.name })}
                          checked={member.is_manager}
                          onChange={(event) =>
                            setDraft((current) =>
                              setDraftManager(current, member.employee_id, event.target.checked),
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
                          data-remove={member.employee_id}
                          aria-label={t('hr.teams.remove_named', { name: member.name })}
                          onClick={() => remove(member.employee_id)}
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
          <SaveBar
            status={isDirty ? t('hr.teams.unsaved_count', { count: changeCount }) : t('hr.teams.no_changes')}
            error={saveError}
            canSave={canSave}
            onDiscard={() => {
              setDraft(createDraftMembers(team.members));
              setSaveError(null);
            }}
            onSave={onSave}
            discardLabel={t('hr.teams.discard')}
            saveLabel={saveMembers.isPending ? t('hr.teams.saving') : t('hr.teams.save_members')}
          />
        ) : null}
      </section>

      <AddMembersDialog
        open={dialog === 'add'}
        onClose={() => setDialog(null)}
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
  return <WhenLoaded query={team}>{(data) => <TeamEditor key={data.id} team={data} />}</WhenLoaded>;
}
