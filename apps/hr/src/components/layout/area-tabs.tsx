import { Link, useLocation } from 'wouter';
import { useT } from '../../lib/i18n';
import { usePageData } from '../../lib/page-data';
import { usePermissions } from '../../lib/permissions/use-permissions';
import { canOpenScreen, SCREEN_LINKS, type Screen } from '../../lib/screens';
import './area-tabs.css';

/**
 * The screens of one area as tabs above its pages (the employees area: the directory and People &
 * access, issue 13), each shown when the user may open it; nothing when only one is left. The current
 * one is marked for assistive technology (`aria-current="page"`).
 */
export function AreaTabs({ label, screens }: { label: string; screens: readonly Screen[] }) {
  const t = useT();
  const [location] = useLocation();
  const permissions = usePermissions();
  const { settings } = usePageData();
  const links = SCREEN_LINKS.filter(
    (link) => screens.includes(link.screen) && canOpenScreen(link.screen, settings.tariffs, permissions),
  );
  if (links.length < 2) return null;
  return (
    <nav className="area-tabs" aria-label={label}>
      <ul>
        {links.map((link) => {
          const isCurrent = location === link.path;
          return (
            <li key={link.screen}>
              <Link href={link.path} aria-current={isCurrent ? 'page' : undefined}>
                {t(link.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The employees area: the directory and the accounts with their access. */
export const EMPLOYEES_AREA: readonly Screen[] = ['employees', 'staff'];
