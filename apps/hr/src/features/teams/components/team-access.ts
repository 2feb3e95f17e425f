import type { Level } from '@kadry/shared/permissions/vocabulary';

/**
 * Whether a Teams action at `level` reaches a team (docs/decisions/006-administration.md): "my"
 * teams are those the user manages, "my team" those the user belongs to. Only decides which buttons
 * to show; the server checks again and has the final word.
 */
export function canActOnTeam(
  level: Level,
  team: { managerIds: readonly number[]; isMember: boolean },
  userId: number,
): boolean {
  switch (level) {
    case 'to_all':
      return true;
    case 'only_my_and_my_team':
      return team.isMember || team.managerIds.includes(userId);
    case 'only_my':
      return team.managerIds.includes(userId);
    case 'not_visible':
      return false;
  }
}
