import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import { ENTITIES } from '@kadry/shared/permissions/vocabulary';
import { describe, expect, it } from 'vitest';
import { buildPermissionsMap } from '../roles-test-data';
import {
  applyActionLevel,
  applyAllChoice,
  buildUpdateRoleBody,
  ENTITY_GROUPS,
  listChangedEntities,
  listSubEntities,
  readAllChoice,
  toggleNamedAction,
  toggleVisibleField,
} from './role-draft';

describe('role draft', () => {
  it('puts every entity of the vocabulary in the matrix exactly once, sub-entities under their parent', () => {
    const placed = ENTITY_GROUPS.flatMap((group) =>
      group.entities.flatMap((entity) => [entity, ...listSubEntities(entity)]),
    );
    expect([...placed].sort()).toEqual([...ENTITIES].sort());
  });

  it('the all-level setting gives every action its level and records it in all', () => {
    const next = applyAllChoice(buildPermissionsMap(), 'Vacancy', 'only_my_and_my_team');
    expect(next.Vacancy.visibilitySettings).toEqual(setAllLevel('only_my_and_my_team'));
    expect(readAllChoice(next.Vacancy.visibilitySettings)).toBe('only_my_and_my_team');
  });

  it('setting one action clears all, keeping the other levels', () => {
    const start = buildPermissionsMap({ Vacancy: { visibilitySettings: setAllLevel('only_my') } });
    const next = applyActionLevel(start, 'Vacancy', 'update', 'to_all');
    expect(next.Vacancy.visibilitySettings).toEqual({
      create: 'only_my',
      update: 'to_all',
      delete: 'only_my',
      view: 'only_my',
      all: null,
    });
    expect(readAllChoice(next.Vacancy.visibilitySettings)).toBe('custom');
  });

  it('setting one action of an entity without settings leaves the others not visible', () => {
    const next = applyActionLevel(buildPermissionsMap(), 'Teams', 'view', 'to_all');
    expect(next.Teams.visibilitySettings).toEqual({
      create: 'not_visible',
      update: 'not_visible',
      delete: 'not_visible',
      view: 'to_all',
      all: null,
    });
  });

  it('"no access" removes the visibility settings', () => {
    const start = buildPermissionsMap({ Candidate: { visibilitySettings: setAllLevel('to_all') } });
    const next = applyAllChoice(start, 'Candidate', 'none');
    expect(next.Candidate.visibilitySettings).toBeNull();
    expect(readAllChoice(null)).toBe('none');
  });

  it('keeps named actions and fields in vocabulary order whatever order they are ticked in', () => {
    let draft = toggleNamedAction(buildPermissionsMap(), 'Candidate', 'export_database', true);
    draft = toggleNamedAction(draft, 'Candidate', 'change_source', true);
    draft = toggleVisibleField(draft, 'Candidate', 'field_phone', true);
    draft = toggleVisibleField(draft, 'Candidate', 'field_salary', true);
    expect(draft.Candidate.actions).toEqual(['change_source', 'export_database']);
    expect(draft.Candidate.fields_view).toEqual(['field_salary', 'field_phone']);
    expect(toggleNamedAction(draft, 'Candidate', 'change_source', false).Candidate.actions).toEqual([
      'export_database',
    ]);
  });

  it('sends only the entities that differ from the saved role, and the trimmed name', () => {
    const saved = buildPermissionsMap({
      Vacancy: { visibilitySettings: setAllLevel('to_all') },
      Candidate: { actions: ['export_database', 'change_source'] },
    });
    let draft = applyAllChoice(saved, 'Teams', 'to_all');
    // Same sets in another order, and a change undone, are no change.
    draft = { ...draft, Candidate: { ...draft.Candidate, actions: ['change_source', 'export_database'] } };
    draft = applyAllChoice(draft, 'Vacancy', 'only_my');
    draft = applyAllChoice(draft, 'Vacancy', 'to_all');
    expect(listChangedEntities(saved, draft)).toEqual(['Teams']);
    expect(buildUpdateRoleBody('  Sourcer ', saved, draft)).toEqual({
      name: 'Sourcer',
      permissions: { Teams: { visibilitySettings: setAllLevel('to_all'), actions: [], fields_view: [] } },
    });
  });
});
