import type { Level } from '@kadry/shared/permissions/vocabulary';
import type { TreeItem } from './tree-model';

/**
 * Whether a Teams action at `level` reaches a team of the tree (docs/decisions/015-teams-tree.md):
 * to_all every team; only_my the teams the user manages and those below; only_my_and_my_team also
 * the teams the user belongs to. Only decides which controls to offer; the server has the last word.
 */
export function canActInTree(level: Level, item: TreeItem, employeeId: number): boolean {
  if (level === 'to_all') return true;
  if (level === 'not_visible') return false;
  for (let at: TreeItem | null = item; at; at = at.parent) {
    if (at.node.managers.some((manager) => manager.id === employeeId)) return true;
  }
  return level === 'only_my_and_my_team' && item.node.is_member;
}
