import type { VacancyDetails } from '@kadry/shared/schemas/vacancy';
import { VACANCY_BODY_SECTIONS, type VacancyBodySection } from '@kadry/shared/vacancy-sections';
import { useTranslate } from '@kadry/ui/i18n';
import { MetaSeparator, selectNonEmptyParts } from '../../components/ui/meta-line';

const SECTION_TITLE_KEYS: Record<VacancyBodySection, string> = {
  description: 'careers.section.description',
  demand: 'careers.section.demand',
  responsibility: 'careers.section.responsibility',
  addition: 'careers.section.addition',
  working_conditions: 'careers.section.working_conditions',
};

/**
 * Salary (bold), residence and experience on one line; work_types and each 'language - level' follow
 * on wide screens and move to their own lines at 600 px or less (CSS `.vacancy-meta__extra`).
 */
function VacancyMeta({ vacancy }: { vacancy: VacancyDetails }) {
  const main = selectNonEmptyParts([
    { key: 'salary', text: vacancy.salary, isBold: true },
    { key: 'residence', text: vacancy.residence },
    { key: 'experience', text: vacancy.experience },
  ]);
  const extra = selectNonEmptyParts([
    { key: 'work_types', text: vacancy.work_types },
    ...vacancy.languages.map((entry, index) => ({
      key: `language-${index}`,
      text: `${entry.language} - ${entry.level}`,
    })),
  ]);
  if (main.length === 0 && extra.length === 0) return null;
  return (
    <p className="vacancy-meta">
      {main.map((part, index) => (
        <span key={part.key} className="vacancy-meta__main">
          {index > 0 ? <MetaSeparator /> : null}
          {part.isBold ? <strong>{part.text}</strong> : part.text}
        </span>
      ))}
      {extra.map((part, index) => (
        <span key={part.key} className="vacancy-meta__extra">
          {main.length > 0 || index > 0 ? <MetaSeparator /> : null}
          {part.text}
        </span>
      ))}
    </p>
  );
}

/**
 * The details view: meta line and the non-empty body sections. Section HTML comes from the server
 * already sanitised with an allowlist and linkified (apps/server/src/modules/careers/vacancy-html.ts).
 */
export function VacancyDetailsView({ vacancy }: { vacancy: VacancyDetails }) {
  const t = useTranslate();
  return (
    <div className="vacancy-details">
      <VacancyMeta vacancy={vacancy} />
      {VACANCY_BODY_SECTIONS.map((section) => {
        const html = vacancy[section];
        if (!html || html.trim() === '') return null;
        const titleId = `vacancy-section-${section}`;
        return (
          <section key={section} className="vacancy-section" aria-labelledby={titleId}>
            <h2 className="vacancy-section__title" id={titleId}>
              {t(SECTION_TITLE_KEYS[section])}
            </h2>
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server's allowlist. */}
            <div className="vacancy-section__body" dangerouslySetInnerHTML={{ __html: html }} />
          </section>
        );
      })}
    </div>
  );
}
