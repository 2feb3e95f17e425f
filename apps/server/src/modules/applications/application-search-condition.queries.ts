import { desc, type SQL, sql } from 'drizzle-orm';
import { applications, candidates } from '../../db/schema/applications';
import { buildContainsPattern } from '../../lib/contains-pattern';

// The list's search condition over applications (docs/decisions/027-candidate-search.md): full text
// over answers and CV text, substring over the candidate's name and visible contacts. Every
// statement filters by company_id.

/** What a search looks through, by what the role may see (fields_view). */
export type SearchText = {
  text: string;
  /** The candidate's e-mail / phone (substring) and the CV text (full text, weight B). */
  email: boolean;
  phone: boolean;
  files?: boolean | undefined;
};

/** Characters trimmed from the ends of a typed word ("python," → "python"). */
const EDGE_PUNCTUATION = /^[.,;:!?"'«»„“”()[\]{}+]+|[.,;:!?"'«»„“”()[\]{}]+$/gu;
/** A word the full-text search takes: letters and digits, joined inside by a hyphen, apostrophe or dot. */
const SEARCH_WORD = /^[\p{L}\p{N}]+(?:[-'’.][\p{L}\p{N}]+)*$/u;
/** The most words of one search that go to the full-text query. */
const MAX_WORDS = 8;

/**
 * The words of a search as a prefix tsquery for the 'simple' configuration (`'word':*AB & …`), each
 * word limited to the weights the role may see (A answers, B CV text); null when no word qualifies.
 * Anything else typed (an e-mail address, a `+` phone) is left to the substring search on contacts.
 */
export function buildPrefixQuery(text: string, weights: string): string | null {
  const words = text
    .normalize('NFC')
    .split(/\s+/u)
    .map((word) => word.replace(EDGE_PUNCTUATION, ''))
    .filter((word) => SEARCH_WORD.test(word))
    .slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  return words.map((word) => `'${word.replaceAll("'", "''")}':*${weights}`).join(' & ');
}

/** The weights of the vector a role may search: answers always, the CV with field_files. */
export function searchWeights(search: Pick<SearchText, 'files'>): string {
  return search.files ? 'AB' : 'A';
}

export function tsQuery(query: string): SQL {
  return sql`to_tsquery('simple', ${query})`;
}

/**
 * The list's search: applications whose answers or CV (full text, prefixes, the weights the role may
 * see) or whose candidate's name, e-mail or phone (substring, the latter two only where visible)
 * match. Written as `id in (… union …)` so both halves use their indexes (GIN on the vector,
 * trigrams on the candidate) and a search costs what it finds, not what the company has.
 */
export function buildSearchCondition(companyId: number, search: SearchText): SQL {
  const like = buildContainsPattern(search.text);
  const query = buildPrefixQuery(search.text, searchWeights(search));
  const contacts: SQL[] = [sql`sc.name ilike ${like}`];
  if (search.email) contacts.push(sql`sc.email ilike ${like}`);
  if (search.phone) contacts.push(sql`sc.phone ilike ${like}`);
  const byContacts = sql`select sa.id from applications sa
    join candidates sc on sc.company_id = sa.company_id and sc.id = sa.candidate_id
    where sa.company_id = ${companyId} and sc.company_id = ${companyId} and (${sql.join(contacts, sql` or `)})`;
  if (query === null) return sql`${applications.id} in (${byContacts})`;
  return sql`${applications.id} in (select fa.id from applications fa
    where fa.company_id = ${companyId} and fa.search @@ ${tsQuery(query)}
    union ${byContacts})`;
}

/**
 * The substring half of a search on the `candidates` table itself: the name, and the e-mail and phone
 * only for roles that see them.
 */
export function contactsMatchSql(search: SearchText): SQL {
  const like = buildContainsPattern(search.text);
  const contacts: SQL[] = [sql`${candidates.name} ilike ${like}`];
  if (search.email) contacts.push(sql`${candidates.email} ilike ${like}`);
  if (search.phone) contacts.push(sql`${candidates.phone} ilike ${like}`);
  return sql`(${sql.join(contacts, sql` or `)})`;
}

/** The rank of an application for a search: ts_rank over the vector, plus 1 when the name matches. */
export function rankSql(search: SearchText): SQL<number> {
  const query = buildPrefixQuery(search.text, searchWeights(search));
  const nameBonus = sql`case when ${candidates.name} ilike ${buildContainsPattern(search.text)} then 1 else 0 end`;
  if (query === null) return sql<number>`(${nameBonus})::float8`;
  return sql<number>`(ts_rank(${applications.search}, ${tsQuery(query)}) + ${nameBonus})::float8`;
}

/** The list's order while searched without a chosen sort: best match first, then newest. */
export function searchOrderBy(search: SearchText): SQL[] {
  return [desc(rankSql(search)), desc(applications.createdAt), desc(applications.id)];
}
