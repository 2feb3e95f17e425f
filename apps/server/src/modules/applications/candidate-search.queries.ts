import { SEARCH_TOTAL_CAP } from '@kadry/shared/schemas/candidates';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { cvTextWithoutContactsSql, plainAnswerValuesSql } from '../../db/schema/application-search-sql';
import { applications, candidates } from '../../db/schema/applications';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { buildContainsPattern } from '../../lib/contains-pattern';
import {
  buildPrefixQuery,
  contactsMatchSql,
  type SearchText,
  searchWeights,
  tsQuery,
} from './application-search-condition.queries';
import { type ApplicationSelection, buildWhere } from './applications.queries';

// Full-text search over applications (docs/decisions/027-candidate-search.md): the list's search
// condition, the ranked search and its snippets. Every statement filters by company_id.

/**
 * One page of a search's matches, best first (a name match, then ts_rank, then newest), and how many
 * match, counted up to SEARCH_TOTAL_CAP (docs/decisions/030-bounded-candidate-search.md).
 *
 * Each half of the search (the full text; the name and visible contacts) takes the newest
 * SEARCH_TOTAL_CAP + 1 applications it matches within the user's reach and the filters; those are
 * the pool. Only the pool is ranked (ts_rank, plus one when the candidate's name holds the search, as the list ranks; the newest
 * name matches are always in it)
 * and counted (more than the cap in it: `isCapped`). With `order by id desc limit`, the planner walks
 * the primary key from the newest while a word is frequent (it stops after the cap's hits) and reads
 * the GIN index's hits when it is rare, so neither ts_rank nor the count sees every hit.
 */
export async function findRankedApplicationIds(
  db: Db,
  selection: ApplicationSelection & { filter: { search: SearchText } },
  paging: { limit: number; offset: number },
): Promise<{ ids: { id: number; rank: number }[]; total: number; isCapped: boolean }> {
  const { companyId } = selection;
  const { search } = selection.filter;
  // The reach and the other filters, within each half; the search itself is the halves' own match.
  const where = buildWhere({ ...selection, filter: { ...selection.filter, search: undefined } });
  const withVacancy = and(
    eq(vacancies.companyId, applications.companyId),
    eq(vacancies.id, applications.vacancyId),
  );
  const withCandidate = and(
    eq(candidates.companyId, applications.companyId),
    eq(candidates.id, applications.candidateId),
  );
  // The words, by prefix, in the weights the role may see (the CV only with field_files).
  const query = buildPrefixQuery(search.text, searchWeights(search));
  const fullText = query === null ? null : sql`${applications.search} @@ ${tsQuery(query)}`;
  const named = sql<boolean>`${candidates.name} ilike ${buildContainsPattern(search.text)}`;
  const byContacts = db
    .select({ id: applications.id, named: sql<boolean>`${named}`.as('named') })
    .from(applications)
    .innerJoin(candidates, withCandidate)
    .innerJoin(vacancies, withVacancy)
    .where(and(where, eq(candidates.companyId, companyId), contactsMatchSql(search)))
    .orderBy(desc(applications.id))
    .limit(SEARCH_TOTAL_CAP + 1);
  const byText =
    fullText === null
      ? null
      : db
          .select({ id: applications.id, named: sql<boolean>`false`.as('named') })
          .from(applications)
          .innerJoin(vacancies, withVacancy)
          .where(and(where, fullText))
          .orderBy(desc(applications.id))
          .limit(SEARCH_TOTAL_CAP + 1);
  // Each half in parentheses keeps its own order and limit; an id both found counts once, named
  // when its candidate's name matches (the name half knows it, so ranking needs no candidate).
  const halves = byText === null ? sql`${byContacts}` : sql`${byText} union all ${byContacts}`;
  const pool = sql`select id, bool_or(named) as named from (${halves}) halves group by id`;
  const textRank = query === null ? sql`0` : sql`ts_rank(${applications.search}, ${tsQuery(query)})`;
  const rows = await db.execute<{ id: number; rank: number; pooled: number }>(sql`
    with pool as materialized (${pool})
    select ${applications.id} as id,
      (${textRank} + case when pool.named then 1 else 0 end)::float8 as rank,
      (select count(*) from pool)::int as pooled
    from pool
    join ${applications} on ${applications.id} = pool.id
    where ${applications.companyId} = ${companyId}
    order by 2 desc, ${applications.createdAt} desc, ${applications.id} desc
    limit ${paging.limit} offset ${paging.offset}`);
  let pooled = rows.rows[0]?.pooled;
  if (pooled === undefined) {
    // A page past the last one (or nothing found): the count alone.
    const counted = await db.execute<{ pooled: number }>(
      sql`select count(*)::int as pooled from (${pool}) pool`,
    );
    pooled = counted.rows[0]?.pooled ?? 0;
  }
  const isCapped = Number(pooled) > SEARCH_TOTAL_CAP;
  return {
    ids: rows.rows.map((row) => ({ id: Number(row.id), rank: Number(row.rank) })),
    total: isCapped ? SEARCH_TOTAL_CAP : Number(pooled),
    isCapped,
  };
}

/** Marks around the words found in a snippet: control characters no CV or answer holds. */
export const SNIPPET_START = '\u0001';
export const SNIPPET_STOP = '\u0002';
const HEADLINE_OPTIONS = `StartSel=${SNIPPET_START}, StopSel=${SNIPPET_STOP}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * Snippets of the applications found: ts_headline over the CV text (only when `files`) and over the
 * plain answers, with the found words between SNIPPET_START and SNIPPET_STOP. Only the page's rows.
 */
export async function findSnippets(
  db: Db,
  companyId: number,
  ids: readonly number[],
  search: SearchText,
): Promise<Map<number, { cv: string | null; answers: string }>> {
  const snippets = new Map<number, { cv: string | null; answers: string }>();
  const query = buildPrefixQuery(search.text, '');
  if (ids.length === 0 || query === null) return snippets;
  // Control characters are taken out of the text first, so only the marks delimit the words found.
  const clean = (text: SQL) => sql`regexp_replace(${text}, '[\\x01\\x02]', ' ', 'g')`;
  const answersText = sql`(select coalesce(string_agg(v #>> '{}', ' · '), '')
    from jsonb_array_elements(${sql.raw(plainAnswerValuesSql('"applications"."answers"'))}) v
    where jsonb_typeof(v) = 'string')`;
  const rows = await db
    .select({
      id: applications.id,
      cv: search.files
        ? sql<
            string | null
          >`case when ${applications.cvText} is null then null else ts_headline('simple', ${clean(sql.raw(cvTextWithoutContactsSql('"applications"."cv_text"')))}, ${tsQuery(query)}, ${HEADLINE_OPTIONS}) end`
        : sql<string | null>`null::text`,
      answers: sql<string>`ts_headline('simple', ${clean(answersText)}, ${tsQuery(query)}, ${HEADLINE_OPTIONS})`,
    })
    .from(applications)
    .where(and(eq(applications.companyId, companyId), inArray(applications.id, [...ids])));
  for (const row of rows) snippets.set(row.id, { cv: row.cv, answers: row.answers });
  return snippets;
}
