import { z } from 'zod';
import { BUILT_IN_ROLES } from '../schemas/auth';
import { normalizeVisibilitySettings } from './permission-state';
import { ENTITIES, type Entity, LEVELS, listEntityActions, listEntityFields } from './vocabulary';

/**
 * Wire shapes of the permissions API (spec §6: "the content of the permissions response: not
 * shown", so this is ours):
 *
 * - `GET /vue-global/permissions` → `{ data: { role, rolesUpdatedAt, permissions } }`, the signed-in
 *   user's role with, for EVERY entity of the vocabulary, `{ visibilitySettings, actions, fields_view }`.
 *   `visibilitySettings` is null when the role has none for the entity (every action off, spec §4).
 *   Entities outside the company's plan (plans.ts) are answered as all-off.
 * - `GET /api/v1/roles` → `{ data: RoleSummary[] }`; `GET /api/v1/roles/:id` → `{ data: Role }`.
 * - `PUT /api/v1/roles/:id` (or POST with `_method=PUT`) with UpdateRoleBody → `{ data: Role }`.
 */

export const levelSchema = z.enum(LEVELS);

/** A level per single action plus `all` (null unless the all-level setting gave every action its level). */
export const visibilitySettingsSchema = z.object({
  create: levelSchema,
  update: levelSchema,
  delete: levelSchema,
  view: levelSchema,
  all: levelSchema.nullable(),
});

/** What a role allows on one entity. */
export const entityPermissionsSchema = z.object({
  visibilitySettings: visibilitySettingsSchema.nullable(),
  /** Named actions of spec §6 the role may perform (ENTITY_ACTIONS). */
  actions: z.array(z.string()),
  /** Field permissions (FIELD_KEYS): fields of the entity the role may see. */
  fields_view: z.array(z.string()),
});
export type EntityPermissions = z.infer<typeof entityPermissionsSchema>;

/** Every entity of the vocabulary → its permissions (all keys present). */
export const permissionsMapSchema = z.record(z.enum(ENTITIES), entityPermissionsSchema);
export type PermissionsMap = z.infer<typeof permissionsMapSchema>;

export const roleKeySchema = z.enum(BUILT_IN_ROLES).nullable();

export const roleSummarySchema = z.object({
  id: z.number().int(),
  /** The built-in role's key; null for a role a company added. */
  key: roleKeySchema,
  name: z.string(),
  /** ISO time of the role's last change. */
  updatedAt: z.string(),
});
export type RoleSummary = z.infer<typeof roleSummarySchema>;

export const roleSchema = roleSummarySchema.extend({ permissions: permissionsMapSchema });
export type Role = z.infer<typeof roleSchema>;

export const rolesListResponseSchema = z.object({ data: z.array(roleSummarySchema) });
export const roleResponseSchema = z.object({ data: roleSchema });

export const permissionsResponseSchema = z.object({
  data: z.object({
    role: roleSummarySchema.pick({ id: true, key: true, name: true }),
    /** The same value as the page data's settings.rolesUpdatedAt when the answer was built. */
    rolesUpdatedAt: z.string().nullable(),
    permissions: permissionsMapSchema,
  }),
});
export type PermissionsResponse = z.infer<typeof permissionsResponseSchema>;
export type UserPermissions = PermissionsResponse['data'];

/** The longest role name (creating and renaming a role). */
export const ROLE_NAME_MAX_LENGTH = 100;

/**
 * An entity's permissions as a role editor sends them. Visibility settings are normalised (`all`
 * kept only when every action has its level); unknown named actions or fields are a 422, and
 * duplicates are dropped.
 */
function entityPermissionsInput(entity: Entity) {
  const actions = listEntityActions(entity) as [string, ...string[]];
  const fields = listEntityFields(entity) as readonly string[] as [string, ...string[]];
  return z.object({
    visibilitySettings: visibilitySettingsSchema
      .nullable()
      .transform((settings) => settings && normalizeVisibilitySettings(settings)),
    actions: z
      .array(actions.length > 0 ? z.enum(actions) : z.never())
      .max(100)
      .default([])
      .transform((list) => [...new Set(list)]),
    fields_view: z
      .array(fields.length > 0 ? z.enum(fields) : z.never())
      .max(100)
      .default([])
      .transform((list) => [...new Set(list)]),
  });
}

const entityInputShape = Object.fromEntries(
  ENTITIES.map((entity) => [entity, entityPermissionsInput(entity).optional()]),
) as { [E in Entity]: z.ZodOptional<ReturnType<typeof entityPermissionsInput>> };

/**
 * Body of a role update. Entities left out keep what they have, so an editor may send one entity;
 * an entity sent replaces that entity's settings whole. Unknown entities are a 422.
 */
export const updateRoleBodySchema = z.object({
  name: z.string().trim().min(1).max(ROLE_NAME_MAX_LENGTH).optional(),
  permissions: z.object(entityInputShape).strict().default({}),
});
export type UpdateRoleBody = z.input<typeof updateRoleBodySchema>;
export type UpdateRoleInput = z.output<typeof updateRoleBodySchema>;
