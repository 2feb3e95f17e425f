import type { VacancyListResponse } from '@kadry/shared/schemas/vacancy';
import { useTranslate } from '@kadry/ui/i18n';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useCallback, useRef } from 'react';
import { EmptyFolderIcon } from '../../components/ui/icons';
import { ResultPage } from '../../components/ui/result-page';
import { useSnackbar } from '../../components/ui/snackbar';
import { Spinner } from '../../components/ui/spinner';
import { useReachEnd } from './use-reach-end';
import { useVacancyPages } from './use-vacancy-pages';
import { VacancyListItem } from './vacancy-list-item';

/** The list page body (spec §2.1): heading, infinite list, or the empty state. */
export function VacancyListPage({
  initialList,
  search,
}: {
  initialList: VacancyListResponse;
  search: string;
}) {
  const t = useTranslate();
  const showSnackbar = useSnackbar();
  const reportError = useCallback(
    (error: unknown) => showSnackbar('error', getRequestErrorMessage(error, t('errors.network'))),
    [showSnackbar, t],
  );
  const { items, hasMore, isLoading, hasFailed, loadNext } = useVacancyPages(
    initialList,
    search,
    reportError,
  );
  const endRef = useRef<HTMLDivElement>(null);
  useReachEnd(endRef, hasMore && !isLoading && !hasFailed, loadNext, [items.length]);

  return (
    <div className="container list-page">
      <h1 className="page-title">{t('careers.title')}</h1>
      {items.length === 0 ? (
        <ResultPage
          icon={<EmptyFolderIcon />}
          title={t('careers.empty.title')}
          text={t('careers.empty.text')}
          headingLevel={2}
        />
      ) : (
        <>
          <ul className="vacancy-list" aria-busy={isLoading}>
            {items.map((vacancy) => (
              <VacancyListItem key={vacancy.id} vacancy={vacancy} search={search} />
            ))}
          </ul>
          <div ref={endRef} className="vacancy-list__end">
            {isLoading ? <Spinner label={t('careers.loading')} /> : null}
            {hasMore && hasFailed ? (
              <button type="button" className="button button--secondary" onClick={loadNext}>
                {t('careers.load_more')}
              </button>
            ) : null}
          </div>
        </>
      )}
    </div>
  );
}
