import { route } from '@kadry/shared/routes';
import { analyticsEventName, USAGE_INTERVALS, type UsageInterval } from '@kadry/shared/schemas/analytics';
import { type FormEvent, useId, useState } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { type UsageFilter, usageParams, useUsage } from '../api/usage';

/**
 * Feature usage (issue 15, owners): how many times each analytics event was sent per day or week
 * over a period (the last 30 days by default), as a table — events down, periods across, with totals —
 * and its CSV or XLSX export. The counts carry no personal data (docs/decisions/026-analytics-events.md).
 */
export function UsagePage() {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const [filter, setFilter] = useState<UsageFilter>({ interval: 'day', from: '', to: '' });
  const [draft, setDraft] = useState<UsageFilter>(filter);
  const usage = useUsage(filter);
  const data = usage.data;
  const dayFormat = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const formatDay = (iso: string) => dayFormat.format(new Date(`${iso}T00:00:00Z`));
  const eventLabel = (id: number) => {
    const name = analyticsEventName(id);
    return name ? t(`hr.usage.event.${name}`) : t('hr.usage.event_unknown', { id });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilter(draft);
  };
  const exportParams = data ? { interval: data.interval, from: data.from, to: data.to } : usageParams(filter);

  return (
    <section className="usage-page">
      <PageHeading>{t('hr.usage.title')}</PageHeading>
      <p>{t('hr.usage.intro')}</p>
      <search aria-label={t('hr.usage.filters')}>
        <form className="filters" onSubmit={onSubmit}>
          <label>
            {t('hr.usage.interval')}
            <select
              value={draft.interval}
              onChange={(event) => setDraft({ ...draft, interval: event.target.value as UsageInterval })}
            >
              {USAGE_INTERVALS.map((interval) => (
                <option key={interval} value={interval}>
                  {t(`hr.usage.interval.${interval}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('hr.usage.from')}
            <input
              type="date"
              value={draft.from}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
          </label>
          <label>
            {t('hr.usage.to')}
            <input
              type="date"
              value={draft.to}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
          </label>
          <button type="submit" className="primary">
            {t('hr.usage.show')}
          </button>
        </form>
      </search>
      <p className="usage-page__exports">
        <a
          className="button"
          href={route('analytics.usage.export', { ...exportParams, format: 'csv' })}
          download
        >
          {t('hr.usage.export_csv')}
        </a>{' '}
        <a
          className="button"
          href={route('analytics.usage.export', { ...exportParams, format: 'xlsx' })}
          download
        >
          {t('hr.usage.export_xlsx')}
        </a>
      </p>
      <QueryState isPending={usage.isPending} isError={usage.isError} onRetry={() => usage.refetch()}>
        {data ? (
          data.series.length === 0 ? (
            <p role="status">{t('hr.usage.empty')}</p>
          ) : (
            <section
              className="table-scroll"
              aria-label={t('hr.usage.table')}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region takes focus to scroll by keyboard (axe scrollable-region-focusable).
              tabIndex={0}
            >
              <table aria-describedby={`${ids}-caption`}>
                <caption id={`${ids}-caption`}>
                  {t('hr.usage.caption', { from: formatDay(data.from), to: formatDay(data.to) })}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">{t('hr.usage.event')}</th>
                    {data.periods.map((period) => (
                      <th key={period} scope="col" className="number">
                        <time dateTime={period}>{formatDay(period)}</time>
                      </th>
                    ))}
                    <th scope="col" className="number">
                      {t('hr.usage.total')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.series.map((series) => {
                    const counts = new Map(series.points.map((point) => [point.period, point.count]));
                    return (
                      <tr key={series.event_id}>
                        <th scope="row">{eventLabel(series.event_id)}</th>
                        {data.periods.map((period) => (
                          <td key={period} className="number">
                            {counts.get(period) ?? 0}
                          </td>
                        ))}
                        <td className="number">{series.total}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          )
        ) : null}
      </QueryState>
    </section>
  );
}
