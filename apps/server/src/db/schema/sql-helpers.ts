import { type SQL, sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/** PostgreSQL full-text vector; drizzle has no built-in column type for it. */
export const tsvector = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'tsvector';
  },
});

/** `<column> in ('a', 'b')` for a check constraint, built from the TypeScript list so they never drift. */
export function buildInListCheck(column: string, values: readonly string[]): SQL {
  const list = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql.raw(`${column} in (${list})`);
}
