import type { VacancyDetails } from '@kadry/shared/schemas/vacancy';
import { useTranslate } from '@kadry/ui/i18n';
import { ArrowLeftIcon, FireIcon } from '../../components/ui/icons';

/** The heading of the details and form views: back link to the list, hot mark and the name (h1). */
export function VacancyHeading({ vacancy, listUrl }: { vacancy: VacancyDetails; listUrl: string }) {
  const t = useTranslate();
  return (
    <div className="vacancy-heading">
      <a className="back-link" href={listUrl}>
        <ArrowLeftIcon />
        <span>{t('careers.details.back')}</span>
      </a>
      <h1 className="vacancy-heading__title" tabIndex={-1}>
        {vacancy.is_hot ? (
          <>
            <FireIcon label={t('careers.hot')} size={24} />{' '}
          </>
        ) : null}
        <span>{vacancy.name}</span>
      </h1>
    </div>
  );
}
