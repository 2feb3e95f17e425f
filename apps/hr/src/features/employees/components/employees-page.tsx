import { SEARCH_TEXT_MAX_LENGTH } from '@kadry/shared/schemas/common';
import type { EmployeeListItem, EmployeeSort } from '@kadry/shared/schemas/employees';
import { type ReactNode, useId, useRef } from 'react';
import { Link } from 'wouter';
import { AreaTabs, EMPLOYEES_AREA } from '../../../components/layout/area-tabs';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/ui/filter-bar';
import { ListPager } from '../../../components/ui/list-pager';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { useForgetUnknownOption, useKeepPageInRange, useUrlFilters } from '../../../lib/list-filters';
import { useDictionary } from '../../../lib/local-db/use-dictionary';
import { usePageData } from '../../../lib/page-data';
import { usePerPage } from '../../../lib/per-page';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { EmployeesExportButton } from '../../employees-import/components/export-button';
import { useEmployees } from '../api/get-employees';
import { useTeamOptions } from '../api/get-team-options';
import { AccessChip, EmployeeAvatar } from './access-chip';
import { allowedFilters, EMPLOYEE_STATES, employeeListFilters } from './employee-filters';
import { canManageCustomFields } from './employee-permissions';
import { formatDate } from './format-date';
import { useIsPhone } from './use-is-phone';
import './employees.css';

type Column = {
  key: string;
  label: string;
  /** The API's sort of this column, when it can be sorted by. */
  sort?: EmployeeSort;
  /** Governed fields are columns only when the answer carries them (field permissions strip them). */
  field?: keyof EmployeeListItem;
  render: (employee: EmployeeListItem) => ReactNode;
};

/**
 * The employees directory: search and filters kept in the address, paging with the page size kept
 * in local storage (`perPage_employees`), a table on wide screens and cards on phones. Columns of
 * fields the user may not see are not there: the server leaves those fields out of the answer.
 */
export function EmployeesPage() {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const permissions = usePermissions();
  const { settings } = usePageData();
  const isPhone = useIsPhone();
  const hasExtended = permissions.canDo('Employee', 'extended_filters_and_sorting');
  const list = useUrlFilters(employeeListFilters);
  const filters = allowedFilters(list.filters, hasExtended);
  const [perPage, setPerPage] = usePerPage('employees');
  const employees = useEmployees({ ...filters, per_page: perPage });
  const teams = useTeamOptions({ isEnabled: permissions.can('Teams', 'view') });
  const statuses = useDictionary('status');
  const employmentTypes = useDictionary('employmentTypes', undefined, { isEnabled: hasExtended });
  const searchRef = useRef<HTMLInputElement>(null);

  const teamOptions = teams.data?.map((team) => ({ value: team.id, label: team.name }));
  const statusOptions = statuses.data?.map((item) => ({ value: item.id, label: item.name }));
  const typeOptions = employmentTypes.data?.map((item) => ({ value: item.id, label: item.name }));

  useKeepPageInRange(
    filters.page,
    employees.isPlaceholderData ? undefined : employees.data?.meta.last_page,
    list.setPage,
  );
  useForgetUnknownOption(filters.team_ids, teamOptions, () =>
    list.applyFilters({ team_ids: undefined }, { replace: true }),
  );
  useForgetUnknownOption(filters.status_ids, statusOptions, () =>
    list.applyFilters({ status_ids: undefined }, { replace: true }),
  );
  useForgetUnknownOption(filters.employment_type_ids, typeOptions, () =>
    list.applyFilters({ employment_type_ids: undefined }, { replace: true }),
  );

  const rows = employees.data?.data ?? [];
  const date = (value: string | null | undefined) => (value ? formatDate(value, locale) : '');
  const allColumns: Column[] = [
    {
      key: 'position',
      label: t('hr.employees.field.position'),
      sort: 'position',
      field: 'position',
      render: (e) => e.position,
    },
    {
      key: 'teams',
      label: t('hr.employees.field.teams'),
      render: (e) =>
        e.teams.length > 0 ? (
          <ul className="inline-list">
            {e.teams.map((team) => (
              <li key={team.id}>
                {team.name}
                {team.is_manager ? <span className="hint"> · {t('hr.employees.manager')}</span> : null}
              </li>
            ))}
          </ul>
        ) : null,
    },
    { key: 'status', label: t('hr.employees.field.status'), render: (e) => e.status?.name },
    {
      key: 'employment_type',
      label: t('hr.employees.field.employment_type'),
      render: (e) => e.employment_type?.name,
    },
    { key: 'city', label: t('hr.employees.field.city'), render: (e) => e.city },
    { key: 'email', label: t('hr.employees.field.email'), field: 'email', render: (e) => e.email },
    { key: 'phone', label: t('hr.employees.field.phone'), field: 'phone', render: (e) => e.phone },
    {
      key: 'start_of_work',
      label: t('hr.employees.field.start_of_work'),
      sort: 'start_of_work',
      field: 'start_of_work',
      render: (e) => date(e.start_of_work),
    },
    {
      key: 'probation_period',
      label: t('hr.employees.field.probation_period'),
      sort: 'probation_period',
      field: 'probation_period',
      render: (e) => date(e.probation_period),
    },
    { key: 'access', label: t('hr.employees.field.access'), render: (e) => <AccessChip access={e.access} /> },
  ];
  const columns = allColumns.filter(
    (column) =>
      column.field === undefined || rows.some((row) => column.field !== undefined && column.field in row),
  );

  const sort: EmployeeSort = filters.sort ?? 'name';
  const direction = filters.direction ?? 'asc';
  const sortBy = (next: EmployeeSort) => {
    const nextDirection = next === sort && direction === 'asc' ? 'desc' : 'asc';
    list.applyFilters({
      sort: next === 'name' ? undefined : next,
      direction: nextDirection === 'asc' ? undefined : nextDirection,
    });
  };
  const sortHeader = (label: string, column: EmployeeSort | undefined) => {
    if (!hasExtended || column === undefined) return label;
    const isCurrent = sort === column;
    return (
      <button type="button" className="sort-button" onClick={() => sortBy(column)}>
        {label}
        <span aria-hidden="true">{isCurrent ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    );
  };
  const ariaSort = (column: EmployeeSort | undefined) =>
    hasExtended && column !== undefined && sort === column
      ? direction === 'asc'
        ? ('ascending' as const)
        : ('descending' as const)
      : undefined;

  return (
    <section>
      <AreaTabs label={t('hr.employees.area')} screens={EMPLOYEES_AREA} />
      <PageHeading
        actions={
          <>
            {canManageCustomFields(permissions, settings.tariffs) ? (
              <Link href="/employees/fields" className="employee-link-button">
                {t('hr.employees.fields.open')}
              </Link>
            ) : null}
            <EmployeesExportButton filters={filters} />
            {permissions.can('Employee', 'create') ? (
              <Link href="/employees/import" className="employee-link-button">
                {t('hr.employees.import.open')}
              </Link>
            ) : null}
            {permissions.can('Employee', 'create') ? (
              <Link href="/employees/new" className="employee-link-button employee-link-button--primary">
                {t('hr.employees.create.open')}
              </Link>
            ) : null}
          </>
        }
      >
        {t('hr.employees.title')}
      </PageHeading>

      <FilterBar label={t('hr.employees.filters')} onSubmit={list.submitDraft}>
        <FilterInput
          label={t('hr.employees.search')}
          type="search"
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          inputRef={searchRef}
          value={list.draft.search}
          onChange={(value) => list.setDraft('search', value)}
        />
        {teamOptions ? (
          <FilterSelect
            label={t('hr.employees.field.team')}
            value={filters.team_ids}
            options={teamOptions}
            onChange={(value) => list.selectFilter('team_ids', value)}
          />
        ) : null}
        <FilterSelect
          label={t('hr.employees.field.status')}
          value={filters.status_ids}
          options={statusOptions ?? []}
          onChange={(value) => list.selectFilter('status_ids', value)}
        />
        <StateSelect
          value={filters.state ?? 'active'}
          onChange={(value) => list.selectFilter('state', value)}
        />
        {hasExtended ? (
          <>
            <FilterSelect
              label={t('hr.employees.field.employment_type')}
              value={filters.employment_type_ids}
              options={typeOptions ?? []}
              onChange={(value) => list.selectFilter('employment_type_ids', value)}
            />
            <FilterInput
              label={t('hr.employees.field.position')}
              maxLength={SEARCH_TEXT_MAX_LENGTH}
              value={list.draft.position}
              onChange={(value) => list.setDraft('position', value)}
            />
            <FilterInput
              label={t('hr.employees.field.city')}
              maxLength={SEARCH_TEXT_MAX_LENGTH}
              value={list.draft.city}
              onChange={(value) => list.setDraft('city', value)}
            />
            <FilterInput
              label={t('hr.employees.start_from')}
              type="date"
              value={list.draft.start_from}
              onChange={(value) => list.setDraft('start_from', value)}
            />
            <FilterInput
              label={t('hr.employees.start_to')}
              type="date"
              value={list.draft.start_to}
              onChange={(value) => list.setDraft('start_to', value)}
            />
          </>
        ) : null}
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
        isPending={employees.isPending}
        isError={employees.isError}
        onRetry={() => employees.refetch()}
      >
        {rows.length === 0 ? (
          <p className="empty-state">
            {list.hasActiveFilters ? t('hr.employees.empty_filtered') : t('hr.employees.empty')}
          </p>
        ) : isPhone ? (
          <ul
            className="employee-cards"
            aria-label={t('hr.employees.title')}
            aria-describedby={`${ids}-count`}
          >
            {rows.map((employee) => (
              <li key={employee.id} className="employee-card">
                <div className="employee-card__head">
                  <EmployeeAvatar name={employee.name} photoUrl={employee.photo_url} />
                  <EmployeeName employee={employee} />
                </div>
                <dl className="employee-card__fields">
                  {columns.map((column) => {
                    const value = column.render(employee);
                    return value === null || value === undefined || value === '' ? null : (
                      <div key={column.key}>
                        <dt>{column.label}</dt>
                        <dd>{value}</dd>
                      </div>
                    );
                  })}
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <div className="table-scroll">
            <table aria-describedby={`${ids}-count`}>
              <caption className="visually-hidden">{t('hr.employees.title')}</caption>
              <thead>
                <tr>
                  <th scope="col" aria-sort={ariaSort('name')}>
                    {sortHeader(t('hr.employees.field.name'), 'name')}
                  </th>
                  {columns.map((column) => (
                    <th key={column.key} scope="col" aria-sort={ariaSort(column.sort)}>
                      {sortHeader(column.label, column.sort)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((employee) => (
                  <tr key={employee.id}>
                    <th scope="row">
                      <div className="employee-name-cell">
                        <EmployeeAvatar name={employee.name} photoUrl={employee.photo_url} />
                        <EmployeeName employee={employee} />
                      </div>
                    </th>
                    {columns.map((column) => (
                      <td key={column.key}>{column.render(employee)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {employees.data ? (
          <p className="hint" id={`${ids}-count`}>
            {t('hr.employees.count', { count: employees.data.meta.total })}
          </p>
        ) : null}
        <ListPager
          page={filters.page}
          lastPage={employees.data?.meta.last_page ?? 1}
          onPage={list.setPage}
          perPage={[perPage, setPerPage]}
          className="list-footer"
        />
      </QueryState>
    </section>
  );
}

/** The row's name, a link to the profile when the reader may open it (own, or get_profile). */
function EmployeeName({ employee }: { employee: EmployeeListItem }) {
  const t = useT();
  const permissions = usePermissions();
  const { user } = usePageData();
  const canOpen = employee.id === user.employeeId || permissions.canDo('Employee', 'get_profile');
  return (
    <div>
      {canOpen ? <Link href={`/employees/${employee.id}`}>{employee.name}</Link> : employee.name}
      {employee.is_dismissed ? (
        <span className="chip chip--red employee-dismissed">{t('hr.employees.dismissed')}</span>
      ) : null}
      {employee.name_alt || employee.employee_number ? (
        <div className="hint">
          {[employee.name_alt, employee.employee_number ? `#${employee.employee_number}` : null]
            .filter(Boolean)
            .join(' · ')}
        </div>
      ) : null}
    </div>
  );
}

/** Active (the default), dismissed or all employees. */
function StateSelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div>
      <label htmlFor={id}>{t('hr.employees.state.label')}</label>
      <select
        id={id}
        value={value === 'active' ? '' : value}
        onChange={(event) => onChange(event.target.value)}
      >
        {EMPLOYEE_STATES.map((state) => (
          <option key={state} value={state === 'active' ? '' : state}>
            {t(`hr.employees.state.${state}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
