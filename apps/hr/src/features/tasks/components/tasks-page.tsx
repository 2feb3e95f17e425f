import { TASK_SCOPES, TASK_STATUS_FILTERS, TASK_TYPE_IDS, TASK_TYPES } from '@kadry/shared/schemas/tasks';
import { useId, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { FilterBar, FilterInput, FilterSelect } from '../../../components/ui/filter-bar';
import { ListPager } from '../../../components/ui/list-pager';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import {
  dateFilter,
  defineListFilters,
  oneOfFilter,
  useKeepPageInRange,
  useUrlFilters,
} from '../../../lib/list-filters';
import { usePerPage } from '../../../lib/per-page';
import { type TaskListParams, useTasks } from '../api/get-tasks';
import { useTaskTypeLabel } from './task-format';
import { TaskList } from './task-list';
import { TaskModal, type TaskModalTarget } from './task-modal';
import './tasks.css';

/** The list's filters in the address by the API's names; the defaults (open, mine) stay out of it. */
const taskListFilters = defineListFilters({
  status: oneOfFilter(TASK_STATUS_FILTERS.filter((status) => status !== 'open')),
  scope: oneOfFilter(TASK_SCOPES.filter((scope) => scope !== 'mine')),
  event_id: oneOfFilter(TASK_TYPE_IDS),
  date_from: dateFilter,
  date_to: dateFilter,
});

/**
 * The user's tasks (/app/tasks): filters in the address, paging with the page size kept in local
 * storage (`perPage_tasks`), cards at every width. /app/tasks/:id opens one in the modal over the list
 * (the address notifications link to); closing it goes back to the list as it was.
 */
export function TasksPage({ openId }: { openId?: number }) {
  const t = useT();
  const ids = useId();
  const typeLabel = useTaskTypeLabel();
  const [, navigate] = useLocation();
  const search = useSearch();
  const list = useUrlFilters(taskListFilters);
  const { filters } = list;
  const [perPage, setPerPage] = usePerPage('tasks');
  const query: TaskListParams = {
    status: filters.status ?? 'open',
    scope: filters.scope ?? 'mine',
    event_id: filters.event_id,
    date_from: filters.date_from,
    date_to: filters.date_to,
    page: filters.page,
    per_page: perPage,
  };
  const tasks = useTasks(query);
  const [newTask, setNewTask] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const statusRef = useRef<HTMLSelectElement>(null);
  useKeepPageInRange(
    filters.page,
    tasks.isPlaceholderData ? undefined : tasks.data?.meta.last_page,
    list.setPage,
  );

  const listAddress = `/tasks${search ? `?${search}` : ''}`;
  const target: TaskModalTarget | null = newTask
    ? { kind: 'new' }
    : openId !== undefined
      ? { kind: 'task', id: openId }
      : null;
  const rows = tasks.data?.data ?? [];

  return (
    <section className="tasks-page">
      <PageHeading
        actions={
          <button type="button" className="primary" onClick={() => setNewTask(true)}>
            {t('hr.tasks.new')}
          </button>
        }
      >
        {t('hr.tasks.title')}
      </PageHeading>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <FilterBar label={t('hr.tasks.filters')} onSubmit={list.submitDraft}>
        <div>
          <label htmlFor={`${ids}-status`}>{t('hr.tasks.filter.status')}</label>
          <select
            id={`${ids}-status`}
            ref={statusRef}
            value={filters.status ?? ''}
            onChange={(event) => list.selectFilter('status', event.target.value)}
          >
            {TASK_STATUS_FILTERS.map((status) => (
              <option key={status} value={status === 'open' ? '' : status}>
                {t(`hr.tasks.filter.status_${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-scope`}>{t('hr.tasks.filter.scope')}</label>
          <select
            id={`${ids}-scope`}
            value={filters.scope ?? ''}
            onChange={(event) => list.selectFilter('scope', event.target.value)}
          >
            {TASK_SCOPES.map((scope) => (
              <option key={scope} value={scope === 'mine' ? '' : scope}>
                {t(`hr.tasks.filter.scope_${scope}`)}
              </option>
            ))}
          </select>
        </div>
        <FilterSelect
          label={t('hr.tasks.filter.type')}
          value={filters.event_id}
          options={TASK_TYPES.map((type) => ({ value: type.id, label: typeLabel(type.key) }))}
          onChange={(value) => list.selectFilter('event_id', value)}
        />
        <FilterInput
          label={t('hr.tasks.filter.date_from')}
          type="date"
          value={list.draft.date_from}
          onChange={(value) => list.setDraft('date_from', value)}
        />
        <FilterInput
          label={t('hr.tasks.filter.date_to')}
          type="date"
          value={list.draft.date_to}
          onChange={(value) => list.setDraft('date_to', value)}
        />
        {list.hasActiveFilters ? (
          <button
            type="button"
            onClick={() => {
              list.clearFilters();
              statusRef.current?.focus();
            }}
          >
            {t('hr.common.clear_filters')}
          </button>
        ) : null}
      </FilterBar>

      <QueryState isPending={tasks.isPending} isError={tasks.isError} onRetry={() => tasks.refetch()}>
        {rows.length === 0 ? (
          <p className="task-list__empty">
            {list.hasActiveFilters ? t('hr.tasks.empty_filtered') : t('hr.tasks.empty')}
          </p>
        ) : (
          <TaskList
            tasks={rows}
            label={t('hr.tasks.title')}
            onOpen={(task) => navigate(`/tasks/${task.id}${search ? `?${search}` : ''}`)}
            onResolved={(task) => setAnnouncement(t('hr.tasks.row.marked_done', { name: task.name }))}
          />
        )}
        {tasks.data ? <p className="hint">{t('hr.tasks.count', { count: tasks.data.meta.total })}</p> : null}
        <ListPager
          page={filters.page}
          lastPage={tasks.data?.meta.last_page ?? 1}
          onPage={list.setPage}
          perPage={[perPage, setPerPage]}
          className="task-list__footer"
        />
      </QueryState>
      <TaskModal
        target={target}
        onClose={() => {
          setNewTask(false);
          if (openId !== undefined) navigate(listAddress);
        }}
      />
    </section>
  );
}
