import { Link, useLocation } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { WhenLoaded } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { useCorpEvent } from '../api/corp-events-api';
import { CorpEventCard } from './corp-event-card';
import './corp-events.css';

/** One corporate event (where its notification links): the event, back to the calendar. */
export function CorpEventPage({ id }: { id: number }) {
  const t = useT();
  const [, navigate] = useLocation();
  const query = useCorpEvent(id);
  return (
    <WhenLoaded query={query}>
      {(event) => (
        <section className="corp-events">
          <p>
            <Link href="/corp-events">{t('hr.corpEvents.back')}</Link>
          </p>
          <PageHeading>{event.title}</PageHeading>
          <CorpEventCard
            event={event}
            headingLevel={2}
            isLinked={false}
            onDeleted={() => navigate('/corp-events')}
          />
        </section>
      )}
    </WhenLoaded>
  );
}
