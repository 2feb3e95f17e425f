import type { StaffUser } from '@kadry/shared/schemas/admin';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useLocale, useT } from '../../../app/i18n';
import { usePageData } from '../../../app/page-data';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { getRoleLabel } from '../../../lib/role-label';
import { useRoleOptions } from '../api/get-role-options';
import { type StaffUserFilters, useStaffUsers } from '../api/get-staff-users';
import { useTeamOptions } from '../api/get-team-options';
import { EditPersonDialog } from './edit-person-dialog';
import { formatDateTime, formatRelativeTime } from './format-time';
import { InvitePersonDialog } from './invite-person-dialog';
import { hasActiveFilters, readStaffFilters, writeStaffFilters } from './staff-filters';
import { StaffStatusChip } from './staff-status-chip';

/** Typing pauses this long before the list is asked again. */
export const SEARCH_DEBOUNCE_MS = 300;

const STATUSES = ['active', 'invited', 'disabled'] as const;

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

  // Debounced search; replacing the history entry, so Back skips the keystrokes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the typed text starts the timer.
  useEffect(() => {
    const next = search.trim();
    if (next === (filters.search ?? '')) return;
    const timer = setTimeout(
      () => applyFilters({ search: next || undefined }, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search]);

  // Back / Forward (or a link) changed the address: show its search in the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address only.
  useEffect(() => {
    if ((filters.search ?? '') !== search.trim()) setSearch(filters.search ?? '');
  }, [filters.search]);

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    applyFilters({ search: search.trim() || undefined });
  };
  const selectId = (value: string) => (value ? Number(value) : undefined);

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

      <search aria-label={t('hr.staff.filters')}>
        <form className="filters" onSubmit={onSearch}>
          <div>
            <label htmlFor={`${ids}-search`}>{t('hr.staff.search')}</label>
            <input
              id={`${ids}-search`}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-role`}>{t('hr.staff.field.role')}</label>
            <select
              id={`${ids}-role`}
              value={filters.role_id ?? ''}
              onChange={(event) => applyFilters({ role_id: selectId(event.target.value) })}
            >
              <option value="">{t('hr.common.all')}</option>
              {(roles.data ?? []).map((role) => (
                <option key={role.id} value={role.id}>
                  {getRoleLabel(role, t)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-team`}>{t('hr.staff.field.team')}</label>
            <select
              id={`${ids}-team`}
              value={filters.team_id ?? ''}
              onChange={(event) => applyFilters({ team_id: selectId(event.target.value) })}
            >
              <option value="">{t('hr.common.all')}</option>
              {(teams.data ?? []).map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-status`}>{t('hr.staff.field.status')}</label>
            <select
              id={`${ids}-status`}
              value={filters.status ?? ''}
              onChange={(event) =>
                applyFilters({ status: STATUSES.find((status) => status === event.target.value) })
              }
            >
              <option value="">{t('hr.common.all')}</option>
              {STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`hr.staff.status.${status}`)}
                </option>
              ))}
            </select>
          </div>
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
        </form>
      </search>

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
