// The statements the app under test sent in this test file (each distinct SQL text, with how many
// times), for the tenant filter check (./setup.ts). Kept apart from ./statement-log.ts, which loads
// the database drivers, so that test files without an app load nothing for the check.
export const serverStatements = new Map<string, number>();

export function recordStatement(sql: string): void {
  serverStatements.set(sql, (serverStatements.get(sql) ?? 0) + 1);
}
