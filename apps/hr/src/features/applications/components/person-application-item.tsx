import type { PersonApplication } from '@kadry/shared/schemas/candidates';
import { Link } from 'wouter';
import { useLocale, useT } from '../../../lib/i18n';
import { formatDay } from './person-format';

/** One application of the person: vacancy (a link unless it is the one shown), stage, date, rejection. */
export function PersonApplicationItem({
  application,
  isCurrent = false,
}: {
  application: PersonApplication;
  isCurrent?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  return (
    <li className="person__application" aria-current={isCurrent ? 'page' : undefined}>
      {isCurrent ? (
        <strong>{application.vacancy.name}</strong>
      ) : (
        <Link href={`/applications/${application.id}`}>{application.vacancy.name}</Link>
      )}
      <span className="hint">
        {' · '}
        {application.stage.name}
        {' · '}
        {formatDay(application.created_at, locale)}
      </span>
      {application.rejected_at ? (
        <>
          {' '}
          <span className="chip chip--red">{t('hr.recruiting_mail.rejected_chip')}</span>
        </>
      ) : null}
      {isCurrent ? <span className="hint"> ({t('hr.person.this_application')})</span> : null}
    </li>
  );
}
