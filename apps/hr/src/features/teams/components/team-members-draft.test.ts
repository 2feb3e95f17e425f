import { describe, expect, it } from 'vitest';
import { buildTeam } from '../teams-test-data';
import { canActOnTeam } from './team-access';
import {
  addDraftMembers,
  buildMembersBody,
  countMemberChanges,
  createDraftMembers,
  removeDraftMember,
  setDraftManager,
} from './team-members-draft';

const saved = buildTeam().members; // 7 Olena (manager), 8 Bohdan

describe('team members draft', () => {
  it('adds only people who are not members yet, as non-managers', () => {
    const draft = addDraftMembers(createDraftMembers(saved), [
      { id: 8, name: 'Bohdan Backend', email: 'bohdan@acme.test' },
      { id: 10, name: 'Anna Analyst', email: 'anna@acme.test' },
    ]);
    expect(draft.map((member) => [member.employee_id, member.is_manager])).toEqual([
      [7, true],
      [8, false],
      [10, false],
    ]);
  });

  it('counts each person added, removed or with a changed manager flag once', () => {
    expect(countMemberChanges(saved, createDraftMembers(saved))).toBe(0);
    let draft = addDraftMembers(createDraftMembers(saved), [
      { id: 10, name: 'Anna', email: 'anna@acme.test' },
    ]);
    draft = setDraftManager(draft, 10, true);
    draft = setDraftManager(draft, 7, false);
    draft = removeDraftMember(draft, 8);
    expect(countMemberChanges(saved, draft)).toBe(3);
    // Undone changes are no changes.
    draft = setDraftManager(removeDraftMember(draft, 10), 7, true);
    draft = addDraftMembers(draft, [{ id: 8, name: 'Bohdan Backend', email: 'bohdan@acme.test' }]);
    expect(countMemberChanges(saved, draft)).toBe(0);
  });

  it('sends the whole list with manager flags', () => {
    expect(buildMembersBody(removeDraftMember(createDraftMembers(saved), 7))).toEqual({
      members: [{ employee_id: 8, is_manager: false }],
    });
  });
});

describe('which teams an action reaches', () => {
  const managed = { managerIds: [7], isMember: true };
  const joined = { managerIds: [9], isMember: true };
  const other = { managerIds: [9], isMember: false };
  it.each([
    ['to_all', [true, true, true]],
    ['only_my_and_my_team', [true, true, false]],
    ['only_my', [true, false, false]],
    ['not_visible', [false, false, false]],
  ] as const)('%s reaches managed, joined, other teams: %j', (level, expected) => {
    expect([managed, joined, other].map((team) => canActOnTeam(level, team, 7))).toEqual(expected);
  });
});
