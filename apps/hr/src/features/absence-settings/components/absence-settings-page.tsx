import { Link } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { useT } from '../../../lib/i18n';
import { CalendarsSection } from './calendars-section';
import { PoliciesSection } from './policies-section';
import { TypesSection } from './types-section';
import './absence-settings.css';

export const ABSENCE_SETTINGS_PATH = '/settings/absences';

const SECTIONS = [
  { key: 'types', path: ABSENCE_SETTINGS_PATH },
  { key: 'policies', path: `${ABSENCE_SETTINGS_PATH}/policies` },
  { key: 'calendars', path: `${ABSENCE_SETTINGS_PATH}/calendars` },
] as const;

type SectionKey = (typeof SECTIONS)[number]['key'];

/** Absence settings: types, policies and work calendars, one section at a time. */
export function AbsenceSettingsPage({ section }: { section: string | undefined }) {
  const t = useT();
  const current: SectionKey | null =
    section === undefined ? 'types' : (SECTIONS.find((item) => item.key === section)?.key ?? null);
  return (
    <section className="absence-settings">
      <PageHeading>{t('hr.absence_settings.title')}</PageHeading>
      <nav aria-label={t('hr.absence_settings.sections')} className="absence-settings__tabs">
        <ul>
          {SECTIONS.map((item) => (
            <li key={item.key}>
              <Link href={item.path} aria-current={item.key === current ? 'page' : undefined}>
                {t(`hr.absence_settings.section.${item.key}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {current === 'types' ? (
        <TypesSection />
      ) : current === 'policies' ? (
        <PoliciesSection />
      ) : current === 'calendars' ? (
        <CalendarsSection />
      ) : (
        <p role="status">{t('hr.common.not_found')}</p>
      )}
    </section>
  );
}
