import { SEARCH_TEXT_MAX_LENGTH } from '@kadry/shared/schemas/common';
import { VACANCY_STATUSES } from '@kadry/shared/schemas/recruiting';
import { useRef } from 'react';
import { Link } from 'wouter';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/ui/filter-bar';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { getStatusKey, StatusChip } from '../../../components/ui/status-chip';
import { useT } from '../../../lib/i18n';
import {
  defineListFilters,
  idFilter,
  oneOfFilter,
  textFilter,
  useForgetUnknownOption,
  useKeepPageInRange,
  useUrlFilters,
} from '../../../lib/list-filters';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { MyInterviewsSection } from '../../applications/components/my-interviews';
import { useTeams } from '../../directory/api/get-teams';
import { useVacancies } from '../api/get-vacancies';

/** The list's filters, kept in the address by name (`/vacancies?search=engineer&status=1`). */
const vacancyListFilters = defineListFilters({
  search: textFilter,
  status: oneOfFilter(VACANCY_STATUSES.map((status) => status.id)),
  is_published: oneOfFilter(['true', 'false']),
  team_id: idFilter,
});

/** Vacancies: search, filters by status, publication and team (kept in the address), status chips, paging. */
export function VacanciesPage() {
  const t = useT();
  const permissions = usePermissions();
  const list = useUrlFilters(vacancyListFilters);
  const { filters, applyFilters } = list;
  const vacancies = useVacancies(filters);
  const teams = useTeams();
  const teamNames = new Map((teams.data ?? []).map((team) => [team.id, team.name]));
  const teamOptions = teams.data?.map((team) => ({ value: team.id, label: team.name }));
  const searchRef = useRef<HTMLInputElement>(null);

  useKeepPageInRange(
    filters.page,
    vacancies.isPlaceholderData ? undefined : vacancies.data?.meta.last_page,
    list.setPage,
  );
  useForgetUnknownOption(filters.team_id, teamOptions, () =>
    applyFilters({ team_id: undefined }, { replace: true }),
  );

  return (
    <section>
      <PageHeading
        actions={
          permissions.can('Vacancy', 'create') ? (
            <Link href="/vacancies/new" className="button-link">
              {t('hr.vacancies.create')}
            </Link>
          ) : null
        }
      >
        {t('hr.vacancies.title')}
      </PageHeading>
      {/* Until the dashboard shows it, an interviewer finds their interviews here (issue 17). */}
      <MyInterviewsSection isHiddenWhenEmpty />

      <FilterBar label={t('hr.vacancies.filters')} onSubmit={list.submitDraft}>
        <FilterInput
          label={t('hr.common.search')}
          type="search"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          inputRef={searchRef}
          value={list.draft.search}
          onChange={(search) => list.setDraft('search', search)}
        />
        <button type="submit">{t('hr.common.search')}</button>
        <FilterSelect
          label={t('hr.vacancies.field.status')}
          value={filters.status}
          options={VACANCY_STATUSES.map((status) => ({
            value: status.id,
            label: t(getStatusKey(status.id)),
          }))}
          onChange={(value) => list.selectFilter('status', value)}
        />
        <FilterSelect
          label={t('hr.vacancies.field.published')}
          value={filters.is_published}
          options={[
            { value: 'true', label: t('hr.vacancies.published') },
            { value: 'false', label: t('hr.vacancies.not_published') },
          ]}
          onChange={(value) => list.selectFilter('is_published', value)}
        />
        <FilterSelect
          label={t('hr.vacancies.field.team')}
          value={filters.team_id}
          options={teamOptions ?? []}
          onChange={(value) => list.selectFilter('team_id', value)}
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
            {t('hr.common.clear_filters')}
          </button>
        ) : null}
      </FilterBar>

      <QueryState
        isPending={vacancies.isPending}
        isError={vacancies.isError}
        onRetry={() => vacancies.refetch()}
      >
        {vacancies.data && vacancies.data.data.length === 0 ? (
          list.hasActiveFilters ? (
            <p>{t('hr.vacancies.empty')}</p>
          ) : (
            // No filters and nothing at all: say what to do next rather than "nothing matches".
            <p>
              {t(
                permissions.can('Vacancy', 'create') ? 'hr.vacancies.none_yet' : 'hr.vacancies.none_visible',
              )}{' '}
              {permissions.can('Vacancy', 'create') ? (
                <Link href="/vacancies/new">{t('hr.vacancies.create_first')}</Link>
              ) : null}
            </p>
          )
        ) : (
          <table>
            <caption className="visually-hidden">{t('hr.vacancies.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('hr.vacancies.field.name')}</th>
                <th scope="col">{t('hr.vacancies.field.status')}</th>
                <th scope="col">{t('hr.vacancies.field.published')}</th>
                <th scope="col">{t('hr.vacancies.field.team')}</th>
                <th scope="col">{t('hr.vacancies.responses')}</th>
              </tr>
            </thead>
            <tbody>
              {(vacancies.data?.data ?? []).map((vacancy) => (
                <tr key={vacancy.id}>
                  <td>
                    <Link href={`/vacancies/${vacancy.id}`}>{vacancy.name}</Link>
                    {vacancy.is_hot ? <span className="hint"> · {t('hr.vacancies.hot')}</span> : null}
                  </td>
                  <td>
                    <StatusChip statusId={vacancy.status} />
                  </td>
                  <td>
                    {vacancy.is_published ? t('hr.vacancies.published') : t('hr.vacancies.not_published')}
                  </td>
                  <td>{vacancy.team_id !== null ? (teamNames.get(vacancy.team_id) ?? '') : ''}</td>
                  <td>
                    <Link href={`/vacancies/${vacancy.id}/board`}>
                      {t('hr.vacancies.responses_count', { count: vacancy.responses_count })}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pagination
          page={filters.page}
          lastPage={vacancies.data?.meta.last_page ?? 1}
          onChange={list.setPage}
        />
      </QueryState>
    </section>
  );
}
