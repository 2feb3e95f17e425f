import { route } from '@kadry/shared/routes';
import { CSRF_FORM_FIELD } from '@kadry/shared/schemas/auth';
import { MenuIcon } from '@kadry/ui/icons';
import { SnackbarHost } from '@kadry/ui/snackbar/snackbar-host';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { ManagementBadge } from '../../features/absences/components/management-badge';
import { NotificationsMenu } from '../../features/notifications/components/notifications-menu';
import { useT } from '../../lib/i18n';
import { usePageData } from '../../lib/page-data';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { canOpenScreen, NAV_GROUPS, SCREEN_LINKS } from '../../lib/screens';
import { snackbar } from '../../lib/snackbar/snackbar';
import { ImpersonationBanner } from './impersonation-banner';

function readCsrfToken(): string {
  return document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
}

/** Moves focus to the new page's heading after navigation (not on first load), so it is announced. */
function useFocusOnRouteChange(location: string) {
  const isFirst = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect is meant to run on every route change.
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    // The heading may appear only after the page's data arrives; try for a short while.
    let attempts = 0;
    const timer = setInterval(() => {
      const heading = document.querySelector<HTMLElement>('main [data-page-heading]');
      attempts += 1;
      if (heading) {
        heading.focus();
        document.title = heading.textContent ?? document.title;
      }
      if (heading || attempts > 20) clearInterval(timer);
    }, 50);
    return () => clearInterval(timer);
  }, [location]);
}

function UserMenu() {
  const t = useT();
  const { user } = usePageData();
  const panelId = useId();
  const { isOpen, setIsOpen, buttonRef, containerRef, onKeyDown } = useDisclosure();
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the menu closes it (keys bubble from its controls).
    <div className="user-menu" ref={containerRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="top-bar__icon-button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className="avatar" aria-hidden="true">
          {user.name.slice(0, 1).toUpperCase()}
        </span>
        <span className="top-bar__label">{user.name}</span>
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!isOpen}>
        <Link href="/account" className="user-menu__link" onClick={() => setIsOpen(false)}>
          {t('hr.account.menu_link')}
        </Link>
        {/* A plain form: signing out works even if the app's scripts have failed. */}
        <form method="post" action={route('auth.signOut')}>
          <input type="hidden" name={CSRF_FORM_FIELD} value={readCsrfToken()} />
          <button type="submit">{t('hr.shell.sign_out')}</button>
        </form>
      </div>
    </div>
  );
}

/**
 * An open/closed panel under a button: Escape or a click outside closes it, and Escape returns focus to
 * the button (the panel's content is gone from the tab order once closed).
 */
function useDisclosure() {
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
  return { isOpen, setIsOpen, buttonRef, containerRef, onKeyDown };
}

/**
 * The screens' links in sections (people, absences, recruiting, settings): a sidebar on wide screens;
 * at ≤ 600 px (spec §9) they fold under a menu button.
 */
function MainNavigation({ items, location }: { items: typeof SCREEN_LINKS; location: string }) {
  const t = useT();
  const listId = useId();
  const { isOpen, setIsOpen, buttonRef, containerRef, onKeyDown } = useDisclosure();
  // A chosen link navigates: the menu closes behind it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change.
  useEffect(() => setIsOpen(false), [location]);
  // The most specific link is the current one (/absences/requests, not /absences too).
  const current = items
    .filter((item) => location === item.path || location.startsWith(`${item.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
  return (
    <nav aria-label={t('hr.shell.navigation')} className="app-nav" data-open={isOpen}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape anywhere in the menu closes it. */}
      <div ref={containerRef} onKeyDown={onKeyDown}>
        <button
          ref={buttonRef}
          type="button"
          className="app-nav__menu-button top-bar__icon-button"
          aria-expanded={isOpen}
          aria-controls={listId}
          onClick={() => setIsOpen((open) => !open)}
        >
          <MenuIcon className="top-bar__icon" />
          <span className="top-bar__label">{t('hr.shell.menu')}</span>
        </button>
        <div className="app-nav__sections" id={listId}>
          {NAV_GROUPS.map(({ group, label }) => {
            const links = items.filter((item) => item.group === group);
            if (links.length === 0) return null;
            const titleId = `${listId}-${group}`;
            return (
              <div key={group} className="app-nav__section">
                <p className="app-nav__title" id={titleId}>
                  {t(label)}
                </p>
                <ul className="app-nav__links" aria-labelledby={titleId}>
                  {links.map((item) => (
                    <li key={item.screen}>
                      <Link
                        href={item.path}
                        aria-current={item === current ? 'page' : undefined}
                        onClick={() => setIsOpen(false)}
                      >
                        {t(item.label)}
                        {item.screen === 'absenceRequests' ? <ManagementBadge /> : null}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </div>
      </div>
    </nav>
  );
}

/** Top bar, navigation by plan and permissions, the main landmark and the snackbars. */
export function AppShell({ children }: { children: ReactNode }) {
  const t = useT();
  const { company, settings } = usePageData();
  const permissions = usePermissions();
  const [location] = useLocation();
  useFocusOnRouteChange(location);
  const items = SCREEN_LINKS.filter((item) => canOpenScreen(item.screen, settings.tariffs, permissions));
  // New applications and steps of absence requests: the endpoints check Notification.
  const canSeeNotifications = permissions.can('Notification', 'view');

  return (
    <>
      <a className="skip-link" href="#main">
        {t('hr.shell.skip_to_content')}
      </a>
      <ImpersonationBanner />
      <div className="app-frame" data-has-nav={items.length > 0}>
        <header className="top-bar">
          <Link href="/" className="top-bar__company">
            {company.avatar ? <img src={company.avatar} alt="" width={32} height={32} /> : null}
            <span className="top-bar__company-name">{company.name}</span>
          </Link>
          <div className="top-bar__end">
            {canSeeNotifications ? <NotificationsMenu /> : null}
            <UserMenu />
          </div>
        </header>
        {items.length > 0 ? <MainNavigation items={items} location={location} /> : null}
        <main id="main" className="app-frame__main" tabIndex={-1}>
          {children}
        </main>
      </div>
      <SnackbarHost store={snackbar} closeLabel={t('hr.common.close')} />
    </>
  );
}
