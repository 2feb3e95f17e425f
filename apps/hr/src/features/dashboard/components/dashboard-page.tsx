import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import {
  type DashboardState,
  type DashboardWidget,
  type LayoutWidget,
  readWidgetParams,
} from '@kadry/shared/schemas/dashboard';
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { handleMoveKeys, useFocusAfterRender, useSortableSensors } from '../../../lib/sortable-list';
import { HrActionsWidget } from '../../action-templates/components/hr-actions-widget';
import { useDashboardState, useResetLayout, useSaveAsDefault, useSaveLayout } from '../api/dashboard-api';
import { AbsenceBalanceWidget, AbsentTodayWidget, RequestsWidget } from './absence-widgets';
import { AbsencesWidget } from './absences-widget';
import { AdministrationWidget } from './administration-widget';
import { AskWidget } from './ask-widget';
import { ChildrenStatisticsWidget } from './children-statistics-widget';
import { CompanyInfoWidget } from './company-info-widget';
import { CorpEventsWidget } from './corp-events-widget';
import { MyInterviewsWidget } from './my-interviews-widget';
import { MyTasksWidget } from './my-tasks-widget';
import {
  BirthdaysWidget,
  CandidatesWidget,
  ProbationWidget,
  WorkAnniversariesWidget,
} from './people-widgets';
import { useWidgetTitle } from './widget-parts';
import './dashboard.css';

/** A widget's content by its name, with its parameters (defaults filled). */
function WidgetContent({ widget }: { widget: LayoutWidget }) {
  switch (widget.name) {
    case 'companyInfo':
      return <CompanyInfoWidget />;
    case 'absentToday':
      return <AbsentTodayWidget params={readWidgetParams('absentToday', widget.params)} />;
    case 'requests':
      return <RequestsWidget params={readWidgetParams('requests', widget.params)} />;
    case 'absenceBalance':
      return <AbsenceBalanceWidget />;
    case 'birthdays':
      return <BirthdaysWidget params={readWidgetParams('birthdays', widget.params)} />;
    case 'workAnniversaries':
      return <WorkAnniversariesWidget params={readWidgetParams('workAnniversaries', widget.params)} />;
    case 'employeesOnProbation':
      return <ProbationWidget params={readWidgetParams('employeesOnProbation', widget.params)} />;
    case 'candidates':
      return <CandidatesWidget params={readWidgetParams('candidates', widget.params)} />;
    case 'hrActions':
      return <HrActionsWidget params={readWidgetParams('hrActions', widget.params)} />;
    case 'corpEvents':
      return <CorpEventsWidget params={readWidgetParams('corpEvents', widget.params)} />;
    case 'ask':
      return <AskWidget params={readWidgetParams('ask', widget.params)} />;
    case 'myTasks':
      return <MyTasksWidget params={readWidgetParams('myTasks', widget.params)} />;
    case 'childrenStatistics':
      return <ChildrenStatisticsWidget params={readWidgetParams('childrenStatistics', widget.params)} />;
    case 'administration':
      return <AdministrationWidget params={readWidgetParams('administration', widget.params)} />;
    case 'myInterviews':
      return <MyInterviewsWidget params={readWidgetParams('myInterviews', widget.params)} />;
    case 'absences':
      return <AbsencesWidget params={readWidgetParams('absences', widget.params)} />;
  }
}

type SlotProps = {
  widget: LayoutWidget;
  index: number;
  total: number;
  isEditing: boolean;
  onMove: (to: number, control: 'up' | 'down') => void;
  onRemove: () => void;
  children: ReactNode;
};

/** One widget on the grid: its card, and — while customising — its handle and move and remove buttons. */
function WidgetSlot({ widget, index, total, isEditing, onMove, onRemove, children }: SlotProps) {
  const t = useT();
  const title = useWidgetTitle();
  const headingId = useId();
  const name = title(widget.name);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: widget.name,
      disabled: !isEditing,
      attributes: { roleDescription: t('hr.dashboard.draggable') },
    });
  // Alt+↑/↓ anywhere in the card moves it while customising, as in the other editable lists.
  const onKeyDown = (event: KeyboardEvent) => {
    if (!isEditing) return;
    handleMoveKeys(event, (direction) => onMove(direction === 'up' ? index - 1 : index + 1, direction));
  };
  return (
    <li
      ref={setNodeRef}
      data-widget={widget.name}
      data-dragging={isDragging}
      className="dashboard__slot"
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        transition,
      }}
      onKeyDown={onKeyDown}
    >
      <section className="dashboard-widget" aria-labelledby={headingId}>
        <div className="dashboard-widget__head">
          <h2 id={headingId} className="dashboard-widget__title">
            {name}
          </h2>
          {isEditing ? (
            <div className="dashboard-widget__edit">
              <button
                type="button"
                ref={setActivatorNodeRef}
                className="dashboard-widget__handle"
                {...attributes}
                {...listeners}
                aria-label={t('hr.dashboard.drag', { name })}
              >
                <span aria-hidden="true">⠿</span>
              </button>
              <button
                type="button"
                data-move="up"
                aria-label={t('hr.dashboard.move_up', { name })}
                aria-disabled={index === 0}
                onClick={() => onMove(index - 1, 'up')}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                data-move="down"
                aria-label={t('hr.dashboard.move_down', { name })}
                aria-disabled={index === total - 1}
                onClick={() => onMove(index + 1, 'down')}
              >
                <span aria-hidden="true">↓</span>
              </button>
              <button
                type="button"
                data-remove=""
                aria-label={t('hr.dashboard.remove', { name })}
                onClick={onRemove}
              >
                {t('hr.dashboard.remove_short')}
              </button>
            </div>
          ) : null}
        </div>
        <div className="dashboard-widget__body">{children}</div>
      </section>
    </li>
  );
}

/** Adding a widget, back to the company default, and (owners) making this layout the company's. */
function LayoutTools({
  state,
  onAdd,
  onReset,
  onSaveAsDefault,
  isBusy,
}: {
  state: DashboardState;
  onAdd: (widget: DashboardWidget) => void;
  onReset: () => void;
  onSaveAsDefault: () => void;
  isBusy: boolean;
}) {
  const t = useT();
  const title = useWidgetTitle();
  const ids = useId();
  const placed = new Set(state.widgets.map((widget) => widget.name));
  const addable = state.available.filter((widget) => !placed.has(widget));
  const [choice, setChoice] = useState<DashboardWidget | ''>('');
  const selected = choice !== '' && addable.includes(choice) ? choice : (addable[0] ?? '');
  return (
    <section className="dashboard__tools" aria-labelledby={`${ids}-tools`}>
      <h2 className="visually-hidden" id={`${ids}-tools`}>
        {t('hr.dashboard.tools')}
      </h2>
      {addable.length > 0 ? (
        <form
          className="dashboard__add"
          onSubmit={(event) => {
            event.preventDefault();
            if (selected !== '') onAdd(selected);
            setChoice('');
          }}
        >
          <label htmlFor={`${ids}-add`}>{t('hr.dashboard.add_label')}</label>
          <select
            id={`${ids}-add`}
            value={selected}
            onChange={(event) => setChoice(event.target.value as DashboardWidget)}
          >
            {addable.map((widget) => (
              <option key={widget} value={widget}>
                {title(widget)}
              </option>
            ))}
          </select>
          <button type="submit" disabled={isBusy}>
            {t('hr.dashboard.add')}
          </button>
        </form>
      ) : (
        <p className="dashboard__hint">{t('hr.dashboard.all_placed')}</p>
      )}
      {state.source === 'own' ? (
        <button type="button" onClick={onReset} disabled={isBusy}>
          {t('hr.dashboard.reset')}
        </button>
      ) : null}
      {state.can_edit_default ? (
        <button type="button" onClick={onSaveAsDefault} disabled={isBusy}>
          {t('hr.dashboard.save_as_default')}
        </button>
      ) : null}
      <p className="dashboard__hint">{t('hr.dashboard.keyboard_hint')}</p>
    </section>
  );
}

/**
 * The HR app's home (issue 15): the user's widgets in their order. "Customise" lets them add, remove
 * and reorder widgets — by dragging (pointer or keyboard), the move buttons or Alt+↑/↓ — each change
 * saved at once and announced.
 */
export function DashboardPage() {
  const t = useT();
  const title = useWidgetTitle();
  const query = useDashboardState();
  const saveLayout = useSaveLayout();
  const reset = useResetLayout();
  const saveAsDefault = useSaveAsDefault();
  const sensors = useSortableSensors();
  const [isEditing, setIsEditing] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfterRender = useFocusAfterRender(listRef);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const state = query.data;
  const names = state?.widgets.map((widget) => widget.name) ?? [];

  const save = (next: DashboardWidget[], message: string) => {
    saveLayout.mutate(next, {
      onError: () => setAnnouncement(t('hr.dashboard.save_failed')),
    });
    setAnnouncement(message);
  };
  const move = (index: number, to: number, control: 'up' | 'down') => {
    const widget = names[index];
    if (widget === undefined || to < 0 || to >= names.length) return;
    save(
      arrayMove(names, index, to),
      t('hr.dashboard.moved', { name: title(widget), position: to + 1, total: names.length }),
    );
    focusAfterRender(`[data-widget="${widget}"] [data-move="${control}"]`);
  };
  const remove = (index: number) => {
    const widget = names[index];
    if (widget === undefined) return;
    save(
      names.filter((_, other) => other !== index),
      t('hr.dashboard.removed', { name: title(widget) }),
    );
    // Focus stays in the list: on the card that takes its place, else the one before, else the toggle.
    const next = names[index + 1] ?? names[index - 1];
    if (next) focusAfterRender(`[data-widget="${next}"] [data-remove]`);
    else toggleRef.current?.focus();
  };
  const add = (widget: DashboardWidget) => {
    save([...names, widget], t('hr.dashboard.added', { name: title(widget), position: names.length + 1 }));
    focusAfterRender(`[data-widget="${widget}"] [data-remove]`);
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = names.indexOf(active.id as DashboardWidget);
    const to = names.indexOf(over.id as DashboardWidget);
    if (from < 0 || to < 0) return;
    save(arrayMove(names, from, to), '');
  };

  const positionOf = (id: UniqueIdentifier) => names.indexOf(id as DashboardWidget) + 1;
  const nameOf = (id: UniqueIdentifier) => title(id as DashboardWidget);
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('hr.dashboard.drag_started', {
        name: nameOf(active.id),
        position: positionOf(active.id),
        total: names.length,
      }),
    onDragOver: ({ active, over }) =>
      over
        ? t('hr.dashboard.drag_over', {
            name: nameOf(active.id),
            position: positionOf(over.id),
            total: names.length,
          })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('hr.dashboard.moved', {
            name: nameOf(active.id),
            position: positionOf(over.id),
            total: names.length,
          })
        : t('hr.dashboard.drag_cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('hr.dashboard.drag_cancelled', { name: nameOf(active.id) }),
  };

  return (
    <section className="dashboard">
      <div className="dashboard__head">
        <PageHeading>{t('hr.dashboard.title')}</PageHeading>
        {state ? (
          <button
            type="button"
            ref={toggleRef}
            aria-pressed={isEditing}
            onClick={() => {
              setIsEditing((editing) => !editing);
              setAnnouncement(isEditing ? t('hr.dashboard.editing_done') : t('hr.dashboard.editing_started'));
            }}
          >
            {isEditing ? t('hr.dashboard.done') : t('hr.dashboard.customise')}
          </button>
        ) : null}
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        error={query.error}
        onRetry={() => query.refetch()}
      >
        {state ? (
          <>
            {isEditing ? (
              <LayoutTools
                state={state}
                isBusy={reset.isPending || saveAsDefault.isPending}
                onAdd={add}
                onReset={() =>
                  reset.mutate(undefined, {
                    onSuccess: () => setAnnouncement(t('hr.dashboard.reset_done')),
                  })
                }
                onSaveAsDefault={() =>
                  saveAsDefault.mutate(state, {
                    onSuccess: () => snackbar.success(t('hr.dashboard.default_saved')),
                  })
                }
              />
            ) : null}
            {state.widgets.length === 0 ? (
              <div className="dashboard__empty">
                <p>
                  {t(state.available.length > 0 ? 'hr.dashboard.empty' : 'hr.dashboard.nothing_available')}
                </p>
              </div>
            ) : (
              <DndContext
                sensors={sensors}
                collisionDetection={closestCenter}
                onDragEnd={onDragEnd}
                accessibility={{
                  announcements,
                  screenReaderInstructions: { draggable: t('hr.dashboard.drag_instructions') },
                }}
              >
                <SortableContext items={names} strategy={rectSortingStrategy}>
                  <ol ref={listRef} className="dashboard__grid" aria-label={t('hr.dashboard.widgets')}>
                    {state.widgets.map((widget, index) => (
                      <WidgetSlot
                        key={widget.name}
                        widget={widget}
                        index={index}
                        total={state.widgets.length}
                        isEditing={isEditing}
                        onMove={(to, control) => move(index, to, control)}
                        onRemove={() => remove(index)}
                      >
                        <WidgetContent widget={widget} />
                      </WidgetSlot>
                    ))}
                  </ol>
                </SortableContext>
              </DndContext>
            )}
          </>
        ) : null}
      </QueryState>
    </section>
  );
}
