import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';

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
