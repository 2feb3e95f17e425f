import { Dialog, DialogDismiss, DialogHeading } from '@ariakit/react/dialog';
import {
  TASK_COMMENT_MAX_LENGTH,
  TASK_RESOLUTIONS,
  type Task,
  type TaskResolution,
} from '@kadry/shared/schemas/tasks';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormError } from '../../../components/ui/field';
import { ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useTask } from '../api/get-tasks';
import { useResolveTask } from '../api/resolve-task';
import { type TaskFormValues, useCreateTask, useDeleteTask, useUpdateTask } from '../api/save-task';
import { Moment, TaskComments } from './task-comments';
import { StoredFiles } from './task-files-field';
import { newTaskValues, TaskForm, taskValues } from './task-form';
import { useFormatTaskWhen, useResolutionLabel, useTaskTypeLabel } from './task-format';
import './tasks.css';

/** What the modal shows: a task (by id), or the form of a new one (with what it starts with). */
export type TaskModalTarget =
  | { kind: 'task'; id: number }
  | { kind: 'new'; preset?: Partial<TaskFormValues> };

/**
 * The task modal (spec §2.4): a task to read, edit, resolve, delete and comment on, or a new task to
 * create. Focus moves in and is trapped, Escape closes it, focus returns where it was; on phones it
 * fills the screen. What it did is announced in its own live region.
 */
export function TaskModal({ target, onClose }: { target: TaskModalTarget | null; onClose: () => void }) {
  const t = useT();
  const [announcement, setAnnouncement] = useState('');
  // A task created here stays open in the modal, to be read and commented on.
  const [createdId, setCreatedId] = useState<number | null>(null);
  const [isEditing, setIsEditing] = useState(false);
  const taskId = target?.kind === 'task' ? target.id : createdId;
  const query = useTask(target === null ? null : taskId);
  const close = () => {
    setCreatedId(null);
    setIsEditing(false);
    setAnnouncement('');
    onClose();
  };

  let title: ReactNode = t('hr.tasks.modal.loading');
  let body: ReactNode = (
    <p role="status" className="task-modal__state">
      {t('hr.common.loading')}
    </p>
  );
  if (target?.kind === 'new' && createdId === null) {
    title = t('hr.tasks.modal.new');
    body = (
      <NewTaskBody
        preset={target.preset}
        onCancel={close}
        onCreated={(task) => {
          setCreatedId(task.id);
          setAnnouncement(t('hr.tasks.modal.created', { name: task.name }));
        }}
      />
    );
  } else if (query.isError) {
    const isMissing = query.error instanceof ApiError && query.error.status === 404;
    title = isMissing ? t('hr.tasks.modal.not_found') : t('hr.tasks.modal.load_failed');
    body = isMissing ? (
      <p>{t('hr.tasks.modal.not_found_text')}</p>
    ) : (
      <div role="alert">
        <button type="button" onClick={() => query.refetch()}>
          {t('hr.common.retry')}
        </button>
      </div>
    );
  } else if (query.data) {
    const task = query.data;
    title = isEditing ? t('hr.tasks.modal.edit', { name: task.name }) : task.name;
    body = isEditing ? (
      <EditTaskBody
        task={task}
        onDone={(message) => {
          setIsEditing(false);
          if (message) setAnnouncement(message);
        }}
      />
    ) : (
      <TaskDetails
        task={task}
        onEdit={() => setIsEditing(true)}
        onAnnounce={setAnnouncement}
        onDeleted={close}
      />
    );
  }

  return (
    <Dialog
      open={target !== null}
      onClose={close}
      unmountOnHide
      hideOnInteractOutside={false}
      className="dialog dialog--wide task-modal"
      backdrop={<div className="dialog__backdrop" />}
    >
      <div className="dialog__header">
        <DialogHeading className="dialog__heading task-modal__heading" render={(props) => <h2 {...props} />}>
          {title}
        </DialogHeading>
        <DialogDismiss className="dialog__close" aria-label={t('hr.common.close')}>
          <span aria-hidden="true">×</span>
        </DialogDismiss>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {body}
    </Dialog>
  );
}

function NewTaskBody({
  preset,
  onCreated,
  onCancel,
}: {
  preset?: Partial<TaskFormValues>;
  onCreated: (task: Task) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const { user } = usePageData();
  const create = useCreateTask();
  return (
    <TaskForm
      initial={newTaskValues(user.timezone, preset)}
      submitLabel={t('hr.tasks.modal.create')}
      onCancel={onCancel}
      onSubmit={async ({ values, files }) => {
        onCreated(await create.mutateAsync({ values, files }));
      }}
    />
  );
}

function EditTaskBody({ task, onDone }: { task: Task; onDone: (message: string | null) => void }) {
  const t = useT();
  const update = useUpdateTask(task.id);
  return (
    <TaskForm
      initial={taskValues(task)}
      task={task}
      submitLabel={t('hr.common.save')}
      onCancel={() => onDone(null)}
      onSubmit={async ({ values, files, detachedFileIds }) => {
        await update.mutateAsync({ values, files, detachedFileIds });
        onDone(t('hr.tasks.modal.saved'));
      }}
    />
  );
}

function PersonLink({ person }: { person: { id: number; name: string } }) {
  const permissions = usePermissions();
  if (!permissions.can('Employee', 'view')) return person.name;
  return <Link href={`/employees/${person.id}`}>{person.name}</Link>;
}

function TaskDetails({
  task,
  onEdit,
  onAnnounce,
  onDeleted,
}: {
  task: Task;
  onEdit: () => void;
  onAnnounce: (message: string) => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const typeLabel = useTaskTypeLabel();
  const resolutionLabel = useResolutionLabel();
  const formatWhen = useFormatTaskWhen();
  const ids = useId();
  const resolve = useResolveTask();
  const remove = useDeleteTask(task.id);
  const [resolution, setResolution] = useState<TaskResolution>('done');
  const [note, setNote] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const sendResolution = async (value: TaskResolution | null) => {
    if (resolve.isPending) return;
    setError(null);
    try {
      const saved = await resolve.mutateAsync({
        id: task.id,
        resolution: value,
        note: value === null ? undefined : note,
      });
      if (value !== null) setNote('');
      onAnnounce(
        saved.resolution === null
          ? t('hr.tasks.modal.reopened')
          : t('hr.tasks.modal.resolved', { resolution: resolutionLabel(saved.resolution) }),
      );
    } catch (failure) {
      setError(getRequestErrorMessage(failure));
    }
  };

  return (
    <div className="task-details">
      <dl className="task-details__facts">
        <div>
          <dt>{t('hr.tasks.fields.type')}</dt>
          <dd>{typeLabel(task.type)}</dd>
        </div>
        <div>
          <dt>{t('hr.tasks.fields.when')}</dt>
          <dd>{formatWhen(task)}</dd>
        </div>
        <div>
          <dt>{t('hr.tasks.fields.status')}</dt>
          <dd>
            <span
              className={`chip ${task.resolution === null ? 'chip--orange' : task.resolution === 'done' ? 'chip--green' : 'chip--grey'}`}
            >
              {resolutionLabel(task.resolution)}
            </span>
            {task.resolved_at && task.resolved_by ? (
              <span className="task-details__note">
                {' '}
                {t('hr.tasks.modal.resolved_by', { name: task.resolved_by.name })}{' '}
                <Moment iso={task.resolved_at} />
              </span>
            ) : null}
          </dd>
        </div>
        {task.employee ? (
          <div>
            <dt>{t('hr.tasks.fields.employee')}</dt>
            <dd>
              <PersonLink person={task.employee} />
            </dd>
          </div>
        ) : null}
        {task.application ? (
          <div>
            <dt>{t('hr.tasks.fields.candidate')}</dt>
            <dd>
              <Link href={`/applications/${task.application.id}`}>{task.application.name}</Link>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t('hr.tasks.fields.assignee')}</dt>
          <dd>{task.assignee.name}</dd>
        </div>
        <div>
          <dt>{t('hr.tasks.fields.author')}</dt>
          <dd>
            {task.author?.name ?? t('hr.tasks.fields.author_none')} · <Moment iso={task.created_at} />
          </dd>
        </div>
      </dl>
      {task.description ? <p className="task-details__description">{task.description}</p> : null}
      <StoredFiles files={task.files} />
      <div className="task-details__actions">
        {task.can.resolve && task.resolution === null ? (
          <form
            className="task-details__resolve"
            aria-label={t('hr.tasks.modal.resolve_label')}
            onSubmit={(event) => {
              event.preventDefault();
              void sendResolution(resolution);
            }}
          >
            <label htmlFor={`${ids}-resolution`}>{t('hr.tasks.fields.resolution')}</label>
            <select
              id={`${ids}-resolution`}
              value={resolution}
              onChange={(event) => setResolution(event.target.value as TaskResolution)}
            >
              {TASK_RESOLUTIONS.map((value) => (
                <option key={value} value={value}>
                  {resolutionLabel(value)}
                </option>
              ))}
            </select>
            <label htmlFor={`${ids}-note`}>{t('hr.tasks.modal.resolution_note')}</label>
            <textarea
              id={`${ids}-note`}
              rows={2}
              maxLength={TASK_COMMENT_MAX_LENGTH}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <button type="submit" className="primary" aria-disabled={resolve.isPending}>
              {t('hr.tasks.modal.resolve')}
            </button>
          </form>
        ) : null}
        {task.can.resolve && task.resolution !== null ? (
          <button type="button" aria-disabled={resolve.isPending} onClick={() => void sendResolution(null)}>
            {t('hr.tasks.modal.reopen')}
          </button>
        ) : null}
        {task.can.update ? (
          <button type="button" onClick={onEdit}>
            {t('hr.tasks.modal.edit_button')}
          </button>
        ) : null}
        {task.can.delete ? (
          <button type="button" className="danger" onClick={() => setIsConfirming(true)}>
            {t('hr.tasks.modal.delete')}
          </button>
        ) : null}
      </div>
      <FormError message={error} />
      <TaskComments task={task} onAnnounce={onAnnounce} />
      <ConfirmDialog
        open={isConfirming}
        onClose={() => setIsConfirming(false)}
        role="alertdialog"
        title={t('hr.tasks.modal.delete_title', { name: task.name })}
        confirmLabel={t('hr.tasks.modal.delete')}
        cancelLabel={t('hr.tasks.cancel')}
        onConfirm={async () => {
          await remove.mutateAsync();
          setIsConfirming(false);
          snackbar.success(t('hr.tasks.modal.deleted', { name: task.name }));
          onDeleted();
        }}
      >
        <p>{t('hr.tasks.modal.delete_text')}</p>
      </ConfirmDialog>
    </div>
  );
}
