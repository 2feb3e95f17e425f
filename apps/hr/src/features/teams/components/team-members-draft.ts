import type { TeamMember, TeamMembersBody } from '@kadry/shared/schemas/admin';

// The member list being edited on the team page: pure functions, so the body sent (always the whole
// list, spec of PUT teams.members) and the change count are testable without rendering.

/** A member in the editor. */
export type DraftMember = TeamMember;

export function createDraftMembers(members: readonly TeamMember[]): DraftMember[] {
  return members.map((member) => ({ ...member }));
}

/** Adds people who are not members yet, as non-managers. */
export function addDraftMembers(
  draft: readonly DraftMember[],
  people: readonly { id: number; name: string; email: string | null }[],
): DraftMember[] {
  const present = new Set(draft.map((member) => member.employee_id));
  const added = people
    .filter((person) => !present.has(person.id))
    .map((person) => ({ employee_id: person.id, name: person.name, email: person.email, is_manager: false }));
  return [...draft, ...added];
}

export function removeDraftMember(draft: readonly DraftMember[], employeeId: number): DraftMember[] {
  return draft.filter((member) => member.employee_id !== employeeId);
}

export function setDraftManager(
  draft: readonly DraftMember[],
  employeeId: number,
  isManager: boolean,
): DraftMember[] {
  return draft.map((member) =>
    member.employee_id === employeeId ? { ...member, is_manager: isManager } : member,
  );
}

/** People added, removed or with a changed manager flag since the saved list. */
export function countMemberChanges(saved: readonly TeamMember[], draft: readonly DraftMember[]): number {
  const savedById = new Map(saved.map((member) => [member.employee_id, member]));
  const draftIds = new Set(draft.map((member) => member.employee_id));
  let changes = saved.filter((member) => !draftIds.has(member.employee_id)).length;
  for (const member of draft) {
    const before = savedById.get(member.employee_id);
    if (!before || before.is_manager !== member.is_manager) changes += 1;
  }
  return changes;
}

/** The PUT body: the whole list, as the endpoint replaces it. */
export function buildMembersBody(draft: readonly DraftMember[]): TeamMembersBody {
  return {
    members: draft.map((member) => ({ employee_id: member.employee_id, is_manager: member.is_manager })),
  };
}

/** Display order: by name in the user's language, as lists of people are everywhere else. */
export function sortDraftMembers(draft: readonly DraftMember[], locale: string): DraftMember[] {
  const collator = new Intl.Collator(locale);
  return [...draft].sort((a, b) => collator.compare(a.name, b.name) || a.employee_id - b.employee_id);
}
