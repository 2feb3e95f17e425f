import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { LIST_PER_PAGE_MAX } from '@kadry/shared/constants';
import type { ApplicationSummary, Stage } from '@kadry/shared/schemas/recruiting';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useStages } from '../../vacancies/api/get-stages';
import { useVacancy } from '../../vacancies/api/get-vacancy';
import { useApplications } from '../api/get-applications';
import { useMoveApplication } from '../api/move-application';
import { getCandidateLabel } from './candidate-name';

/** The board shows one page of the largest size the API serves; the list pages through the rest. */
const BOARD_PAGE_SIZE = LIST_PER_PAGE_MAX;

function BoardCard({
  application,
  stages,
  onMove,
}: {
  application: ApplicationSummary;
  stages: Stage[];
  onMove: (stageId: number) => void;
}) {
  const t = useT();
  const id = useId();
  const name = getCandidateLabel(application.candidate, t);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: application.id,
    data: { stageId: application.stage.id },
  });
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li className="board__card" ref={setNodeRef} style={style} data-dragging={isDragging}>
      <button
        type="button"
        {...attributes}
        {...listeners}
        aria-roledescription={t('hr.board.draggable')}
        aria-label={t('hr.board.drag_card', { name })}
        style={{ cursor: 'grab', float: 'right', padding: '0 6px' }}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <Link href={`/applications/${application.id}`}>{name}</Link>
      {application.source ? <p className="hint">{application.source}</p> : null}
      {/* The keyboard and screen-reader way to move a card, beside dragging. */}
      <label htmlFor={`${id}-move`} className="hint" style={{ display: 'block', marginTop: 4 }}>
        {t('hr.board.move_to')}
      </label>
      <select
        id={`${id}-move`}
        value={application.stage.id}
        aria-label={t('hr.board.move_card', { name })}
        onChange={(event) => onMove(Number(event.target.value))}
      >
        {stages.map((stage) => (
          <option key={stage.id} value={stage.id}>
            {stage.name}
          </option>
        ))}
      </select>
    </li>
  );
}

function BoardColumn({ stage, children, count }: { stage: Stage; children: React.ReactNode; count: number }) {
  const { setNodeRef, isOver } = useDroppable({ id: `stage-${stage.id}`, data: { stageId: stage.id } });
  const headingId = useId();
  return (
    <section className="board__column" ref={setNodeRef} data-over={isOver} aria-labelledby={headingId}>
      <h2 id={headingId}>
        {stage.name} <span className="hint">({count})</span>
      </h2>
      <ul className="board__cards">{children}</ul>
    </section>
  );
}

/** A vacancy's candidates as a board: one column per stage, cards dragged or moved by menu between them. */
export function ApplicationBoardPage({ vacancyId }: { vacancyId: number }) {
  const t = useT();
  const permissions = usePermissions();
  const vacancy = useVacancy(vacancyId);
  const stages = useStages(vacancyId);
  const applications = useApplications({ page: 1, per_page: BOARD_PAGE_SIZE, vacancy_id: vacancyId });
  const move = useMoveApplication();
  // Moves shown at once, before the server answers; dropped again if it refuses.
  const [pending, setPending] = useState<Record<number, number>>({});
  const [announcement, setAnnouncement] = useState('');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );

  const stageList = stages.data ?? [];
  const moveTo = (application: ApplicationSummary, stageId: number) => {
    const stage = stageList.find((item) => item.id === stageId);
    if (!stage || stageId === (pending[application.id] ?? application.stage.id)) return;
    setPending((current) => ({ ...current, [application.id]: stageId }));
    move.mutate(
      { id: application.id, stageId },
      {
        onSuccess: () =>
          setAnnouncement(
            t('hr.board.moved', { name: getCandidateLabel(application.candidate, t), stage: stage.name }),
          ),
        onSettled: () =>
          setPending((current) => {
            const { [application.id]: _done, ...rest } = current;
            return rest;
          }),
      },
    );
  };

  const list = (applications.data?.data ?? []).map((application) => {
    const stageId = pending[application.id];
    const stage = stageId === undefined ? undefined : stageList.find((item) => item.id === stageId);
    return stage ? { ...application, stage } : application;
  });

  const onDragEnd = (event: DragEndEvent) => {
    const stageId = event.over?.data.current?.stageId;
    const application = list.find((item) => item.id === event.active.id);
    if (typeof stageId === 'number' && application) moveTo(application, stageId);
  };

  return (
    <section>
      <PageHeading
        actions={
          <>
            {/* The list pages through every candidate of the vacancy, with search and the other filters. */}
            <Link href={`/applications?vacancy_id=${vacancyId}`}>{t('hr.board.open_list')}</Link>
            <Link href={`/vacancies/${vacancyId}`}>{t('hr.board.edit_vacancy')}</Link>
            {/* The pipeline is edited with the vacancy, so it takes the same permission. */}
            {permissions.can('Vacancy', 'update') ? (
              <Link href={`/vacancies/${vacancyId}#pipeline`}>{t('hr.vacancies.stages.edit_link')}</Link>
            ) : null}
          </>
        }
      >
        {t('hr.board.title', { name: vacancy.data?.name ?? '' })}
      </PageHeading>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <QueryState
        isPending={stages.isPending || applications.isPending}
        isError={stages.isError || applications.isError}
        onRetry={() => {
          stages.refetch();
          applications.refetch();
        }}
      >
        {applications.data && applications.data.meta.total > list.length ? (
          <p className="hint">
            {t('hr.board.truncated', { shown: list.length, total: applications.data.meta.total })}{' '}
            <Link href={`/applications?vacancy_id=${vacancyId}`}>{t('hr.board.see_all')}</Link>
          </p>
        ) : null}
        <DndContext sensors={sensors} onDragEnd={onDragEnd}>
          <div className="board">
            {stageList.map((stage) => {
              const cards = list.filter((application) => application.stage.id === stage.id);
              return (
                <BoardColumn key={stage.id} stage={stage} count={cards.length}>
                  {cards.map((application) => (
                    <BoardCard
                      key={application.id}
                      application={application}
                      stages={stageList}
                      onMove={(stageId) => moveTo(application, stageId)}
                    />
                  ))}
                </BoardColumn>
              );
            })}
          </div>
        </DndContext>
      </QueryState>
    </section>
  );
}
