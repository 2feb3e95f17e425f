import { describe, expect, it } from 'vitest';
import { buildTeamNode } from '../teams-test-data';
import {
  applyMove,
  buildTree,
  findDropMove,
  findIndentMove,
  findOutdentMove,
  findSiblingMove,
  listVisibleItems,
} from './tree-model';
import { readOpenBranches, readTreePosition, TREE_OPEN_BRANCH_KEY, TREE_POSITION_KEY } from './tree-storage';

// A (1) ⊃ B (2), C (3) ⊃ D (4); E (5) at the top; F (6) under a parent the user does not see.
const nodes = [
  buildTeamNode({ id: 1, name: 'A', position: 0, children_count: 2 }),
  buildTeamNode({ id: 3, name: 'C', parent_id: 1, position: 1, children_count: 1 }),
  buildTeamNode({ id: 2, name: 'B', parent_id: 1, position: 0 }),
  buildTeamNode({ id: 4, name: 'D', parent_id: 3, position: 0 }),
  buildTeamNode({ id: 5, name: 'E', position: 1 }),
  buildTeamNode({ id: 6, name: 'F', parent_id: 99, position: 0 }),
];

function at(id: number) {
  const tree = buildTree(nodes);
  const item = tree.byId.get(id);
  if (!item) throw new Error(`no ${id}`);
  return { tree, item };
}

describe('the teams tree model', () => {
  it('nests by parent and position, treating a team under an unseen parent as a root', () => {
    const tree = buildTree(nodes);
    expect(tree.roots.map((item) => item.node.name)).toEqual(['A', 'F', 'E']);
    expect(tree.byId.get(1)?.children.map((item) => item.node.name)).toEqual(['B', 'C']);
    expect(tree.byId.get(4)?.level).toBe(3);
    expect(listVisibleItems(tree.roots, (id) => id === 1).map((item) => item.node.name)).toEqual([
      'A',
      'B',
      'C',
      'F',
      'E',
    ]);
  });

  it('works out keyboard moves, and none past an edge', () => {
    const { tree, item: c } = at(3);
    expect(findSiblingMove(tree, c, 'up')).toEqual({ parentId: 1, position: 0 });
    expect(findSiblingMove(tree, c, 'down')).toBeNull();
    expect(findIndentMove(tree, c)).toEqual({ parentId: 2, position: 0 });
    expect(findOutdentMove(tree, c)).toEqual({ parentId: null, position: 1 });
    const b = tree.byId.get(2);
    expect(b && findIndentMove(tree, b)).toBeNull();
    const a = tree.byId.get(1);
    expect(a && findOutdentMove(tree, a)).toBeNull();
  });

  it('works out drops before, after and inside, and refuses a drop into the team itself or below it', () => {
    const { tree, item: a } = at(1);
    const d = tree.byId.get(4);
    const e = tree.byId.get(5);
    const b = tree.byId.get(2);
    if (!d || !e || !b) throw new Error('tree');
    expect(findDropMove(tree, a, d, 'inside')).toBeNull();
    expect(findDropMove(tree, e, b, 'before')).toEqual({ parentId: 1, position: 0 });
    expect(findDropMove(tree, e, b, 'after')).toEqual({ parentId: 1, position: 1 });
    expect(findDropMove(tree, b, e, 'inside')).toEqual({ parentId: 5, position: 0 });
    // Within the same siblings the dragged team does not count.
    const c = tree.byId.get(3);
    if (!c) throw new Error('tree');
    expect(findDropMove(tree, b, c, 'after')).toEqual({ parentId: 1, position: 1 });
  });

  it('renumbers both sides of a move as the server does', () => {
    const moved = applyMove(nodes, 2, { parentId: 3, position: 0 });
    const byId = new Map(moved.map((node) => [node.id, node]));
    expect(byId.get(2)).toMatchObject({ parent_id: 3, position: 0 });
    expect(byId.get(4)).toMatchObject({ parent_id: 3, position: 1 });
    expect(byId.get(3)).toMatchObject({ parent_id: 1, position: 0, children_count: 2 });
    expect(byId.get(1)).toMatchObject({ children_count: 1 });
  });

  it('reads junk in local storage as nothing stored', () => {
    localStorage.setItem(TREE_OPEN_BRANCH_KEY, '{not json');
    localStorage.setItem(TREE_POSITION_KEY, JSON.stringify({ selectedId: 'x', scrollTop: -4 }));
    expect(readOpenBranches()).toEqual(new Set());
    expect(readTreePosition()).toEqual({ selectedId: null, scrollTop: 0 });
    localStorage.setItem(TREE_OPEN_BRANCH_KEY, JSON.stringify([3, 'x', 1]));
    expect(readOpenBranches()).toEqual(new Set([1, 3]));
  });
});
