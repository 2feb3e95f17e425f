import type { Level } from '@kadry/shared/permissions/vocabulary';

/**
 * Whether a Teams action at `level` reaches a team (docs/decisions/006-administration.md): "my"
 * teams are those the user's employee manages, "my team" those it belongs to (ids are employee ids). Only decides which buttons
 * to show; the server checks again and has the final word.
 */
export function canActOnTeam(
  level: Level,
  team: { managerIds: readonly number[]; isMember: boolean },
  employeeId: number,
): boolean {
  switch (level) {
    case 'to_all':
      return true;
    case 'only_my_and_my_team':
      return team.isMember || team.managerIds.includes(employeeId);
    case 'only_my':
      return team.managerIds.includes(employeeId);
    case 'not_visible':
      return false;
  }
}
