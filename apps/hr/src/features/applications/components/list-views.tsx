import { useId } from 'react';
import { Link } from 'wouter';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { useLocale, useT } from '../../../lib/i18n';
import { useKeepPageInRange } from '../../../lib/list-filters';
import { useCandidates } from '../api/candidates';
import type { ApplicationFilters } from '../api/get-applications';
import { getCandidateLabel } from './candidate-name';
import { formatDay } from './person-format';
import './person.css';

// The candidates list's people view (issue 17, decision 027): one row per person.

/** How the list shows candidates: each application, or each person once. */
export const LIST_VIEWS = ['applications', 'people'] as const;
export type ListView = (typeof LIST_VIEWS)[number];

/** Radio buttons choosing the list's view (kept in the address by the list). */
export function ListViewToggle({ view, onChange }: { view: ListView; onChange: (view: ListView) => void }) {
  const t = useT();
  const name = useId();
  return (
    <fieldset className="list-view-toggle">
      <legend>{t('hr.person.view_label')}</legend>
      {LIST_VIEWS.map((value) => (
        <label key={value}>
          <input
            type="radio"
            name={name}
            value={value}
            checked={view === value}
            onChange={() => onChange(value)}
          />{' '}
          {t(`hr.person.view.${value}`)}
        </label>
      ))}
    </fieldset>
  );
}

/** The list's filters as the people and search endpoints take them (no sorting). */
function paramsOf(filters: ApplicationFilters) {
  return {
    page: filters.page,
    search: filters.search,
    vacancy_id: filters.vacancy_id,
    stage_id: filters.stage_id,
    source: filters.source,
    from: filters.from,
    to: filters.to,
    tag_id: filters.tag_id,
  };
}

/** The people view: one row per person with their number of applications and the latest one. */
export function PeopleList({
  filters,
  onPage,
}: {
  filters: ApplicationFilters;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const people = useCandidates(paramsOf(filters));
  useKeepPageInRange(
    filters.page,
    people.isPlaceholderData ? undefined : people.data?.meta.last_page,
    onPage,
  );
  return (
    <QueryState isPending={people.isPending} isError={people.isError} onRetry={() => people.refetch()}>
      <p role="status" className="visually-hidden">
        {people.data ? t('hr.person.people_found', { count: people.data.meta.total }) : ''}
      </p>
      {people.data?.data.length === 0 ? (
        <p>{t('hr.candidates.empty')}</p>
      ) : (
        <ul className="people-list" aria-label={t('hr.person.view.people')}>
          {(people.data?.data ?? []).map((person) => (
            <li key={person.id}>
              <Link href={`/applications/${person.latest_application.id}`}>
                {getCandidateLabel(person, t)}
              </Link>
              {person.email ? <span className="hint"> · {person.email}</span> : null}
              <div>
                {t('hr.person.application_count', { count: person.application_count })}
                <span className="hint">
                  {' · '}
                  {t('hr.person.latest', {
                    vacancy: person.latest_application.vacancy.name,
                    stage: person.latest_application.stage.name,
                    date: formatDay(person.latest_application.created_at, locale),
                  })}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={filters.page} lastPage={people.data?.meta.last_page ?? 1} onChange={onPage} />
    </QueryState>
  );
}
