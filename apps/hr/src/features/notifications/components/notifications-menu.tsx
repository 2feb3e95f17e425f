import { BellIcon } from '@kadry/ui/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { useNotificationCount } from '../api/get-notification-count';
import { useNotifications } from '../api/list-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { notificationHref, useNotificationText } from './notification-text';
import './notifications.css';

/** When a notification came, in the user's time zone. */
function useFormatMoment(): (iso: string) => string {
  const locale = useLocale();
  const { user } = usePageData();
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: user.timezone,
    });
  } catch {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  }
  return (iso) => format.format(new Date(iso));
}

/** The panel's content: the newest notifications, each a link to what it is about, and mark-read. */
function NotificationsPanel({ headingId, onClose }: { headingId: string; onClose: () => void }) {
  const t = useT();
  const list = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const text = useNotificationText();
  const formatMoment = useFormatMoment();
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const unread = list.data?.pages[0]?.meta.unread ?? 0;
  return (
    <>
      <div className="notifications-menu__head">
        <h2 id={headingId} className="notifications-menu__title">
          {t('hr.notifications.title')}
        </h2>
        {unread > 0 ? (
          <button
            type="button"
            className="link-button"
            disabled={markRead.isPending}
            onClick={() => markRead.mutate(undefined)}
          >
            {t('hr.notifications.mark_all_read')}
          </button>
        ) : null}
      </div>
      <p className="visually-hidden" role="status">
        {list.data ? t('hr.notifications.unread_count', { count: unread }) : ''}
      </p>
      <QueryState
        isPending={list.isPending}
        isError={list.isError}
        error={list.error}
        onRetry={() => list.refetch()}
      >
        {items.length === 0 ? (
          <p className="notifications-menu__empty">{t('hr.notifications.empty')}</p>
        ) : (
          <ul className="notifications-menu__list">
            {items.map((notification) => {
              const isUnread = notification.read_at === null;
              return (
                <li key={notification.id} className="notifications-menu__item" data-unread={isUnread}>
                  <Link
                    href={notificationHref(notification)}
                    className="notifications-menu__link"
                    onClick={() => {
                      if (isUnread) markRead.mutate([notification.id]);
                      onClose();
                    }}
                  >
                    {isUnread ? (
                      <span className="visually-hidden">{t('hr.notifications.unread')}: </span>
                    ) : null}
                    <span className="notifications-menu__text">{text(notification)}</span>
                    <time className="notifications-menu__time" dateTime={notification.created_at}>
                      {formatMoment(notification.created_at)}
                    </time>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
        {list.hasNextPage ? (
          <button
            type="button"
            className="notifications-menu__more"
            disabled={list.isFetchingNextPage}
            onClick={() => list.fetchNextPage()}
          >
            {t('hr.notifications.show_more')}
          </button>
        ) : null}
      </QueryState>
    </>
  );
}

/**
 * The bell in the top bar: the unread count (new applications, steps of absence requests), and a
 * panel listing the notifications. Escape or a click outside closes it; Escape returns focus to the
 * bell. Opening a notification marks it read.
 */
export function NotificationsMenu() {
  const t = useT();
  const count = useNotificationCount(true);
  const unread = count.data ?? 0;
  const panelId = useId();
  const headingId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || !isOpen) return;
    event.stopPropagation();
    setIsOpen(false);
    buttonRef.current?.focus();
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the panel closes it (keys bubble from its controls).
    <div className="notifications-menu" ref={containerRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="notifications top-bar__icon-button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <BellIcon className="top-bar__icon" />
        <span className="top-bar__label">{t('hr.shell.notifications', { count: unread })}</span>
        {unread > 0 ? (
          <span className="badge" aria-hidden="true">
            {unread}
          </span>
        ) : null}
      </button>
      <section
        id={panelId}
        className="notifications-menu__panel"
        aria-labelledby={headingId}
        hidden={!isOpen}
      >
        {isOpen ? <NotificationsPanel headingId={headingId} onClose={() => setIsOpen(false)} /> : null}
      </section>
    </div>
  );
}
