/**
 * `%text%` for LIKE / ILIKE, with `%`, `_` and `\` typed by a person taken literally rather than as
 * wildcards (PostgreSQL's default escape character is the backslash).
 */
export function buildContainsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}
