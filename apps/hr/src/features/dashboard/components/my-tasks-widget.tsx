import type { WidgetParams } from '@kadry/shared/schemas/dashboard';
import { TASK_SCOPES, TASK_TYPES, type TaskTypeId } from '@kadry/shared/schemas/tasks';
import { useState } from 'react';
import { Link } from 'wouter';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useT } from '../../../lib/i18n';
import { useTasks } from '../../tasks/api/get-tasks';
import { useResolveAllTasks } from '../../tasks/api/resolve-task';
import { useTaskTypeLabel } from '../../tasks/components/task-format';
import { TaskList } from '../../tasks/components/task-list';
import { TaskModal, type TaskModalTarget } from '../../tasks/components/task-modal';
import { LimitField, WidgetSettings, WidgetState } from './widget-parts';

/**
 * The myTasks widget (issue 15, spec §1, §7.2): the user's open tasks soonest first, `per_page` from
 * its limit plus its filters (whose, which type). A row's task opens in the modal or is marked done
 * there; "Complete all" (`dashboard.myTasks.resolve`, after a confirmation) completes every open task
 * assigned to the user; a new task is created from here too.
 */
export function MyTasksWidget({ params }: { params: WidgetParams<'myTasks'> }) {
  const t = useT();
  const typeLabel = useTaskTypeLabel();
  const query = useTasks({
    status: 'open',
    scope: params.scope,
    event_id: params.event_id ?? undefined,
    page: 1,
    per_page: params.limit,
  });
  const resolveAll = useResolveAllTasks();
  const [target, setTarget] = useState<TaskModalTarget | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const openTotal = query.data?.meta.open_total ?? 0;

  return (
    <>
      <WidgetSettings widget="myTasks" params={params}>
        {(draft, change, id) => (
          <>
            <LimitField id={id} value={draft.limit} onChange={(limit) => change({ limit })} />
            <div className="field">
              <label htmlFor={`${id}-scope`}>{t('hr.tasks.filter.scope')}</label>
              <select
                id={`${id}-scope`}
                value={draft.scope}
                onChange={(event) => change({ scope: event.target.value as (typeof TASK_SCOPES)[number] })}
              >
                {TASK_SCOPES.map((scope) => (
                  <option key={scope} value={scope}>
                    {t(`hr.tasks.filter.scope_${scope}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-type`}>{t('hr.tasks.filter.type')}</label>
              <select
                id={`${id}-type`}
                value={draft.event_id ?? ''}
                onChange={(event) =>
                  change({
                    event_id: event.target.value === '' ? null : (Number(event.target.value) as TaskTypeId),
                  })
                }
              >
                <option value="">{t('hr.dashboard.all_types')}</option>
                {TASK_TYPES.map((type) => (
                  <option key={type.id} value={type.id}>
                    {typeLabel(type.key)}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
      </WidgetSettings>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="my-tasks__tools">
        <button type="button" onClick={() => setTarget({ kind: 'new' })}>
          {t('hr.tasks.new')}
        </button>
        {openTotal > 0 ? (
          <button type="button" onClick={() => setIsConfirming(true)}>
            {t('hr.tasks.widget.complete_all')}
          </button>
        ) : null}
      </div>
      <WidgetState
        query={query}
        isEmpty={(data) => data.data.length === 0}
        empty={t('hr.tasks.widget.empty')}
      >
        {(data) => (
          <>
            <TaskList
              tasks={data.data}
              label={t('hr.dashboard.widget.myTasks')}
              isCompact
              onOpen={(task) => setTarget({ kind: 'task', id: task.id })}
              onResolved={(task) => setAnnouncement(t('hr.tasks.row.marked_done', { name: task.name }))}
            />
            <p className="dashboard-widget__footer">
              <span className="dashboard-widget__total">
                {t('hr.tasks.widget.open_total', { count: data.meta.open_total })}
              </span>{' '}
              <Link href="/tasks">{t('hr.tasks.widget.all')}</Link>
            </p>
          </>
        )}
      </WidgetState>
      <ConfirmDialog
        open={isConfirming}
        onClose={() => setIsConfirming(false)}
        role="alertdialog"
        title={t('hr.tasks.widget.complete_all_title')}
        confirmLabel={t('hr.tasks.widget.complete_all')}
        cancelLabel={t('hr.tasks.cancel')}
        onConfirm={async () => {
          const result = await resolveAll.mutateAsync();
          setIsConfirming(false);
          setAnnouncement(t('hr.tasks.widget.completed', { count: result.resolved }));
        }}
      >
        <p>{t('hr.tasks.widget.complete_all_text')}</p>
      </ConfirmDialog>
      <TaskModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
