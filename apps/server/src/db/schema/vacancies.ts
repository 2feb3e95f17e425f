import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { createCompanyIdColumn, createTimestampColumns } from './columns';
import { applicationForms } from './forms';
import { buildInListCheck, tsvector } from './sql-helpers';
import { teams } from './teams';
import { users } from './users';

/**
 * A language requirement as shown on the careers site ('English - B2'). Stored as display text like
 * the other descriptive columns (salary, residence, ...), in the vacancy's own language.
 */
export type VacancyLanguage = { language: string; level: string };

/** Salary periods; kept in step with SALARY_PERIODS of @kadry/shared. */
const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;

/** An attribute interviewers rate on a scorecard; `key` stays when the name is edited. */
export type ScorecardAttribute = { key: string; name: string };

/**
 * Words of the name and the body sections, HTML tags stripped. 'simple' configuration: no stemming,
 * because vacancies are written in several languages.
 */
const SEARCH_VECTOR_SQL = sql.raw(
  `to_tsvector('simple', coalesce(name, '') || ' ' || regexp_replace(` +
    `coalesce(description, '') || ' ' || coalesce(demand, '') || ' ' || coalesce(responsibility, '') || ' ' || ` +
    `coalesce(addition, '') || ' ' || coalesce(working_conditions, ''), '<[^>]*>', ' ', 'g'))`,
);

/**
 * A vacancy. Body sections (description ... working_conditions) are HTML as entered by HR; the
 * careers API sanitises and auto-links them on the way out. Empty optional texts are null.
 */
export const vacancies = pgTable(
  'vacancies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    name: text('name').notNull(),
    isHot: boolean('is_hot').notNull().default(false),
    salary: text('salary'),
    residence: text('residence'),
    experience: text('experience'),
    workTypes: text('work_types'),
    languages: jsonb('languages').$type<VacancyLanguage[]>().notNull().default([]),
    description: text('description'),
    demand: text('demand'),
    responsibility: text('responsibility'),
    addition: text('addition'),
    workingConditions: text('working_conditions'),
    /** Recruiting status id (1 open by default); colours by id are in the spec. */
    status: integer('status').notNull().default(1),
    isPublished: boolean('is_published').notNull().default(false),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    /** Number of positions to fill (1..9999); null when not said. */
    positions: integer('positions'),
    /** The vacancy's own form; null means the company's default form. */
    formId: integer('form_id').references(() => applicationForms.id, { onDelete: 'set null' }),
    /** The hiring manager (issue 17): who decides; null when not named. */
    hiringManagerId: integer('hiring_manager_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Structured salary beside the free-text `salary` (which stays as written): bounds in `currency`
     * (ISO 4217) per `period`. All null when not given; the careers JSON-LD prefers these.
     */
    salaryMin: numeric('salary_min', { precision: 14, scale: 2, mode: 'number' }),
    salaryMax: numeric('salary_max', { precision: 14, scale: 2, mode: 'number' }),
    salaryCurrency: text('salary_currency'),
    salaryPeriod: text('salary_period', { enum: SALARY_PERIODS }),
    /** What interviewers rate on this vacancy's scorecards, in order. */
    scorecardAttributes: jsonb('scorecard_attributes').$type<ScorecardAttribute[]>().notNull().default([]),
    ...createTimestampColumns(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * Generated full-text vector; query with `search @@ websearch_to_tsquery('simple', $q)`.
     * Select columns explicitly in list queries so this is not sent back needlessly.
     */
    search: tsvector('search').notNull().generatedAlwaysAs(SEARCH_VECTOR_SQL),
  },
  (t) => [
    // The public list: published vacancies of a company, newest first, id as tie-breaker.
    // NULLS FIRST is what a plain `order by published_at desc, id desc` asks for, so the index serves it.
    index('vacancies_public_list_idx').on(
      t.companyId,
      t.isPublished,
      t.publishedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('vacancies_search_idx').using('gin', t.search),
    index('vacancies_team_idx').on(t.companyId, t.teamId),
    index('vacancies_form_idx').on(t.formId),
    check(
      'vacancies_salary_period_check',
      sql`salary_period is null or ${buildInListCheck('salary_period', SALARY_PERIODS)}`,
    ),
  ],
);

export type Vacancy = typeof vacancies.$inferSelect;
export type NewVacancy = typeof vacancies.$inferInsert;

/**
 * A vacancy's responsible recruiters. They own the vacancy for the only_my permission level, and its
 * candidates follow (scopeWhere's `ownedBy`).
 */
export const vacancyRecruiters = pgTable(
  'vacancy_recruiters',
  {
    companyId: createCompanyIdColumn(),
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.vacancyId, t.userId] }),
    index('vacancy_recruiters_user_idx').on(t.companyId, t.userId),
  ],
);

/**
 * The pipeline of a vacancy, in `position` order. A vacancy gets the default stages when created (or,
 * for vacancies made before stages existed, the first time its pipeline is read); an application
 * without a stage (`applications.stage_id` null) is in the first stage.
 */
export const vacancyStages = pgTable(
  'vacancy_stages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: createCompanyIdColumn(),
    vacancyId: integer('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  // Unique position: two concurrent "create the defaults" cannot both succeed.
  (t) => [unique('vacancy_stages_vacancy_position_key').on(t.companyId, t.vacancyId, t.position)],
);

export type VacancyStage = typeof vacancyStages.$inferSelect;
