import { useId } from 'react';
import { useT } from '../../lib/i18n';
import { PER_PAGE_CHOICES } from '../../lib/per-page';
import { Pagination } from './pagination';
import './list-pager.css';

/**
 * A list's footer: previous / next paging (Pagination) and the page size (PER_PAGE_CHOICES, the pair
 * `usePerPage` answers); a new page size starts again at page 1. `className` lays the footer out.
 */
export function ListPager({
  page,
  lastPage,
  onPage,
  perPage: [perPage, setPerPage],
  className,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  perPage: readonly [number, (perPage: number) => void];
  className: string;
}) {
  const t = useT();
  const id = useId();
  return (
    <div className={className}>
      <Pagination page={page} lastPage={lastPage} onChange={onPage} />
      <div className="list-pager__per-page">
        <label htmlFor={`${id}-per-page`}>{t('hr.common.per_page')}</label>
        <select
          id={`${id}-per-page`}
          value={perPage}
          onChange={(event) => {
            setPerPage(Number(event.target.value));
            onPage(1);
          }}
        >
          {PER_PAGE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
