import { VACANCY_STATUSES } from '@kadry/shared/schemas/recruiting';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../app/i18n';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { getStatusKey, StatusChip } from '../../../components/ui/status-chip';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useTeams } from '../../directory/api/get-teams';
import { useVacancies, type VacancyListFilters } from '../api/get-vacancies';

/** Vacancies: search, filters by status, publication and team, status chips, paging. */
export function VacanciesPage() {
  const t = useT();
  const permissions = usePermissions();
  const ids = useId();
  const [filters, setFilters] = useState<VacancyListFilters>({ page: 1 });
  const [search, setSearch] = useState('');
  const vacancies = useVacancies(filters);
  const teams = useTeams();
  const teamNames = new Map((teams.data ?? []).map((team) => [team.id, team.name]));

  const update = (patch: Partial<VacancyListFilters>) =>
    setFilters((current) => ({ ...current, ...patch, page: 1 }));
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: search.trim() || undefined });
  };

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

      <search aria-label={t('hr.vacancies.filters')}>
        <form className="filters" onSubmit={onSearch}>
          <div>
            <label htmlFor={`${ids}-search`}>{t('hr.common.search')}</label>
            <input
              id={`${ids}-search`}
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <button type="submit">{t('hr.common.search')}</button>
          <div>
            <label htmlFor={`${ids}-status`}>{t('hr.vacancies.field.status')}</label>
            <select
              id={`${ids}-status`}
              value={filters.status ?? ''}
              onChange={(event) =>
                update({ status: event.target.value ? Number(event.target.value) : undefined })
              }
            >
              <option value="">{t('hr.common.all')}</option>
              {VACANCY_STATUSES.map((status) => (
                <option key={status.id} value={status.id}>
                  {t(getStatusKey(status.id))}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-published`}>{t('hr.vacancies.field.published')}</label>
            <select
              id={`${ids}-published`}
              value={filters.is_published ?? ''}
              onChange={(event) =>
                update({
                  is_published: (event.target.value || undefined) as VacancyListFilters['is_published'],
                })
              }
            >
              <option value="">{t('hr.common.all')}</option>
              <option value="true">{t('hr.vacancies.published')}</option>
              <option value="false">{t('hr.vacancies.not_published')}</option>
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-team`}>{t('hr.vacancies.field.team')}</label>
            <select
              id={`${ids}-team`}
              value={filters.team_id ?? ''}
              onChange={(event) =>
                update({ team_id: event.target.value ? Number(event.target.value) : undefined })
              }
            >
              <option value="">{t('hr.common.all')}</option>
              {(teams.data ?? []).map((team) => (
                <option key={team.id} value={team.id}>
                  {team.name}
                </option>
              ))}
            </select>
          </div>
        </form>
      </search>

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
        <Pagination
          page={filters.page}
          lastPage={vacancies.data?.meta.last_page ?? 1}
          onChange={(page) => setFilters((current) => ({ ...current, page }))}
        />
      </QueryState>
    </section>
  );
}
