import { type SQL, sql } from 'drizzle-orm';

// The full-text vector of an application (docs/decisions/027-candidate-search.md), written as the
// generated column's SQL. No table here: applications.ts uses it for `applications.search`.

/**
 * Labels of custom fields that hold an e-mail or a phone, in the languages forms are written in
 * (en, ru, uk). The service reads them to hide such answers from roles without field_email /
 * field_phone, and the vector leaves those answers out; one list keeps both in step.
 */
export const EMAIL_LABEL_PATTERN = 'e-?mail|почт|пошт|имейл|імейл';
export const PHONE_LABEL_PATTERN = 'phone|mobile|(^|[^a-z])cell([^a-z]|$)|телефон|мобильн|мобільн';

/**
 * Answers under no field permission: not an e-mail, phone, file, salary or birth date by type or
 * input type, and not labelled as an e-mail or phone. A jsonpath filter over `applications.answers`.
 */
export const PLAIN_ANSWER_FILTER =
  '!(@.type == "email" || @.input_type == "email" || @.type == "phone" || @.input_type == "phone" || ' +
  '@.type == "cv" || @.type == "files" || @.input_type == "files" || @.type == "salary" || ' +
  '@.input_type == "salary" || @.type == "birthdate") && ' +
  `!(@.name like_regex "${EMAIL_LABEL_PATTERN}" flag "i") && ` +
  `!(@.name like_regex "${PHONE_LABEL_PATTERN}" flag "i")`;

/** The values of the plain answers as a jsonb array (strings are indexed, ids and numbers are not). */
export function plainAnswerValuesSql(column = 'answers'): string {
  return `jsonb_path_query_array(${column}, '$[*] ? (${PLAIN_ANSWER_FILTER}).value')`;
}

/**
 * The CV's text without its contact details: e-mail addresses and phone-like runs of nine or more
 * digits (at most two separators between digits) are blanked, so the CV never finds someone by an
 * e-mail or phone a role may not see (contacts are searched through the candidate's own fields, for
 * roles that see them) and no snippet shows one.
 */
export function cvTextWithoutContactsSql(column = 'cv_text'): string {
  return (
    `regexp_replace(regexp_replace(coalesce(${column}, ''), '\\S+@\\S+', ' ', 'g'), ` +
    `'\\+?[0-9](?:[ ()./-]{0,2}[0-9]){8,}', ' ', 'g')`
  );
}

/**
 * Weight A: the plain answers (names among them); weight B: the CV text (field_files). 'simple'
 * configuration: lower-cased words, no stemming, the same for en, ru and uk (PostgreSQL has no
 * Ukrainian stemmer); prefix queries (`:*`) stand in for stemming.
 */
export const APPLICATION_SEARCH_VECTOR_SQL: SQL = sql.raw(
  `setweight(to_tsvector('simple', ${plainAnswerValuesSql()}), 'A') || ` +
    `setweight(to_tsvector('simple', ${cvTextWithoutContactsSql()}), 'B')`,
);
