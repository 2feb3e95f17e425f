import { createHash, randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, inject } from 'vitest';
import { serverStatements } from './server-statements';

// Runs in every test file of the server project (vitest.config.ts setupFiles). After the file's
// tests, every distinct statement the app under test sent (./statement-log.ts records them) is parsed and
// checked: a select, update or delete on a tenant table without a company_id condition, or an
// insert into one without company_id, fails this file, unless ./exemptions.ts lists it with its
// reason. Registered before the file's own hooks, this afterAll runs after them (hooks run as a
// stack), so statements sent while the apps close are checked too.

afterAll(async () => {
  if (serverStatements.size === 0) return;
  // Loaded only by files whose app sent statements.
  const [{ schema }, { findExemption }, { checkStatement, loadSqlParser, tenantTablesOf }] =
    await Promise.all([import('../../src/db/tables'), import('./exemptions'), import('./tenant-filter')]);
  await loadSqlParser();
  const tenantTables = tenantTablesOf(schema);
  const failures: string[] = [];
  const exempted = new Set<string>();
  for (const sql of serverStatements.keys()) {
    const result = checkStatement(sql, tenantTables);
    if (!result.ok) {
      failures.push(`cannot parse (${result.parseError}):\n    ${sql}`);
      continue;
    }
    for (const violation of result.violations) {
      if (findExemption(sql, violation)) {
        exempted.add(sql);
        continue;
      }
      failures.push(`${violation.kind} on ${violation.table} ${violation.problem}:\n    ${sql}`);
    }
  }
  await writeSummary({
    distinct: [...serverStatements.keys()],
    exempted: [...exempted],
    failures: failures.length,
  });
  if (failures.length > 0) {
    throw new Error(
      `Statements the server sent without a company filter (docs/scaling.md; exemptions with a reason in apps/server/test/tenant-filter/exemptions.ts):\n  ${failures.join('\n  ')}`,
    );
  }
});

export type StatementLogSummary = { checked: string[]; exempted: string[]; failures: number };

/** For the run's total (printed by test/global-setup.ts): this file's distinct statements, hashed. */
async function writeSummary(summary: { distinct: string[]; exempted: string[]; failures: number }) {
  const hash = (sql: string) => createHash('sha1').update(sql).digest('hex');
  const content: StatementLogSummary = {
    checked: summary.distinct.map(hash),
    exempted: summary.exempted.map(hash),
    failures: summary.failures,
  };
  const file = path.join(
    inject('kadryStatementLogDir'),
    `${process.pid}-${randomBytes(4).toString('hex')}.json`,
  );
  await writeFile(file, JSON.stringify(content));
}
