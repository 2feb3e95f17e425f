import {
  INTERVIEW_DURATION_MAX,
  INTERVIEW_DURATION_MIN,
  INTERVIEW_LOCATION_MAX,
  INTERVIEW_NOTE_MAX,
  type Interview,
  interviewInputSchema,
} from '@kadry/shared/schemas/interviews';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useId, useState } from 'react';
import { DialogActions, DialogFrame } from '../../../components/ui/dialog-frame';
import { Field, FieldError, FormError } from '../../../components/ui/field';
import { TimeZoneSelect } from '../../../components/ui/time-zone-select';
import { useDirtyReport, useDiscardConfirmation } from '../../../components/ui/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useUsers } from '../../directory/api/get-users';
import { useVacancy } from '../../vacancies/api/get-vacancy';
import { RecruitingUnsavedGuard } from '../../vacancies/components/recruiting-unsaved-guard';
import { useSaveInterview } from '../api/interviews';

type Draft = {
  date: string;
  time: string;
  duration: string;
  timeZone: string;
  interviewerIds: number[];
  location: string;
  videoUrl: string;
  note: string;
};

type DraftErrors = Partial<Record<keyof Draft, string>>;

/** Tomorrow at 10:00, the usual first guess. */
function tomorrow(): string {
  const date = new Date(Date.now() + 86_400_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function draftOf(interview: Interview | null, timeZone: string, interviewerIds: readonly number[]): Draft {
  return {
    date: interview?.date ?? tomorrow(),
    time: interview?.time ?? '10:00',
    duration: String(interview?.duration_minutes ?? 60),
    timeZone: interview?.time_zone ?? timeZone,
    interviewerIds: interview ? interview.interviewers.map((person) => person.id) : [...interviewerIds],
    location: interview?.location ?? '',
    videoUrl: interview?.video_url ?? '',
    note: interview?.note ?? '',
  };
}

const FIELD_OF: Record<string, keyof Draft> = {
  date: 'date',
  time: 'time',
  duration_minutes: 'duration',
  time_zone: 'timeZone',
  interviewer_ids: 'interviewerIds',
  location: 'location',
  video_url: 'videoUrl',
  note: 'note',
};

/**
 * Schedules an interview from the card, or changes one (`interview`): local date and time in a time
 * zone, duration, interviewers (the vacancy's own ticked at first), place and/or video link, and a note
 * for the interviewers. The server sends the invitations (or updates) with their .ics. Closing it or
 * leaving the page with changes typed asks first (issue 17).
 */
export function InterviewDialog({
  open,
  onClose,
  applicationId,
  vacancyId,
  candidateName,
  interview,
}: {
  open: boolean;
  onClose: () => void;
  applicationId: number;
  vacancyId: number;
  candidateName: string;
  /** The interview to change; null to schedule a new one. */
  interview: Interview | null;
}) {
  const t = useT();
  const discard = useDiscardConfirmation(onClose);
  return (
    <DialogFrame
      open={open}
      onClose={discard.requestClose}
      title={
        interview
          ? t('hr.interviews.reschedule_title')
          : t('hr.interviews.schedule_title', { name: candidateName })
      }
      size="wide"
      hasCloseButton
      closesOnOutsideClick={false}
    >
      <InterviewForm
        onClose={onClose}
        onCancel={discard.requestClose}
        onDirtyChange={discard.onDirtyChange}
        applicationId={applicationId}
        vacancyId={vacancyId}
        interview={interview}
      />
      {discard.confirmation}
    </DialogFrame>
  );
}

function InterviewForm({
  onClose,
  onCancel,
  onDirtyChange,
  applicationId,
  vacancyId,
  interview,
}: {
  /** Closes at once, as after saving. */
  onClose: () => void;
  /** Closes, asking first when there are changes. */
  onCancel: () => void;
  onDirtyChange: (isDirty: boolean) => void;
  applicationId: number;
  vacancyId: number;
  interview: Interview | null;
}) {
  const t = useT();
  const ids = useId();
  const { user } = usePageData();
  const staff = useUsers();
  const vacancy = useVacancy(interview ? null : vacancyId);
  const save = useSaveInterview();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  // The vacancy's interviewers are ticked once the vacancy has arrived (a new interview only).
  const initial = draftOf(
    interview,
    user.timezone || 'UTC',
    interview ? [] : (vacancy.data?.interviewer_ids ?? []),
  );
  const current = draft ?? initial;
  const change = (patch: Partial<Draft>) => setDraft({ ...current, ...patch });
  // Both drafts are built field by field in the same order: equal texts, equal drafts.
  const isDirty = !save.isSuccess && JSON.stringify(current) !== JSON.stringify(initial);
  useDirtyReport(isDirty, onDirtyChange);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = interviewInputSchema.safeParse({
      date: current.date,
      time: current.time,
      duration_minutes: Number(current.duration),
      time_zone: current.timeZone,
      interviewer_ids: current.interviewerIds,
      location: current.location,
      video_url: current.videoUrl.trim(),
      note: current.note,
    });
    if (!parsed.success) {
      const found: DraftErrors = {};
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[String(issue.path[0])];
        if (field && !found[field]) {
          found[field] =
            field === 'interviewerIds' ? t('hr.interviews.choose_interviewer') : t('errors.invalid_value');
        }
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setFailure(null);
    save.mutate(
      {
        applicationId,
        interviewId: interview?.id ?? null,
        input: { ...parsed.data, video_url: parsed.data.video_url ?? null },
      },
      {
        onSuccess: () => {
          snackbar.success(t(interview ? 'hr.interviews.rescheduled_done' : 'hr.interviews.scheduled_done'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const body = error.body as { errors?: Record<string, string[]> } | null;
            const found: DraftErrors = {};
            for (const [path, messages] of Object.entries(body?.errors ?? {})) {
              const field = FIELD_OF[path.split('.')[0] ?? ''];
              if (field) found[field] = messages[0] ?? t('errors.invalid_value');
            }
            setErrors(found);
          }
          setFailure(getRequestErrorMessage(error));
        },
      },
    );
  };

  const people = staff.data ?? [];
  return (
    <form onSubmit={submit} noValidate>
      <RecruitingUnsavedGuard isDirty={isDirty} />
      <div className="interview-form__row">
        <Field label={t('hr.interviews.field.date')} isRequired error={errors.date}>
          {(control) => (
            <input
              {...control}
              type="date"
              required
              value={current.date}
              onChange={(event) => change({ date: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('hr.interviews.field.time')} isRequired error={errors.time}>
          {(control) => (
            <input
              {...control}
              type="time"
              required
              value={current.time}
              onChange={(event) => change({ time: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('hr.interviews.field.duration')} isRequired error={errors.duration}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={INTERVIEW_DURATION_MIN}
              max={INTERVIEW_DURATION_MAX}
              step={5}
              aria-required="true"
              value={current.duration}
              onChange={(event) => change({ duration: event.target.value })}
            />
          )}
        </Field>
      </div>
      <div className="field">
        <label htmlFor={`${ids}-zone`}>{t('hr.interviews.field.time_zone')}</label>
        <TimeZoneSelect
          id={`${ids}-zone`}
          value={current.timeZone}
          onChange={(zone) => change({ timeZone: zone })}
          noMatchesText={t('hr.interviews.no_zone')}
          isInvalid={errors.timeZone ? true : undefined}
          describedBy={errors.timeZone ? `${ids}-zone-error` : undefined}
        />
        <FieldError id={`${ids}-zone-error`} message={errors.timeZone} />
      </div>
      <fieldset
        className="field interview-form__people"
        aria-describedby={[`${ids}-people-hint`, errors.interviewerIds ? `${ids}-people-error` : null]
          .filter(Boolean)
          .join(' ')}
      >
        <legend>
          {t('hr.interviews.field.interviewers')} <span aria-hidden="true">*</span>
        </legend>
        <p className="hint" id={`${ids}-people-hint`}>
          {t('hr.interviews.interviewers_hint')}
        </p>
        {staff.isPending ? <p role="status">{t('hr.common.loading')}</p> : null}
        {staff.isError ? <p role="alert">{t('hr.common.load_failed')}</p> : null}
        {staff.isSuccess && people.length === 0 ? (
          <p className="hint">{t('hr.interviews.no_staff')}</p>
        ) : null}
        {people.map((person) => (
          <label key={person.id} className="interview-form__person">
            <input
              type="checkbox"
              checked={current.interviewerIds.includes(person.id)}
              onChange={(event) =>
                change({
                  interviewerIds: event.target.checked
                    ? [...current.interviewerIds, person.id]
                    : current.interviewerIds.filter((other) => other !== person.id),
                })
              }
            />{' '}
            {person.name}
          </label>
        ))}
        <FieldError id={`${ids}-people-error`} message={errors.interviewerIds} />
      </fieldset>
      <div className="interview-form__row">
        <Field label={t('hr.interviews.field.location')} error={errors.location}>
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={INTERVIEW_LOCATION_MAX}
              value={current.location}
              onChange={(event) => change({ location: event.target.value })}
            />
          )}
        </Field>
        <Field label={t('hr.interviews.field.video_url')} error={errors.videoUrl}>
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              placeholder="https://"
              value={current.videoUrl}
              onChange={(event) => change({ videoUrl: event.target.value })}
            />
          )}
        </Field>
      </div>
      <Field label={t('hr.interviews.field.note')} hint={t('hr.interviews.note_hint')} error={errors.note}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={INTERVIEW_NOTE_MAX}
            value={current.note}
            onChange={(event) => change({ note: event.target.value })}
          />
        )}
      </Field>
      <FormError message={failure} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={save.isPending}>
          {interview ? t('hr.interviews.save_changes') : t('hr.interviews.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('hr.interviews.dismiss')}
        </button>
      </DialogActions>
    </form>
  );
}
