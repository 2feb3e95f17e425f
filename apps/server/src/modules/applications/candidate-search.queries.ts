import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { cvTextWithoutContactsSql, plainAnswerValuesSql } from '../../db/schema/application-search-sql';
import { applications, candidates } from '../../db/schema/applications';
import { vacancies } from '../../db/schema/vacancies';
import type { Db } from '../../db/tables';
import { buildPrefixQuery, rankSql, type SearchText, tsQuery } from './application-search-condition.queries';
import { type ApplicationSelection, buildWhere } from './applications.queries';

// Full-text search over applications (docs/decisions/027-candidate-search.md): the list's search
// condition, the ranked search and its snippets. Every statement filters by company_id.

/** One page of a search's matches, best first (rank, then newest), and how many match in all. */
export async function findRankedApplicationIds(
  db: Db,
  selection: ApplicationSelection & { filter: { search: SearchText } },
  paging: { limit: number; offset: number },
): Promise<{ ids: { id: number; rank: number }[]; total: number }> {
  const rank = rankSql(selection.filter.search);
  const from = () =>
    db
      .select({ id: applications.id, rank })
      .from(applications)
      .innerJoin(
        candidates,
        and(eq(candidates.companyId, applications.companyId), eq(candidates.id, applications.candidateId)),
      )
      .innerJoin(
        vacancies,
        and(eq(vacancies.companyId, applications.companyId), eq(vacancies.id, applications.vacancyId)),
      )
      .where(buildWhere(selection));
  const [rows, counted] = await Promise.all([
    from()
      .orderBy(desc(rank), desc(applications.createdAt), desc(applications.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(applications)
      .innerJoin(
        candidates,
        and(eq(candidates.companyId, applications.companyId), eq(candidates.id, applications.candidateId)),
      )
      .innerJoin(
        vacancies,
        and(eq(vacancies.companyId, applications.companyId), eq(vacancies.id, applications.vacancyId)),
      )
      .where(buildWhere(selection)),
  ]);
  return {
    ids: rows.map((row) => ({ id: row.id, rank: Number(row.rank) })),
    total: counted[0]?.total ?? 0,
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
