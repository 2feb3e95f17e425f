import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';

/**
 * A staff role of a company. Built-in roles carry a `key` (owner, hr, recruiter, manager, employee);
 * roles a company adds have none. Minimal on purpose: the permissions work adds what a role allows,
 * and touching a role's row (updated_at) is what refreshes the HR app's cached roles (rolesUpdatedAt).
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
