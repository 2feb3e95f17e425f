import {
  CALENDAR_DAY_KINDS,
  type CalendarDay,
  type CalendarDayKind,
  ISO_WEEKDAYS,
  type NamedRef,
  type WorkCalendar,
  type WorkCalendarBody,
} from '@kadry/shared/schemas/absence-settings';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { QueryState } from '../../../components/ui/query-state';
import { TimeZoneSelect } from '../../../components/ui/time-zone-select';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useLocale, useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { formatDate } from '../../employees/components/format-date';
import {
  type DayChange,
  useCalendarDays,
  useChangeCalendarDay,
  useDeleteCalendar,
  useHolidayCountries,
  useImportHolidays,
  useSaveCalendar,
  useSetCalendarAssignments,
  useWorkCalendar,
  useWorkCalendars,
} from '../api/absence-settings-api';
import { AssignmentFields } from './assignment-fields';
import {
  Checkbox,
  CountryOptions,
  SaveCancelActions,
  SelectField,
  TextField,
  weekdayNames,
} from './settings-parts';

/** Work calendars: the list, then the chosen one's days of a year, holiday import and its people. */
export function CalendarsSection() {
  const t = useT();
  const locale = useLocale();
  const calendars = useWorkCalendars();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [editing, setEditing] = useState<WorkCalendar | 'new' | null>(null);
  const list = calendars.data ?? [];
  const chosen = list.find((calendar) => calendar.id === chosenId) ?? list[0] ?? null;
  const days = weekdayNames(locale);

  return (
    <section aria-labelledby="absence-calendars-heading">
      <div className="admin-section-heading">
        <h2 id="absence-calendars-heading">{t('hr.absence_settings.calendars.title')}</h2>
        <button type="button" className="primary" onClick={() => setEditing('new')}>
          {t('hr.absence_settings.calendars.new')}
        </button>
      </div>
      <p className="hint">{t('hr.absence_settings.calendars.text')}</p>
      <QueryState
        isPending={calendars.isPending}
        isError={calendars.isError}
        onRetry={() => calendars.refetch()}
      >
        {list.length === 0 ? (
          <p role="status">{t('hr.absence_settings.calendars.empty')}</p>
        ) : (
          <ul className="absence-settings__cards">
            {list.map((calendar) => (
              <li
                key={calendar.id}
                className="panel absence-settings__card"
                data-current={calendar.id === chosen?.id ? 'true' : undefined}
              >
                <h3>
                  {calendar.name}
                  {calendar.is_default ? (
                    <span className="chip chip--green absence-settings__chip">
                      {t('hr.absence_settings.calendars.default')}
                    </span>
                  ) : null}
                </h3>
                <p>
                  {calendar.working_weekdays.map((day) => days[day]).join(', ') ||
                    t('hr.absence_settings.calendars.no_working_days')}
                  {' · '}
                  {calendar.time_zone}
                  {calendar.country_code ? ` · ${calendar.country_code}` : ''}
                </p>
                <p className="hint">
                  {t('hr.absence_settings.calendars.people_count', { count: calendar.people_count })}
                  {' · '}
                  {t('hr.absence_settings.calendars.assigned_summary', {
                    own: calendar.employees_count,
                    teams: calendar.teams_count,
                  })}
                </p>
                <div className="admin-row-actions">
                  <button
                    type="button"
                    aria-pressed={calendar.id === chosen?.id}
                    aria-label={t('hr.absence_settings.calendars.open_named', { name: calendar.name })}
                    onClick={() => setChosenId(calendar.id)}
                  >
                    {t('hr.absence_settings.calendars.open')}
                  </button>
                  <button
                    type="button"
                    aria-label={t('hr.absence_settings.edit_named', { name: calendar.name })}
                    onClick={() => setEditing(calendar)}
                  >
                    {t('hr.absence_settings.edit')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {chosen ? <CalendarDetails key={chosen.id} calendar={chosen} /> : null}
      <DialogFrame
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing === 'new' || editing === null
            ? t('hr.absence_settings.calendars.new')
            : t('hr.absence_settings.calendars.edit_title', { name: editing.name })
        }
        size="wide"
        closesOnOutsideClick={false}
      >
        {editing !== null ? (
          <CalendarForm
            calendar={editing === 'new' ? null : editing}
            onDone={(id) => {
              if (id !== null) setChosenId(id);
              setEditing(null);
            }}
          />
        ) : null}
      </DialogFrame>
    </section>
  );
}

function CalendarForm({
  calendar,
  onDone,
}: {
  calendar: WorkCalendar | null;
  onDone: (id: number | null) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const { user } = usePageData();
  const ids = useId();
  const save = useSaveCalendar();
  const countries = useHolidayCountries();
  const [name, setName] = useState(calendar?.name ?? '');
  const [country, setCountry] = useState(calendar?.country_code ?? '');
  const [timeZone, setTimeZone] = useState(calendar?.time_zone ?? user.timezone ?? 'UTC');
  const [weekdays, setWeekdays] = useState<number[]>(calendar?.working_weekdays ?? [1, 2, 3, 4, 5]);
  const [isDefault, setIsDefault] = useState(calendar?.is_default ?? false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const names = weekdayNames(locale, 'long');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (!name.trim()) {
      setErrors({ name: t('hr.absence_settings.required') });
      return;
    }
    setErrors({});
    setFormError(null);
    const body: WorkCalendarBody = {
      name: name.trim(),
      country_code: country || null,
      time_zone: timeZone,
      working_weekdays: [...weekdays].sort((a, b) => a - b),
      is_default: isDefault,
    };
    try {
      const saved = await save.mutateAsync(
        calendar ? { kind: 'update', id: calendar.id, body } : { kind: 'create', body },
      );
      snackbar.success(t('hr.absence_settings.saved'));
      onDone(saved.id);
    } catch (error) {
      const fields = readServerFieldErrors(error);
      if (fields) setErrors(fields);
      setFormError(getRequestErrorMessage(error));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="absence-settings__form">
      <div className="absence-settings__grid">
        <TextField
          label={t('hr.absence_settings.calendars.name')}
          error={errors.name}
          maxLength={200}
          value={name}
          onChange={setName}
        />
        <Field
          label={t('hr.absence_settings.calendars.country')}
          hint={t('hr.absence_settings.calendars.country_hint')}
          error={errors.country_code}
        >
          {(control) => (
            <select {...control} value={country} onChange={(event) => setCountry(event.target.value)}>
              <option value="">{t('hr.absence_settings.calendars.no_country')}</option>
              <CountryOptions countries={countries.data} value={country} />
            </select>
          )}
        </Field>
        <div className="field">
          <label htmlFor={`${ids}-zone`}>{t('hr.absence_settings.calendars.time_zone')}</label>
          <TimeZoneSelect
            id={`${ids}-zone`}
            value={timeZone}
            onChange={setTimeZone}
            noMatchesText={t('hr.absence_settings.calendars.no_zone')}
            isInvalid={errors.time_zone ? true : undefined}
            describedBy={errors.time_zone ? `${ids}-zone-error` : undefined}
          />
          {errors.time_zone ? (
            <p className="field-error" id={`${ids}-zone-error`}>
              {errors.time_zone}
            </p>
          ) : null}
        </div>
      </div>
      <fieldset className="absence-settings__weekdays">
        <legend>{t('hr.absence_settings.calendars.working_days')}</legend>
        {ISO_WEEKDAYS.map((day) => (
          <label key={day} className="admin-checkbox">
            <input
              type="checkbox"
              checked={weekdays.includes(day)}
              onChange={(event) =>
                setWeekdays(
                  event.target.checked ? [...weekdays, day] : weekdays.filter((item) => item !== day),
                )
              }
            />
            {names[day]}
          </label>
        ))}
        {errors.working_weekdays ? <p className="field-error">{errors.working_weekdays}</p> : null}
      </fieldset>
      <Checkbox
        label={t('hr.absence_settings.calendars.is_default')}
        checked={isDefault}
        onChange={setIsDefault}
      />
      <p className="hint">{t('hr.absence_settings.calendars.default_hint')}</p>
      <FormError message={formError} />
      <SaveCancelActions isSaving={save.isPending} onCancel={() => onDone(null)} />
    </form>
  );
}

/** One calendar: its days of a year (with the import), and who counts on it. */
function CalendarDetails({ calendar }: { calendar: WorkCalendar }) {
  const t = useT();
  const remove = useDeleteCalendar();
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <section className="absence-settings__details" aria-labelledby={`calendar-${calendar.id}-heading`}>
      <div className="admin-section-heading">
        <h3 id={`calendar-${calendar.id}-heading`}>{calendar.name}</h3>
        <button
          type="button"
          aria-label={t('hr.absence_settings.delete_named', { name: calendar.name })}
          onClick={() => setIsDeleting(true)}
        >
          {t('hr.absence_settings.delete')}
        </button>
      </div>
      <CalendarDays calendar={calendar} />
      <CalendarPeople calendar={calendar} />
      <ConfirmDialog
        open={isDeleting}
        onClose={() => setIsDeleting(false)}
        role="alertdialog"
        title={t('hr.absence_settings.calendars.delete_title', { name: calendar.name })}
        confirmLabel={t('hr.absence_settings.delete')}
        cancelLabel={t('hr.absence_settings.cancel')}
        onConfirm={async () => {
          await remove.mutateAsync(calendar.id);
          snackbar.success(t('hr.absence_settings.calendars.deleted', { name: calendar.name }));
          setIsDeleting(false);
        }}
      >
        <p>{t('hr.absence_settings.calendars.delete_text')}</p>
      </ConfirmDialog>
    </section>
  );
}

function CalendarDays({ calendar }: { calendar: WorkCalendar }) {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const [year, setYear] = useState(() => new Date().getFullYear());
  const days = useCalendarDays(calendar.id, year);
  const change = useChangeCalendarDay(calendar.id);
  const [editing, setEditing] = useState<CalendarDay | null>(null);
  const [deleting, setDeleting] = useState<CalendarDay | null>(null);
  const list = days.data ?? [];

  return (
    <section aria-labelledby={`${ids}-days`}>
      <h4 id={`${ids}-days`}>{t('hr.absence_settings.calendars.days_title', { year })}</h4>
      <div className="absence-settings__year">
        <button
          type="button"
          aria-label={t('hr.absence_settings.calendars.year_previous', { year: year - 1 })}
          onClick={() => setYear(year - 1)}
        >
          ‹ {year - 1}
        </button>
        <strong aria-live="polite">{year}</strong>
        <button
          type="button"
          aria-label={t('hr.absence_settings.calendars.year_next', { year: year + 1 })}
          onClick={() => setYear(year + 1)}
        >
          {year + 1} ›
        </button>
      </div>
      <ImportHolidays calendar={calendar} year={year} />
      <QueryState isPending={days.isPending} isError={days.isError} onRetry={() => days.refetch()}>
        {list.length === 0 ? (
          <p role="status">{t('hr.absence_settings.calendars.no_days', { year })}</p>
        ) : (
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">{t('hr.absence_settings.calendars.date')}</th>
                  <th scope="col">{t('hr.absence_settings.calendars.day_name')}</th>
                  <th scope="col">{t('hr.absence_settings.calendars.kind')}</th>
                  <th scope="col">{t('hr.common.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.map((day) => (
                  <tr key={day.id}>
                    <th scope="row">{formatDate(day.date, locale)}</th>
                    <td>{day.name}</td>
                    <td>{t(`hr.absence_settings.day_kind.${day.kind}`)}</td>
                    <td>
                      <div className="admin-row-actions">
                        <button
                          type="button"
                          aria-label={t('hr.absence_settings.edit_named', {
                            name: formatDate(day.date, locale),
                          })}
                          onClick={() => setEditing(day)}
                        >
                          {t('hr.absence_settings.edit')}
                        </button>
                        <button
                          type="button"
                          aria-label={t('hr.absence_settings.delete_named', {
                            name: formatDate(day.date, locale),
                          })}
                          onClick={() => setDeleting(day)}
                        >
                          {t('hr.absence_settings.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      <section aria-labelledby={`${ids}-add`}>
        <h5 id={`${ids}-add`}>{t('hr.absence_settings.calendars.add_day')}</h5>
        <DayForm
          key={year}
          initial={{ date: `${year}-01-01`, name: '', kind: 'company_day_off' }}
          resetsOnSuccess
          submitLabel={t('hr.absence_settings.calendars.add')}
          onSubmit={(body) => change.mutateAsync({ kind: 'create', body })}
          doneText={t('hr.absence_settings.calendars.day_added')}
        />
      </section>
      <DialogFrame
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t('hr.absence_settings.calendars.edit_day', {
          date: editing ? formatDate(editing.date, locale) : '',
        })}
      >
        {editing ? (
          <DayForm
            initial={editing}
            submitLabel={t('hr.absence_settings.save')}
            onSubmit={async (body) => {
              await change.mutateAsync({ kind: 'update', dayId: editing.id, body });
              setEditing(null);
            }}
            onCancel={() => setEditing(null)}
            doneText={t('hr.absence_settings.saved')}
          />
        ) : null}
      </DialogFrame>
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        role="alertdialog"
        title={t('hr.absence_settings.calendars.delete_day', {
          date: deleting ? formatDate(deleting.date, locale) : '',
        })}
        confirmLabel={t('hr.absence_settings.delete')}
        cancelLabel={t('hr.absence_settings.cancel')}
        onConfirm={async () => {
          if (!deleting) return;
          const change_: DayChange = { kind: 'delete', dayId: deleting.id };
          await change.mutateAsync(change_);
          snackbar.success(t('hr.absence_settings.calendars.day_deleted'));
          setDeleting(null);
        }}
      >
        <p>{t('hr.absence_settings.calendars.delete_day_text')}</p>
      </ConfirmDialog>
    </section>
  );
}

type DayValues = { date: string; name: string; kind: CalendarDayKind };

function DayForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  doneText,
  resetsOnSuccess = false,
}: {
  initial: DayValues;
  /** Empties the form after a successful save (adding one day after another). */
  resetsOnSuccess?: boolean;
  submitLabel: string;
  onSubmit: (body: DayValues) => Promise<unknown>;
  onCancel?: () => void;
  doneText: string;
}) {
  const t = useT();
  const [values, setValues] = useState<DayValues>({
    date: initial.date,
    name: initial.name,
    kind: initial.kind,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date)) {
      setErrors({ date: t('hr.absence_settings.calendars.date_required') });
      return;
    }
    setErrors({});
    setFormError(null);
    setIsSaving(true);
    try {
      await onSubmit({ ...values, name: values.name.trim() });
      snackbar.success(doneText);
      if (resetsOnSuccess) setValues({ ...values, name: '' });
    } catch (error) {
      const fields = readServerFieldErrors(error);
      if (fields) setErrors(fields);
      else setFormError(getRequestErrorMessage(error));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="absence-settings__day-form">
      <Field label={t('hr.absence_settings.calendars.date')} isRequired error={errors.date}>
        {(control) => (
          <input
            {...control}
            type="date"
            required
            value={values.date}
            onChange={(event) => setValues({ ...values, date: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('hr.absence_settings.calendars.day_name')} error={errors.name}>
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={200}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: event.target.value })}
          />
        )}
      </Field>
      <SelectField
        label={t('hr.absence_settings.calendars.kind')}
        error={errors.kind}
        value={values.kind}
        options={CALENDAR_DAY_KINDS}
        optionLabel={(kind) => t(`hr.absence_settings.day_kind.${kind}`)}
        onChange={(kind) => setValues({ ...values, kind })}
      />
      <FormError message={formError} />
      <div className="absence-settings__form-actions">
        <button type="submit" className="primary" aria-disabled={isSaving}>
          {submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel}>
            {t('hr.absence_settings.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** "Import public holidays": a country (the calendar's by default) for the year on screen. */
function ImportHolidays({ calendar, year }: { calendar: WorkCalendar; year: number }) {
  const t = useT();
  const ids = useId();
  const countries = useHolidayCountries();
  const importing = useImportHolidays(calendar.id);
  const [country, setCountry] = useState(calendar.country_code ?? '');
  const [result, setResult] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (importing.isPending) return;
    if (!country) {
      setError(t('hr.absence_settings.calendars.country_required'));
      return;
    }
    setError(null);
    setResult(null);
    try {
      const done = await importing.mutateAsync({ country, year });
      setResult(
        t('hr.absence_settings.calendars.imported', { added: done.added, skipped: done.skipped, year }),
      );
    } catch (failure) {
      setError(readServerFieldErrors(failure)?.country ?? getRequestErrorMessage(failure));
    }
  };

  return (
    <form onSubmit={submit} noValidate className="absence-settings__import">
      <div className="field">
        <label htmlFor={`${ids}-country`}>{t('hr.absence_settings.calendars.import_country')}</label>
        <select
          id={`${ids}-country`}
          value={country}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          onChange={(event) => setCountry(event.target.value)}
        >
          <option value="">{t('hr.absence_settings.calendars.choose_country')}</option>
          <CountryOptions countries={countries.data} value={country} />
        </select>
      </div>
      <button type="submit" aria-disabled={importing.isPending}>
        {t('hr.absence_settings.calendars.import', { year })}
      </button>
      {error ? (
        <p className="field-error" id={`${ids}-error`} role="alert">
          {error}
        </p>
      ) : null}
      <p role="status" className="hint">
        {result ?? ''}
      </p>
    </form>
  );
}

/**
 * Who counts on the calendar: people assigned to it themselves (each removable), and the teams assigned
 * to it (their members, later joiners and sub-teams without a calendar count on it too).
 */
function CalendarPeople({ calendar }: { calendar: WorkCalendar }) {
  const t = useT();
  const detail = useWorkCalendar(calendar.id);
  const assign = useSetCalendarAssignments(calendar.id);
  const [people, setPeople] = useState<NamedRef[] | null>(null);
  const [teamIds, setTeamIds] = useState<number[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const shown = people ?? detail.data?.employees ?? [];
  const shownTeams = teamIds ?? detail.data?.teams.map((team) => team.id) ?? [];
  const headingId = `calendar-${calendar.id}-people`;

  const save = async () => {
    if (assign.isPending) return;
    setErrors({});
    setFormError(null);
    try {
      const saved = await assign.mutateAsync({
        employee_ids: shown.map((person) => person.id),
        team_ids: shownTeams,
      });
      setPeople(null);
      setTeamIds(null);
      snackbar.success(t('hr.absence_settings.calendars.assigned', { count: saved.people_count }));
    } catch (error) {
      const fields = readServerFieldErrors(error);
      if (fields) setErrors(fields);
      else setFormError(getRequestErrorMessage(error));
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId}>{t('hr.absence_settings.calendars.people_title')}</h4>
      <p className="hint">
        {calendar.is_default
          ? t('hr.absence_settings.calendars.people_default_hint')
          : t('hr.absence_settings.calendars.people_hint')}
      </p>
      <QueryState isPending={detail.isPending} isError={detail.isError} onRetry={() => detail.refetch()}>
        <p role="status">
          {t('hr.absence_settings.calendars.people_count', { count: detail.data?.people_count ?? 0 })}
        </p>
        <AssignmentFields
          teamsLabel={t('hr.absence_settings.calendars.teams')}
          teamsHint={t('hr.absence_settings.calendars.teams_hint')}
          teamIds={shownTeams}
          onTeamIdsChange={setTeamIds}
          peopleLabel={t('hr.absence_settings.calendars.people')}
          people={shown}
          onPeopleChange={setPeople}
          errors={errors}
        />
        <FormError message={formError} />
        <button type="button" className="primary" aria-disabled={assign.isPending} onClick={save}>
          {t('hr.absence_settings.calendars.save_people')}
        </button>
      </QueryState>
    </section>
  );
}
