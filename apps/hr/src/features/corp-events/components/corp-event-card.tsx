import type { CorpEvent } from '@kadry/shared/schemas/corp-events';
import { useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useDeleteCorpEvent } from '../api/corp-events-api';
import { CorpEventDialog } from './corp-event-dialog';
import { useFormatEventWhen } from './corp-event-format';

/** Who an event is for: everyone, or its teams by name. */
export function useAudienceText(): (event: CorpEvent) => string {
  const t = useT();
  return (event) =>
    event.audience === 'everyone'
      ? t('hr.corpEvents.audience.everyone')
      : event.teams.length > 0
        ? t('hr.corpEvents.audience.for_teams', { teams: event.teams.map((team) => team.name).join(', ') })
        : t('hr.corpEvents.audience.teams');
}

/**
 * One event: its title (a link to its page unless it is the page), when, where, for whom, the
 * description, and — as the user's level allows — edit and delete.
 */
export function CorpEventCard({
  event,
  headingLevel = 3,
  isLinked = true,
  onDeleted,
}: {
  event: CorpEvent;
  headingLevel?: 2 | 3;
  isLinked?: boolean;
  onDeleted?: () => void;
}) {
  const t = useT();
  const formatWhen = useFormatEventWhen();
  const audienceText = useAudienceText();
  const remove = useDeleteCorpEvent();
  const [isEditing, setIsEditing] = useState(false);
  const [isDeleting, setIsDeleting] = useState(false);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="corp-event" aria-labelledby={`corp-event-${event.id}`}>
      <Heading id={`corp-event-${event.id}`} className="corp-event__title">
        {isLinked ? <Link href={`/corp-events/${event.id}`}>{event.title}</Link> : event.title}
      </Heading>
      <dl className="corp-event__facts">
        <dt>{t('hr.corpEvents.when')}</dt>
        <dd>
          <time dateTime={event.all_day ? event.start_date : event.starts_at}>{formatWhen(event)}</time>
        </dd>
        {event.place ? (
          <>
            <dt>{t('hr.corpEvents.where')}</dt>
            <dd>{event.place}</dd>
          </>
        ) : null}
        <dt>{t('hr.corpEvents.for_whom')}</dt>
        <dd>{audienceText(event)}</dd>
        {event.author ? (
          <>
            <dt>{t('hr.corpEvents.author')}</dt>
            <dd>{event.author.name}</dd>
          </>
        ) : null}
      </dl>
      {event.description ? <p className="corp-event__description">{event.description}</p> : null}
      {event.can_update || event.can_delete ? (
        <div className="corp-event__actions">
          {event.can_update ? (
            <button
              type="button"
              onClick={() => setIsEditing(true)}
              aria-label={t('hr.corpEvents.edit_named', { title: event.title })}
            >
              {t('hr.corpEvents.edit')}
            </button>
          ) : null}
          {event.can_delete ? (
            <button
              type="button"
              className="danger"
              onClick={() => setIsDeleting(true)}
              aria-label={t('hr.corpEvents.delete_named', { title: event.title })}
            >
              {t('hr.corpEvents.delete')}
            </button>
          ) : null}
        </div>
      ) : null}
      <CorpEventDialog
        open={isEditing}
        event={isEditing ? event : null}
        onClose={() => setIsEditing(false)}
      />
      <ConfirmDialog
        open={isDeleting}
        role="alertdialog"
        onClose={() => setIsDeleting(false)}
        title={t('hr.corpEvents.delete_title', { title: event.title })}
        confirmLabel={t('hr.corpEvents.delete')}
        cancelLabel={t('hr.corpEvents.cancel')}
        onConfirm={async () => {
          await remove.mutateAsync(event.id);
          setIsDeleting(false);
          snackbar.success(t('hr.corpEvents.deleted', { title: event.title }));
          onDeleted?.();
        }}
      >
        <p>{t('hr.corpEvents.delete_text')}</p>
      </ConfirmDialog>
    </article>
  );
}
