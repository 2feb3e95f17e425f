import type { EntityPermissions, PermissionsMap } from '@kadry/shared/permissions/schemas';
import { ENTITIES, type Entity } from '@kadry/shared/permissions/vocabulary';
import type { ApiTokenScope } from '@kadry/shared/schemas/integrations';
import { NO_PERMISSIONS } from './built-in-role-permissions';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The API token of a request sent with `Authorization: Bearer` (plugins/api-token-auth.ts); null
     * for everything else. Such a request has no session and needs no CSRF token; `request.user` is
     * the owner who made the token, and its Access is cut down to the token's scopes (below).
     */
    apiToken: { id: number; scopes: readonly ApiTokenScope[] } | null;
  }
}

/**
 * What an API token's scopes leave of its creator's permissions (issue 16 item 6): a token acts as
 * the owner who made it, never beyond its scopes. Each scope keeps the view (and for
 * applications:write the update) level of a few entities and the named actions that only widen
 * what is seen; every other entity, level and action is off. The routes a token may call at all are
 * fixed separately (API_TOKEN_SCOPE_ROUTES, checked by plugins/api-token-auth.ts).
 */
type EntityGrant = { view: boolean; update: boolean; actions: readonly string[] };

const READ: EntityGrant = { view: true, update: false, actions: [] };

const SCOPE_GRANTS: Record<ApiTokenScope, Partial<Record<Entity, EntityGrant>>> = {
  'vacancies:read': { Vacancy: READ },
  'applications:read': { Candidate: READ },
  // Moving an application needs the Candidate update level, and sees the application it moves.
  'applications:write': { Candidate: { view: true, update: true, actions: [] } },
  'employees:read': {
    Employee: {
      view: true,
      update: false,
      // Visibility widening actions of decision 013, the directory's filters and get_profile (opens the
      // profiles of employees already seen); never export, login as, send access, email or any other
      // action that changes or sends something.
      actions: [
        'view_without_team',
        'view_in_hidden_teams',
        'view_in_open_teams',
        'extended_filters_and_sorting',
        'get_profile',
      ],
    },
    'Employee.Profile': READ,
    'Employee.PersonalInfo': READ,
    'Employee.Contacts': READ,
  },
};

function mergeGrants(scopes: readonly ApiTokenScope[]): Map<Entity, EntityGrant> {
  const merged = new Map<Entity, EntityGrant>();
  for (const scope of scopes) {
    for (const [entity, grant] of Object.entries(SCOPE_GRANTS[scope]) as [Entity, EntityGrant][]) {
      const before = merged.get(entity);
      merged.set(
        entity,
        before
          ? {
              view: before.view || grant.view,
              update: before.update || grant.update,
              actions: [...new Set([...before.actions, ...grant.actions])],
            }
          : grant,
      );
    }
  }
  return merged;
}

function narrowEntity(role: EntityPermissions, grant: EntityGrant): EntityPermissions {
  const settings = role.visibilitySettings;
  return {
    visibilitySettings: settings
      ? {
          create: 'not_visible',
          delete: 'not_visible',
          view: grant.view ? settings.view : 'not_visible',
          update: grant.update ? settings.update : 'not_visible',
          all: null,
        }
      : null,
    actions: role.actions.filter((action) => grant.actions.includes(action)),
    fields_view: role.fields_view,
  };
}

/** The creator's permissions cut down to what the token's scopes allow. */
export function narrowToScopes(
  permissions: PermissionsMap,
  scopes: readonly ApiTokenScope[],
): PermissionsMap {
  const grants = mergeGrants(scopes);
  return Object.fromEntries(
    ENTITIES.map((entity) => {
      const grant = grants.get(entity);
      return [entity, grant ? narrowEntity(permissions[entity], grant) : NO_PERMISSIONS];
    }),
  ) as PermissionsMap;
}
