import type { TeamSummary } from '@kadry/shared/schemas/admin';
import { SEARCH_TEXT_MAX_LENGTH } from '@kadry/shared/schemas/common';
import { useDebouncedValue } from '@kadry/ui/use-debounced-value';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { FilterBar, FilterInput } from '../../../components/ui/filter-bar';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/list-filters';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useTeams } from '../api/get-teams';
import { canActOnTeam } from './team-access';
import { DeleteTeamDialog, TeamNameDialog } from './team-dialogs';

type OpenDialog =
  | { kind: 'create' }
  | { kind: 'rename'; team: TeamSummary }
  | { kind: 'delete'; team: TeamSummary }
  | null;

/** Teams: the list by name with search, members, managers and the user's own membership; create, rename, delete. */
export function TeamsPage() {
  const t = useT();
  const { user } = usePageData();
  const permissions = usePermissions();
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const teams = useTeams(searched);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Focus lands on the search after a deletion, when the row's own button is gone.
  const searchRef = useRef<HTMLInputElement>(null);
  const list = teams.data ?? [];

  const reach = (team: TeamSummary) => ({
    managerIds: team.managers.map((manager) => manager.id),
    isMember: team.is_member,
  });
  const canRename = (team: TeamSummary) =>
    canActOnTeam(permissions.findLevel('Teams', 'update'), reach(team), user.employeeId);
  const canDelete = (team: TeamSummary) =>
    canActOnTeam(permissions.findLevel('Teams', 'delete'), reach(team), user.employeeId);
  const hasActions = permissions.can('Teams', 'update') || permissions.can('Teams', 'delete');
  const close = () => setDialog(null);
  // A narrower view level sees only some teams: "no teams" would wrongly say the company has none.
  const viewLevel = permissions.findLevel('Teams', 'view');
  const emptyKey =
    viewLevel === 'only_my'
      ? 'hr.teams.empty_managed'
      : viewLevel === 'only_my_and_my_team'
        ? 'hr.teams.empty_member'
        : 'hr.teams.empty';

  return (
    <section>
      <PageHeading
        actions={
          permissions.can('Teams', 'create') ? (
            <button type="button" className="primary" onClick={() => setDialog({ kind: 'create' })}>
              {t('hr.teams.create')}
            </button>
          ) : null
        }
      >
        {t('hr.teams.title')}
      </PageHeading>

      <FilterBar label={t('hr.teams.search_label')}>
        <FilterInput
          label={t('hr.teams.search_label')}
          type="search"
          value={search}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          inputRef={searchRef}
          onChange={setSearch}
        />
      </FilterBar>

      <QueryState isPending={teams.isPending} isError={teams.isError} onRetry={() => teams.refetch()}>
        {list.length === 0 ? (
          <p role="status">{searched ? t('hr.teams.empty_search', { search: searched }) : t(emptyKey)}</p>
        ) : (
          <table>
            <caption className="visually-hidden">{t('hr.teams.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('hr.teams.field.name')}</th>
                <th scope="col">{t('hr.teams.field.members')}</th>
                <th scope="col">{t('hr.teams.field.managers')}</th>
                <th scope="col">{t('hr.teams.field.membership')}</th>
                {hasActions ? <th scope="col">{t('hr.common.actions')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {list.map((team) => (
                <tr key={team.id}>
                  <th scope="row">
                    <Link href={`/teams/${team.id}`}>{team.name}</Link>
                  </th>
                  <td>{team.members_count}</td>
                  <td>
                    {team.managers.length > 0
                      ? team.managers.map((manager) => manager.name).join(', ')
                      : t('hr.teams.no_managers')}
                  </td>
                  <td>
                    {team.is_member ? (
                      <span className="chip chip--green">{t('hr.teams.you_member')}</span>
                    ) : null}
                  </td>
                  {hasActions ? (
                    <td>
                      <div className="admin-row-actions">
                        {canRename(team) ? (
                          <button
                            type="button"
                            aria-label={t('hr.teams.rename_named', { name: team.name })}
                            onClick={() => setDialog({ kind: 'rename', team })}
                          >
                            {t('hr.teams.rename')}
                          </button>
                        ) : null}
                        {canDelete(team) ? (
                          <button
                            type="button"
                            aria-label={t('hr.teams.delete_named', { name: team.name })}
                            onClick={() => setDialog({ kind: 'delete', team })}
                          >
                            {t('hr.teams.delete')}
                          </button>
                        ) : null}
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>

      <TeamNameDialog
        open={dialog?.kind === 'create' || dialog?.kind === 'rename'}
        team={dialog?.kind === 'rename' ? dialog.team : null}
        onClose={close}
      />
      <DeleteTeamDialog
        team={
          dialog?.kind === 'delete'
            ? { id: dialog.team.id, name: dialog.team.name, membersCount: dialog.team.members_count }
            : null
        }
        onClose={close}
        finalFocus={searchRef}
      />
    </section>
  );
}
