import { Tab, TabList, TabPanel, TabProvider } from '@ariakit/react';
import { CORP_EVENT_PERIODS, type CorpEventPeriod } from '@kadry/shared/schemas/corp-events';
import { useId, useState } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useCorpEvents } from '../api/corp-events-api';
import { CorpEventCard } from './corp-event-card';
import { CorpEventDialog } from './corp-event-dialog';
import { groupByMonth, shiftMonth, useFormatMonth } from './corp-event-format';
import './corp-events.css';

const PER_PAGE = 20;

function currentMonth(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date()).slice(0, 7);
}

/** The events of one period, grouped under their months, with paging. */
function EventsList({ period, month }: { period: CorpEventPeriod; month: string }) {
  const t = useT();
  const formatMonth = useFormatMonth();
  const [page, setPage] = useState(1);
  const query = useCorpEvents({
    period,
    ...(period === 'month' ? { month } : {}),
    page,
    per_page: PER_PAGE,
  });
  const data = query.data;
  return (
    <QueryState
      isPending={query.isPending}
      isError={query.isError}
      error={query.error}
      onRetry={() => query.refetch()}
    >
      {data ? (
        <>
          <p className="visually-hidden" role="status">
            {t('hr.corpEvents.found', { count: data.meta.total })}
          </p>
          {data.data.length === 0 ? (
            <p className="corp-events__empty">{t(`hr.corpEvents.empty.${period}`)}</p>
          ) : (
            groupByMonth(data.data).map((group) => (
              <section
                key={group.month}
                className="corp-events__month"
                aria-labelledby={`month-${group.month}`}
              >
                <h2 id={`month-${group.month}`} className="corp-events__month-title">
                  {formatMonth(group.month)}
                </h2>
                <ul className="corp-events__list">
                  {group.events.map((event) => (
                    <li key={event.id}>
                      <CorpEventCard event={event} />
                    </li>
                  ))}
                </ul>
              </section>
            ))
          )}
          <Pagination page={page} lastPage={data.meta.last_page} onChange={setPage} />
        </>
      ) : null}
    </QueryState>
  );
}

/**
 * The company calendar (issue 15): upcoming events, past ones, or a month's, grouped by month; a new
 * event for whoever may create one.
 */
export function CorpEventsPage() {
  const t = useT();
  const ids = useId();
  const { user } = usePageData();
  const permissions = usePermissions();
  const [period, setPeriod] = useState<CorpEventPeriod>('upcoming');
  const [month, setMonth] = useState(() => currentMonth(user.timezone));
  const [isCreating, setIsCreating] = useState(false);
  const tabId = (value: CorpEventPeriod) => `${ids}-${value}`;
  return (
    <section className="corp-events">
      <PageHeading
        actions={
          permissions.can('CorpEvent', 'create') ? (
            <button type="button" className="primary" onClick={() => setIsCreating(true)}>
              {t('hr.corpEvents.new')}
            </button>
          ) : null
        }
      >
        {t('hr.corpEvents.title')}
      </PageHeading>
      <TabProvider
        selectedId={tabId(period)}
        setSelectedId={(id) => {
          const next = CORP_EVENT_PERIODS.find((value) => tabId(value) === id);
          if (next) setPeriod(next);
        }}
      >
        <TabList className="tabs" aria-label={t('hr.corpEvents.periods')}>
          {CORP_EVENT_PERIODS.map((value) => (
            <Tab key={value} id={tabId(value)} className="tabs__tab">
              {t(`hr.corpEvents.period.${value}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanel tabId={tabId(period)} className="corp-events__panel">
          {period === 'month' ? (
            <div className="corp-events__month-picker">
              <button
                type="button"
                onClick={() => setMonth(shiftMonth(month, -1))}
                aria-label={t('hr.corpEvents.previous_month')}
              >
                <span aria-hidden="true">‹</span>
              </button>
              <label htmlFor={`${ids}-month`}>{t('hr.corpEvents.month')}</label>
              <input
                id={`${ids}-month`}
                type="month"
                value={month}
                onChange={(event) => {
                  if (/^\d{4}-\d{2}$/.test(event.target.value)) setMonth(event.target.value);
                }}
              />
              <button
                type="button"
                onClick={() => setMonth(shiftMonth(month, 1))}
                aria-label={t('hr.corpEvents.next_month')}
              >
                <span aria-hidden="true">›</span>
              </button>
            </div>
          ) : null}
          <EventsList key={`${period}-${period === 'month' ? month : ''}`} period={period} month={month} />
        </TabPanel>
      </TabProvider>
      <CorpEventDialog open={isCreating} event={null} onClose={() => setIsCreating(false)} />
    </section>
  );
}
