// What the teams tree keeps in local storage (spec §3.2, §2.4): the expanded branches
// (`treeItemOpenBranch`), the place in the tree (`treePosition`: the selected team and the scroll)
// and the team just created (`treeItemTeamNew`, highlighted once the tree shows it). The teams/create
// dialog does not clear `treePosition`, so the tree opens again where the user left it.
// Storage errors (full, denied, junk) read as nothing stored (spec §8).

export const TREE_OPEN_BRANCH_KEY = 'treeItemOpenBranch';
export const TREE_POSITION_KEY = 'treePosition';
export const TREE_TEAM_NEW_KEY = 'treeItemTeamNew';

export type TreePosition = { selectedId: number | null; scrollTop: number };

function read(key: string): unknown {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Full or denied: the tree forgets at the next visit, nothing else breaks.
  }
}

function isId(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** The ids of the expanded teams. */
export function readOpenBranches(): Set<number> {
  const value = read(TREE_OPEN_BRANCH_KEY);
  return new Set(Array.isArray(value) ? value.filter(isId) : []);
}

export function writeOpenBranches(ids: ReadonlySet<number>): void {
  write(
    TREE_OPEN_BRANCH_KEY,
    [...ids].sort((a, b) => a - b),
  );
}

export function readTreePosition(): TreePosition {
  const value = read(TREE_POSITION_KEY) as Partial<TreePosition> | null;
  return {
    selectedId: isId(value?.selectedId) ? value.selectedId : null,
    scrollTop:
      typeof value?.scrollTop === 'number' && Number.isFinite(value.scrollTop) && value.scrollTop >= 0
        ? value.scrollTop
        : 0,
  };
}

export function writeTreePosition(position: TreePosition): void {
  write(TREE_POSITION_KEY, position);
}

/** The team created last, to highlight; null when none is waiting. */
export function readNewTeam(): number | null {
  const value = read(TREE_TEAM_NEW_KEY);
  return isId(value) ? value : null;
}

export function writeNewTeam(id: number | null): void {
  write(TREE_TEAM_NEW_KEY, id);
}
