import { STAFF_USER_STATUSES, type StaffUser } from '@kadry/shared/schemas/admin';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useLocale, useT } from '../../../app/i18n';
import { usePageData } from '../../../app/page-data';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/ui/filter-bar';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { readFilterId } from '../../../lib/list-filters';
import { getRoleLabel } from '../../../lib/role-label';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { useRoleOptions } from '../api/get-role-options';
import { type StaffUserFilters, useStaffUsers } from '../api/get-staff-users';
import { useTeamOptions } from '../api/get-team-options';
import { EditPersonDialog } from './edit-person-dialog';
import { formatDateTime, formatRelativeTime } from './format-time';
import { InvitePersonDialog } from './invite-person-dialog';
import { hasActiveFilters, readStaffFilters, writeStaffFilters } from './staff-filters';
import { StaffStatusChip } from './staff-status-chip';

/**
 * People & access (owners only): every staff account with role, teams, status and last sign-in;
 * search and filters kept in the address so a filtered list can be shared or reloaded; invite,
 * edit, disable and enable.
 */
export function StaffPage() {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const pageData = usePageData();
  const [params, setParams] = useSearchParams();
  const filters = readStaffFilters(params);
  const users = useStaffUsers(filters);
  const roles = useRoleOptions();
  const teams = useTeamOptions();
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const [editing, setEditing] = useState<StaffUser | null>(null);
  const [search, setSearch] = useState(filters.search ?? '');
  const now = new Date();

  const applyFilters = (patch: Partial<StaffUserFilters>, options?: { replace?: boolean }) => {
    // Any change of filter starts again from the first page.
    setParams(writeStaffFilters({ ...filters, ...patch, page: patch.page ?? 1 }), options);
  };

  // Searched once typing pauses, replacing the history entry, so Back skips the keystrokes.
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a pause in typing applies the search.
  useEffect(() => {
    if (settledSearch !== (filters.search ?? '')) {
      applyFilters({ search: settledSearch || undefined }, { replace: true });
    }
  }, [settledSearch]);

  // Back / Forward (or a link) changed the address: show its search in the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only.
  useEffect(() => {
    if ((filters.search ?? '') !== search.trim()) setSearch(filters.search ?? '');
  }, [filters.search]);

  return (
    <section>
      <PageHeading
        actions={
          <button
            type="button"
            className="primary"
            aria-haspopup="dialog"
            onClick={() => setIsInviteOpen(true)}
          >
            {t('hr.staff.invite.open')}
          </button>
        }
      >
        {t('hr.staff.title')}
      </PageHeading>

      <FilterBar
        label={t('hr.staff.filters')}
        onSubmit={() => applyFilters({ search: search.trim() || undefined })}
      >
        <FilterInput label={t('hr.staff.search')} type="search" value={search} onChange={setSearch} />
        <FilterSelect
          label={t('hr.staff.field.role')}
          value={filters.role_id}
          options={(roles.data ?? []).map((role) => ({ value: role.id, label: getRoleLabel(role, t) }))}
          onChange={(value) => applyFilters({ role_id: readFilterId(value) })}
        />
        <FilterSelect
          label={t('hr.staff.field.team')}
          value={filters.team_id}
          options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
          onChange={(value) => applyFilters({ team_id: readFilterId(value) })}
        />
        <FilterSelect
          label={t('hr.staff.field.status')}
          value={filters.status}
          options={STAFF_USER_STATUSES.map((status) => ({
            value: status,
            label: t(`hr.staff.status.${status}`),
          }))}
          onChange={(value) =>
            applyFilters({ status: STAFF_USER_STATUSES.find((status) => status === value) })
          }
        />
        {hasActiveFilters(filters) ? (
          <button
            type="button"
            onClick={() => {
              setSearch('');
              setParams(new URLSearchParams());
            }}
          >
            {t('hr.staff.clear_filters')}
          </button>
        ) : null}
      </FilterBar>

      <QueryState isPending={users.isPending} isError={users.isError} onRetry={() => users.refetch()}>
        {users.data && users.data.data.length === 0 ? (
          <p>{t('hr.staff.empty')}</p>
        ) : (
          <div className="table-scroll">
            <table aria-describedby={`${ids}-count`}>
              <caption className="visually-hidden">{t('hr.staff.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('hr.staff.field.name')}</th>
                  <th scope="col">{t('hr.staff.field.email')}</th>
                  <th scope="col">{t('hr.staff.field.role')}</th>
                  <th scope="col">{t('hr.staff.field.teams')}</th>
                  <th scope="col">{t('hr.staff.field.status')}</th>
                  <th scope="col">{t('hr.staff.field.last_sign_in')}</th>
                </tr>
              </thead>
              <tbody>
                {(users.data?.data ?? []).map((user) => (
                  <tr key={user.id}>
                    <th scope="row">
                      <button
                        type="button"
                        className="link-button"
                        aria-haspopup="dialog"
                        onClick={() => setEditing(user)}
                      >
                        {user.name}
                      </button>
                      {user.id === pageData.user.id ? (
                        <span className="chip chip--blue staff-you">{t('hr.staff.you')}</span>
                      ) : null}
                    </th>
                    <td>{user.email}</td>
                    <td>{getRoleLabel(user.role, t)}</td>
                    <td>
                      {user.teams.length > 0 ? (
                        <ul className="inline-list">
                          {user.teams.map((team) => (
                            <li key={team.id}>
                              {team.name}
                              {team.is_manager ? (
                                <span className="hint"> · {t('hr.staff.manager')}</span>
                              ) : null}
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <span className="hint">{t('hr.staff.no_team')}</span>
                      )}
                    </td>
                    <td>
                      <StaffStatusChip user={user} />
                    </td>
                    <td>
                      {user.last_sign_in_at ? (
                        <time
                          dateTime={user.last_sign_in_at}
                          title={formatDateTime(user.last_sign_in_at, locale, pageData.user.timezone)}
                        >
                          {formatRelativeTime(user.last_sign_in_at, now, locale)}
                        </time>
                      ) : (
                        <span className="hint">{t('hr.staff.never')}</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {users.data ? (
          <p className="hint" id={`${ids}-count`}>
            {t('hr.staff.count', { count: users.data.meta.total })}
          </p>
        ) : null}
        <Pagination
          page={filters.page}
          lastPage={users.data?.meta.last_page ?? 1}
          onChange={(page) => applyFilters({ page })}
        />
      </QueryState>

      <InvitePersonDialog isOpen={isInviteOpen} onClose={() => setIsInviteOpen(false)} />
      <EditPersonDialog user={editing} onClose={() => setEditing(null)} onChange={setEditing} />
    </section>
  );
}
