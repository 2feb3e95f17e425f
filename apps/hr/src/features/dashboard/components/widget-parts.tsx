import type { DashboardWidget } from '@kadry/shared/schemas/dashboard';
import type { UseQueryResult } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useSaveWidgetParams, useVisibleTeams } from '../api/dashboard-api';

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

/** A team filter of a widget's settings: every team the user sees, or one (loaded once opened). */
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
