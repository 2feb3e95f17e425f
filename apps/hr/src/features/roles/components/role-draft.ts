import {
  setActionLevel,
  setAllLevel,
  type VisibilitySettings,
} from '@kadry/shared/permissions/permission-state';
import type { EntityPermissions, PermissionsMap, UpdateRoleBody } from '@kadry/shared/permissions/schemas';
import {
  ENTITIES,
  type Entity,
  type Level,
  listEntityActions,
  listEntityFields,
  type SingleAction,
} from '@kadry/shared/permissions/vocabulary';

// The role editor's model: pure functions over a role's permissions map, so the rules of spec §4 and
// the "send only what changed" diff are testable without rendering 200 selects.

/** Sections of the matrix. Every top-level entity is in exactly one; sub-entities go under their parent. */
export const ENTITY_GROUPS = [
  { key: 'recruiting', entities: ['Vacancy', 'Candidate'] },
  {
    key: 'people',
    entities: [
      'Employee',
      'Teams',
      'Department',
      'AbsenceRequest',
      'Timeline',
      'Timetracking',
      'Payroll',
      'Asset',
    ],
  },
  { key: 'growth', entities: ['OKR', 'Survey', 'CorpEvent', 'Scenarios', 'Template'] },
  {
    key: 'company',
    entities: ['Dashboard', 'Calendar', 'Notification', 'Profile', 'Statistic', 'Settings', 'Dictionaries'],
  },
] as const satisfies readonly { key: string; entities: readonly Entity[] }[];
export type EntityGroupKey = (typeof ENTITY_GROUPS)[number]['key'];

/** Sub-entities of an entity (`Employee.Profile` … for `Employee`), in vocabulary order. */
export function listSubEntities(entity: Entity): Entity[] {
  return ENTITIES.filter((candidate) => candidate.startsWith(`${entity}.`));
}

/**
 * The "all actions" setting of one entity: `none` is no visibility settings at all (every action
 * off, spec §4), a level is the all-level setting, `custom` is settings made action by action.
 */
export type AllChoice = 'none' | 'custom' | Level;

export function readAllChoice(settings: VisibilitySettings | null): AllChoice {
  if (settings === null) return 'none';
  return settings.all ?? 'custom';
}

function replaceEntity(
  permissions: PermissionsMap,
  entity: Entity,
  change: (current: EntityPermissions) => EntityPermissions,
): PermissionsMap {
  return { ...permissions, [entity]: change(permissions[entity]) };
}

/** The all-level setting: every action takes the level and `all` records it; `none` removes the settings. */
export function applyAllChoice(
  permissions: PermissionsMap,
  entity: Entity,
  choice: Exclude<AllChoice, 'custom'>,
): PermissionsMap {
  return replaceEntity(permissions, entity, (current) => ({
    ...current,
    visibilitySettings: choice === 'none' ? null : setAllLevel(choice),
  }));
}

/** One action on its own: it takes the level and `all` is cleared (spec §4). */
export function applyActionLevel(
  permissions: PermissionsMap,
  entity: Entity,
  action: SingleAction,
  level: Level,
): PermissionsMap {
  return replaceEntity(permissions, entity, (current) => ({
    ...current,
    visibilitySettings: setActionLevel(current.visibilitySettings, action, level),
  }));
}

/** Ticks or unticks a named action; the list stays in vocabulary order. */
export function toggleNamedAction(
  permissions: PermissionsMap,
  entity: Entity,
  action: string,
  isOn: boolean,
): PermissionsMap {
  return replaceEntity(permissions, entity, (current) => {
    const next = new Set(current.actions);
    if (isOn) next.add(action);
    else next.delete(action);
    return { ...current, actions: listEntityActions(entity).filter((name) => next.has(name)) };
  });
}

/** Ticks or unticks a visible field; the list stays in vocabulary order. */
export function toggleVisibleField(
  permissions: PermissionsMap,
  entity: Entity,
  field: string,
  isOn: boolean,
): PermissionsMap {
  return replaceEntity(permissions, entity, (current) => {
    const next = new Set(current.fields_view);
    if (isOn) next.add(field);
    else next.delete(field);
    return {
      ...current,
      fields_view: listEntityFields(entity).filter((name) => next.has(name)),
    };
  });
}

function isSameSettings(a: VisibilitySettings | null, b: VisibilitySettings | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.all === b.all &&
    a.create === b.create &&
    a.update === b.update &&
    a.delete === b.delete &&
    a.view === b.view
  );
}

function isSameSet(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((item) => set.has(item));
}

export function isSameEntityPermissions(a: EntityPermissions, b: EntityPermissions): boolean {
  return (
    isSameSettings(a.visibilitySettings, b.visibilitySettings) &&
    isSameSet(a.actions, b.actions) &&
    isSameSet(a.fields_view, b.fields_view)
  );
}

/** Entities whose permissions differ between the saved role and the draft, in vocabulary order. */
export function listChangedEntities(saved: PermissionsMap, draft: PermissionsMap): Entity[] {
  return ENTITIES.filter((entity) => !isSameEntityPermissions(saved[entity], draft[entity]));
}

/** The PUT body: the name and only the entities that changed (the server keeps the rest). */
export function buildUpdateRoleBody(
  name: string,
  saved: PermissionsMap,
  draft: PermissionsMap,
): UpdateRoleBody {
  const permissions: NonNullable<UpdateRoleBody['permissions']> = {};
  for (const entity of listChangedEntities(saved, draft)) permissions[entity] = draft[entity];
  return { name: name.trim(), permissions };
}
