import type { ApplicationSortColumn, SortOrder } from '@kadry/shared/schemas/recruiting';
import { asc, desc, type SQL, sql } from 'drizzle-orm';
import { applications, candidates } from '../../db/schema/applications';
import { vacancies } from '../../db/schema/vacancies';

// The list's computed columns and its sorting (issue 17); every statement filters by company_id.

/** Whose eyes a rating is read with (decision 024: an interviewer sees colleagues' scorecards once they submit). */
export type ScorecardReader = { userId: number; seesScorecardsFirst: boolean };

/** A list sorted by a column, ties broken by the id in the same direction (stable across pages). */
export type ApplicationSort = { column: ApplicationSortColumn; order: SortOrder };

/**
 * When the application entered its stage: its latest stage move, else its arrival (never before its
 * arrival, whatever clock wrote the move).
 */
export const stageEnteredAtSql = sql<Date>`greatest((select max(sm.created_at) from application_activities sm
  where sm.company_id = ${applications.companyId} and sm.application_id = ${applications.id}
    and sm.kind = 'stage_moved'), ${applications.createdAt})`.mapWith(applications.createdAt);

/**
 * The latest scorecard's recommendation the reader may see, or null. Hidden (null) from an interviewer
 * of one of the application's interviews who has not submitted a scorecard of their own, unless their
 * role sees scorecards first; everyone else who reaches the application sees it. Without a reader, null.
 */
export function latestRecommendationSql(reader: ScorecardReader | undefined): SQL<string | null> {
  if (!reader) return sql<string | null>`null::text`;
  const visible = reader.seesScorecardsFirst
    ? sql`true`
    : sql`(not exists (select 1 from interviews ri
          join interview_interviewers rii on rii.company_id = ri.company_id and rii.interview_id = ri.id
          where ri.company_id = ${applications.companyId} and ri.application_id = ${applications.id}
            and rii.user_id = ${reader.userId})
        or exists (select 1 from scorecards own
          where own.company_id = ${applications.companyId} and own.application_id = ${applications.id}
            and own.author_id = ${reader.userId}))`;
  return sql<string | null>`(select sc.recommendation from scorecards sc
    where sc.company_id = ${applications.companyId} and sc.application_id = ${applications.id} and ${visible}
    order by sc.submitted_at desc, sc.id desc limit 1)`;
}

/** A recommendation as a number to sort by: strong_no 1 … strong_yes 4, none last whatever the direction. */
function recommendationRank(reader: ScorecardReader | undefined): SQL {
  return sql`(case ${latestRecommendationSql(reader)} when 'strong_no' then 1 when 'no' then 2
    when 'yes' then 3 when 'strong_yes' then 4 end)`;
}

/** The pipeline position of the application's stage ("no stage yet" is the first). */
const stagePositionSql = sql`coalesce((select s.position from vacancy_stages s
  where s.company_id = ${applications.companyId} and s.id = ${applications.stageId}), -1)`;

/** ORDER BY for a sort: the column, then the id in the same direction. Newest first by default. */
export function applicationOrderBy(sort: ApplicationSort | undefined, reader: ScorecardReader | undefined) {
  const { column, order } = sort ?? { column: 'applied', order: 'desc' };
  const by = order === 'asc' ? asc : desc;
  const nullsLast = (value: SQL) => sql`${value} ${sql.raw(order === 'asc' ? 'asc' : 'desc')} nulls last`;
  switch (column) {
    case 'applied':
      return [by(applications.createdAt), by(applications.id)];
    case 'name':
      return [by(sql`lower(${candidates.name})`), by(applications.id)];
    case 'vacancy':
      return [by(sql`lower(${vacancies.name})`), by(applications.id)];
    case 'stage':
      return [by(stagePositionSql), by(applications.id)];
    case 'source':
      return [by(sql`lower(${applications.source})`), by(applications.id)];
    case 'rating':
      return [nullsLast(recommendationRank(reader)), by(applications.id)];
    // Most days first when descending: the earliest entry into the stage.
    case 'days_in_stage':
      return [order === 'asc' ? desc(stageEnteredAtSql) : asc(stageEnteredAtSql), by(applications.id)];
  }
}
