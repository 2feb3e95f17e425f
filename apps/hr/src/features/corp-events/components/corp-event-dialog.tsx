import type { Translate } from '@kadry/shared/i18n/translator';
import {
  CORP_EVENT_DESCRIPTION_MAX,
  CORP_EVENT_PLACE_MAX,
  CORP_EVENT_TITLE_MAX,
  type CorpEvent,
  type CorpEventAudience,
  corpEventInputSchema,
} from '@kadry/shared/schemas/corp-events';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DialogActions, DialogFrame, useLastNonNull } from '../../../components/ui/dialog-frame';
import { Field, FieldError, FormError } from '../../../components/ui/field';
import { TimeZoneField } from '../../../components/ui/locale-fields';
import {
  applyServerFieldErrors,
  createZodResolver,
  focusFirstInvalidField,
  readServerFieldErrors,
} from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useAudienceTeams, useSaveCorpEvent } from '../api/corp-events-api';

type EventValues = {
  title: string;
  description: string;
  place: string;
  all_day: boolean;
  start_date: string;
  start_time: string;
  end_date: string;
  end_time: string;
  time_zone: string;
  audience: CorpEventAudience;
  team_ids: number[];
};

const FOCUSABLE = ['title', 'start_date', 'start_time', 'end_date', 'end_time', 'place'] as const;
const FIELDS = [...FOCUSABLE, 'time_zone', 'audience', 'team_ids', 'description'] as const;

function toBody(values: EventValues) {
  return {
    ...values,
    start_time: values.all_day ? null : values.start_time || null,
    end_time: values.all_day ? null : values.end_time || null,
    team_ids: values.audience === 'teams' ? values.team_ids : [],
  };
}

function describeIssue(issue: z.core.$ZodIssue, t: Translate): string {
  if (issue.code === 'custom') return t(issue.message);
  if (issue.path[0] === 'time_zone') return t('hr.corpEvents.error.time_zone');
  if (issue.code === 'too_big') return t('hr.corpEvents.error.too_long', { max: Number(issue.maximum) });
  if (issue.code === 'too_small') return t('public.fill_fields');
  return t('hr.corpEvents.error.invalid');
}

function todayIn(timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
}

function initialValues(event: CorpEvent | null, timeZone: string): EventValues {
  if (event) {
    return {
      title: event.title,
      description: event.description,
      place: event.place,
      all_day: event.all_day,
      start_date: event.start_date,
      start_time: event.start_time ?? '',
      end_date: event.end_date,
      end_time: event.end_time ?? '',
      time_zone: event.time_zone,
      audience: event.audience,
      team_ids: event.teams.map((team) => team.id),
    };
  }
  const today = todayIn(timeZone);
  return {
    title: '',
    description: '',
    place: '',
    all_day: false,
    start_date: today,
    start_time: '10:00',
    end_date: today,
    end_time: '11:00',
    time_zone: timeZone,
    audience: 'everyone',
    team_ids: [],
  };
}

function EventForm({ event, onClose }: { event: CorpEvent | null; onClose: () => void }) {
  const t = useT();
  const ids = useId();
  const { user } = usePageData();
  const save = useSaveCorpEvent();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EventValues>({
    defaultValues: initialValues(event, user.timezone),
    resolver: createZodResolver(corpEventInputSchema, toBody, (issue) => describeIssue(issue, t)),
  });
  const { errors } = form.formState;
  const allDay = form.watch('all_day');
  const audience = form.watch('audience');
  const teams = useAudienceTeams({ isEnabled: audience === 'teams' });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      try {
        await save.mutateAsync({ id: event?.id ?? null, input: corpEventInputSchema.parse(toBody(values)) });
      } catch (error) {
        // A 422 goes on its fields (what no field shows, above the buttons); anything else is said there.
        const unplaced = applyServerFieldErrors(form, error, { fields: FIELDS, focusable: FOCUSABLE });
        setFailure(readServerFieldErrors(error) ? unplaced : getRequestErrorMessage(error));
        return;
      }
      snackbar.success(t(event ? 'hr.corpEvents.saved' : 'hr.corpEvents.created', { title: values.title }));
      onClose();
    },
    (invalid) => focusFirstInvalidField(form, invalid, FOCUSABLE),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="corp-event-form">
      <Field label={t('hr.corpEvents.field.title')} isRequired error={errors.title?.message}>
        {(control) => (
          <input
            {...control}
            type="text"
            maxLength={CORP_EVENT_TITLE_MAX}
            aria-required="true"
            data-autofocus="true"
            {...form.register('title')}
          />
        )}
      </Field>
      <div className="field field--checkbox">
        <label>
          <input type="checkbox" {...form.register('all_day')} /> {t('hr.corpEvents.field.all_day')}
        </label>
      </div>
      <div className="corp-event-form__when">
        <Field label={t('hr.corpEvents.field.start_date')} isRequired error={errors.start_date?.message}>
          {(control) => <input {...control} type="date" required {...form.register('start_date')} />}
        </Field>
        {allDay ? null : (
          <Field label={t('hr.corpEvents.field.start_time')} isRequired error={errors.start_time?.message}>
            {(control) => <input {...control} type="time" required {...form.register('start_time')} />}
          </Field>
        )}
        <Field label={t('hr.corpEvents.field.end_date')} isRequired error={errors.end_date?.message}>
          {(control) => <input {...control} type="date" required {...form.register('end_date')} />}
        </Field>
        {allDay ? null : (
          <Field label={t('hr.corpEvents.field.end_time')} isRequired error={errors.end_time?.message}>
            {(control) => <input {...control} type="time" required {...form.register('end_time')} />}
          </Field>
        )}
      </div>
      <TimeZoneField
        label={t('hr.corpEvents.field.time_zone')}
        error={errors.time_zone?.message}
        control={form.control}
        name="time_zone"
        noMatchesText={t('hr.corpEvents.time_zone_no_matches')}
      />
      <Field label={t('hr.corpEvents.field.place')} error={errors.place?.message}>
        {(control) => (
          <input {...control} type="text" maxLength={CORP_EVENT_PLACE_MAX} {...form.register('place')} />
        )}
      </Field>
      <Field label={t('hr.corpEvents.field.description')} error={errors.description?.message}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            maxLength={CORP_EVENT_DESCRIPTION_MAX}
            {...form.register('description')}
          />
        )}
      </Field>
      <fieldset className="corp-event-form__audience" aria-describedby={`${ids}-audience-error`}>
        <legend>{t('hr.corpEvents.field.audience')}</legend>
        <label>
          <input type="radio" value="everyone" {...form.register('audience')} />{' '}
          {t('hr.corpEvents.audience.everyone')}
        </label>
        <label>
          <input type="radio" value="teams" {...form.register('audience')} />{' '}
          {t('hr.corpEvents.audience.teams')}
        </label>
        <FieldError id={`${ids}-audience-error`} message={errors.audience?.message} />
      </fieldset>
      {audience === 'teams' ? (
        <fieldset
          className="checkbox-list corp-event-form__teams"
          aria-describedby={`${ids}-teams-hint ${ids}-teams-error`}
        >
          <legend>{t('hr.corpEvents.field.teams')}</legend>
          <p className="hint" id={`${ids}-teams-hint`}>
            {t('hr.corpEvents.teams_hint')}
          </p>
          {teams.isPending ? (
            <p role="status">{t('hr.common.loading')}</p>
          ) : teams.isError ? (
            <p role="alert">{t('hr.common.load_failed')}</p>
          ) : (
            <Controller
              control={form.control}
              name="team_ids"
              render={({ field }) => (
                <ul className="checkbox-list__items">
                  {(teams.data ?? []).map((team) => (
                    <li key={team.id}>
                      <label>
                        <input
                          type="checkbox"
                          checked={field.value.includes(team.id)}
                          onChange={(change) =>
                            field.onChange(
                              change.target.checked
                                ? [...field.value, team.id]
                                : field.value.filter((id) => id !== team.id),
                            )
                          }
                        />{' '}
                        {team.name}
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            />
          )}
          <FieldError id={`${ids}-teams-error`} message={errors.team_ids?.message} />
        </fieldset>
      ) : null}
      <FormError message={failure} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={save.isPending}>
          {t(event ? 'hr.corpEvents.save' : 'hr.corpEvents.create')}
        </button>
        <button type="button" onClick={onClose}>
          {t('hr.corpEvents.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}

/** Creates (no event) or changes a corporate event. */
export function CorpEventDialog({
  open,
  event,
  onClose,
}: {
  open: boolean;
  event: CorpEvent | null;
  onClose: () => void;
}) {
  const t = useT();
  const shown = useLastNonNull(event);
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      size="wide"
      hasCloseButton
      closesOnOutsideClick={false}
      title={
        shown && event ? t('hr.corpEvents.edit_title', { title: shown.title }) : t('hr.corpEvents.new_title')
      }
    >
      <EventForm event={event} onClose={onClose} />
    </DialogFrame>
  );
}
