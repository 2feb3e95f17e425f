import type { WidgetParams } from '@kadry/shared/schemas/dashboard';
import { useState } from 'react';
import { Link } from 'wouter';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useQuestions } from '../../questions/api/questions-api';
import { AskDialog } from '../../questions/components/ask-dialog';
import { QuestionStatusChip, useAskerText } from '../../questions/components/question-parts';
import { LimitField, WidgetSettings, WidgetState } from './widget-parts';

/**
 * The ask widget (issue 15): the user's questions to HR (`dashboard.ask.my`), or — for HR, with
 * `scope: all` — everyone's open ones (`dashboard.ask.all`), `per_page` from its limit; asking from
 * here.
 */
export function AskWidget({ params }: { params: WidgetParams<'ask'> }) {
  const t = useT();
  const permissions = usePermissions();
  const askerText = useAskerText();
  const isHr = permissions.canDo('Dashboard', 'answer_questions');
  const scope = isHr ? params.scope : 'my';
  const query = useQuestions(scope, {
    page: 1,
    per_page: params.limit,
    ...(scope === 'all' ? { status: 'open' as const } : {}),
  });
  const [isAsking, setIsAsking] = useState(false);
  return (
    <>
      <WidgetSettings widget="ask" params={params}>
        {(draft, change, id) => (
          <>
            <LimitField id={id} value={draft.limit} onChange={(limit) => change({ limit })} />
            {isHr ? (
              <div className="field">
                <label htmlFor={`${id}-scope`}>{t('hr.dashboard.ask.scope')}</label>
                <select
                  id={`${id}-scope`}
                  value={draft.scope}
                  onChange={(event) => change({ scope: event.target.value === 'all' ? 'all' : 'my' })}
                >
                  <option value="my">{t('hr.dashboard.ask.scope_my')}</option>
                  <option value="all">{t('hr.dashboard.ask.scope_all')}</option>
                </select>
              </div>
            ) : null}
          </>
        )}
      </WidgetSettings>
      <WidgetState
        query={query}
        isEmpty={(data) => data.data.length === 0}
        empty={t(scope === 'all' ? 'hr.dashboard.ask.empty_all' : 'hr.dashboard.ask.empty_my')}
      >
        {(data) => (
          <ul className="dashboard-widget__list">
            {data.data.map((question) => (
              <li key={question.id} className="dashboard-widget__row">
                <span className="dashboard-widget__primary">
                  <Link href={`/questions/${question.id}`}>{question.subject}</Link>
                </span>
                <span className="dashboard-widget__secondary">
                  <QuestionStatusChip status={question.status} /> {askerText(question)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </WidgetState>
      <div className="dashboard-widget__footer">
        <button type="button" onClick={() => setIsAsking(true)}>
          {t('hr.dashboard.ask.ask')}
        </button>{' '}
        <Link href="/questions">{t('hr.dashboard.ask.all')}</Link>
      </div>
      <AskDialog open={isAsking} onClose={() => setIsAsking(false)} />
    </>
  );
}
