import { VACANCY_STATUSES } from '@kadry/shared/schemas/recruiting';
import { useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../app/i18n';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/ui/filter-bar';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { getStatusKey, StatusChip } from '../../../components/ui/status-chip';
import { readFilterId, usePagedFilters } from '../../../lib/list-filters';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useTeams } from '../../directory/api/get-teams';
import { useVacancies, type VacancyListFilters } from '../api/get-vacancies';

/** Vacancies: search, filters by status, publication and team, status chips, paging. */
export function VacanciesPage() {
  const t = useT();
  const permissions = usePermissions();
  const { filters, applyFilters, setPage } = usePagedFilters<VacancyListFilters>({ page: 1 });
  const [search, setSearch] = useState('');
  const vacancies = useVacancies(filters);
  const teams = useTeams();
  const teamNames = new Map((teams.data ?? []).map((team) => [team.id, team.name]));

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

      <FilterBar
        label={t('hr.vacancies.filters')}
        onSubmit={() => applyFilters({ search: search.trim() || undefined })}
      >
        <FilterInput label={t('hr.common.search')} type="search" value={search} onChange={setSearch} />
        <button type="submit">{t('hr.common.search')}</button>
        <FilterSelect
          label={t('hr.vacancies.field.status')}
          value={filters.status}
          options={VACANCY_STATUSES.map((status) => ({
            value: status.id,
            label: t(getStatusKey(status.id)),
          }))}
          onChange={(value) => applyFilters({ status: readFilterId(value) })}
        />
        <FilterSelect
          label={t('hr.vacancies.field.published')}
          value={filters.is_published}
          options={[
            { value: 'true', label: t('hr.vacancies.published') },
            { value: 'false', label: t('hr.vacancies.not_published') },
          ]}
          onChange={(value) =>
            applyFilters({ is_published: value === 'true' || value === 'false' ? value : undefined })
          }
        />
        <FilterSelect
          label={t('hr.vacancies.field.team')}
          value={filters.team_id}
          options={(teams.data ?? []).map((team) => ({ value: team.id, label: team.name }))}
          onChange={(value) => applyFilters({ team_id: readFilterId(value) })}
        />
      </FilterBar>

      <QueryState
        isPending={vacancies.isPending}
        isError={vacancies.isError}
        onRetry={() => vacancies.refetch()}
      >
        {vacancies.data && vacancies.data.data.length === 0 ? (
          <p>{t('hr.vacancies.empty')}</p>
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
        <Pagination page={filters.page} lastPage={vacancies.data?.meta.last_page ?? 1} onChange={setPage} />
      </QueryState>
    </section>
  );
}
