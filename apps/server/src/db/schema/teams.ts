import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { employees } from './employees';

/**
 * A team of the company, in a tree (docs/decisions/012-people-model.md): `parent_id` null at the top,
 * `position` orders siblings. A hidden team's members are seen only with the view_in_hidden_teams
 * action (decision 013). Vacancies reference teams too.
 */
export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => teams.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
    isHidden: boolean('is_hidden').notNull().default(false),
    ...createTimestampColumns(),
  },
  (t) => [
    index('teams_company_name_idx').on(t.companyId, t.name),
    index('teams_company_parent_idx').on(t.companyId, t.parentId, t.position),
  ],
);

export type Team = typeof teams.$inferSelect;
export type NewTeam = typeof teams.$inferInsert;

/**
 * Which employees belong to which team. It is what "my team" means for the only_my_and_my_team level:
 * the teams an account's employee belongs to, and every team below one it manages (decision 012).
 * `is_manager` marks the team's managers.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    companyId: createCompanyIdColumn(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    isManager: boolean('is_manager').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.employeeId] }),
    // "The teams of this employee": every permission-scoped query asks it.
    index('team_members_employee_idx').on(t.companyId, t.employeeId),
  ],
);

export type TeamMember = typeof teamMembers.$inferSelect;
export type NewTeamMember = typeof teamMembers.$inferInsert;
