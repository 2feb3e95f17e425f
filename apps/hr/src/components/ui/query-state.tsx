import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { PageHeading } from './page-heading';

/**
 * Loading and failure states of a query. The failure's message was already shown as a snackbar by
 * the API client; here the page says what is missing and offers a retry.
 */
export function QueryState({
  isPending,
  isError,
  error,
  onRetry,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  /** A 404 (missing, or hidden from this user: the server answers both alike) shows the not-found page. */
  error?: unknown;
  onRetry: () => void;
  children: ReactNode;
}) {
  const t = useT();
  if (isError && error instanceof ApiError && error.status === 404)
    return (
      <>
        <PageHeading>{t('hr.common.not_found')}</PageHeading>
        <p>{t('hr.common.not_found_text')}</p>
      </>
    );
  if (isError)
    return (
      <div role="alert" className="query-state">
        <p>{t('hr.common.load_failed')}</p>
        <button type="button" onClick={onRetry}>
          {t('hr.common.retry')}
        </button>
      </div>
    );
  if (isPending)
    return (
      <p role="status" className="query-state">
        {t('hr.common.loading')}
      </p>
    );
  return <>{children}</>;
}

/** A screen of one fetched item: the query's loading, failure and not-found states, then the item. */
export function WhenLoaded<TData>({
  query,
  children,
}: {
  query: UseQueryResult<TData>;
  children: (data: TData) => ReactNode;
}) {
  if (query.data === undefined) {
    return (
      <section>
        <QueryState
          isPending={query.isPending}
          isError={query.isError}
          error={query.error}
          onRetry={() => query.refetch()}
        >
          {null}
        </QueryState>
      </section>
    );
  }
  return <>{children(query.data)}</>;
}
