import type { Db } from '../../db/tables';
import type { EventBus } from '../../lib/event-bus';
import {
  fillMissingMonthAmounts,
  findCompaniesMissingAmounts,
  findMonthsLackingTotals,
  listCompanyIds,
  lockMonthAmounts,
  refreshMonthAmounts,
  refreshTeamTotals,
  refreshTeamTotalsOfPeople,
} from './month-amounts.queries';

// The stored monthly amounts of approved absences (docs/decisions/029-absence-report-amounts.md):
// filled at start for requests that have none (approved before the table existed), and recounted when
// people's teams change in another module (the teams tree decides their calendar and team policy).

/** Requests counted per statement while filling. */
export const FILL_BATCH = 2_000;

/** Months whose team totals are computed per transaction while filling them. */
export const TOTALS_FILL_BATCH = 12;

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
  const companyIds = await listCompanyIds(db);
  const companies = await findCompaniesMissingAmounts(db, companyIds);
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
  // Team totals of months counted before they existed (docs/decisions/032-absence-team-totals.md).
  let months = 0;
  for (const companyId of companyIds) {
    for (;;) {
      if (shouldStop()) return counted;
      const batch = await db.transaction(async (tx) => {
        await lockMonthAmounts(tx, companyId, false);
        const lacking = await findMonthsLackingTotals(tx, companyId, TOTALS_FILL_BATCH);
        await refreshTeamTotals(tx, companyId, { kind: 'months', months: lacking });
        return lacking.length;
      });
      months += batch;
      if (batch === 0) break;
    }
  }
  if (months > 0) deps.log.info({ months }, 'absence team month totals filled');
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

/**
 * The amounts of people whose teams changed are recounted (their calendar or team policy may differ),
 * and the team totals of the months they count in recomputed (also when they were deleted).
 */
export function subscribeMonthAmounts(bus: EventBus, deps: Pick<Deps, 'db'>): void {
  bus.subscribe('teams.members_changed', 'absences.month-amounts.recount', async (event) => {
    await deps.db.transaction(async (tx) => {
      await lockMonthAmounts(tx, event.companyId, true);
      await refreshMonthAmounts(tx, event.companyId, {
        kind: 'employees',
        employeeIds: event.payload.employeeIds,
      });
      // Their former teams are not known any more: the months they count in, every team.
      await refreshTeamTotalsOfPeople(tx, event.companyId, event.payload.employeeIds);
    });
  });
}
