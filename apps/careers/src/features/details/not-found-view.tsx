import { useTranslate } from '@kadry/ui/i18n';
import { NotFoundIcon } from '../../components/ui/icons';
import { ResultPage } from '../../components/ui/result-page';

/** An unknown or unpublished vacancy (spec §2.2 'Not found'). */
export function NotFoundView({ listUrl }: { listUrl: string }) {
  const t = useTranslate();
  return (
    <ResultPage
      icon={<NotFoundIcon />}
      title={t('careers.not_found.title')}
      titleId="not-found-title"
      text={t('careers.not_found.text')}
      action={
        <a className="button button--secondary" href={listUrl}>
          {t('careers.all_vacancies')}
        </a>
      }
    />
  );
}
