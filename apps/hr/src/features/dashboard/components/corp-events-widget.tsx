import type { WidgetParams } from '@kadry/shared/schemas/dashboard';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { useUpcomingCorpEvents } from '../../corp-events/api/corp-events-api';
import { useFormatEventWhen } from '../../corp-events/components/corp-event-format';
import { LimitField, WidgetSettings, WidgetState } from './widget-parts';

/**
 * The corpEvents widget (issue 15, `dashboard.corpEvents`): the upcoming corporate events the user
 * is in the audience of, soonest first, `per_page` from its limit; the calendar one link away.
 */
export function CorpEventsWidget({ params }: { params: WidgetParams<'corpEvents'> }) {
  const t = useT();
  const formatWhen = useFormatEventWhen();
  const query = useUpcomingCorpEvents(params.limit);
  return (
    <>
      <WidgetSettings widget="corpEvents" params={params}>
        {(draft, change, id) => (
          <LimitField id={id} value={draft.limit} onChange={(limit) => change({ limit })} />
        )}
      </WidgetSettings>
      <WidgetState
        query={query}
        isEmpty={(data) => data.data.length === 0}
        empty={t('hr.dashboard.corpEvents.empty')}
      >
        {(data) => (
          <ul className="dashboard-widget__list">
            {data.data.map((event) => (
              <li key={event.id} className="dashboard-widget__row">
                <span className="dashboard-widget__primary">
                  <Link href={`/corp-events/${event.id}`}>{event.title}</Link>
                </span>
                <span className="dashboard-widget__secondary">
                  <time dateTime={event.all_day ? event.start_date : event.starts_at}>
                    {formatWhen(event)}
                  </time>
                  {event.place ? ` · ${event.place}` : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </WidgetState>
      <p className="dashboard-widget__footer">
        <Link href="/corp-events">{t('hr.dashboard.corpEvents.all')}</Link>
      </p>
    </>
  );
}
