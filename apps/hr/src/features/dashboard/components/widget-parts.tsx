import { type DashboardWidget, WIDGET_TEAMS_MAX } from '@kadry/shared/schemas/dashboard';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useEmployeeOptions, useSaveWidgetParams, useVisibleTeams } from '../api/dashboard-api';

// What every widget shares: its loading, failure and empty states, dates said the user's way, and
// the settings panel that saves its parameters.

/** A widget's title, by its name. */
export function useWidgetTitle(): (widget: DashboardWidget) => string {
  const t = useT();
  return (widget) => t(`hr.dashboard.widget.${widget}`);
}

/**
 * A widget's data states: loading (a status), failure (an alert with a retry), empty (`empty`), then
 * the content. The failure was already shown as a snackbar by the API client.
 */
export function WidgetState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'isPending' | 'isError' | 'data' | 'refetch'>;
  isEmpty: (data: T) => boolean;
  empty: string;
  children: (data: T) => ReactNode;
}) {
  const t = useT();
  if (query.isError) {
    return (
      <div role="alert" className="dashboard-widget__state">
        <p>{t('hr.dashboard.widget_failed')}</p>
        <button type="button" onClick={() => query.refetch()}>
          {t('hr.common.retry')}
        </button>
      </div>
    );
  }
  if (query.isPending || query.data === undefined) {
    return (
      <p role="status" className="dashboard-widget__state">
        {t('hr.common.loading')}
      </p>
    );
  }
  if (isEmpty(query.data)) return <p className="dashboard-widget__state dashboard-widget__empty">{empty}</p>;
  return <>{children(query.data)}</>;
}

function localeOf(locale: string): string {
  return locale === 'ru' || locale === 'uk' ? locale : 'en';
}

/** A calendar date (YYYY-MM-DD) as the user reads it, never shifted by a time zone. */
export function useFormatDay(options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) {
  const { user } = usePageData();
  const format = new Intl.DateTimeFormat(localeOf(user.locale), { ...options, timeZone: 'UTC' });
  return (iso: string) => format.format(new Date(`${iso}T00:00:00Z`));
}

/** "Today", "Tomorrow", "In 5 days". */
export function useSayWhen(): (daysUntil: number) => string {
  const t = useT();
  return (daysUntil) => {
    if (daysUntil === 0) return t('hr.dashboard.when.today');
    if (daysUntil === 1) return t('hr.dashboard.when.tomorrow');
    return t('hr.dashboard.when.in_days', { count: daysUntil });
  };
}

/** How many rows a widget shows: the choices of its settings. */
export const LIMIT_CHOICES = [3, 5, 10, 20] as const;

/**
 * A widget's settings behind a button: a form of its parameters, saved as the widget's params (spec
 * §7.2). `fields` renders the controls of the draft; `onDraft` changes it.
 */
export function WidgetSettings<P extends Record<string, unknown>>({
  widget,
  params,
  children,
}: {
  widget: DashboardWidget;
  params: P;
  children: (draft: P, change: (patch: Partial<P>) => void, idPrefix: string) => ReactNode;
}) {
  const t = useT();
  const title = useWidgetTitle();
  const ids = useId();
  const [draft, setDraft] = useState<P | null>(null);
  const save = useSaveWidgetParams(widget);
  const panelId = `${ids}-settings`;
  const isOpen = draft !== null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    save.mutate(draft, {
      onSuccess: () => {
        setDraft(null);
        snackbar.success(t('hr.dashboard.settings_saved'));
      },
    });
  };

  return (
    <div className="dashboard-widget__settings">
      <button
        type="button"
        className="dashboard-widget__settings-toggle"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-label={t('hr.dashboard.settings_of', { name: title(widget) })}
        onClick={() => setDraft(isOpen ? null : params)}
      >
        {t('hr.dashboard.settings')}
      </button>
      {isOpen ? (
        <form id={panelId} className="dashboard-widget__settings-form" onSubmit={onSubmit}>
          {children(draft, (patch) => setDraft({ ...draft, ...patch }), ids)}
          <div className="dashboard-widget__settings-actions">
            <button type="submit" className="primary" disabled={save.isPending}>
              {t('hr.common.save')}
            </button>
            <button type="button" onClick={() => setDraft(null)}>
              {t('hr.dashboard.cancel')}
            </button>
          </div>
        </form>
      ) : null}
    </div>
  );
}

/** The rows-shown select of a widget's settings. */
export function LimitField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number;
  onChange: (limit: number) => void;
}) {
  const t = useT();
  const choices: number[] = LIMIT_CHOICES.includes(value as (typeof LIMIT_CHOICES)[number])
    ? [...LIMIT_CHOICES]
    : [...LIMIT_CHOICES, value].sort((a, b) => a - b);
  return (
    <div className="field">
      <label htmlFor={`${id}-limit`}>{t('hr.dashboard.limit')}</label>
      <select id={`${id}-limit`} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {choice}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * A one-team filter of a widget's settings: every team the user sees, or one (loaded once opened).
 * For params with a single `team_id` (the requests widget); `team_ids` params take TeamsField.
 */
export function TeamField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: number | null;
  onChange: (teamId: number | null) => void;
}) {
  const t = useT();
  const teams = useVisibleTeams({ isEnabled: true });
  return (
    <div className="field">
      <label htmlFor={`${id}-team`}>{t('hr.dashboard.team_filter')}</label>
      <select
        id={`${id}-team`}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{t('hr.dashboard.all_teams')}</option>
        {(teams.data ?? []).map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The team filter of a widget's settings (`team_ids`): any number of the teams the user sees, none
 * meaning all. The chosen ones are chips; a text box narrows the (scrolling) list of checkboxes.
 */
export function TeamsField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const t = useT();
  const teams = useVisibleTeams({ isEnabled: true });
  const [search, setSearch] = useState('');
  const chipsRef = useRef<HTMLUListElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const names = new Map((teams.data ?? []).map((team) => [team.id, team.name]));
  const nameOf = (teamId: number) => names.get(teamId) ?? t('hr.dashboard.teams.unknown', { id: teamId });
  const needle = search.trim().toLocaleLowerCase();
  const shown = (teams.data ?? []).filter((team) => team.name.toLocaleLowerCase().includes(needle));
  // The params schema takes at most WIDGET_TEAMS_MAX: more would be refused with a 422 on save.
  const isFull = value.length >= WIDGET_TEAMS_MAX;

  const toggle = (teamId: number, isChecked: boolean) =>
    onChange(isChecked ? [...value, teamId] : value.filter((chosen) => chosen !== teamId));
  const remove = (index: number) => {
    // The chip's button goes away with it: focus moves to a neighbour, or to the search box.
    const buttons = chipsRef.current?.querySelectorAll('button');
    (buttons?.[index + 1] ?? buttons?.[index - 1] ?? searchRef.current)?.focus();
    onChange(value.filter((_, at) => at !== index));
  };
  // Enter in the search box would submit the whole settings form.
  const onSearchKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') event.preventDefault();
  };

  const renderList = () => {
    if (teams.isError && !teams.data) {
      return (
        <div role="alert" className="dashboard-teams__state">
          <p>{t('hr.dashboard.teams.failed')}</p>
          <button type="button" onClick={() => teams.refetch()}>
            {t('hr.common.retry')}
          </button>
        </div>
      );
    }
    if (!teams.data) {
      return (
        <p role="status" className="dashboard-teams__state">
          {t('hr.common.loading')}
        </p>
      );
    }
    if (teams.data.length === 0)
      return <p className="dashboard-teams__state">{t('hr.dashboard.teams.none')}</p>;
    if (shown.length === 0) {
      return (
        <p className="dashboard-teams__state">{t('hr.dashboard.teams.no_match', { query: search.trim() })}</p>
      );
    }
    return (
      <ul className="dashboard-teams__list">
        {shown.map((team) => {
          const isChecked = value.includes(team.id);
          return (
            <li key={team.id}>
              <label>
                <input
                  type="checkbox"
                  checked={isChecked}
                  disabled={isFull && !isChecked}
                  onChange={(event) => toggle(team.id, event.target.checked)}
                />{' '}
                {team.name}
              </label>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <fieldset className="dashboard-teams" aria-describedby={`${id}-teams-hint`}>
      <legend>{t('hr.dashboard.teams_filter')}</legend>
      {value.length === 0 ? (
        <p className="dashboard-teams__all">{t('hr.dashboard.all_teams')}</p>
      ) : (
        <ul ref={chipsRef} className="dashboard-teams__chips" aria-label={t('hr.dashboard.teams.chosen')}>
          {value.map((teamId, index) => (
            <li key={teamId} className="chip chip--blue dashboard-teams__chip">
              <span>{nameOf(teamId)}</span>
              <button
                type="button"
                aria-label={t('hr.dashboard.teams.remove', { team: nameOf(teamId) })}
                onClick={() => remove(index)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="hint" id={`${id}-teams-hint`}>
        {t('hr.dashboard.teams.hint', { count: WIDGET_TEAMS_MAX })}
      </p>
      <div className="dashboard-teams__search">
        <label htmlFor={`${id}-teams-search`}>{t('hr.dashboard.teams.search')}</label>
        <input
          ref={searchRef}
          id={`${id}-teams-search`}
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={onSearchKeyDown}
        />
      </div>
      <p role="status" className="visually-hidden">
        {needle !== '' && teams.data ? t('hr.dashboard.teams.found', { count: shown.length }) : ''}
      </p>
      {renderList()}
      {value.length > 0 ? (
        <button
          type="button"
          className="dashboard-teams__clear"
          onClick={() => {
            onChange([]);
            searchRef.current?.focus();
          }}
        >
          {t('hr.dashboard.teams.clear')}
        </button>
      ) : null}
    </fieldset>
  );
}

/** At most this many people are options at once; a search narrows the rest (companies of 10,000). */
export const PERSON_OPTIONS_MAX = 200;

/**
 * A one-person filter (everyone, or one person the user sees, from `employee.all`): a search box
 * narrows a native select to at most PERSON_OPTIONS_MAX names, the chosen person always among them,
 * so a company of thousands stays quick to pick from by keyboard. The dashboard's requests widget and
 * the HR actions' settings and dialog use it.
 */
export function PersonField({
  id,
  label,
  allLabel,
  value,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: number | null;
  onChange: (employeeId: number | null) => void;
}) {
  const t = useT();
  const people = useEmployeeOptions({ isEnabled: true });
  const [search, setSearch] = useState('');
  const everyone = people.data ?? [];
  const needle = search.trim().toLocaleLowerCase();
  const matches =
    needle === '' ? everyone : everyone.filter((person) => person.name.toLocaleLowerCase().includes(needle));
  const shown = matches.slice(0, PERSON_OPTIONS_MAX);
  const chosen = value === null ? undefined : everyone.find((person) => person.id === value);
  if (chosen && !shown.includes(chosen)) shown.unshift(chosen);
  const hidden = Math.max(0, matches.length - PERSON_OPTIONS_MAX);
  const hintId = `${id}-person-hint`;
  return (
    <div className="field dashboard-person">
      <label htmlFor={`${id}-person-search`}>{t('hr.dashboard.person.search')}</label>
      <input
        id={`${id}-person-search`}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        // Enter here would submit the whole settings form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
        aria-describedby={hidden > 0 ? hintId : undefined}
      />
      <label htmlFor={`${id}-person`}>{label}</label>
      <select
        id={`${id}-person`}
        value={value ?? ''}
        aria-busy={people.isPending}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        <option value="">{allLabel}</option>
        {chosen === undefined && value !== null ? (
          <option value={value}>{t('hr.dashboard.person.unknown', { id: value })}</option>
        ) : null}
        {shown.map((person) => (
          <option key={person.id} value={person.id}>
            {person.name}
          </option>
        ))}
      </select>
      {hidden > 0 ? (
        <p id={hintId} className="hint">
          {t('hr.dashboard.person.more', { count: hidden })}
        </p>
      ) : null}
      {needle !== '' && people.data && matches.length === 0 ? (
        <p className="hint" role="status">
          {t('hr.dashboard.person.no_match', { query: search.trim() })}
        </p>
      ) : null}
      {people.isError ? (
        <p role="alert">
          {t('hr.dashboard.person.failed')}{' '}
          <button type="button" onClick={() => people.refetch()}>
            {t('hr.common.retry')}
          </button>
        </p>
      ) : null}
    </div>
  );
}
