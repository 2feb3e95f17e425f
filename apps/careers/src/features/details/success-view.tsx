import { useTranslate } from '@kadry/ui/i18n';
import { SentIcon } from '../../components/ui/icons';
import { ResultPage } from '../../components/ui/result-page';

/** After a successful application (spec §2.2 'Success'). */
export function SuccessView({ listUrl }: { listUrl: string }) {
  const t = useTranslate();
  return (
    <ResultPage
      icon={<SentIcon />}
      title={t('careers.success.title')}
      titleId="success-title"
      text={t('careers.success.text')}
      action={
        <a className="button button--secondary" href={listUrl}>
          {t('careers.all_vacancies')}
        </a>
      }
    />
  );
}
