import type { Announcements } from '@dnd-kit/core';
import { SEARCH_TEXT_MAX_LENGTH } from '@kadry/shared/schemas/common';
import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { FilterBar, FilterInput } from '../../../components/ui/filter-bar';
import { PageHeading } from '../../../components/ui/page-heading';
import { QueryState } from '../../../components/ui/query-state';
import { useT } from '../../../lib/i18n';
import { usePageData } from '../../../lib/page-data';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { snackbar } from '../../../lib/snackbar/snackbar';
import { useFocusAfterRender } from '../../../lib/sortable-list';
import { useTeamTree } from '../api/get-team-tree';
import { useMoveTeam } from '../api/move-team';
import { useRenameTeam } from '../api/rename-team';
import { canActInTree } from '../tree/tree-access';
import {
  buildTree,
  type DropZone,
  findDropMove,
  findIndentMove,
  findMatches,
  findOutdentMove,
  findSiblingMove,
  listAncestorIds,
  listVisibleItems,
  type MoveTarget,
  type TreeItem,
} from '../tree/tree-model';
import {
  readNewTeam,
  readOpenBranches,
  readTreePosition,
  writeNewTeam,
  writeOpenBranches,
  writeTreePosition,
} from '../tree/tree-storage';
import { CreateTeamDialog, DeleteTeamDialog, TeamNameDialog } from './team-dialogs';
import { TeamTree } from './team-tree';
import './teams-tree.css';

type OpenDialog =
  | { kind: 'create'; parentId: number | null }
  | { kind: 'rename'; id: number; name: string }
  | { kind: 'delete'; id: number; name: string; membersCount: number }
  | null;

/**
 * Teams as a tree (spec §2.4, docs/decisions/015-teams-tree.md): expand and collapse (remembered in
 * `treeItemOpenBranch`), the selected team and the scroll (`treePosition`), the team just created
 * highlighted (`treeItemTeamNew`); moves by drag and drop or Alt+arrows, said aloud; the selected
 * team's actions beside the tree.
 */
export function TeamsPage() {
  const t = useT();
  const { user } = usePageData();
  const permissions = usePermissions();
  const [, navigate] = useLocation();
  const ids = useId();
  const [managedOnly, setManagedOnly] = useState(false);
  const query = useTeamTree({ managed: managedOnly });
  const tree = useMemo(() => buildTree(query.data ?? []), [query.data]);
  const [search, setSearch] = useState('');
  const matches = useMemo(() => findMatches(tree, search), [tree, search]);
  const [openIds, setOpenIds] = useState<Set<number>>(() => readOpenBranches());
  const [selectedId, setSelectedId] = useState<number | null>(() => readTreePosition().selectedId);
  const [newTeamId, setNewTeamId] = useState<number | null>(() => readNewTeam());
  const [announcement, setAnnouncement] = useState('');
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterRender = useFocusAfterRender(listRef);
  const move = useMoveTeam();
  const update = useRenameTeam();

  const isOpen = (id: number) => (matches ? matches.has(id) : openIds.has(id));
  const isShown = (id: number) => !matches || matches.has(id);
  const visible = listVisibleItems(tree.roots, isOpen, isShown);
  const selected = selectedId === null ? undefined : tree.byId.get(selectedId);

  const levelOf = (action: 'update' | 'delete' | 'create') => permissions.findLevel('Teams', action);
  const canUpdate = (item: TreeItem) => canActInTree(levelOf('update'), item, user.employeeId);
  const canDelete = (item: TreeItem) => canActInTree(levelOf('delete'), item, user.employeeId);
  const canOrder = permissions.canDo('Teams', 'change_order');

  // The place in the tree comes back once the tree is there: scroll, then the selected team.
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (restored.current || !query.data) return;
    restored.current = true;
    if (scrollRef.current) scrollRef.current.scrollTop = readTreePosition().scrollTop;
  }, [query.data]);
  useEffect(() => {
    writeTreePosition({
      selectedId,
      scrollTop: scrollRef.current?.scrollTop ?? readTreePosition().scrollTop,
    });
  }, [selectedId]);
  // The new team is shown where it is: its branch opened, scrolled into view once.
  const shownNew = useRef<number | null>(null);
  useEffect(() => {
    if (newTeamId === null || shownNew.current === newTeamId) return;
    const item = tree.byId.get(newTeamId);
    if (!item) return;
    shownNew.current = newTeamId;
    const above = listAncestorIds(item).filter((id) => !openIds.has(id));
    if (above.length > 0) toggleMany(above, true);
    requestAnimationFrame(() =>
      listRef.current?.querySelector(`[data-team-id="${newTeamId}"]`)?.scrollIntoView?.({ block: 'nearest' }),
    );
  });

  function toggleMany(idsToChange: readonly number[], open: boolean) {
    setOpenIds((current) => {
      const next = new Set(current);
      for (const id of idsToChange) {
        if (open) next.add(id);
        else next.delete(id);
      }
      writeOpenBranches(next);
      return next;
    });
  }

  const select = (id: number) => {
    setSelectedId(id);
    focusAfterRender(`[data-team-id="${id}"]`);
    // The highlight of a new team lasts until the user goes elsewhere in the tree.
    if (newTeamId !== null && id !== newTeamId) {
      writeNewTeam(null);
      setNewTeamId(null);
    }
  };

  const saveScroll = () => {
    writeTreePosition({ selectedId, scrollTop: scrollRef.current?.scrollTop ?? 0 });
  };

  /** Where a target is, in words: under which team (or the top level) and at which place. */
  const describePlace = (name: string, target: MoveTarget) => {
    const parent = target.parentId === null ? undefined : tree.byId.get(target.parentId);
    const siblings = parent ? parent.children : tree.roots;
    const total = siblings.length + (siblings.some((item) => item.node.name === name) ? 0 : 1);
    const position = Math.min(target.position, total - 1) + 1;
    return parent
      ? t('hr.teams.tree.moved_under', { name, parent: parent.node.name, position, total })
      : t('hr.teams.tree.moved_top', { name, position, total });
  };

  /** Checks rights, moves (the tree shows it at once), says where it went or why not. */
  const runMove = (item: TreeItem, target: MoveTarget | null, choosesPlace: boolean) => {
    const name = item.node.name;
    if (!target) {
      setAnnouncement(t('hr.teams.tree.move_edge', { name }));
      return;
    }
    const newParent = target.parentId === null ? undefined : tree.byId.get(target.parentId);
    const sameParent = target.parentId === item.node.parent_id;
    const allowed =
      canUpdate(item) &&
      (sameParent || (newParent ? canUpdate(newParent) : levelOf('update') === 'to_all')) &&
      (canOrder || !(choosesPlace && sameParent));
    if (!allowed) {
      setAnnouncement(t('hr.teams.tree.move_forbidden', { name }));
      return;
    }
    if (target.parentId !== null && !openIds.has(target.parentId)) toggleMany([target.parentId], true);
    const withPosition = canOrder;
    const said = describePlace(
      name,
      withPosition ? target : { ...target, position: Number.MAX_SAFE_INTEGER },
    );
    setAnnouncement(said);
    focusAfterRender(`[data-team-id="${item.node.id}"]`);
    move.mutate(
      { id: item.node.id, target, withPosition },
      {
        onError: (error) =>
          setAnnouncement(t('hr.teams.tree.move_failed', { name, message: getRequestErrorMessage(error) })),
      },
    );
  };

  const keyboardMove = (item: TreeItem, key: 'up' | 'down' | 'indent' | 'outdent') => {
    if (key === 'up' || key === 'down') runMove(item, findSiblingMove(tree, item, key), true);
    else if (key === 'indent') runMove(item, findIndentMove(tree, item), false);
    else runMove(item, findOutdentMove(tree, item), true);
  };

  const drop = (dragged: TreeItem, over: TreeItem, zone: DropZone) => {
    const target = findDropMove(tree, dragged, over, zone);
    if (!target) {
      setAnnouncement(t('hr.teams.tree.move_cycle', { name: dragged.node.name }));
      return;
    }
    select(dragged.node.id);
    runMove(dragged, target, zone !== 'inside');
  };

  const nameOfDrag = (id: unknown) => (typeof id === 'number' ? (tree.byId.get(id)?.node.name ?? '') : '');
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('hr.teams.tree.drag_start', { name: nameOfDrag(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('hr.teams.tree.drag_over', { name: nameOfDrag(active.id), target: nameOfDrag(over.id) })
        : undefined,
    onDragEnd: () => undefined,
    onDragCancel: ({ active }) => t('hr.teams.tree.drag_cancel', { name: nameOfDrag(active.id) }),
  };

  const toggleHidden = async (item: TreeItem) => {
    const hide = !item.node.is_hidden;
    await update.mutateAsync({ id: item.node.id, is_hidden: hide });
    const message = t(hide ? 'hr.teams.tree.hidden_done' : 'hr.teams.tree.shown_done', {
      name: item.node.name,
    });
    snackbar.success(message);
    setAnnouncement(message);
  };

  // The parents the create dialog offers: teams the user may add under, in tree order.
  const createLevel = levelOf('create');
  const parentOptions = listVisibleItems(tree.roots, () => true)
    .filter((item) => canActInTree(createLevel, item, user.employeeId))
    .map((item) => ({ id: item.node.id, name: item.node.name, level: item.level }));

  const viewLevel = permissions.findLevel('Teams', 'view');
  const emptyKey = managedOnly
    ? 'hr.teams.tree.empty_managed'
    : viewLevel === 'only_my'
      ? 'hr.teams.empty_managed'
      : viewLevel === 'only_my_and_my_team'
        ? 'hr.teams.empty_member'
        : 'hr.teams.empty';
  const instructionsId = `${ids}-instructions`;

  return (
    <section className="teams-tree-page">
      <PageHeading
        actions={
          <>
            <Link href="/teams/chart">{t('hr.teams.chart.link')}</Link>
            {permissions.can('Teams', 'create') ? (
              <button
                type="button"
                className="primary"
                onClick={() => setDialog({ kind: 'create', parentId: selected?.node.id ?? null })}
              >
                {t('hr.teams.create')}
              </button>
            ) : null}
          </>
        }
      >
        {t('hr.teams.title')}
      </PageHeading>

      <FilterBar label={t('hr.teams.search_label')}>
        <FilterInput
          label={t('hr.teams.search_label')}
          type="search"
          value={search}
          maxLength={SEARCH_TEXT_MAX_LENGTH}
          onChange={setSearch}
        />
        {permissions.canDo('Teams', 'see_managed_teams') ? (
          <div className="teams-tree-page__check">
            <label>
              <input
                type="checkbox"
                checked={managedOnly}
                onChange={(event) => setManagedOnly(event.target.checked)}
              />{' '}
              {t('hr.teams.tree.managed_filter')}
            </label>
          </div>
        ) : null}
      </FilterBar>

      <p id={instructionsId} className="hint">
        {t('hr.teams.tree.instructions')}
      </p>
      <p role="status" aria-live="polite" className="visually-hidden">
        {announcement}
      </p>

      <QueryState isPending={query.isPending} isError={query.isError} onRetry={() => query.refetch()}>
        {visible.length === 0 ? (
          <p role="status">
            {search.trim() ? t('hr.teams.empty_search', { search: search.trim() }) : t(emptyKey)}
          </p>
        ) : (
          <div className="teams-tree-page__layout">
            <div className="teams-tree-page__tree">
              <div className="teams-tree-page__tools">
                <button type="button" onClick={() => toggleMany([...tree.byId.keys()], true)}>
                  {t('hr.teams.tree.expand_all')}
                </button>
                <button type="button" onClick={() => toggleMany([...tree.byId.keys()], false)}>
                  {t('hr.teams.tree.collapse_all')}
                </button>
              </div>
              <div ref={scrollRef} className="teams-tree-page__scroll" onScroll={saveScroll}>
                <TeamTree
                  tree={tree}
                  visible={visible}
                  isShown={isShown}
                  label={t('hr.teams.tree.label')}
                  describedBy={instructionsId}
                  isOpen={isOpen}
                  selectedId={selectedId}
                  newTeamId={newTeamId}
                  canDrag={(item) => canUpdate(item) && !matches}
                  listRef={listRef}
                  onSelect={select}
                  onToggle={(id, open) => toggleMany([id], open ?? !openIds.has(id))}
                  onOpenTeam={(id) => navigate(`/teams/${id}`)}
                  onKeyboardMove={keyboardMove}
                  onDrop={drop}
                  announcements={announcements}
                />
              </div>
            </div>
            <SelectedTeamPanel
              item={selected}
              canCreate={
                permissions.can('Teams', 'create') &&
                selected !== undefined &&
                canActInTree(createLevel, selected, user.employeeId)
              }
              canUpdate={selected ? canUpdate(selected) : false}
              canHide={levelOf('update') === 'to_all'}
              canDelete={selected ? canDelete(selected) : false}
              canOrder={canOrder}
              onCreateChild={(id) => setDialog({ kind: 'create', parentId: id })}
              onRename={(item) => setDialog({ kind: 'rename', id: item.node.id, name: item.node.name })}
              onToggleHidden={toggleHidden}
              onMove={keyboardMove}
              onDelete={(item) =>
                setDialog({
                  kind: 'delete',
                  id: item.node.id,
                  name: item.node.name,
                  membersCount: item.node.members_count,
                })
              }
            />
          </div>
        )}
      </QueryState>

      <CreateTeamDialog
        open={dialog?.kind === 'create'}
        parents={parentOptions}
        initialParentId={dialog?.kind === 'create' ? dialog.parentId : null}
        canHide={createLevel === 'to_all'}
        onClose={() => setDialog(null)}
        onCreated={(team) => {
          // The tree's position stays as it was (spec §2.4); the new team is marked instead.
          writeNewTeam(team.id);
          setNewTeamId(team.id);
          shownNew.current = null;
          if (team.parent_id !== null) toggleMany([team.parent_id], true);
        }}
      />
      <TeamNameDialog
        open={dialog?.kind === 'rename'}
        team={dialog?.kind === 'rename' ? { id: dialog.id, name: dialog.name } : null}
        onClose={() => setDialog(null)}
      />
      <DeleteTeamDialog
        team={dialog?.kind === 'delete' ? dialog : null}
        onClose={() => setDialog(null)}
        onDeleted={() => setSelectedId(null)}
      />
    </section>
  );
}

function SelectedTeamPanel({
  item,
  canCreate,
  canUpdate,
  canHide,
  canDelete,
  canOrder,
  onCreateChild,
  onRename,
  onToggleHidden,
  onMove,
  onDelete,
}: {
  item: TreeItem | undefined;
  canCreate: boolean;
  canUpdate: boolean;
  canHide: boolean;
  canDelete: boolean;
  canOrder: boolean;
  onCreateChild: (id: number) => void;
  onRename: (item: TreeItem) => void;
  onToggleHidden: (item: TreeItem) => Promise<void>;
  onMove: (item: TreeItem, key: 'up' | 'down' | 'indent' | 'outdent') => void;
  onDelete: (item: TreeItem) => void;
}) {
  const t = useT();
  const headingId = useId();
  if (!item) {
    return (
      <aside className="panel teams-tree-page__panel">
        <p>{t('hr.teams.tree.no_selection')}</p>
      </aside>
    );
  }
  const { node } = item;
  const hasChildren = node.children_count > 0;
  return (
    <aside className="panel teams-tree-page__panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{node.name}</h2>
      <p>
        {t('hr.teams.tree.members_count', { count: node.members_count })}
        {node.managers.length > 0
          ? ` · ${t('hr.teams.field.managers')}: ${node.managers.map((manager) => manager.name).join(', ')}`
          : ` · ${t('hr.teams.no_managers')}`}
      </p>
      {node.is_hidden ? <p className="hint">{t('hr.teams.tree.hidden_hint')}</p> : null}
      <div className="teams-tree-page__actions">
        <Link href={`/teams/${node.id}`}>{t('hr.teams.tree.open')}</Link>
        {canCreate ? (
          <button type="button" onClick={() => onCreateChild(node.id)}>
            {t('hr.teams.tree.add_child')}
          </button>
        ) : null}
        {canUpdate ? (
          <button type="button" onClick={() => onRename(item)}>
            {t('hr.teams.rename')}
          </button>
        ) : null}
        {canUpdate && canHide ? (
          <button type="button" onClick={() => void onToggleHidden(item).catch(() => undefined)}>
            {node.is_hidden ? t('hr.teams.tree.show') : t('hr.teams.tree.hide')}
          </button>
        ) : null}
        {canDelete ? (
          <button
            type="button"
            disabled={hasChildren}
            aria-describedby={hasChildren ? `${headingId}-children` : undefined}
            onClick={() => onDelete(item)}
          >
            {t('hr.teams.delete')}
          </button>
        ) : null}
      </div>
      {canDelete && hasChildren ? (
        <p id={`${headingId}-children`} className="hint">
          {t('hr.teams.tree.delete_children')}
        </p>
      ) : null}
      {canUpdate ? (
        <fieldset className="teams-tree-page__moves">
          <legend>{t('hr.teams.tree.move_legend')}</legend>
          {canOrder ? (
            <>
              <button type="button" onClick={() => onMove(item, 'up')}>
                {t('hr.teams.tree.move_up')}
              </button>
              <button type="button" onClick={() => onMove(item, 'down')}>
                {t('hr.teams.tree.move_down')}
              </button>
            </>
          ) : null}
          <button type="button" onClick={() => onMove(item, 'indent')}>
            {t('hr.teams.tree.indent')}
          </button>
          {item.parent ? (
            <button type="button" onClick={() => onMove(item, 'outdent')}>
              {t('hr.teams.tree.outdent', { parent: item.parent.node.name })}
            </button>
          ) : null}
        </fieldset>
      ) : null}
    </aside>
  );
}
