import {
  type ApplicationMail,
  HISTORY_FILTERS,
  type HistoryEntry,
  type HistoryFilter,
} from '@kadry/shared/schemas/recruiting-mail';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useId, useState } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useCancelMail } from '../api/application-mail';
import { useHistory } from '../api/get-history';
import { CommentText } from './comment-text';
import { formatInterviewWhen } from './interview-format';
import './recruiting-mail.css';

type Translate = (key: string, params?: Record<string, string | number>) => string;

/** A moment with date and time, in the reader's language. */
export function formatDateTime(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

const STATE_CHIPS: Record<ApplicationMail['state'], string> = {
  scheduled: 'chip chip--blue',
  queued: 'chip chip--grey',
  sent: 'chip chip--green',
  failed: 'chip chip--red',
  cancelled: 'chip chip--grey',
};

function MailEntry({ mail, canChange }: { mail: ApplicationMail; canChange: boolean }) {
  const t = useT();
  const locale = useLocale();
  const cancel = useCancelMail();
  return (
    <>
      <p>
        <strong>{t(`hr.recruiting_mail.history.mail_${mail.kind}`)}</strong>{' '}
        <span className={STATE_CHIPS[mail.state]}>{t(`hr.recruiting_mail.state.${mail.state}`)}</span>
      </p>
      <p>
        {mail.subject}
        {mail.to ? <span className="hint"> · {mail.to}</span> : null}
      </p>
      <p className="history__meta">
        {mail.sender
          ? t('hr.recruiting_mail.history.by', { name: mail.sender.name })
          : t('hr.recruiting_mail.history.automatic')}
        {mail.state === 'scheduled'
          ? ` · ${t('hr.recruiting_mail.history.due', { at: formatDateTime(mail.send_at, locale) })}`
          : null}
      </p>
      {mail.state === 'failed' && mail.error ? (
        <p className="field-error">{t('hr.recruiting_mail.history.failed', { error: mail.error })}</p>
      ) : null}
      {mail.state === 'scheduled' && canChange ? (
        <p>
          <button
            type="button"
            aria-disabled={cancel.isPending}
            onClick={() =>
              !cancel.isPending &&
              cancel.mutate(mail.id, {
                onSuccess: () => snackbar.success(t('hr.recruiting_mail.mail_cancelled')),
                onError: (error) => snackbar.error(getRequestErrorMessage(error)),
              })
            }
          >
            {t('hr.recruiting_mail.cancel_mail')}
          </button>
        </p>
      ) : null}
      <details>
        <summary>{t('hr.recruiting_mail.history.show_text')}</summary>
        <iframe
          className="mail-preview__body"
          title={t('hr.recruiting_mail.history.mail_text', { subject: mail.subject })}
          sandbox=""
          srcDoc={`<!doctype html><meta charset="utf-8"><body style="font-family:system-ui,sans-serif;font-size:14px">${mail.body}</body>`}
        />
      </details>
    </>
  );
}

function describe(entry: HistoryEntry, t: Translate, locale: string): string {
  switch (entry.type) {
    case 'received':
      return entry.source
        ? t('hr.recruiting_mail.history.received_from', { source: entry.source })
        : t('hr.recruiting_mail.history.received');
    case 'repeat_received':
      return t('hr.recruiting_mail.history.repeat');
    case 'stage_moved':
      return entry.from_stage
        ? t('hr.recruiting_mail.history.moved', { from: entry.from_stage.name, to: entry.to_stage.name })
        : t('hr.recruiting_mail.history.moved_to', { to: entry.to_stage.name });
    case 'rejected':
      return t('hr.recruiting_mail.history.rejected', {
        reason: entry.reason?.name ?? t('hr.recruiting_mail.no_reason'),
      });
    case 'reopened':
      return t('hr.recruiting_mail.history.reopened');
    case 'comment':
      if (entry.comment.deleted_at) return t('hr.comments.deleted_entry');
      return entry.comment.is_shared
        ? t('hr.recruiting_mail.history.comment')
        : t('hr.recruiting_mail.history.comment_private');
    case 'tag':
      return t(entry.action === 'added' ? 'hr.tags.history_added' : 'hr.tags.history_removed', {
        name: entry.tag.name,
      });
    case 'interview': {
      const when = formatInZoneNamed(entry.interview.starts_at, entry.interview.time_zone, locale);
      if (entry.action === 'scheduled') return t('hr.interviews.history.scheduled', { when });
      if (entry.action === 'cancelled') return t('hr.interviews.history.cancelled', { when });
      const before = entry.interview.previous_starts_at;
      return before && before !== entry.interview.starts_at
        ? t('hr.interviews.history.rescheduled', {
            from: formatInZoneNamed(before, entry.interview.time_zone, locale),
            to: when,
          })
        : t('hr.interviews.history.changed', { when });
    }
    case 'scorecard':
      return entry.recommendation
        ? t('hr.interviews.history.scorecard', {
            recommendation: t(`hr.interviews.recommendation.${entry.recommendation}`),
          })
        : t('hr.interviews.history.scorecard_hidden');
    case 'merge':
      return t(entry.action === 'merged' ? 'hr.person.history.merged' : 'hr.person.history.unmerged', {
        merged: entry.merged.name,
        survivor: entry.survivor.name,
      });
    case 'field_changed': {
      const field = t(`hr.person.field.${entry.field}`);
      // Absent values: the reader's role does not see this field; the change itself is told.
      if (entry.from === undefined && entry.to === undefined) {
        return t('hr.person.history.field_changed_hidden', { field });
      }
      const empty = t('hr.person.history.no_value');
      return t('hr.person.history.field_changed', {
        field,
        from: entry.from || empty,
        to: entry.to || empty,
      });
    }
    case 'mail':
      return '';
  }
}

/** A moment in a named zone, as the history says it. */
function formatInZoneNamed(iso: string, zone: string, locale: string): string {
  return formatInterviewWhen({ starts_at: iso, time_zone: zone }, locale);
}

function actorOf(entry: HistoryEntry): string | null {
  if (
    entry.type === 'stage_moved' ||
    entry.type === 'rejected' ||
    entry.type === 'reopened' ||
    entry.type === 'interview' ||
    entry.type === 'scorecard' ||
    entry.type === 'tag' ||
    entry.type === 'merge' ||
    entry.type === 'field_changed'
  ) {
    return entry.actor?.name ?? null;
  }
  if (entry.type === 'comment') return entry.comment.author.name;
  return null;
}

/**
 * The application's activity history: one timeline of arrival (with source), repeats, stage moves,
 * mails with their delivery state (a scheduled one can be cancelled), rejection, comments and
 * corrections of the person's details, newest first, filtered by kind.
 */
export function ApplicationHistory({
  applicationId,
  canChange,
}: {
  applicationId: number;
  canChange: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [filter, setFilter] = useState<HistoryFilter | undefined>(undefined);
  const history = useHistory(applicationId, filter);
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('hr.recruiting_mail.history.title')}</h2>
      <div className="history__filter">
        <div className="field">
          <label htmlFor={`${id}-filter`}>{t('hr.recruiting_mail.history.show')}</label>
          <select
            id={`${id}-filter`}
            value={filter ?? ''}
            onChange={(event) =>
              setFilter(event.target.value === '' ? undefined : (event.target.value as HistoryFilter))
            }
          >
            <option value="">{t('hr.recruiting_mail.history.filter_all')}</option>
            {HISTORY_FILTERS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`hr.recruiting_mail.history.filter_${kind}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <QueryState isPending={history.isPending} isError={history.isError} onRetry={() => history.refetch()}>
        {history.data?.length === 0 ? <p className="hint">{t('hr.recruiting_mail.history.empty')}</p> : null}
        <ol className="history__list" aria-label={t('hr.recruiting_mail.history.title')}>
          {(history.data ?? []).map((entry) => {
            const actor = actorOf(entry);
            return (
              <li key={entry.id} className="history__entry" data-type={entry.type}>
                <p className="history__meta">
                  <time dateTime={entry.at}>{formatDateTime(entry.at, locale)}</time>
                  {actor ? ` · ${actor}` : null}
                </p>
                {entry.type === 'mail' ? (
                  <MailEntry mail={entry.mail} canChange={canChange} />
                ) : (
                  <p>{describe(entry, t, locale)}</p>
                )}
                {entry.type === 'comment' && !entry.comment.deleted_at ? (
                  <div className="history__comment">
                    <CommentText text={entry.comment.text} mentions={entry.comment.mentions} />
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
      </QueryState>
    </section>
  );
}
