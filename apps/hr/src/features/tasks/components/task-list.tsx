import type { Task } from '@kadry/shared/schemas/tasks';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useResolveTask } from '../api/resolve-task';
import { useFormatTaskWhen, useResolutionLabel, useTaskTypeLabel } from './task-format';

/**
 * Tasks as cards (one column on phones, no table to scroll): the name opens the task, a line says its
 * type, when and whom it concerns, and an open task the reader may resolve has a "Done" button.
 */
export function TaskList({
  tasks,
  label,
  onOpen,
  onResolved,
  isCompact = false,
}: {
  tasks: readonly Task[];
  label: string;
  onOpen: (task: Task) => void;
  /** Told after a task was marked done from its row (to announce it). */
  onResolved?: (task: Task) => void;
  /** The widget's rows: one line, fewer details. */
  isCompact?: boolean;
}) {
  const t = useT();
  const typeLabel = useTaskTypeLabel();
  const resolutionLabel = useResolutionLabel();
  const formatWhen = useFormatTaskWhen();
  const resolve = useResolveTask();

  const markDone = (task: Task) => {
    if (resolve.isPending) return;
    resolve.mutate(
      { id: task.id, resolution: 'done' },
      {
        onSuccess: (saved) => onResolved?.(saved),
        onError: (error) => snackbar.error(getRequestErrorMessage(error)),
      },
    );
  };

  return (
    <ul className={isCompact ? 'task-list task-list--compact' : 'task-list'} aria-label={label}>
      {tasks.map((task) => (
        <li key={task.id} className="task-row" data-resolved={task.resolution !== null}>
          <div className="task-row__main">
            <button type="button" className="task-row__open" onClick={() => onOpen(task)}>
              {task.name}
            </button>
            <span className="task-row__meta">
              {[
                typeLabel(task.type),
                formatWhen(task),
                task.employee?.name ?? task.application?.name ?? null,
                isCompact ? null : t('hr.tasks.row.assignee', { name: task.assignee.name }),
                task.comments_count > 0 ? t('hr.tasks.row.comments', { count: task.comments_count }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          </div>
          <div className="task-row__end">
            {task.resolution !== null ? (
              <span className={`chip ${task.resolution === 'done' ? 'chip--green' : 'chip--grey'}`}>
                {resolutionLabel(task.resolution)}
              </span>
            ) : task.can.resolve ? (
              <button
                type="button"
                className="task-row__done"
                aria-label={t('hr.tasks.row.mark_done', { name: task.name })}
                aria-disabled={resolve.isPending}
                onClick={() => markDone(task)}
              >
                {t('hr.tasks.row.done')}
              </button>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
