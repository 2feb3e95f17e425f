import { route } from '@kadry/shared/routes';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { useLocale, useT } from '../../../app/i18n';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
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
  const ids = useId();
  const permissions = usePermissions();
  const [filters, setFilters] = useState<ApplicationFilters>({ page: 1 });
  const [draft, setDraft] = useState({ search: '', source: '', from: '', to: '' });
  const applications = useApplications(filters);
  const vacancies = useVacancies({ page: 1 });
  const stages = useStages(filters.vacancy_id ?? null);

  const update = (patch: Partial<ApplicationFilters>) =>
    setFilters((current) => ({ ...current, ...patch, page: 1 }));
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    update({
      search: draft.search.trim() || undefined,
      source: draft.source.trim() || undefined,
      from: draft.from || undefined,
      to: draft.to || undefined,
    });
  };
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
      <search aria-label={t('hr.candidates.filters')}>
        <form className="filters" onSubmit={onSearch}>
          <div>
            <label htmlFor={`${ids}-search`}>{t('hr.common.search')}</label>
            <input
              id={`${ids}-search`}
              type="search"
              value={draft.search}
              onChange={(event) => setDraft({ ...draft, search: event.target.value })}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-vacancy`}>{t('hr.candidates.vacancy')}</label>
            <select
              id={`${ids}-vacancy`}
              value={filters.vacancy_id ?? ''}
              onChange={(event) =>
                update({
                  vacancy_id: event.target.value ? Number(event.target.value) : undefined,
                  stage_id: undefined,
                })
              }
            >
              <option value="">{t('hr.common.all')}</option>
              {(vacancies.data?.data ?? []).map((vacancy) => (
                <option key={vacancy.id} value={vacancy.id}>
                  {vacancy.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-stage`}>{t('hr.candidates.stage')}</label>
            <select
              id={`${ids}-stage`}
              value={filters.stage_id ?? ''}
              disabled={filters.vacancy_id === undefined}
              aria-describedby={`${ids}-stage-hint`}
              onChange={(event) =>
                update({ stage_id: event.target.value ? Number(event.target.value) : undefined })
              }
            >
              <option value="">{t('hr.common.all')}</option>
              {(stages.data ?? []).map((stage) => (
                <option key={stage.id} value={stage.id}>
                  {stage.name}
                </option>
              ))}
            </select>
            <span id={`${ids}-stage-hint`} className="visually-hidden">
              {t('hr.candidates.stage_hint')}
            </span>
          </div>
          <div>
            <label htmlFor={`${ids}-source`}>{t('hr.candidates.source')}</label>
            <input
              id={`${ids}-source`}
              type="text"
              value={draft.source}
              onChange={(event) => setDraft({ ...draft, source: event.target.value })}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-from`}>{t('hr.candidates.from')}</label>
            <input
              id={`${ids}-from`}
              type="date"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-to`}>{t('hr.candidates.to')}</label>
            <input
              id={`${ids}-to`}
              type="date"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
          </div>
          <button type="submit">{t('hr.common.apply_filters')}</button>
        </form>
      </search>
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
          onChange={(page) => setFilters((current) => ({ ...current, page }))}
        />
      </QueryState>
    </section>
  );
}
