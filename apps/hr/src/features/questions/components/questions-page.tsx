import { Tab, TabList, TabPanel, TabProvider } from '@ariakit/react';
import { QUESTION_STATUSES, type Question, type QuestionStatus } from '@kadry/shared/schemas/questions';
import { useDebouncedValue } from '@kadry/ui/use-debounced-value';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { type QuestionsScope, useQuestions } from '../api/questions-api';
import { AskDialog } from './ask-dialog';
import { QuestionStatusChip, useAskerText, useFormatInstant } from './question-parts';
import './questions.css';

const PER_PAGE = 20;
const SEARCH_DEBOUNCE_MS = 500;

/** One question in a list: its subject (a link to it), status, who asked and when, the answer's start. */
export function QuestionItem({ question }: { question: Question }) {
  const t = useT();
  const askerText = useAskerText();
  const formatInstant = useFormatInstant();
  return (
    <article className="question-item" aria-labelledby={`question-${question.id}`}>
      <div className="question-item__head">
        <h2 id={`question-${question.id}`} className="question-item__subject">
          <Link href={`/questions/${question.id}`}>{question.subject}</Link>
        </h2>
        <QuestionStatusChip status={question.status} />
      </div>
      <p className="question-item__meta">
        {askerText(question)} ·{' '}
        <time dateTime={question.created_at}>{formatInstant(question.created_at)}</time>
      </p>
      <p className="question-item__text">{question.text}</p>
      {question.answer ? (
        <p className="question-item__answer">
          <strong>{t('hr.questions.answer')}:</strong> {question.answer}
        </p>
      ) : null}
    </article>
  );
}

/** A list of one scope with its filters (status; and search for everyone's) and paging. */
function QuestionsList({ scope }: { scope: QuestionsScope }) {
  const t = useT();
  const ids = useId();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<QuestionStatus | ''>('');
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = useQuestions(scope, {
    page,
    per_page: PER_PAGE,
    status: status || undefined,
    search: scope === 'all' ? searched || undefined : undefined,
  });
  const data = query.data;
  return (
    <>
      <div className="filters questions__filters">
        <div className="field">
          <label htmlFor={`${ids}-status`}>{t('hr.questions.filter.status')}</label>
          <select
            id={`${ids}-status`}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as QuestionStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('hr.questions.filter.any_status')}</option>
            {QUESTION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`hr.questions.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        {scope === 'all' ? (
          <div className="field">
            <label htmlFor={`${ids}-search`}>{t('hr.questions.filter.search')}</label>
            <input
              id={`${ids}-search`}
              type="search"
              value={search}
              maxLength={200}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </div>
        ) : null}
      </div>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        error={query.error}
        onRetry={() => query.refetch()}
      >
        {data ? (
          <>
            <p className="visually-hidden" role="status">
              {t('hr.questions.found', { count: data.meta.total })}
            </p>
            {data.data.length === 0 ? (
              <p className="questions__empty">{t(`hr.questions.empty.${scope}`)}</p>
            ) : (
              <ul className="questions__list">
                {data.data.map((question) => (
                  <li key={question.id}>
                    <QuestionItem question={question} />
                  </li>
                ))}
              </ul>
            )}
            <Pagination page={page} lastPage={data.meta.last_page} onChange={setPage} />
          </>
        ) : null}
      </QueryState>
    </>
  );
}

/**
 * Questions to HR (issue 15): "My questions" for everyone, "All questions" for HR (the Dashboard
 * action answer_questions); asking from here.
 */
export function QuestionsPage() {
  const t = useT();
  const ids = useId();
  const permissions = usePermissions();
  const isHr = permissions.canDo('Dashboard', 'answer_questions');
  const [scope, setScope] = useState<QuestionsScope>('my');
  const [isAsking, setIsAsking] = useState(false);
  const scopes: QuestionsScope[] = isHr ? ['my', 'all'] : ['my'];
  const shown = isHr ? scope : 'my';
  const tabId = (value: QuestionsScope) => `${ids}-${value}`;
  return (
    <section className="questions">
      <PageHeading
        actions={
          <button type="button" className="primary" onClick={() => setIsAsking(true)}>
            {t('hr.questions.ask')}
          </button>
        }
      >
        {t('hr.questions.title')}
      </PageHeading>
      <TabProvider
        selectedId={tabId(shown)}
        setSelectedId={(id) => {
          const next = scopes.find((value) => tabId(value) === id);
          if (next) setScope(next);
        }}
      >
        <TabList className="tabs" aria-label={t('hr.questions.scopes')}>
          {scopes.map((value) => (
            <Tab key={value} id={tabId(value)} className="tabs__tab">
              {t(`hr.questions.scope.${value}`)}
            </Tab>
          ))}
        </TabList>
        <TabPanel tabId={tabId(shown)}>
          <QuestionsList key={shown} scope={shown} />
        </TabPanel>
      </TabProvider>
      <AskDialog open={isAsking} onClose={() => setIsAsking(false)} />
    </section>
  );
}
