import { useId, useState } from 'react';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { canOpenScreen } from '../../../lib/screens';
import { useTasks } from '../api/get-tasks';
import { TaskList } from './task-list';
import { TaskModal, type TaskModalTarget } from './task-modal';

/** How many of a person's tasks the profile shows (the tasks screen lists the rest). */
const PROFILE_TASKS_SHOWN = 10;

/**
 * The Tasks section of an employee's profile: the tasks concerning them that the reader may see (open
 * first, soonest first), each opening in the task modal, and a new task about them. Shown to whoever
 * opens the tasks screen; the server decides which tasks reach the reader.
 */
export function EmployeeTasksSection({ employeeId }: { employeeId: number }) {
  const t = useT();
  const { settings } = usePageData();
  const permissions = usePermissions();
  const isVisible = canOpenScreen('tasks', settings.tariffs, permissions);
  if (!isVisible) return null;
  return <EmployeeTasks employeeId={employeeId} title={t('hr.tasks.profile.title')} />;
}

function EmployeeTasks({ employeeId, title }: { employeeId: number; title: string }) {
  const t = useT();
  const headingId = useId();
  const [target, setTarget] = useState<TaskModalTarget | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const query = useTasks({
    status: 'all',
    scope: 'all',
    employee_id: employeeId,
    page: 1,
    per_page: PROFILE_TASKS_SHOWN,
  });
  const rows = query.data?.data ?? [];
  return (
    <section className="employee-section" aria-labelledby={headingId}>
      <div className="employee-section__head">
        <h2 id={headingId}>{title}</h2>
        <div>
          <button
            type="button"
            onClick={() => setTarget({ kind: 'new', preset: { employee_id: employeeId } })}
          >
            {t('hr.tasks.new')}
          </button>
        </div>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {query.isError ? (
        <div role="alert">
          <p>{t('hr.tasks.profile.load_failed')}</p>
          <button type="button" onClick={() => query.refetch()}>
            {t('hr.common.retry')}
          </button>
        </div>
      ) : query.isPending ? (
        <p role="status">{t('hr.common.loading')}</p>
      ) : rows.length === 0 ? (
        <p>{t('hr.tasks.profile.empty')}</p>
      ) : (
        <TaskList
          tasks={rows}
          label={title}
          onOpen={(task) => setTarget({ kind: 'task', id: task.id })}
          onResolved={(task) => setAnnouncement(t('hr.tasks.row.marked_done', { name: task.name }))}
        />
      )}
      <TaskModal target={target} onClose={() => setTarget(null)} />
    </section>
  );
}
