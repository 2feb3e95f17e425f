import type { Translate } from '@kadry/shared/i18n/translator';
import { routePattern } from '@kadry/shared/routes';
import type { LoginAsAction } from '@kadry/shared/schemas/employee-access';
import { useId, useState } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { useLoginAsActions } from '../api/get-login-as-actions';
import { formatDateTime } from './format-date';

const LOGIN_AS_START = routePattern('employee.loginAs');
const LOGIN_AS_END = routePattern('loginAs.end');

/**
 * A route pattern as words: the API prefix dropped, `:id` replaced by the object's id, dashes as
 * spaces (`/api/v1/absences/:id/approve` → `absences › #5 › approve`).
 */
export function describeRoute(route: string, objectId: number | null): string {
  return route
    .replace(/^\/api\/v\d+\//, '')
    .split('/')
    .filter((part) => part !== '')
    .map((part) => {
      if (part === ':id') return objectId === null ? '…' : `#${objectId}`;
      if (part.startsWith(':')) return '…';
      return part.replace(/-/g, ' ');
    })
    .join(' › ');
}

/** What was done, in a sentence: the start and end of login as by name, anything else by route. */
function describeAction(t: Translate, action: LoginAsAction): string {
  const impersonator = action.impersonator.name;
  if (action.route === LOGIN_AS_START)
    return t('hr.employees.login_as_log.started', { impersonator, name: action.acting_user.name });
  if (action.route === LOGIN_AS_END) return t('hr.employees.login_as_log.ended', { impersonator });
  return t('hr.employees.login_as_log.entry', {
    impersonator,
    action: t(`hr.employees.login_as_log.method.${action.method}`),
    target: describeRoute(action.route, action.object_id),
  });
}

function describeStatus(t: Translate, status: number): string {
  if (status >= 500) return t('hr.employees.login_as_log.status.failed', { status });
  if (status >= 400) return t('hr.employees.login_as_log.status.refused', { status });
  return t('hr.employees.login_as_log.status.done', { status });
}

/**
 * "Done while logged in as {name}" (decision 016, addendum): every request that may have changed
 * something while someone was logged in as this employee, refused ones too. Render it only for
 * readers with the Employee login_as action: the server answers 403 to anyone else.
 */
export function LoginAsActionsSection({
  employeeId,
  employeeName,
}: {
  employeeId: number;
  employeeName: string;
}) {
  const t = useT();
  const locale = useLocale();
  const { user } = usePageData();
  const headingId = useId();
  const [page, setPage] = useState(1);
  const actions = useLoginAsActions(employeeId, page);
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('hr.employees.login_as_log.title', { name: employeeName })}</h3>
      <QueryState isPending={actions.isPending} isError={actions.isError} onRetry={() => actions.refetch()}>
        {actions.data && actions.data.data.length > 0 ? (
          <ol className="employee-history">
            {actions.data.data.map((action) => (
              <li key={action.id}>
                <time dateTime={action.at} className="hint">
                  {formatDateTime(action.at, locale, user.timezone)}
                </time>{' '}
                {describeAction(t, action)}{' '}
                <code className="hint">
                  {action.method} {action.route}
                </code>{' '}
                <span className="hint">{describeStatus(t, action.status)}</span>
              </li>
            ))}
          </ol>
        ) : (
          <p className="hint">{t('hr.employees.login_as_log.none', { name: employeeName })}</p>
        )}
        <Pagination page={page} lastPage={actions.data?.meta.last_page ?? 1} onChange={setPage} />
      </QueryState>
    </section>
  );
}
