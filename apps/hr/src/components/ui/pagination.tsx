import { useT } from '../../lib/i18n';

/** Previous / next paging with the current position; hidden when everything fits on one page. */
export function Pagination({
  page,
  lastPage,
  onChange,
}: {
  page: number;
  lastPage: number;
  onChange: (page: number) => void;
}) {
  const t = useT();
  if (lastPage <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('hr.common.pagination')}>
      <button type="button" onClick={() => onChange(page - 1)} disabled={page <= 1}>
        {t('hr.common.previous')}
      </button>
      <span aria-current="page">{t('hr.common.page_of', { page, last: lastPage })}</span>
      <button type="button" onClick={() => onChange(page + 1)} disabled={page >= lastPage}>
        {t('hr.common.next')}
      </button>
    </nav>
  );
}
