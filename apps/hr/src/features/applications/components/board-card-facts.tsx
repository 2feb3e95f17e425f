import type { ApplicationSummary } from '@kadry/shared/schemas/recruiting';
import { useLocale, useT } from '../../../lib/i18n';
import { daysSince } from './application-table';
import './bulk.css';

/**
 * What a board card tells at a glance (issue 17): when they applied, from where, how long they have
 * been in the stage, and the latest rating the user may see. Each fact is named for screen readers.
 */
export function BoardCardFacts({ application }: { application: ApplicationSummary }) {
  const t = useT();
  const locale = useLocale();
  const applied = new Date(application.created_at);
  const days = daysSince(application.stage_entered_at, Date.now());
  return (
    <dl className="board-card__facts">
      <dt>{t('hr.candidates.applied')}</dt>
      <dd>
        <time dateTime={application.created_at}>
          {Number.isNaN(applied.getTime()) ? application.created_at : applied.toLocaleDateString(locale)}
        </time>
      </dd>
      {application.source ? (
        <>
          <dt>{t('hr.candidates.source')}</dt>
          <dd>{application.source}</dd>
        </>
      ) : null}
      {days !== null ? (
        <>
          <dt>{t('hr.recruiting_bulk.days_in_stage')}</dt>
          <dd>{t('hr.recruiting_bulk.days_in_stage_value', { count: days })}</dd>
        </>
      ) : null}
      {application.latest_recommendation ? (
        <>
          <dt>{t('hr.recruiting_bulk.rating')}</dt>
          <dd>{t(`hr.interviews.recommendation.${application.latest_recommendation}`)}</dd>
        </>
      ) : null}
    </dl>
  );
}
