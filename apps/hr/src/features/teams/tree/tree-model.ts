import type { TeamNode } from '@kadry/shared/schemas/teams';

// The teams tree in memory: nesting the server's flat answer, walking what is on screen, and working
// out where a keyboard move or a drop puts a team (the body of `PUT teams.move`).

export type TreeItem = {
  node: TeamNode;
  children: TreeItem[];
  parent: TreeItem | null;
  /** 1 at the top, as aria-level counts. */
  level: number;
};

export type Tree = { roots: TreeItem[]; byId: Map<number, TreeItem> };

/** Where a team goes: under `parentId` (null: the top level) at `position` among the other siblings. */
export type MoveTarget = { parentId: number | null; position: number };

function compareNodes(a: TeamNode, b: TeamNode): number {
  return a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id;
}

/** Nests the flat answer; a team whose parent the user does not see is a root for them. */
export function buildTree(nodes: readonly TeamNode[]): Tree {
  const byId = new Map<number, TreeItem>();
  for (const node of nodes) byId.set(node.id, { node, children: [], parent: null, level: 1 });
  const roots: TreeItem[] = [];
  for (const item of byId.values()) {
    const parent = item.node.parent_id === null ? undefined : byId.get(item.node.parent_id);
    if (parent) {
      item.parent = parent;
      parent.children.push(item);
    } else roots.push(item);
  }
  const sortAndLevel = (items: TreeItem[], level: number) => {
    items.sort((a, b) => compareNodes(a.node, b.node));
    for (const item of items) {
      item.level = level;
      sortAndLevel(item.children, level + 1);
    }
  };
  sortAndLevel(roots, 1);
  return { roots, byId };
}

/**
 * The items on screen, top to bottom: every root, and the children of expanded items; with
 * `isShown`, only the items it keeps (a search).
 */
export function listVisibleItems(
  roots: readonly TreeItem[],
  isOpen: (id: number) => boolean,
  isShown: (id: number) => boolean = () => true,
): TreeItem[] {
  const result: TreeItem[] = [];
  const walk = (items: readonly TreeItem[]) => {
    for (const item of items) {
      if (!isShown(item.node.id)) continue;
      result.push(item);
      if (item.children.length > 0 && isOpen(item.node.id)) walk(item.children);
    }
  };
  walk(roots);
  return result;
}

/** The teams whose name contains `search` (any case) and the teams above them; null without a search. */
export function findMatches(tree: Tree, search: string): Set<number> | null {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return null;
  const shown = new Set<number>();
  for (const item of tree.byId.values()) {
    if (!item.node.name.toLocaleLowerCase().includes(needle)) continue;
    for (let at: TreeItem | null = item; at && !shown.has(at.node.id); at = at.parent) shown.add(at.node.id);
  }
  return shown;
}

/** The ids of the teams above an item, nearest first. */
export function listAncestorIds(item: TreeItem): number[] {
  const ids: number[] = [];
  for (let at = item.parent; at; at = at.parent) ids.push(at.node.id);
  return ids;
}

export function siblingsOf(tree: Tree, item: TreeItem): TreeItem[] {
  return item.parent ? item.parent.children : tree.roots;
}

/** Whether `candidate` is `item` or lies below it (a move there would make a cycle). */
export function isWithin(candidate: TreeItem, item: TreeItem): boolean {
  for (let at: TreeItem | null = candidate; at; at = at.parent) if (at === item) return true;
  return false;
}

/** Alt+↑ / Alt+↓: one place up or down among the siblings; null at the edge. */
export function findSiblingMove(tree: Tree, item: TreeItem, direction: 'up' | 'down'): MoveTarget | null {
  const siblings = siblingsOf(tree, item);
  const index = siblings.indexOf(item);
  const to = direction === 'up' ? index - 1 : index + 1;
  if (to < 0 || to >= siblings.length) return null;
  return { parentId: item.node.parent_id, position: to };
}

/** Alt+→: the last child of the sibling above; null for a first sibling. */
export function findIndentMove(tree: Tree, item: TreeItem): MoveTarget | null {
  const siblings = siblingsOf(tree, item);
  const above = siblings[siblings.indexOf(item) - 1];
  if (!above) return null;
  return { parentId: above.node.id, position: above.children.length };
}

/** Alt+←: right after its parent, among the parent's siblings; null at the top. */
export function findOutdentMove(tree: Tree, item: TreeItem): MoveTarget | null {
  const parent = item.parent;
  if (!parent) return null;
  return { parentId: parent.node.parent_id, position: siblingsOf(tree, parent).indexOf(parent) + 1 };
}

export type DropZone = 'before' | 'inside' | 'after';

/** A drop of `dragged` on `over` (its upper quarter: before, lower quarter: after, else inside); null for a cycle. */
export function findDropMove(
  tree: Tree,
  dragged: TreeItem,
  over: TreeItem,
  zone: DropZone,
): MoveTarget | null {
  if (isWithin(over, dragged)) return null;
  if (zone === 'inside') {
    return { parentId: over.node.id, position: over.children.filter((child) => child !== dragged).length };
  }
  const others = siblingsOf(tree, over).filter((sibling) => sibling !== dragged);
  const index = others.indexOf(over);
  return { parentId: over.node.parent_id, position: zone === 'before' ? index : index + 1 };
}

/** The nodes after a move, renumbered as the server does, for showing the move before it answers. */
export function applyMove(nodes: readonly TeamNode[], id: number, target: MoveTarget): TeamNode[] {
  const moved = nodes.find((node) => node.id === id);
  if (!moved) return [...nodes];
  const siblingsUnder = (parentId: number | null) =>
    nodes.filter((node) => node.parent_id === parentId && node.id !== id).sort(compareNodes);
  const joined = siblingsUnder(target.parentId);
  joined.splice(Math.min(target.position, joined.length), 0, moved);
  const positions = new Map<number, { parentId: number | null; position: number }>();
  for (const [position, node] of joined.entries()) {
    positions.set(node.id, { parentId: target.parentId, position });
  }
  if (moved.parent_id !== target.parentId) {
    for (const [position, node] of siblingsUnder(moved.parent_id).entries()) {
      positions.set(node.id, { parentId: node.parent_id, position });
    }
  }
  const countChange = (node: TeamNode) =>
    (node.id === target.parentId ? 1 : 0) - (node.id === moved.parent_id ? 1 : 0);
  return nodes.map((node) => {
    const place = positions.get(node.id);
    const change = moved.parent_id === target.parentId ? 0 : countChange(node);
    if (!place && change === 0) return node;
    return {
      ...node,
      ...(place ? { parent_id: place.parentId, position: place.position } : {}),
      children_count: node.children_count + change,
    };
  });
}
