import { route } from '@kadry/shared/routes';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';

type FilterValue = string | number | boolean | null | undefined;

/**
 * The directory's export links (XLSX and CSV) with its current filters, shown only to roles with the
 * Employee `export` action. `filters` are the directory's query values (search, team_ids, status_ids,
 * employment_type_ids, position, city, start_from, start_to, state, sort, direction); paging is ignored.
 * The browser downloads the file; the server streams it and checks the permission again.
 */
export function EmployeesExportButton({
  filters = {},
}: {
  filters?: Record<string, FilterValue | readonly FilterValue[]>;
}) {
  const t = useT();
  const permissions = usePermissions();
  if (!permissions.canDo('Employee', 'export')) return null;
  const { page: _page, per_page: _perPage, ...rest } = filters;
  return (
    <span className="employees-export">
      <a href={route('employee.export', { ...rest, format: 'xlsx' })} download>
        {t('hr.employeesImport.export_xlsx')}
      </a>{' '}
      <a href={route('employee.export', { ...rest, format: 'csv' })} download>
        {t('hr.employeesImport.export_csv')}
      </a>
    </span>
  );
}
