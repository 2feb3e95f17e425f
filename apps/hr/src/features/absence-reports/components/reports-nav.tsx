import type { AbsenceType } from '@kadry/shared/schemas/absences';
import { Link, useLocation } from 'wouter';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { canOpenScreen, type Screen } from '../../../lib/screens';
import './absence-reports.css';

const PAGES: { screen: Screen; path: string; label: string }[] = [
  { screen: 'absenceTimeline', path: '/absences/timeline', label: 'hr.absenceReports.nav.timeline' },
  { screen: 'absenceReport', path: '/absences/report', label: 'hr.absenceReports.nav.report' },
  { screen: 'absenceFeeds', path: '/absences/feeds', label: 'hr.absenceReports.nav.feeds' },
];

/** Links between the absence report screens the user may open. */
export function ReportsNav() {
  const t = useT();
  const [location] = useLocation();
  const { settings } = usePageData();
  const permissions = usePermissions();
  const pages = PAGES.filter((page) => canOpenScreen(page.screen, settings.tariffs, permissions));
  if (pages.length < 2) return null;
  return (
    <nav aria-label={t('hr.absenceReports.nav.label')} className="absence-reports-nav">
      <ul>
        {pages.map((page) => (
          <li key={page.screen}>
            <Link href={page.path} aria-current={location === page.path ? 'page' : undefined}>
              {t(page.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A type's name in the user's language. */
export function useTypeName(): (type: Pick<AbsenceType, 'names'> | undefined, code: string) => string {
  const locale = useLocale();
  return (type, code) => (type ? type.names[locale] || type.names.en : code);
}

/** The current month (YYYY-MM) on the user's clock. */
export function currentMonth(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
}

/** A month moved by `by` months. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1 + by, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** "March 2031" in the user's language. */
export function useMonthLabel(): (month: string) => string {
  const locale = useLocale();
  return (month) => {
    const [year, number] = month.split('-').map(Number);
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(Date.UTC(year ?? 1970, (number ?? 1) - 1, 1)),
    );
  };
}

/** A plain date (YYYY-MM-DD) as the user reads it, e.g. "22 Dec 2031". */
export function useDateLabel(): (date: string) => string {
  const locale = useLocale();
  return (date) => {
    const [year, month, day] = date.split('-').map(Number);
    return new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)));
  };
}

/** A number of days or hours as the user writes it (6.5 → "6,5" in Ukrainian). */
export function useAmount(): (amount: number) => string {
  const locale = useLocale();
  return (amount) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(amount);
}
