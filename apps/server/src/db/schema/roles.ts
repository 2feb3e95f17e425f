import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { buildInListCheck } from './sql-helpers';

/**
 * A staff role of a company. Built-in roles carry a `key` (owner, hr, recruiter, manager, employee);
 * roles a company adds have none. What a role allows lives in role_permissions; touching a role's row
 * (updated_at) is what refreshes the HR app's cached roles (rolesUpdatedAt = max(updated_at)).
 */
export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    key: text('key'),
    name: text('name').notNull(),
    ...createTimestampColumns(),
  },
  (t) => [
    // Unique among built-in roles only: custom roles have a null key, and nulls never collide.
    uniqueIndex('roles_company_key_key').on(t.companyId, t.key),
    index('roles_company_updated_idx').on(t.companyId, t.updatedAt),
  ],
);

export type Role = typeof roles.$inferSelect;
export type NewRole = typeof roles.$inferInsert;

/** Kept in step with LEVELS of @kadry/shared/permissions/vocabulary. */
const PERMISSION_LEVELS = ['not_visible', 'only_my', 'only_my_and_my_team', 'to_all'] as const;

/**
 * What a role allows on one entity of the permission vocabulary (spec §6): a level per visibility
 * action, the named actions and the visible fields. The four action levels are all null when the
 * role has no visibility settings for the entity (every action off, spec §4); `all_level` is set only
 * by the all-level setting. Entity names are checked by the application, not here, so the vocabulary
 * can grow without a migration; rows of unknown entities are ignored.
 */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    companyId: createCompanyIdColumn(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    entity: text('entity').notNull(),
    createLevel: text('create_level', { enum: PERMISSION_LEVELS }),
    updateLevel: text('update_level', { enum: PERMISSION_LEVELS }),
    deleteLevel: text('delete_level', { enum: PERMISSION_LEVELS }),
    viewLevel: text('view_level', { enum: PERMISSION_LEVELS }),
    allLevel: text('all_level', { enum: PERMISSION_LEVELS }),
    actions: text('actions').array().notNull().default(sql`'{}'::text[]`),
    fieldsView: text('fields_view').array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.entity] }),
    index('role_permissions_company_idx').on(t.companyId),
    check('role_permissions_create_level_check', buildInListCheck('create_level', PERMISSION_LEVELS)),
    check('role_permissions_update_level_check', buildInListCheck('update_level', PERMISSION_LEVELS)),
    check('role_permissions_delete_level_check', buildInListCheck('delete_level', PERMISSION_LEVELS)),
    check('role_permissions_view_level_check', buildInListCheck('view_level', PERMISSION_LEVELS)),
    check('role_permissions_all_level_check', buildInListCheck('all_level', PERMISSION_LEVELS)),
    // Visibility settings are whole or absent, and `all` needs settings to describe.
    check(
      'role_permissions_settings_whole_check',
      sql`num_nonnulls(create_level, update_level, delete_level, view_level) in (0, 4) and (all_level is null or view_level is not null)`,
    ),
  ],
);

export type RolePermissionRow = typeof rolePermissions.$inferSelect;
export type NewRolePermissionRow = typeof rolePermissions.$inferInsert;
