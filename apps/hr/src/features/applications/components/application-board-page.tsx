import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { LIST_PER_PAGE_MAX } from '@kadry/shared/constants';
import {
  type ApplicationSortColumn,
  type ApplicationSummary,
  DEFAULT_SORT_ORDER,
  SORT_ORDERS,
  type SortOrder,
  type Stage,
} from '@kadry/shared/schemas/recruiting';
import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useLastNonNull } from '../../../components/ui/dialog-frame';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useStages } from '../../vacancies/api/get-stages';
import { useVacancy } from '../../vacancies/api/get-vacancy';
import { useApplications } from '../api/get-applications';
import { useMoveApplication } from '../api/move-application';
import { TagFilter, TagList, useTagFilter } from './application-tags';
import { BoardCardFacts } from './board-card-facts';
import { BoardMailOffer, type MovedCard } from './board-mail-offer';
import { BulkActions, type BulkSelection, useBulkSelection } from './bulk-actions';
import { useCanWriteToCandidates } from './can-write-to-candidates';
import { getCandidateLabel } from './candidate-name';
import { RejectDialog } from './reject-dialog';
import { SavedViewsMenu } from './saved-views-menu';
import { SendMailDialog } from './send-mail-dialog';

/** The board shows one page of the largest size the API serves; the list pages through the rest. */
const BOARD_PAGE_SIZE = LIST_PER_PAGE_MAX;

/**
 * What the board's cards sort by inside each column: the list's sort values (the API orders them)
 * that mean something within one stage.
 */
export const BOARD_SORT_COLUMNS = [
  'applied',
  'name',
  'rating',
  'days_in_stage',
] as const satisfies readonly ApplicationSortColumn[];
type BoardSortColumn = (typeof BOARD_SORT_COLUMNS)[number];
type BoardSort = { sort: BoardSortColumn; order: SortOrder } | null;

function oneOf<T extends string>(values: readonly T[], raw: string | null): T | undefined {
  return values.find((value) => value === raw);
}

/**
 * The board's sorting, kept in the address like the list's (`?sort=name&order=asc`); none: the
 * API's order (applied, newest first). A direction without a column is the column's default.
 */
export function useBoardSort(): [BoardSort, (next: BoardSort) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const sort = oneOf(BOARD_SORT_COLUMNS, params.get('sort'));
  const current: BoardSort = sort
    ? { sort, order: oneOf(SORT_ORDERS, params.get('order')) ?? DEFAULT_SORT_ORDER[sort] }
    : null;
  const setSort = (next: BoardSort) => {
    if (next) {
      params.set('sort', next.sort);
      params.set('order', next.order);
    } else {
      params.delete('sort');
      params.delete('order');
    }
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location);
  };
  return [current, setSort];
}

/** The board's sort control: a column (or the default order) and its direction. */
function BoardSortControl({ value, onChange }: { value: BoardSort; onChange: (next: BoardSort) => void }) {
  const t = useT();
  const id = useId();
  return (
    <div className="board__sort">
      <label htmlFor={`${id}-sort`}>{t('hr.board.sort_label')}</label>{' '}
      <select
        id={`${id}-sort`}
        value={value?.sort ?? ''}
        onChange={(event) => {
          const sort = oneOf(BOARD_SORT_COLUMNS, event.target.value);
          onChange(sort ? { sort, order: DEFAULT_SORT_ORDER[sort] } : null);
        }}
      >
        <option value="">{t('hr.board.sort.applied')}</option>
        {BOARD_SORT_COLUMNS.filter((column) => column !== 'applied').map((column) => (
          <option key={column} value={column}>
            {t(`hr.board.sort.${column}`)}
          </option>
        ))}
      </select>{' '}
      <label htmlFor={`${id}-order`}>{t('hr.board.order_label')}</label>{' '}
      <select
        id={`${id}-order`}
        value={value?.order ?? DEFAULT_SORT_ORDER.applied}
        onChange={(event) => {
          const order = oneOf(SORT_ORDERS, event.target.value) ?? 'desc';
          onChange({ sort: value?.sort ?? 'applied', order });
        }}
      >
        {SORT_ORDERS.map((order) => (
          <option key={order} value={order}>
            {t(`hr.board.order.${order}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Where a card stands in a column if it is (or were) in `stageId`: 1-based, with the column's size. */
export function getBoardPosition(
  list: readonly ApplicationSummary[],
  applicationId: number,
  stageId: number,
): { position: number; count: number } {
  const column = list.filter((item) => item.stage.id === stageId || item.id === applicationId);
  return { position: column.findIndex((item) => item.id === applicationId) + 1, count: column.length };
}

/** A card lifted by keyboard: which card, and the stage it would be dropped in. */
type KeyboardLift = { applicationId: number; stageId: number };

function BoardCard({
  application,
  stages,
  onMove,
  isLifted,
  hasFocusRequest,
  onHandleKeyDown,
  onFocusDone,
  onReject,
  selection,
}: {
  application: ApplicationSummary;
  /** The board's bulk selection; absent for roles that may not change candidates. */
  selection: BulkSelection | undefined;
  stages: Stage[];
  onMove: (stageId: number) => void;
  /** Opens the rejection dialog for this card; absent for roles that may not change candidates. */
  onReject: (() => void) | undefined;
  isLifted: boolean;
  hasFocusRequest: boolean;
  onHandleKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
  onFocusDone: () => void;
}) {
  const t = useT();
  const id = useId();
  const name = getCandidateLabel(application.candidate, t);
  const handleRef = useRef<HTMLButtonElement | null>(null);
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: application.id,
    data: { stageId: application.stage.id },
  });
  // A card dropped by keyboard is drawn anew in its new column: its handle gets the focus back.
  useEffect(() => {
    if (!hasFocusRequest) return;
    handleRef.current?.focus();
    onFocusDone();
  }, [hasFocusRequest, onFocusDone]);
  const style = transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined;
  return (
    <li
      className="board__card"
      ref={setNodeRef}
      style={style}
      data-dragging={isDragging || isLifted}
      data-lifted={isLifted}
    >
      <button
        type="button"
        {...attributes}
        {...listeners}
        ref={handleRef}
        className="board__handle"
        data-application-id={application.id}
        aria-roledescription={t('hr.board.draggable')}
        aria-label={t('hr.board.drag_card', { name })}
        aria-pressed={isLifted}
        aria-describedby={`${id}-instructions`}
        onKeyDown={onHandleKeyDown}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <span id={`${id}-instructions`} hidden>
        {t('hr.board.instructions')}
      </span>
      {selection ? (
        <label className="board-card__select">
          <input
            type="checkbox"
            className="bulk-select"
            checked={selection.isAllMatching || selection.selected.has(application.id)}
            onChange={() => selection.toggle(application.id)}
          />
          <span className="visually-hidden">{t('hr.recruiting_mail.bulk.select', { name })}</span>
        </label>
      ) : null}
      <Link href={`/applications/${application.id}`}>{name}</Link>
      <BoardCardFacts application={application} />
      <TagList tags={application.tags} />
      {application.rejection ? (
        // Rejected: it stays in its stage of exit until reopened on the card.
        <p>
          <span className="chip chip--red">{t('hr.recruiting_mail.rejected_chip')}</span>{' '}
          <span className="hint">{application.rejection.reason ?? ''}</span>
        </p>
      ) : (
        <>
          {/* Another keyboard and screen-reader way to move a card, beside dragging. */}
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
          {onReject ? (
            <button
              type="button"
              className="link-button"
              onClick={onReject}
              style={{ display: 'block', marginTop: 4 }}
            >
              {t('hr.recruiting_mail.reject_card', { name })}
            </button>
          ) : null}
        </>
      )}
    </li>
  );
}

function BoardColumn({
  stage,
  children,
  count,
  isTarget,
}: {
  stage: Stage;
  children: React.ReactNode;
  count: number;
  isTarget: boolean;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: `stage-${stage.id}`, data: { stageId: stage.id } });
  const headingId = useId();
  return (
    <section
      id={`board-stage-${stage.id}`}
      className="board__column"
      ref={setNodeRef}
      data-over={isOver || isTarget}
      aria-labelledby={headingId}
    >
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
  // Asked once the vacancy is known to exist: a board the user cannot open is one not-found page,
  // not three failed calls.
  const hasVacancy = vacancy.data !== undefined;
  const stages = useStages(hasVacancy ? vacancyId : null);
  const [tagId, setTagId] = useTagFilter();
  const [sort, setSort] = useBoardSort();
  // The API sorts; each column keeps that order, as it filters the page by stage.
  const applications = useApplications(
    {
      page: 1,
      per_page: BOARD_PAGE_SIZE,
      vacancy_id: vacancyId,
      ...(tagId ? { tag_id: tagId } : {}),
      ...(sort ?? {}),
    },
    hasVacancy,
  );
  const move = useMoveApplication();
  // Moves shown at once, before the server answers; dropped again if it refuses.
  const [pending, setPending] = useState<Record<number, number>>({});
  const [announcement, setAnnouncement] = useState('');
  const [lift, setLift] = useState<KeyboardLift | null>(null);
  const [focusRequest, setFocusRequest] = useState<number | null>(null);
  // The last card moved, offered a mail about the move; and the one being written to.
  const [movedCard, setMovedCard] = useState<MovedCard | null>(null);
  const [mailing, setMailing] = useState<MovedCard | null>(null);
  const mailed = useLastNonNull(mailing);
  // The offer that opened the mail dialog is gone when it closes: focus goes back to the card written
  // about, looked up then, as the card may have been drawn anew in the meantime.
  const mailedId = mailed?.applicationId;
  const mailFocus = useMemo<RefObject<HTMLElement | null>>(
    () => ({
      get current() {
        return document.querySelector<HTMLElement>(`.board__handle[data-application-id="${mailedId}"]`);
      },
    }),
    [mailedId],
  );
  // The keyboard is handled by the cards themselves (below): dnd-kit's KeyboardSensor moves a card by
  // 25 px steps and scrolls the board instead of moving when the board overflows, so a move by keyboard
  // could not say which stage it was over. Pointer dragging stays with dnd-kit.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));

  const stageList = stages.data ?? [];
  const stageName = (stageId: number) => stageList.find((item) => item.id === stageId)?.name ?? '';
  const moveTo = (application: ApplicationSummary, stageId: number) => {
    const stage = stageList.find((item) => item.id === stageId);
    if (!stage || stageId === (pending[application.id] ?? application.stage.id)) return;
    const { position, count } = getBoardPosition(list, application.id, stageId);
    setPending((current) => ({ ...current, [application.id]: stageId }));
    const name = getCandidateLabel(application.candidate, t);
    move.mutate(
      { id: application.id, stageId },
      {
        onSuccess: () => {
          setAnnouncement(t('hr.board.moved', { name, stage: stage.name, position, count }));
          // A move by drag or keyboard sends no mail; offer one, written in the card's own dialog.
          if (canReject) setMovedCard({ applicationId: application.id, name, stageName: stage.name });
        },
        onSettled: () =>
          setPending((current) => {
            const { [application.id]: _done, ...rest } = current;
            return rest;
          }),
      },
    );
  };

  const clearFocusRequest = useCallback(() => setFocusRequest(null), []);
  const canReject = permissions.can('Candidate', 'update');
  const canWrite = useCanWriteToCandidates();
  const bulk = useBulkSelection((applications.data?.data ?? []).map((application) => application.id));
  const [rejecting, setRejecting] = useState<ApplicationSummary | null>(null);
  const rejected = useLastNonNull(rejecting);
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

  const describeOver = (application: ApplicationSummary, stageId: number, key: string) =>
    t(key, {
      name: getCandidateLabel(application.candidate, t),
      stage: stageName(stageId),
      ...getBoardPosition(list, application.id, stageId),
    });

  // Space lifts, left and right arrows choose the stage, space (or Enter) drops, Escape or Tab cancels.
  const onHandleKeyDown = (application: ApplicationSummary) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const isLifted = lift?.applicationId === application.id;
    const drop = event.key === ' ' || event.key === 'Enter';
    if (!isLifted) {
      if (!drop) return;
      event.preventDefault();
      setLift({ applicationId: application.id, stageId: application.stage.id });
      setAnnouncement(describeOver(application, application.stage.id, 'hr.board.lifted'));
      return;
    }
    if (drop) {
      event.preventDefault();
      setLift(null);
      if (lift.stageId === application.stage.id) {
        setAnnouncement(describeOver(application, lift.stageId, 'hr.board.cancelled'));
        return;
      }
      setFocusRequest(application.id);
      moveTo(application, lift.stageId);
      return;
    }
    if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      setLift(null);
      setAnnouncement(describeOver(application, application.stage.id, 'hr.board.cancelled'));
      return;
    }
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const index = stageList.findIndex((stage) => stage.id === lift.stageId);
    const next = stageList[Math.min(stageList.length - 1, Math.max(0, index + step))];
    if (!next) return;
    setLift({ applicationId: application.id, stageId: next.id });
    setAnnouncement(describeOver(application, next.id, 'hr.board.over'));
    // Keep the stage it would go to in sight on a narrow board.
    document
      .getElementById(`board-stage-${next.id}`)
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  };

  // The same words for a pointer drag, said by dnd-kit's own live region.
  const findCard = (id: unknown) => list.find((item) => item.id === id);
  const stageOf = (over: { data: { current?: Record<string, unknown> } } | null) =>
    typeof over?.data.current?.stageId === 'number' ? over.data.current.stageId : null;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      const card = findCard(active.id);
      return card ? describeOver(card, card.stage.id, 'hr.board.lifted_pointer') : undefined;
    },
    onDragOver: ({ active, over }) => {
      const card = findCard(active.id);
      const stageId = stageOf(over);
      return card && stageId !== null ? describeOver(card, stageId, 'hr.board.over') : undefined;
    },
    // The move itself is announced once the server has taken it (the status line above).
    onDragEnd: () => undefined,
    onDragCancel: ({ active }) => {
      const card = findCard(active.id);
      return card ? describeOver(card, card.stage.id, 'hr.board.cancelled') : undefined;
    },
  };

  if (vacancy.isError) {
    return (
      <section>
        <QueryState isPending={false} isError error={vacancy.error} onRetry={() => vacancy.refetch()}>
          {null}
        </QueryState>
      </section>
    );
  }

  return (
    <section>
      <PageHeading
        actions={
          <>
            <SavedViewsMenu
              filters={{ vacancy_id: vacancyId, ...(tagId ? { tag_id: tagId } : {}), ...(sort ?? {}) }}
              layout="board"
            />
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
        {vacancy.data ? t('hr.board.title', { name: vacancy.data.name }) : t('hr.nav.candidates')}
      </PageHeading>
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
      <QueryState
        isPending={vacancy.isPending || stages.isPending || applications.isPending}
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
        <TagFilter value={tagId} onChange={setTagId} />
        <BoardSortControl value={sort} onChange={setSort} />
        {canReject ? (
          <BulkActions
            selection={bulk}
            matching={
              applications.data
                ? {
                    filter: { vacancy_id: vacancyId, ...(tagId ? { tag_id: tagId } : {}) },
                    total: applications.data.meta.total,
                  }
                : undefined
            }
            stages={stageList}
            canExport={permissions.canDo('Candidate', 'export_database')}
          />
        ) : null}
        <p className="hint board__instructions">{t('hr.board.instructions')}</p>
        <DndContext
          sensors={sensors}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('hr.board.instructions') },
          }}
        >
          <div className="board">
            {stageList.map((stage) => {
              const cards = list.filter((application) => application.stage.id === stage.id);
              return (
                <BoardColumn
                  key={stage.id}
                  stage={stage}
                  count={cards.length}
                  isTarget={lift !== null && lift.stageId === stage.id}
                >
                  {cards.map((application) => (
                    <BoardCard
                      key={application.id}
                      application={application}
                      stages={stageList}
                      onMove={(stageId) => moveTo(application, stageId)}
                      isLifted={lift?.applicationId === application.id}
                      hasFocusRequest={focusRequest === application.id}
                      onHandleKeyDown={onHandleKeyDown(application)}
                      onFocusDone={clearFocusRequest}
                      onReject={canReject ? () => setRejecting(application) : undefined}
                      selection={canReject ? bulk : undefined}
                    />
                  ))}
                </BoardColumn>
              );
            })}
          </div>
        </DndContext>
        <BoardMailOffer
          moved={canWrite ? movedCard : null}
          onSend={(moved) => {
            setMovedCard(null);
            setMailing(moved);
          }}
          onClose={() => setMovedCard(null)}
        />
        {/* The move is done: the dialog writes only, it offers no stage to move to. */}
        <SendMailDialog
          open={mailing !== null}
          onClose={() => setMailing(null)}
          finalFocus={mailFocus}
          applicationIds={mailed ? [mailed.applicationId] : []}
          candidateName={mailed?.name ?? null}
          vacancyName={vacancy.data?.name ?? null}
        />
        <RejectDialog
          open={rejecting !== null}
          onClose={() => setRejecting(null)}
          applicationIds={rejected ? [rejected.id] : []}
          candidateName={rejected ? getCandidateLabel(rejected.candidate, t) : null}
          vacancyName={vacancy.data?.name ?? null}
        />
      </QueryState>
    </section>
  );
}
