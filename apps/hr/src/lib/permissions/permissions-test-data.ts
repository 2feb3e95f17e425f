import { setAllLevel } from '@kadry/shared/permissions/permission-state';
import {
  type EntityPermissions,
  permissionsResponseSchema,
  type UserPermissions,
} from '@kadry/shared/permissions/schemas';
import { ENTITIES, type Entity } from '@kadry/shared/permissions/vocabulary';

// Permission answers for tests (imported by *.test.ts(x) files only), parsed with the schema the server
// answers with.

const OFF: EntityPermissions = { visibilitySettings: null, actions: [], fields_view: [] };

/** A full permissions answer: every entity off except those given. */
export function buildPermissions(
  entities: Partial<Record<Entity, EntityPermissions>> = {},
  rolesUpdatedAt: string | null = '2031-03-10T09:00:00.000Z',
): UserPermissions {
  return permissionsResponseSchema.shape.data.parse({
    role: { id: 1, key: 'recruiter', name: 'Recruiter' },
    rolesUpdatedAt,
    permissions: Object.fromEntries(ENTITIES.map((entity) => [entity, entities[entity] ?? OFF])),
  });
}

export const recruiterPermissions = buildPermissions({
  Candidate: {
    visibilitySettings: setAllLevel('only_my_and_my_team'),
    actions: ['change_source'],
    fields_view: ['field_email'],
  },
  Vacancy: {
    visibilitySettings: {
      create: 'not_visible',
      update: 'only_my',
      delete: 'not_visible',
      view: 'to_all',
      all: null,
    },
    actions: [],
    fields_view: [],
  },
});

const SYSTEM_ROLE_ONLY: EntityPermissions = { ...OFF, fields_view: ['field_system_role'] };

/**
 * The owner role with every entity off but the system role field (giving accounts roles needs it):
 * roles and staff accounts open by the role key alone.
 */
export const ownerRolePermissions: UserPermissions = {
  ...buildPermissions({ Employee: SYSTEM_ROLE_ONLY, 'Employee.Profile': SYSTEM_ROLE_ONLY }),
  role: { id: 1, key: 'owner', name: 'Owner' },
};

/** The same owner role after someone took the system role field away from it. */
export const ownerWithoutRoleFieldPermissions: UserPermissions = {
  ...buildPermissions(),
  role: { id: 1, key: 'owner', name: 'Owner' },
};
