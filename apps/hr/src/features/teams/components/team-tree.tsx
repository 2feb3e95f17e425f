import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { type KeyboardEvent, type ReactNode, type RefObject, useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { DropZone, Tree, TreeItem } from '../tree/tree-model';

/** What the tree asks of the page: the state it shows and what the user does to it. */
export type TeamTreeProps = {
  tree: Tree;
  /** The items on screen, top to bottom. */
  visible: readonly TreeItem[];
  label: string;
  describedBy: string;
  isOpen: (id: number) => boolean;
  /** False for the teams a search hides. */
  isShown: (id: number) => boolean;
  selectedId: number | null;
  newTeamId: number | null;
  canDrag: (item: TreeItem) => boolean;
  listRef: RefObject<HTMLUListElement | null>;
  onSelect: (id: number) => void;
  onToggle: (id: number, open?: boolean) => void;
  onOpenTeam: (id: number) => void;
  /** Alt+arrows: the page works out the target, checks rights, moves and announces. */
  onKeyboardMove: (item: TreeItem, key: 'up' | 'down' | 'indent' | 'outdent') => void;
  onDrop: (dragged: TreeItem, over: TreeItem, zone: DropZone) => void;
  /** Words for the pointer drag's screen-reader announcements. */
  announcements: Announcements;
};

function zoneOf(event: DragMoveEvent | DragEndEvent): DropZone | null {
  const { over, active } = event;
  const dragged = active.rect.current.translated;
  if (!over || !dragged) return null;
  const middle = dragged.top + dragged.height / 2;
  const ratio = (middle - over.rect.top) / Math.max(1, over.rect.height);
  return ratio < 0.25 ? 'before' : ratio > 0.75 ? 'after' : 'inside';
}

/**
 * The teams as a WAI-ARIA tree: one tab stop (the selected team), arrows to move through it, Right
 * and Left to open and close branches, Home and End, Enter to open a team, Alt+arrows to move a team.
 * Teams are dragged with a pointer (dnd-kit); the keyboard moves them with Alt+arrows instead of
 * dnd-kit's keyboard sensor, whose Space and Enter the tree needs.
 */
export function TeamTree(props: TeamTreeProps) {
  const { tree, visible, selectedId, listRef, onSelect, onToggle, onOpenTeam, onKeyboardMove, isOpen } =
    props;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const [dropHint, setDropHint] = useState<{ id: number; zone: DropZone } | null>(null);
  // The tab stop: the selected team, or the first one when none is selected or it is not on screen.
  const focusId =
    selectedId !== null && visible.some((item) => item.node.id === selectedId)
      ? selectedId
      : (visible[0]?.node.id ?? null);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const current = focusId === null ? undefined : tree.byId.get(focusId);
    if (!current) return;
    const index = visible.indexOf(current);
    const go = (item: TreeItem | undefined) => {
      if (item) onSelect(item.node.id);
    };
    if (event.altKey) {
      const keys: Record<string, 'up' | 'down' | 'indent' | 'outdent'> = {
        ArrowUp: 'up',
        ArrowDown: 'down',
        ArrowRight: 'indent',
        ArrowLeft: 'outdent',
      };
      const move = keys[event.key];
      if (move) {
        event.preventDefault();
        onKeyboardMove(current, move);
      }
      return;
    }
    const hasChildren = current.children.length > 0;
    switch (event.key) {
      case 'ArrowDown':
        go(visible[index + 1]);
        break;
      case 'ArrowUp':
        go(visible[index - 1]);
        break;
      case 'ArrowRight':
        if (hasChildren && !isOpen(current.node.id)) onToggle(current.node.id, true);
        else if (hasChildren) go(current.children[0]);
        break;
      case 'ArrowLeft':
        if (hasChildren && isOpen(current.node.id)) onToggle(current.node.id, false);
        else go(current.parent ?? undefined);
        break;
      case 'Home':
        go(visible[0]);
        break;
      case 'End':
        go(visible.at(-1));
        break;
      case 'Enter':
        onOpenTeam(current.node.id);
        break;
      case '*':
        for (const sibling of current.parent ? current.parent.children : tree.roots) {
          if (sibling.children.length > 0) onToggle(sibling.node.id, true);
        }
        break;
      default:
        return;
    }
    event.preventDefault();
  };

  const itemOf = (id: unknown) => (typeof id === 'number' ? tree.byId.get(id) : undefined);
  const onDragMove = (event: DragMoveEvent) => {
    const zone = zoneOf(event);
    const overId = event.over?.id;
    setDropHint(
      zone && typeof overId === 'number' && overId !== event.active.id ? { id: overId, zone } : null,
    );
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDropHint(null);
    const dragged = itemOf(event.active.id);
    const over = itemOf(event.over?.id);
    const zone = zoneOf(event);
    if (dragged && over && zone && dragged !== over) props.onDrop(dragged, over, zone);
  };

  const render = (all: readonly TreeItem[]) => {
    const items = all.filter((item) => props.isShown(item.node.id));
    return items.map((item, index) => (
      <TeamTreeItem
        key={item.node.id}
        item={item}
        index={index}
        total={items.length}
        props={props}
        isFocusable={item.node.id === focusId}
        dropZone={dropHint?.id === item.node.id ? dropHint.zone : null}
        renderChildren={render}
      />
    ));
  };

  return (
    <DndContext
      sensors={sensors}
      onDragMove={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDropHint(null)}
      accessibility={{ announcements: props.announcements }}
    >
      <ul
        ref={listRef}
        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a WAI-ARIA tree is built on a list
        role="tree"
        className="team-tree"
        aria-label={props.label}
        aria-describedby={props.describedBy}
        onKeyDown={onKeyDown}
      >
        {render(tree.roots)}
      </ul>
    </DndContext>
  );
}

function TeamTreeItem({
  item,
  index,
  total,
  props,
  isFocusable,
  dropZone,
  renderChildren,
}: {
  item: TreeItem;
  index: number;
  total: number;
  props: TeamTreeProps;
  isFocusable: boolean;
  dropZone: DropZone | null;
  renderChildren: (items: readonly TreeItem[]) => ReactNode;
}) {
  const t = useT();
  const { node } = item;
  const hasChildren = item.children.length > 0;
  const open = hasChildren && props.isOpen(node.id);
  const drag = useDraggable({ id: node.id, disabled: !props.canDrag(item) });
  const drop = useDroppable({ id: node.id });
  const rowRef = useRef<HTMLDivElement | null>(null);
  const setRowRef = (element: HTMLDivElement | null) => {
    rowRef.current = element;
    drag.setNodeRef(element);
    drop.setNodeRef(element);
  };
  const isSelected = props.selectedId === node.id;
  const isNew = props.newTeamId === node.id;
  const managers = node.managers.map((manager) => manager.name).join(', ');
  const className = [
    'team-tree__row',
    isSelected ? 'is-selected' : '',
    isNew ? 'is-new' : '',
    drag.isDragging ? 'is-dragging' : '',
    dropZone ? `drop-${dropZone}` : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <li
      role="treeitem"
      aria-level={item.level}
      aria-setsize={total}
      aria-posinset={index + 1}
      aria-expanded={hasChildren ? open : undefined}
      aria-selected={isSelected}
      aria-label={node.name}
      tabIndex={isFocusable ? 0 : -1}
      data-team-id={node.id}
      className="team-tree__item"
      onFocus={(event) => {
        if (event.target === event.currentTarget && !isSelected) props.onSelect(node.id);
      }}
    >
      {/* The row is what the pointer drags; clicks select, the triangle opens and closes. The keys are
          the treeitem's (TeamTree's onKeyDown), so the row needs none of its own. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the treeitem around it takes the keys */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer target inside a treeitem */}
      <div
        ref={setRowRef}
        className={className}
        style={{ paddingInlineStart: `${(item.level - 1) * 1.25 + 0.25}rem` }}
        {...drag.listeners}
        onClick={(event) => {
          event.stopPropagation();
          props.onSelect(node.id);
          (event.currentTarget.parentElement as HTMLElement | null)?.focus();
        }}
        onDoubleClick={() => props.onOpenTeam(node.id)}
      >
        <span
          className="team-tree__toggle"
          aria-hidden="true"
          onClick={(event) => {
            event.stopPropagation();
            if (hasChildren) props.onToggle(node.id);
            props.onSelect(node.id);
          }}
        >
          {hasChildren ? (open ? '▾' : '▸') : '·'}
        </span>
        <span className="team-tree__name">{node.name}</span>
        {node.is_hidden ? <span className="chip chip--grey">{t('hr.teams.tree.hidden_chip')}</span> : null}
        {isNew ? <span className="chip chip--green">{t('hr.teams.tree.new_chip')}</span> : null}
        <span className="team-tree__meta">
          {t('hr.teams.tree.members_count', { count: node.members_count })}
          {managers ? ` · ${managers}` : ''}
        </span>
      </div>
      {open ? (
        // biome-ignore lint/a11y/useSemanticElements: a WAI-ARIA tree's branch is a group
        <ul role="group" className="team-tree__group">
          {renderChildren(item.children)}
        </ul>
      ) : null}
    </li>
  );
}
