import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { users } from './users';

/** A team of the company. Minimal for now: vacancies reference it; the HR app extends it. */
export const teams = pgTable(
  'teams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    name: text('name').notNull(),
    ...createTimestampColumns(),
  },
  (t) => [index('teams_company_name_idx').on(t.companyId, t.name)],
);

export type Team = typeof teams.$inferSelect;
export type NewTeam = typeof teams.$inferInsert;

/**
 * Who belongs to which team. It is what "my team" means for the only_my_and_my_team permission level:
 * rows of the teams a user belongs to, and rows owned by the members of those teams. `is_manager`
 * marks the team's managers (the "see managed teams" action).
 */
export const teamMembers = pgTable(
  'team_members',
  {
    companyId: createCompanyIdColumn(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isManager: boolean('is_manager').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.userId] }),
    // "The teams of this user": every permission-scoped query asks it.
    index('team_members_user_idx').on(t.companyId, t.userId),
  ],
);

export type TeamMember = typeof teamMembers.$inferSelect;
export type NewTeamMember = typeof teamMembers.$inferInsert;
