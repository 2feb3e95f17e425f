import { LIST_PER_PAGE_MAX } from '@kadry/shared/constants';
import { route } from '@kadry/shared/routes';
import { SEARCH_TEXT_MAX_LENGTH } from '@kadry/shared/schemas/common';
import { APPLICATION_SORT_COLUMNS, SORT_ORDERS } from '@kadry/shared/schemas/recruiting';
import { useRef } from 'react';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/ui/filter-bar';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import {
  dateFilter,
  defineListFilters,
  idFilter,
  oneOfFilter,
  textFilter,
  useForgetUnknownOption,
  useKeepPageInRange,
  useUrlFilters,
} from '../../../lib/list-filters';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useStages } from '../../vacancies/api/get-stages';
import { useVacancies } from '../../vacancies/api/get-vacancies';
import { useVacancy } from '../../vacancies/api/get-vacancy';
import { type ApplicationFilters, isRankedSearch, useListedApplications } from '../api/get-applications';
import { useTags } from '../api/tags';
import { ApplicationTable } from './application-table';
import { BulkActions, useBulkSelection } from './bulk-actions';
import { formatCappedCount } from './capped-count';
import { ListViewToggle, PeopleList } from './list-views';
import { SavedViewsMenu } from './saved-views-menu';

type ExportFormat = 'csv' | 'xlsx';

/**
 * The list's filters, kept in the address by name (`/applications?vacancy_id=3&stage_id=7`, as the
 * board links here). Stages belong to a vacancy, so a stage without its vacancy is ignored.
 */
const candidateListFilters = defineListFilters(
  {
    search: textFilter,
    vacancy_id: idFilter,
    stage_id: idFilter,
    source: textFilter,
    from: dateFilter,
    to: dateFilter,
    tag_id: idFilter,
    // Sorting (issue 17): the column and its direction; applied date, newest first, when absent.
    sort: oneOfFilter(APPLICATION_SORT_COLUMNS),
    order: oneOfFilter(SORT_ORDERS),
    // People or applications (decision 027); applications when absent.
    view: oneOfFilter(['people'] as const),
  },
  (filters) => (filters.vacancy_id === undefined ? { ...filters, stage_id: undefined } : filters),
);

/** How many vacancies the vacancy filter offers (the API's largest page); a chosen one beyond is added. */
const VACANCY_OPTIONS_SIZE = LIST_PER_PAGE_MAX;

/** The export address with the list's filters (a GET the browser downloads; the server checks the permission). */
export function buildExportUrl(format: ExportFormat, filters: ApplicationFilters): string {
  const { page: _page, per_page: _perPage, ...rest } = filters;
  return route('recruiting.applications.export', { format, ...rest });
}

export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale);
}

/**
 * The vacancy filter's choices: the first page of vacancies, plus the chosen one when it is not on it
 * (a link from its board). Undefined until known, so an unknown choice is only forgotten once it is.
 */
function useVacancyOptions(chosenId: number | undefined) {
  const vacancies = useVacancies({ page: 1, per_page: VACANCY_OPTIONS_SIZE });
  const listed = vacancies.data?.data.map((vacancy) => ({ value: vacancy.id, label: vacancy.name }));
  const isMissing =
    listed !== undefined && chosenId !== undefined && !listed.some((option) => option.value === chosenId);
  const chosen = useVacancy(isMissing ? chosenId : null);
  if (!listed || (isMissing && chosen.isPending)) return undefined;
  return chosen.data && isMissing ? [...listed, { value: chosen.data.id, label: chosen.data.name }] : listed;
}

/** Candidates as a list: search, filters by vacancy, stage, source and date (kept in the address), paging, export. */
export function ApplicationsPage() {
  const t = useT();
  const locale = useLocale();
  const permissions = usePermissions();
  const list = useUrlFilters(candidateListFilters);
  const { filters, applyFilters } = list;
  // People, or the applications themselves (searched: best match first, with snippets; decision 027).
  // Searched with no column chosen, the bounded ranked search (decision 030): "1,000+" past its cap.
  const { view, ...listFilters } = filters;
  const applications = useListedApplications(listFilters, view === undefined);
  const meta = applications.data?.meta;
  const vacancyOptions = useVacancyOptions(filters.vacancy_id);
  const stages = useStages(filters.vacancy_id ?? null);
  const stageOptions = stages.data?.map((stage) => ({ value: stage.id, label: stage.name }));
  const tags = useTags();
  const tagOptions = tags.data?.map((tag) => ({ value: tag.id, label: tag.name }));
  const searchRef = useRef<HTMLInputElement>(null);

  useKeepPageInRange(
    filters.page,
    applications.isPlaceholderData ? undefined : applications.data?.meta.last_page,
    list.setPage,
  );
  useForgetUnknownOption(filters.vacancy_id, vacancyOptions, () =>
    applyFilters({ vacancy_id: undefined, stage_id: undefined }, { replace: true }),
  );
  useForgetUnknownOption(filters.stage_id, stageOptions, () =>
    applyFilters({ stage_id: undefined }, { replace: true }),
  );
  useForgetUnknownOption(filters.tag_id, tagOptions, () =>
    applyFilters({ tag_id: undefined }, { replace: true }),
  );

  const canExport = permissions.canDo('Candidate', 'export_database');
  const canChange = permissions.can('Candidate', 'update');
  const rows = applications.data?.data ?? [];
  // "All matching" means the list's filters, without its paging, view or sorting.
  const { page: _page, sort: _sort, order: _order, ...bulkFilter } = listFilters;
  // A saved view keeps the filters and the sorting.
  const { page: _viewPage, ...savedFilters } = listFilters;
  const bulk = useBulkSelection(rows.map((row) => row.id));

  return (
    <section>
      <PageHeading
        actions={
          <>
            <SavedViewsMenu filters={savedFilters} layout="list" />
            {canExport ? (
              <>
                <a href={buildExportUrl('csv', filters)} download>
                  {t('hr.candidates.export_csv')}
                </a>
                <a href={buildExportUrl('xlsx', filters)} download>
                  {t('hr.candidates.export_xlsx')}
                </a>
              </>
            ) : null}
          </>
        }
      >
        {t('hr.candidates.title')}
      </PageHeading>
      <FilterBar label={t('hr.candidates.filters')} onSubmit={list.submitDraft}>
        <FilterInput
          label={t('hr.common.search')}
          type="search"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          inputRef={searchRef}
          value={list.draft.search}
          onChange={(search) => list.setDraft('search', search)}
        />
        <FilterSelect
          label={t('hr.candidates.vacancy')}
          value={filters.vacancy_id}
          options={vacancyOptions ?? []}
          // Stages belong to the vacancy: a new vacancy starts with all of its stages.
          onChange={(value) =>
            applyFilters({
              vacancy_id: candidateListFilters.fields.vacancy_id.read(value),
              stage_id: undefined,
            })
          }
        />
        <FilterSelect
          label={t('hr.candidates.stage')}
          value={filters.stage_id}
          options={stageOptions ?? []}
          onChange={(value) => list.selectFilter('stage_id', value)}
          isDisabled={filters.vacancy_id === undefined}
          description={t('hr.candidates.stage_hint')}
        />
        <FilterSelect
          label={t('hr.tags.filter')}
          value={filters.tag_id}
          options={tagOptions ?? []}
          onChange={(value) => list.selectFilter('tag_id', value)}
        />
        <FilterInput
          label={t('hr.candidates.source')}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          value={list.draft.source}
          onChange={(source) => list.setDraft('source', source)}
        />
        <FilterInput
          label={t('hr.candidates.from')}
          type="date"
          value={list.draft.from}
          onChange={(from) => list.setDraft('from', from)}
        />
        <FilterInput
          label={t('hr.candidates.to')}
          type="date"
          value={list.draft.to}
          onChange={(to) => list.setDraft('to', to)}
        />
        {/* Filters apply as they change; with several boxes, Enter needs a submit button to apply at once. */}
        <button type="submit">{t('hr.common.apply_filters')}</button>
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
      <ListViewToggle
        view={view ?? 'applications'}
        onChange={(next) => applyFilters({ view: next === 'people' ? 'people' : undefined })}
      />
      {view === 'people' ? (
        <PeopleList filters={listFilters} onPage={list.setPage} />
      ) : (
        <>
          {canChange ? (
            <BulkActions
              selection={bulk}
              matching={
                meta && !applications.isPlaceholderData
                  ? { filter: bulkFilter, total: meta.total, isCapped: meta.total_is_capped }
                  : undefined
              }
              stages={filters.vacancy_id !== undefined ? stages.data : undefined}
              canExport={canExport}
            />
          ) : null}
          <QueryState
            isPending={applications.isPending}
            isError={applications.isError}
            onRetry={() => applications.refetch()}
          >
            {filters.search && meta ? (
              <p role="status" className="hint">
                {meta.total_is_capped
                  ? t('hr.candidates.found_capped', { total: formatCappedCount(meta.total, locale, t) })
                  : t('hr.candidates.found', { count: meta.total })}
              </p>
            ) : null}
            {applications.data?.data.length === 0 ? (
              <p>{t('hr.candidates.empty')}</p>
            ) : (
              <ApplicationTable
                rows={rows}
                selection={canChange ? bulk : null}
                current={{ sort: filters.sort, order: filters.order, isRanked: isRankedSearch(filters) }}
                onSort={(sort) => applyFilters(sort)}
              />
            )}
            <Pagination
              page={filters.page}
              lastPage={applications.data?.meta.last_page ?? 1}
              onChange={list.setPage}
            />
          </QueryState>
        </>
      )}
    </section>
  );
}
