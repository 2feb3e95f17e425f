import { formatFileSize } from '@kadry/shared/format/file-size';
import { route } from '@kadry/shared/routes';
import { CHILD_AGE_MAX, CHILD_GENDERS, type ChildGender } from '@kadry/shared/schemas/statistics';
import { visibleTeamsResponseSchema } from '@kadry/shared/schemas/teams';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { sendChildrenFilterEvent } from '../../../lib/analytics';
import { api } from '../../../lib/api-client';
import { useLocale, useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import {
  type ChildrenFilterValues,
  childrenParams,
  downloadChildrenExport,
  useChildrenStatistics,
} from '../api/children-statistics';
import { AgeGroupBars, GenderBars } from './children-charts';
import './statistics.css';

const PER_PAGE = 20;
const EMPTY_FILTER: ChildrenFilterValues = { team_ids: [] };

/** The teams the user sees, by name (spec §7.2 `dictionaries/visible-teams`, list mode). */
function useTeamOptions() {
  return useQuery({
    queryKey: ['statistics', 'teams'],
    staleTime: 5 * 60_000,
    queryFn: async ({ signal }) =>
      (
        await api.get(route('dictionaries.visibleTeams', { mode: 'list' }), {
          schema: visibleTeamsResponseSchema,
          signal,
        })
      ).data.teams,
  });
}

/** A typed age ('' when empty), or undefined when it is not a whole number of years in range. */
function readAge(text: string): number | null | undefined {
  if (text.trim() === '') return null;
  if (!/^\d{1,3}$/.test(text.trim())) return undefined;
  const value = Number(text);
  return value <= CHILD_AGE_MAX ? value : undefined;
}

type Draft = { team_ids: number[]; age_from: string; age_to: string; gender: ChildGender | '' };

function toDraft(filter: ChildrenFilterValues): Draft {
  return {
    team_ids: filter.team_ids,
    age_from: filter.age_from === undefined ? '' : String(filter.age_from),
    age_to: filter.age_to === undefined ? '' : String(filter.age_to),
    gender: filter.gender ?? '',
  };
}

/** The filter form: teams (with their sub-teams), an age range and a gender, applied together. */
function ChildrenFilterForm({
  applied,
  onApply,
}: {
  applied: ChildrenFilterValues;
  onApply: (filter: ChildrenFilterValues) => void;
}) {
  const t = useT();
  const ids = useId();
  const teams = useTeamOptions();
  const [draft, setDraft] = useState<Draft>(() => toDraft(applied));
  const [ageError, setAgeError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const from = readAge(draft.age_from);
    const to = readAge(draft.age_to);
    if (from === undefined || to === undefined) {
      setAgeError(t('hr.statistics.age_invalid'));
      return;
    }
    if (from !== null && to !== null && from > to) {
      setAgeError(t('statistics.age_range_invalid'));
      return;
    }
    setAgeError(null);
    onApply({
      team_ids: draft.team_ids,
      age_from: from ?? undefined,
      age_to: to ?? undefined,
      gender: draft.gender === '' ? undefined : draft.gender,
    });
  };

  const toggleTeam = (id: number, isChecked: boolean) =>
    setDraft({
      ...draft,
      team_ids: isChecked ? [...draft.team_ids, id] : draft.team_ids.filter((teamId) => teamId !== id),
    });

  return (
    <search aria-label={t('hr.statistics.filters')}>
      <form className="children-filters" onSubmit={onSubmit} noValidate>
        <fieldset className="children-filters__teams">
          <legend>{t('hr.statistics.teams')}</legend>
          <p className="children-filters__hint" id={`${ids}-teams-hint`}>
            {t('hr.statistics.teams_hint')}
          </p>
          {teams.isPending ? (
            <p role="status">{t('hr.common.loading')}</p>
          ) : (teams.data ?? []).length === 0 ? (
            <p>{t('hr.statistics.no_teams')}</p>
          ) : (
            <ul className="children-filters__team-list" aria-describedby={`${ids}-teams-hint`}>
              {(teams.data ?? []).map((team) => (
                <li key={team.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={draft.team_ids.includes(team.id)}
                      onChange={(event) => toggleTeam(team.id, event.target.checked)}
                    />{' '}
                    {team.name}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="children-filters__fields">
          <div className="field">
            <label htmlFor={`${ids}-from`}>{t('hr.statistics.age_from')}</label>
            <input
              id={`${ids}-from`}
              inputMode="numeric"
              value={draft.age_from}
              aria-invalid={ageError !== null}
              aria-describedby={ageError ? `${ids}-age-error` : undefined}
              onChange={(event) => setDraft({ ...draft, age_from: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-to`}>{t('hr.statistics.age_to')}</label>
            <input
              id={`${ids}-to`}
              inputMode="numeric"
              value={draft.age_to}
              aria-invalid={ageError !== null}
              aria-describedby={ageError ? `${ids}-age-error` : undefined}
              onChange={(event) => setDraft({ ...draft, age_to: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-gender`}>{t('hr.statistics.gender')}</label>
            <select
              id={`${ids}-gender`}
              value={draft.gender}
              onChange={(event) => setDraft({ ...draft, gender: event.target.value as Draft['gender'] })}
            >
              <option value="">{t('hr.statistics.gender_any')}</option>
              {CHILD_GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {t(`statistics.gender.${gender}`)}
                </option>
              ))}
            </select>
          </div>
          {ageError ? (
            <p id={`${ids}-age-error`} className="field-error" role="alert">
              {ageError}
            </p>
          ) : null}
          <div className="children-filters__actions">
            <button type="submit" className="primary">
              {t('hr.statistics.apply')}
            </button>
            <button
              type="button"
              onClick={() => {
                setDraft(toDraft(EMPTY_FILTER));
                setAgeError(null);
                onApply(EMPTY_FILTER);
              }}
            >
              {t('hr.statistics.reset')}
            </button>
          </div>
        </div>
      </form>
    </search>
  );
}

/** The Export button: streams the file with a progress line, then saves it under the server's name. */
function ExportButton({ filter }: { filter: ChildrenFilterValues }) {
  const t = useT();
  const locale = useLocale();
  const [progress, setProgress] = useState<number | null>(null);
  const onExport = async () => {
    setProgress(0);
    try {
      const name = await downloadChildrenExport(filter, { onProgress: setProgress });
      snackbar.success(t('hr.statistics.exported', { name }));
    } catch {
      // The failure's message was shown by the request-error snackbar.
    } finally {
      setProgress(null);
    }
  };
  const isBusy = progress !== null;
  return (
    <div className="children-export">
      <button type="button" onClick={onExport} disabled={isBusy} aria-busy={isBusy}>
        {t('hr.statistics.export')}
      </button>
      <span role="status" className="children-export__status">
        {isBusy ? (
          <>
            <progress aria-label={t('hr.statistics.exporting')} />{' '}
            {progress > 0
              ? t('hr.statistics.exporting_bytes', { size: formatFileSize(progress, locale) })
              : t('hr.statistics.exporting')}
          </>
        ) : null}
      </span>
    </div>
  );
}

/**
 * Children statistics (issue 15): filters, counts by age group and gender (bars with their numbers
 * written out) and by year, the list of children with their parent, paged, and the XLSX export.
 * Applying the filter sends the analytics event 1001042 (spec §7.2).
 */
export function ChildrenStatisticsPage() {
  const t = useT();
  const permissions = usePermissions();
  const [filter, setFilter] = useState<ChildrenFilterValues>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const query = useChildrenStatistics(childrenParams(filter, { page, per_page: PER_PAGE }));
  const captionId = useId();
  const data = query.data;
  const locale = useLocale();
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });

  const apply = (next: ChildrenFilterValues) => {
    setFilter(next);
    setPage(1);
    void sendChildrenFilterEvent(next);
  };

  return (
    <section className="children-statistics">
      <PageHeading>{t('hr.statistics.title')}</PageHeading>
      <p>{t('hr.statistics.intro')}</p>
      <ChildrenFilterForm applied={filter} onApply={apply} />
      {permissions.canDo('Employee', 'export') ? <ExportButton filter={filter} /> : null}
      <QueryState isPending={query.isPending} isError={query.isError} onRetry={() => query.refetch()}>
        {data ? (
          <div aria-busy={query.isFetching}>
            <h2>{t('hr.statistics.summary')}</h2>
            <p role="status" className="children-statistics__total">
              {t('hr.statistics.total', { count: data.summary.total })}
            </p>
            {data.summary.total > 0 ? (
              <div className="children-statistics__charts">
                <AgeGroupBars summary={data.summary} />
                <GenderBars summary={data.summary} />
                <details className="children-statistics__years">
                  <summary>{t('hr.statistics.by_year')}</summary>
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">{t('hr.statistics.age_years')}</th>
                        <th scope="col" className="number">
                          {t('hr.statistics.count')}
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.summary.by_age.map((row) => (
                        <tr key={row.age}>
                          <th scope="row">{row.age}</th>
                          <td className="number">{row.count}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </details>
              </div>
            ) : null}
            <h2 id={captionId}>{t('hr.statistics.list')}</h2>
            {data.data.length === 0 ? (
              <p>{t('hr.statistics.empty')}</p>
            ) : (
              <>
                <section
                  className="table-scroll children-statistics__table"
                  aria-label={t('hr.statistics.list_region')}
                  // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll region takes focus to scroll by keyboard (axe scrollable-region-focusable).
                  tabIndex={0}
                >
                  <table aria-labelledby={captionId}>
                    <thead>
                      <tr>
                        <th scope="col">{t('hr.statistics.col.child')}</th>
                        <th scope="col">{t('hr.statistics.col.relation')}</th>
                        <th scope="col">{t('hr.statistics.col.gender')}</th>
                        <th scope="col">{t('hr.statistics.col.birth_date')}</th>
                        <th scope="col" className="number">
                          {t('hr.statistics.col.age')}
                        </th>
                        <th scope="col">{t('hr.statistics.col.parent')}</th>
                        <th scope="col">{t('hr.statistics.col.teams')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.data.map((row) => (
                        <tr key={row.id}>
                          <th scope="row">{row.name}</th>
                          <td>{row.relation ?? '—'}</td>
                          <td>{t(`statistics.gender.${row.gender}`)}</td>
                          <td>
                            <time dateTime={row.birth_date}>
                              {dayFormat.format(new Date(`${row.birth_date}T00:00:00Z`))}
                            </time>
                          </td>
                          <td className="number">{row.age}</td>
                          <td>
                            {permissions.can('Employee', 'view') ? (
                              <Link href={`/employees/${row.parent.id}`}>{row.parent.name}</Link>
                            ) : (
                              row.parent.name
                            )}
                          </td>
                          <td>{row.parent.teams.map((team) => team.name).join(', ')}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </section>
                <Pagination page={page} lastPage={data.meta.last_page} onChange={setPage} />
              </>
            )}
          </div>
        ) : null}
      </QueryState>
    </section>
  );
}
