import {
  createTaskBodySchema,
  TASK_DESCRIPTION_MAX_LENGTH,
  TASK_FILES_MAX,
  TASK_NAME_MAX_LENGTH,
  TASK_TYPES,
  type Task,
  type TaskTypeId,
} from '@kadry/shared/schemas/tasks';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type FormEvent, useRef, useState } from 'react';
import { DialogActions } from '../../../components/ui/dialog-frame';
import { Field, FormError } from '../../../components/ui/field';
import { readServerFieldErrors } from '../../../lib/form-errors';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { type TaskFormValues, taskBody } from '../api/save-task';
import { useTaskCandidateOptions, useTaskEmployeeOptions } from '../api/task-people';
import { areFilesSendable, TaskFilesField } from './task-files-field';
import { defaultTaskStart, splitTaskDateTime, useTaskTypeLabel } from './task-format';

/** What a new task starts with: a custom task today, from the next hour for an hour, for the user. */
export function newTaskValues(timeZone: string, preset: Partial<TaskFormValues> = {}): TaskFormValues {
  const start = defaultTaskStart(timeZone);
  const [hours = '9'] = start.time.split(':');
  const endHour = String(Math.min(Number(hours) + 1, 23)).padStart(2, '0');
  return {
    name: '',
    event_id: 1,
    description: '',
    date: start.date,
    time_from: start.time,
    date_end: start.date,
    time_to: Number(hours) >= 23 ? '23:59' : `${endHour}:00`,
    all_day: false,
    employee_id: null,
    application_id: null,
    assignee_id: null,
    ...preset,
  };
}

/** The form's values of a stored task. */
export function taskValues(task: Task): TaskFormValues {
  const start = splitTaskDateTime(task.date);
  const end = splitTaskDateTime(task.date_end);
  return {
    name: task.name,
    event_id: task.event_id as TaskTypeId,
    description: task.description ?? '',
    date: start.date,
    time_from: start.time,
    date_end: end.date,
    time_to: end.time,
    all_day: task.all_day,
    employee_id: task.employee_id,
    application_id: task.application_id,
    assignee_id: task.assignee.id,
  };
}

type FieldName =
  | 'name'
  | 'event_id'
  | 'description'
  | 'date'
  | 'date_end'
  | 'concerns'
  | 'assignee_id'
  | 'attached_files';

/** The "concerns" choice as one select value: nobody, an employee (`e12`) or a candidate (`a34`). */
function concernsValue(values: TaskFormValues): string {
  if (values.employee_id !== null) return `e${values.employee_id}`;
  if (values.application_id !== null) return `a${values.application_id}`;
  return '';
}

/**
 * The task form of the modal (spec §2.4, §3.2): name, type, description, the date with from/to
 * times or all day, whom it concerns (an employee or a candidate), the assignee, files. Checked with
 * the server's own schema before anything is sent; the server's field messages land on the fields.
 */
export function TaskForm({
  initial,
  task,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: TaskFormValues;
  /** The stored task when editing: its files, its people as they are now. */
  task?: Task;
  submitLabel: string;
  onSubmit: (input: { values: TaskFormValues; files: File[]; detachedFileIds: number[] }) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useT();
  const typeLabel = useTaskTypeLabel();
  const { user } = usePageData();
  const permissions = usePermissions();
  const [values, setValues] = useState(initial);
  const [files, setFiles] = useState<File[]>([]);
  const [detached, setDetached] = useState<number[]>([]);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);
  const employees = useTaskEmployeeOptions({ isEnabled: permissions.can('Employee', 'view') });
  const candidates = useTaskCandidateOptions({ isEnabled: permissions.can('Candidate', 'view') });

  const change = (patch: Partial<TaskFormValues>) => setValues((current) => ({ ...current, ...patch }));

  // Whom it may concern or be assigned to: those listed, plus the stored ones (who may be out of the list).
  const employeeOptions = new Map((employees.data ?? []).map((item) => [item.id, item.name]));
  if (task?.employee) employeeOptions.set(task.employee.id, task.employee.name);
  const assigneeOptions = new Map(employeeOptions);
  if (task) assigneeOptions.set(task.assignee.id, task.assignee.name);
  assigneeOptions.delete(user.employeeId);
  const candidateOptions = new Map((candidates.data ?? []).map((item) => [item.id, item.name]));
  if (task?.application) candidateOptions.set(task.application.id, task.application.name);

  const keptCount = (task?.files ?? []).filter((file) => !detached.includes(file.id)).length;

  const validate = (): Partial<Record<FieldName, string>> => {
    const found: Partial<Record<FieldName, string>> = {};
    const result = createTaskBodySchema.safeParse(taskBody(values));
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0]) as FieldName;
        if (field === 'name') found.name ??= t('hr.tasks.form.name_required');
        else if (field === 'date_end' && values.date && values.date_end)
          found.date_end ??= t('hr.tasks.form.end_before_start');
        else if (field === 'date' || field === 'date_end') found[field] ??= t('hr.tasks.form.date_invalid');
        else found[field] ??= t('hr.tasks.form.invalid');
      }
    }
    if (!areFilesSendable(files, keptCount, TASK_FILES_MAX))
      found.attached_files = t('hr.tasks.files.fix_first');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const found = validate();
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      if (found.name) nameRef.current?.focus();
      return;
    }
    setIsPending(true);
    try {
      await onSubmit({ values, files, detachedFileIds: detached });
    } catch (error) {
      const fieldErrors = readServerFieldErrors(error);
      if (fieldErrors && Object.keys(fieldErrors).length > 0) {
        const mapped: Partial<Record<FieldName, string>> = {};
        for (const [field, message] of Object.entries(fieldErrors)) {
          const key = (
            field === 'employee_id' || field === 'application_id' ? 'concerns' : field
          ) as FieldName;
          mapped[key] = message;
        }
        setErrors(mapped);
        setFailure(t('hr.tasks.form.fix_errors'));
      } else {
        setFailure(getRequestErrorMessage(error));
      }
    } finally {
      setIsPending(false);
    }
  };

  return (
    <form className="task-form" onSubmit={submit} noValidate aria-label={submitLabel}>
      <Field label={t('hr.tasks.form.name')} isRequired error={errors.name}>
        {(control) => (
          <input
            {...control}
            ref={nameRef}
            type="text"
            data-autofocus="true"
            aria-required="true"
            maxLength={TASK_NAME_MAX_LENGTH}
            value={values.name}
            onChange={(event) => change({ name: event.target.value })}
          />
        )}
      </Field>
      <Field label={t('hr.tasks.form.type')} error={errors.event_id}>
        {(control) => (
          <select
            {...control}
            value={values.event_id}
            onChange={(event) => change({ event_id: Number(event.target.value) as TaskTypeId })}
          >
            {TASK_TYPES.map((type) => (
              <option key={type.id} value={type.id}>
                {typeLabel(type.key)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('hr.tasks.form.description')} error={errors.description}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={TASK_DESCRIPTION_MAX_LENGTH}
            value={values.description}
            onChange={(event) => change({ description: event.target.value })}
          />
        )}
      </Field>
      <fieldset className="task-form__when">
        <legend>{t('hr.tasks.form.when')}</legend>
        <label className="task-form__check">
          <input
            type="checkbox"
            checked={values.all_day}
            onChange={(event) => change({ all_day: event.target.checked })}
          />
          {t('hr.tasks.form.all_day')}
        </label>
        <div className="task-form__range">
          <Field label={t('hr.tasks.form.date')} isRequired error={errors.date}>
            {(control) => (
              <input
                {...control}
                type="date"
                required
                value={values.date}
                onChange={(event) => {
                  const date = event.target.value;
                  // The end follows the start while it was the same day (the usual one-day task).
                  change(
                    values.date_end === values.date || values.date_end < date
                      ? { date, date_end: date }
                      : { date },
                  );
                }}
              />
            )}
          </Field>
          {values.all_day ? null : (
            <Field label={t('hr.tasks.form.time_from')} isRequired>
              {(control) => (
                <input
                  {...control}
                  type="time"
                  required
                  value={values.time_from}
                  onChange={(event) => change({ time_from: event.target.value })}
                />
              )}
            </Field>
          )}
          <Field label={t('hr.tasks.form.date_end')} isRequired error={errors.date_end}>
            {(control) => (
              <input
                {...control}
                type="date"
                required
                min={values.date || undefined}
                value={values.date_end}
                onChange={(event) => change({ date_end: event.target.value })}
              />
            )}
          </Field>
          {values.all_day ? null : (
            <Field label={t('hr.tasks.form.time_to')} isRequired>
              {(control) => (
                <input
                  {...control}
                  type="time"
                  required
                  value={values.time_to}
                  onChange={(event) => change({ time_to: event.target.value })}
                />
              )}
            </Field>
          )}
        </div>
      </fieldset>
      <Field
        label={t('hr.tasks.form.concerns')}
        hint={t('hr.tasks.form.concerns_hint')}
        error={errors.concerns}
      >
        {(control) => (
          <select
            {...control}
            value={concernsValue(values)}
            onChange={(event) => {
              const choice = event.target.value;
              const id = Number(choice.slice(1));
              change({
                employee_id: choice.startsWith('e') ? id : null,
                application_id: choice.startsWith('a') ? id : null,
              });
            }}
          >
            <option value="">{t('hr.tasks.form.concerns_nobody')}</option>
            {employeeOptions.size > 0 ? (
              <optgroup label={t('hr.tasks.form.employees')}>
                {[...employeeOptions].map(([id, name]) => (
                  <option key={id} value={`e${id}`}>
                    {name}
                  </option>
                ))}
              </optgroup>
            ) : null}
            {candidateOptions.size > 0 ? (
              <optgroup label={t('hr.tasks.form.candidates')}>
                {[...candidateOptions].map(([id, name]) => (
                  <option key={id} value={`a${id}`}>
                    {name}
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        )}
      </Field>
      <Field label={t('hr.tasks.form.assignee')} error={errors.assignee_id}>
        {(control) => (
          <select
            {...control}
            value={values.assignee_id ?? user.employeeId}
            onChange={(event) => change({ assignee_id: Number(event.target.value) })}
          >
            <option value={user.employeeId}>{t('hr.tasks.form.assignee_me', { name: user.name })}</option>
            {[...assigneeOptions].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TaskFilesField
        label={t('hr.tasks.files.label')}
        stored={task?.files}
        removedIds={detached}
        onToggleStored={(id) =>
          setDetached((current) =>
            current.includes(id) ? current.filter((other) => other !== id) : [...current, id],
          )
        }
        files={files}
        onChange={setFiles}
        maxFiles={TASK_FILES_MAX}
      />
      {errors.attached_files ? <p className="field-error">{errors.attached_files}</p> : null}
      <FormError message={failure} />
      <DialogActions>
        <button type="submit" className="primary" aria-disabled={isPending}>
          {submitLabel}
        </button>
        <button type="button" onClick={onCancel}>
          {t('hr.tasks.cancel')}
        </button>
      </DialogActions>
    </form>
  );
}
