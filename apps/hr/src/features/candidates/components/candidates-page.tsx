import { route } from '@kadry/shared/routes';
import { useState } from 'react';
import { Link } from 'wouter';
import { useLocale, useT } from '../../../app/i18n';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/ui/filter-bar';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { readFilterId, usePagedFilters } from '../../../lib/list-filters';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useStages } from '../../vacancies/api/get-stages';
import { useVacancies } from '../../vacancies/api/get-vacancies';
import { type ApplicationFilters, useApplications } from '../api/get-applications';
import { getCandidateLabel } from './candidate-name';

type ExportFormat = 'csv' | 'xlsx';

/** The export address with the list's filters (a GET the browser downloads; the server checks the permission). */
export function buildExportUrl(format: ExportFormat, filters: ApplicationFilters): string {
  const { page: _page, per_page: _perPage, ...rest } = filters;
  return route('recruiting.applications.export', { format, ...rest });
}

export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale);
}

/** Candidates as a list: search, filters by vacancy, stage, source and date, paging, export. */
export function CandidatesPage() {
  const t = useT();
  const locale = useLocale();
  const permissions = usePermissions();
  const { filters, applyFilters, setPage } = usePagedFilters<ApplicationFilters>({ page: 1 });
  const [draft, setDraft] = useState({ search: '', source: '', from: '', to: '' });
  const applications = useApplications(filters);
  const vacancies = useVacancies({ page: 1 });
  const stages = useStages(filters.vacancy_id ?? null);

  const onSearch = () =>
    applyFilters({
      search: draft.search.trim() || undefined,
      source: draft.source.trim() || undefined,
      from: draft.from || undefined,
      to: draft.to || undefined,
    });
  const canExport = permissions.canDo('Candidate', 'export_database');

  return (
    <section>
      <PageHeading
        actions={
          canExport ? (
            <>
              <a href={buildExportUrl('csv', filters)} download>
                {t('hr.candidates.export_csv')}
              </a>
              <a href={buildExportUrl('xlsx', filters)} download>
                {t('hr.candidates.export_xlsx')}
              </a>
            </>
          ) : null
        }
      >
        {t('hr.candidates.title')}
      </PageHeading>
      <FilterBar label={t('hr.candidates.filters')} onSubmit={onSearch}>
        <FilterInput
          label={t('hr.common.search')}
          type="search"
          value={draft.search}
          onChange={(search) => setDraft({ ...draft, search })}
        />
        <FilterSelect
          label={t('hr.candidates.vacancy')}
          value={filters.vacancy_id}
          options={(vacancies.data?.data ?? []).map((vacancy) => ({
            value: vacancy.id,
            label: vacancy.name,
          }))}
          onChange={(value) => applyFilters({ vacancy_id: readFilterId(value), stage_id: undefined })}
        />
        <FilterSelect
          label={t('hr.candidates.stage')}
          value={filters.stage_id}
          options={(stages.data ?? []).map((stage) => ({ value: stage.id, label: stage.name }))}
          onChange={(value) => applyFilters({ stage_id: readFilterId(value) })}
          isDisabled={filters.vacancy_id === undefined}
          description={t('hr.candidates.stage_hint')}
        />
        <FilterInput
          label={t('hr.candidates.source')}
          value={draft.source}
          onChange={(source) => setDraft({ ...draft, source })}
        />
        <FilterInput
          label={t('hr.candidates.from')}
          type="date"
          value={draft.from}
          onChange={(from) => setDraft({ ...draft, from })}
        />
        <FilterInput
          label={t('hr.candidates.to')}
          type="date"
          value={draft.to}
          onChange={(to) => setDraft({ ...draft, to })}
        />
        <button type="submit">{t('hr.common.apply_filters')}</button>
      </FilterBar>
      <QueryState
        isPending={applications.isPending}
        isError={applications.isError}
        onRetry={() => applications.refetch()}
      >
        {applications.data?.data.length === 0 ? (
          <p>{t('hr.candidates.empty')}</p>
        ) : (
          <table>
            <caption className="visually-hidden">{t('hr.candidates.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('hr.candidates.name')}</th>
                <th scope="col">{t('hr.candidates.vacancy')}</th>
                <th scope="col">{t('hr.candidates.stage')}</th>
                <th scope="col">{t('hr.candidates.source')}</th>
                <th scope="col">{t('hr.candidates.applied')}</th>
              </tr>
            </thead>
            <tbody>
              {(applications.data?.data ?? []).map((application) => (
                <tr key={application.id}>
                  <td>
                    <Link href={`/candidates/${application.id}`}>
                      {getCandidateLabel(application.candidate, t)}
                    </Link>
                    {application.is_repeat ? (
                      <span className="hint"> · {t('hr.candidates.repeat')}</span>
                    ) : null}
                  </td>
                  <td>{application.vacancy.name}</td>
                  <td>{application.stage.name}</td>
                  <td>{application.source || '—'}</td>
                  <td>{formatDate(application.created_at, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <Pagination
          page={filters.page}
          lastPage={applications.data?.meta.last_page ?? 1}
          onChange={setPage}
        />
      </QueryState>
    </section>
  );
}
