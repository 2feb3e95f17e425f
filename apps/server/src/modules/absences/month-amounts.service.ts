import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import {
  fillMissingMonthAmounts,
  findCompaniesMissingAmounts,
  listCompanyIds,
  lockMonthAmounts,
  refreshMonthAmounts,
} from './month-amounts.queries';

// The stored monthly amounts of approved absences (docs/decisions/029-absence-report-amounts.md):
// filled at start for requests that have none (approved before the table existed), and recounted when
// people's teams change in another module (the teams tree decides their calendar and team policy).

/** Requests counted per statement while filling. */
export const FILL_BATCH = 2_000;

/** Where the fill reports (the app's logger). */
type Log = { info(data: object, message: string): void; error(data: object, message: string): void };

type Deps = { db: Db; log: Log };

/**
 * Writes the amounts of every approved request lacking them, company by company, in batches (each its
 * own transaction under the shared amounts lock); idempotent, so a restart simply continues. Answers
 * how many requests it counted. `shouldStop` ends it between batches (the server is closing).
 */
export async function fillMissingAmounts(
  deps: Deps,
  shouldStop: () => boolean = () => false,
): Promise<number> {
  const { db } = deps;
  let counted = 0;
  const companies = await findCompaniesMissingAmounts(db, await listCompanyIds(db));
  for (const companyId of companies) {
    for (;;) {
      if (shouldStop()) return counted;
      const batch = await db.transaction(async (tx) => {
        await lockMonthAmounts(tx, companyId, false);
        return fillMissingMonthAmounts(tx, companyId, FILL_BATCH);
      });
      counted += batch;
      if (batch === 0) break;
    }
  }
  if (counted > 0) deps.log.info({ requests: counted }, 'absence month amounts filled');
  return counted;
}

/**
 * Starts the fill in the background once the server is ready (the HR report lacks a request's days
 * until its batch is written, seconds at most); `stop()` waits for the batch under way.
 */
export function startAmountsFill(deps: Deps): { start(): void; stop(): Promise<void> } {
  let running: Promise<void> | null = null;
  let isStopping = false;
  return {
    start() {
      running = fillMissingAmounts(deps, () => isStopping).then(
        () => undefined,
        (error: unknown) => deps.log.error({ err: error }, 'filling the absence month amounts failed'),
      );
    },
    async stop() {
      isStopping = true;
      await running;
    },
  };
}

/** The amounts of people whose teams changed are recounted (their calendar or team policy may differ). */
export function subscribeMonthAmounts(bus: EventBus, deps: Pick<Deps, 'db'>): void {
  bus.subscribe('teams.members_changed', 'absences.month-amounts.recount', async (event) => {
    await deps.db.transaction(async (tx) => {
      await lockMonthAmounts(tx, event.companyId, true);
      await refreshMonthAmounts(tx, event.companyId, {
        kind: 'employees',
        employeeIds: event.payload.employeeIds,
      });
    });
  });
}
