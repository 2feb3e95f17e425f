import {
  type ApplicationSortColumn,
  type ApplicationSummary,
  DEFAULT_SORT_ORDER,
  type SortOrder,
} from '@kadry/shared/schemas/recruiting';
import { Link } from 'wouter';
import { useLocale, useT } from '../../../lib/i18n';
import { TagList } from './application-tags';
import { type BulkSelection, SelectAllBox } from './bulk-actions';
import { getCandidateLabel } from './candidate-name';
import { SearchSnippet } from './search-snippet';
import './bulk.css';

const DAY_MS = 86_400_000;

/** Whole days since an instant (0 on the day itself), never negative. */
export function daysSince(iso: string | undefined, now: number): number | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  return Number.isNaN(at) ? null : Math.max(0, Math.floor((now - at) / DAY_MS));
}

function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(locale);
}

/** The list's sorting as the address has it: the column (applied date when none) and its direction. */
export type ListSort = {
  sort?: ApplicationSortColumn | undefined;
  order?: SortOrder | undefined;
  /** Best matches of a search first (no column chosen): no column is the order. */
  isRanked?: boolean | undefined;
};

/** A column the user chose to sort by, and its direction. */
export type ChosenSort = { sort: ApplicationSortColumn; order: SortOrder };

/** The direction a column is shown in, or null when the list is not sorted by it. */
function directionOf(column: ApplicationSortColumn, current: ListSort): SortOrder | null {
  if (current.isRanked) return null;
  const active = current.sort ?? 'applied';
  if (active !== column) return null;
  return current.order ?? DEFAULT_SORT_ORDER[column];
}

/**
 * A column header that sorts the list (issue 17): a button inside the header cell, the cell saying
 * how the list is sorted (aria-sort). Again on the same column reverses it.
 */
function SortHeader({
  column,
  label,
  current,
  onSort,
  children,
}: {
  column: ApplicationSortColumn;
  label: string;
  current: ListSort;
  onSort: (sort: ChosenSort) => void;
  children?: React.ReactNode;
}) {
  const t = useT();
  const direction = directionOf(column, current);
  const next: SortOrder =
    direction === null ? DEFAULT_SORT_ORDER[column] : direction === 'asc' ? 'desc' : 'asc';
  return (
    <th
      scope="col"
      aria-sort={direction === null ? undefined : direction === 'asc' ? 'ascending' : 'descending'}
    >
      {children}
      <button
        type="button"
        className="sort-button"
        onClick={() => onSort({ sort: column, order: next })}
        aria-label={t(`hr.recruiting_bulk.sort_by_${next}`, { column: label })}
      >
        {label}
        <span aria-hidden="true">{direction === null ? '↕' : direction === 'asc' ? '↑' : '↓'}</span>
      </button>
    </th>
  );
}

/**
 * The candidates as a table sorted by any column, with the latest rating and days in stage; rows
 * selectable for bulk actions. On a narrow screen the table scrolls inside its own region.
 */
export function ApplicationTable({
  rows,
  selection,
  current,
  onSort,
}: {
  rows: readonly ApplicationSummary[];
  /** Present when the user may act on candidates in bulk. */
  selection: BulkSelection | null;
  current: ListSort;
  onSort: (sort: ChosenSort) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const now = Date.now();
  const header = (column: ApplicationSortColumn, key: string) => (
    <SortHeader column={column} label={t(key)} current={current} onSort={onSort} />
  );
  return (
    <section
      className="applications-table-scroll"
      aria-label={t('hr.candidates.title')}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region takes focus to scroll by keyboard (axe scrollable-region-focusable).
      tabIndex={0}
    >
      <table>
        <caption className="visually-hidden">{t('hr.candidates.title')}</caption>
        <thead>
          <tr>
            <SortHeader column="name" label={t('hr.candidates.name')} current={current} onSort={onSort}>
              {selection && rows.length > 0 ? (
                <SelectAllBox selection={selection} label={t('hr.recruiting_mail.bulk.select_page')} />
              ) : null}
            </SortHeader>
            {header('vacancy', 'hr.candidates.vacancy')}
            {header('stage', 'hr.candidates.stage')}
            {header('days_in_stage', 'hr.recruiting_bulk.days_in_stage')}
            {header('rating', 'hr.recruiting_bulk.rating')}
            {header('source', 'hr.candidates.source')}
            {header('applied', 'hr.candidates.applied')}
          </tr>
        </thead>
        <tbody>
          {rows.map((application) => {
            const days = daysSince(application.stage_entered_at, now);
            return (
              <tr key={application.id}>
                <td>
                  {selection ? (
                    <input
                      type="checkbox"
                      className="bulk-select"
                      checked={selection.isAllMatching || selection.selected.has(application.id)}
                      onChange={() => selection.toggle(application.id)}
                      aria-label={t('hr.recruiting_mail.bulk.select', {
                        name: getCandidateLabel(application.candidate, t),
                      })}
                    />
                  ) : null}
                  <Link href={`/applications/${application.id}`}>
                    {getCandidateLabel(application.candidate, t)}
                  </Link>
                  {application.is_repeat ? (
                    <span className="hint"> · {t('hr.candidates.repeat')}</span>
                  ) : null}
                  <TagList tags={application.tags} />
                  {application.snippet?.length ? <SearchSnippet parts={application.snippet} /> : null}
                </td>
                <td>{application.vacancy.name}</td>
                <td>
                  {application.stage.name}
                  {application.rejection ? (
                    <>
                      {' '}
                      <span className="chip chip--red">{t('hr.recruiting_mail.rejected_chip')}</span>
                    </>
                  ) : null}
                </td>
                <td>{days === null ? '—' : t('hr.recruiting_bulk.days', { count: days })}</td>
                <td>
                  {application.latest_recommendation
                    ? t(`hr.interviews.recommendation.${application.latest_recommendation}`)
                    : '—'}
                </td>
                <td>{application.source || '—'}</td>
                <td>{formatDate(application.created_at, locale)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
