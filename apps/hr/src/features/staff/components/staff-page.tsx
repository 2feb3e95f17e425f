import { STAFF_USER_STATUSES, type StaffUser } from '@kadry/shared/schemas/admin';
import { SEARCH_TEXT_MAX_LENGTH } from '@kadry/shared/schemas/common';
import { useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { AreaTabs, EMPLOYEES_AREA } from '../../../components/layout/area-tabs';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/ui/filter-bar';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { useForgetUnknownOption, useKeepPageInRange, useUrlFilters } from '../../../lib/list-filters';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { getRoleLabel } from '../../../lib/role-label';
import { useTeamOptions } from '../../employees/api/get-team-options';
import { useRoles } from '../../roles/api/get-roles';
import { useStaffUsers } from '../api/get-staff-users';
import { EditPersonDialog } from './edit-person-dialog';
import { formatDateTime, formatRelativeTime } from './format-time';
import { InvitePersonDialog } from './invite-person-dialog';
import { staffListFilters } from './staff-filters';
import { StaffStatusChip } from './staff-status-chip';
import { useCanGiveRoles } from './use-can-give-roles';

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
  const canSeeEmployees = usePermissions().can('Employee', 'view');
  const list = useUrlFilters(staffListFilters);
  const { filters, applyFilters } = list;
  const users = useStaffUsers(filters);
  const roles = useRoles();
  const teams = useTeamOptions({ isEnabled: true });
  const [isInviteOpen, setIsInviteOpen] = useState(false);
  const canGiveRoles = useCanGiveRoles();
  const [editing, setEditing] = useState<StaffUser | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const now = new Date();
  const roleOptions = roles.data?.map((role) => ({ value: role.id, label: getRoleLabel(role, t) }));
  const teamOptions = teams.data?.map((team) => ({ value: team.id, label: team.name }));

  useKeepPageInRange(
    filters.page,
    users.isPlaceholderData ? undefined : users.data?.meta.last_page,
    list.setPage,
  );
  useForgetUnknownOption(filters.role_id, roleOptions, () =>
    applyFilters({ role_id: undefined }, { replace: true }),
  );
  useForgetUnknownOption(filters.team_id, teamOptions, () =>
    applyFilters({ team_id: undefined }, { replace: true }),
  );

  return (
    <section>
      <AreaTabs label={t('hr.employees.area')} screens={EMPLOYEES_AREA} />
      <PageHeading
        actions={
          canGiveRoles ? (
            <button
              type="button"
              className="primary"
              aria-haspopup="dialog"
              onClick={() => setIsInviteOpen(true)}
            >
              {t('hr.staff.invite.open')}
            </button>
          ) : (
            <p className="hint">{t('hr.staff.invite.needs_role_field')}</p>
          )
        }
      >
        {t('hr.staff.title')}
      </PageHeading>

      <FilterBar label={t('hr.staff.filters')} onSubmit={list.submitDraft}>
        <FilterInput
          label={t('hr.staff.search')}
          type="search"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          inputRef={searchRef}
          value={list.draft.search}
          onChange={(search) => list.setDraft('search', search)}
        />
        <FilterSelect
          label={t('hr.staff.field.role')}
          value={filters.role_id}
          options={roleOptions ?? []}
          onChange={(value) => list.selectFilter('role_id', value)}
        />
        <FilterSelect
          label={t('hr.staff.field.team')}
          value={filters.team_id}
          options={teamOptions ?? []}
          onChange={(value) => list.selectFilter('team_id', value)}
        />
        <FilterSelect
          label={t('hr.staff.field.status')}
          value={filters.status}
          options={STAFF_USER_STATUSES.map((status) => ({
            value: status,
            label: t(`hr.staff.status.${status}`),
          }))}
          onChange={(value) => list.selectFilter('status', value)}
        />
        {list.hasActiveFilters ? (
          <button
            type="button"
            onClick={() => {
              list.clearFilters();
              // The button goes away with the filters: focus moves on to the search, not to the page.
              searchRef.current?.focus();
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
                      {canSeeEmployees ? (
                        <>
                          {' '}
                          <Link
                            href={`/employees/${user.employee_id}`}
                            className="staff-profile-link"
                            aria-label={t('hr.staff.open_profile', { name: user.name })}
                          >
                            {t('hr.staff.profile')}
                          </Link>
                        </>
                      ) : null}
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
        <Pagination page={filters.page} lastPage={users.data?.meta.last_page ?? 1} onChange={list.setPage} />
      </QueryState>

      <InvitePersonDialog isOpen={isInviteOpen} onClose={() => setIsInviteOpen(false)} />
      <EditPersonDialog user={editing} onClose={() => setEditing(null)} onChange={setEditing} />
    </section>
  );
}
