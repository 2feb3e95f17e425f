import { type ChildrenSummary, groupChildrenByAge } from '@kadry/shared/schemas/statistics';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';

/**
 * Bars with their numbers written out: each row is text ("3–6 years: 12"), the bar beside it only
 * draws the same number, so the chart needs no other text alternative.
 */
export function CountBars({
  title,
  rows,
  total,
}: {
  title: string;
  rows: readonly { key: string; label: string; count: number }[];
  total: number;
}) {
  const headingId = useId();
  const largest = Math.max(1, ...rows.map((row) => row.count));
  return (
    <figure className="count-bars" aria-labelledby={headingId}>
      <figcaption id={headingId} className="count-bars__title">
        {title}
      </figcaption>
      <ul className="count-bars__list">
        {rows.map((row) => (
          <li key={row.key} className="count-bars__row">
            <span className="count-bars__label">{row.label}</span>
            <span className="count-bars__track" aria-hidden="true">
              <span
                className="count-bars__bar"
                style={{ width: `${Math.round((row.count / largest) * 100)}%` }}
              />
            </span>
            <span className="count-bars__count">
              {row.count}
              {total > 0 ? (
                <span className="count-bars__share"> ({Math.round((row.count / total) * 100)}%)</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** The age groups of the counts (every group, zero included). */
export function AgeGroupBars({ summary, title }: { summary: ChildrenSummary; title?: string }) {
  const t = useT();
  const rows = groupChildrenByAge(summary.by_age).map((group) => ({
    key: group.key,
    label: t(`hr.statistics.age_group.${group.key}`),
    count: group.count,
  }));
  return <CountBars title={title ?? t('hr.statistics.by_age_group')} rows={rows} total={summary.total} />;
}

/** The counts by gender. */
export function GenderBars({ summary }: { summary: ChildrenSummary }) {
  const t = useT();
  const rows = summary.by_gender.map((row) => ({
    key: row.gender,
    label: t(`statistics.gender.${row.gender}`),
    count: row.count,
  }));
  return <CountBars title={t('hr.statistics.by_gender')} rows={rows} total={summary.total} />;
}
