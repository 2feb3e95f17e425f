import type { StatementKind, TenantFilterViolation } from './tenant-filter';

// The statements that may touch a tenant table without naming a company, each with its reason.
// Keep it short: only infrastructure that works for no company's request by design: the job
// queue's and the outbox's claims (FOR UPDATE SKIP LOCKED over every company's due rows), the
// renewal of the leases a process holds, and the timers' expiry sweeps. Under Citus these run per
// worker or on a coordinator-local table (docs/scaling.md). Everything else filters by company_id.
// Each entry matches one statement shape by its SQL text as drizzle writes it (quoted names).

export type Exemption = {
  table: string;
  kinds: readonly StatementKind[];
  sql: RegExp;
  /** Why this statement spans companies; the comment in the code that sends it says the same. */
  reason: string;
};

export const EXEMPTIONS: readonly Exemption[] = [
  {
    table: 'jobs',
    kinds: ['update', 'select'],
    sql: /^update "jobs" set "attempts" = "jobs"\."attempts" \+ 1, "locked_until" = .* for update skip locked\)/s,
    reason: 'lib/job-queue.ts claim(): leases due jobs of every company, FOR UPDATE SKIP LOCKED',
  },
  {
    table: 'jobs',
    kinds: ['update'],
    sql: /^update "jobs" set "locked_until" = now\(\) \+ \$1::interval where \("jobs"\."id" in \(/,
    reason: 'lib/job-queue.ts executeAll(): renews the leases this process holds, whatever their company',
  },
  {
    table: 'jobs',
    kinds: ['delete'],
    sql: /^delete from "jobs" where \("jobs"\."state" = \$1 and "jobs"\."finished_at" < \$2\)$/,
    reason: 'lib/job-queue.ts cleanUp(): drops every company’s finished jobs after a while',
  },
  {
    table: 'outbox_events',
    kinds: ['update', 'select'],
    sql: /^update "outbox_events" set "attempts" = "outbox_events"\."attempts" \+ 1, "locked_until" = .* for update skip locked\)/s,
    reason: 'lib/event-bus.ts claimDue(): claims due deliveries of every company, FOR UPDATE SKIP LOCKED',
  },
  {
    table: 'outbox_events',
    kinds: ['update'],
    sql: /^update "outbox_events" set "locked_until" = now\(\) \+ \$1::interval where \("outbox_events"\."id" in \(/,
    reason: 'lib/event-bus.ts runOnce(): renews the claims this process holds, whatever their company',
  },
  {
    table: 'outbox_events',
    kinds: ['delete'],
    sql: /^delete from "outbox_events" where "outbox_events"\."delivered_at" < \$1$/,
    reason: 'lib/event-bus.ts cleanUp(): drops every company’s delivered events after a while',
  },
  {
    table: 'cv_parses',
    kinds: ['delete'],
    sql: /^delete from "cv_parses" where "cv_parses"\."expires_at" < \$1 returning/,
    reason: 'cv.queries.ts deleteExpiredCvParses(): an expiry sweep run by a timer for no company’s request',
  },
  {
    table: 'employee_imports',
    kinds: ['delete'],
    sql: /^delete from "employee_imports" where \("employee_imports"\."status" = \$1 and "employee_imports"\."created_at" < \$2\) returning/,
    reason:
      'employee-import.queries.ts deleteStaleCheckedImports(): a sweep run by a timer for no company’s request',
  },
  {
    table: 'sessions',
    kinds: ['delete'],
    sql: /^delete from "sessions" where \("sessions"\."expires_at" < \$1 or "sessions"\."last_seen_at" < \$2\)$/,
    reason: 'session-store.ts deleteExpiredAuthRows(): an expiry sweep across companies',
  },
  {
    table: 'password_reset_tokens',
    kinds: ['delete'],
    sql: /^delete from "password_reset_tokens" where \("password_reset_tokens"\."expires_at" < \$1 or "password_reset_tokens"\."used_at" is not null\)$/,
    reason: 'session-store.ts deleteExpiredAuthRows(): an expiry sweep across companies',
  },
  {
    table: 'sign_in_devices',
    kinds: ['delete'],
    sql: /^delete from "sign_in_devices" where "sign_in_devices"\."expires_at" < \$1$/,
    reason: 'session-store.ts deleteExpiredAuthRows(): an expiry sweep across companies',
  },
  {
    table: 'jobs',
    kinds: ['select'],
    sql: /^select count\(\*\)::int from "jobs" where \("jobs"\."state" = \$1 and "jobs"\."available_at" <= now\(\)\)$/,
    reason: 'lib/job-queue.ts settled(): waits until no job of any company is due (tests, shutdown)',
  },
  {
    table: 'outbox_events',
    kinds: ['select'],
    sql: /^select count\(\*\)::int from "outbox_events" where \("outbox_events"\."delivered_at" is null and "outbox_events"\."failed_at" is null and "outbox_events"\."available_at" <= now\(\)\)$/,
    reason: 'lib/event-bus.ts settled(): waits until no event of any company is due (tests, shutdown)',
  },
  {
    table: 'jobs',
    kinds: ['update'],
    sql: /^update "jobs" set "locked_until" = \$1 where \("jobs"\."state" = \$2 and "jobs"\."locked_until" > now\(\)\) returning/,
    reason:
      'job-queue.ts releaseAbandonedJobLeases(): at the start of the process that holds the embedded database',
  },
  {
    table: 'idempotency_keys',
    kinds: ['delete'],
    sql: /^delete from "idempotency_keys" where "idempotency_keys"\."completed" = \$1 returning/,
    reason:
      'idempotency.ts releaseAbandonedClaims(): at the start of the process that holds the embedded database',
  },
  {
    table: 'stored_files',
    kinds: ['select'],
    sql: /^select "storage_key" from "stored_files" where "stored_files"\."storage_key" in \(/,
    reason:
      'sweep-orphan-files.ts: at start, which of the store’s old files any row of any company references',
  },
  {
    table: 'applications',
    kinds: ['select'],
    sql: /^select "applications"\."id", "applications"\."idempotency_key", .* from "applications" left join "candidates"/s,
    reason: 'test-support.queries.ts findIntegrityRows(): the reliability tests check the whole database',
  },
  {
    table: 'candidates',
    kinds: ['select'],
    sql: /^select "applications"\."id", "applications"\."idempotency_key", .* from "applications" left join "candidates"/s,
    reason: 'test-support.queries.ts findIntegrityRows(): the same statement, its join',
  },
  {
    table: 'application_files',
    kinds: ['select'],
    sql: /^select "application_id", count\(\*\) from "application_files" group by|^select "stored_files"\."storage_key" from "stored_files" left join "application_files"/,
    reason:
      'test-support.queries.ts findIntegrityRows(): file rows per application and unused files, every company',
  },
  {
    table: 'stored_files',
    kinds: ['select'],
    sql: /^select "stored_files"\."storage_key" from "stored_files" left join "application_files"|^select "storage_key" from "stored_files"$/,
    reason: 'test-support.queries.ts findIntegrityRows(): every recorded storage key, every company',
  },
  ...(['task_files', 'employee_files', 'employees', 'absence_request_files'] as const).map((table) => ({
    table,
    kinds: ['select' as const],
    sql: /^select "stored_files"\."storage_key" from "stored_files" left join "application_files"/,
    reason:
      'test-support.queries.ts findIntegrityRows(): unused files, every company (files other records hold are in use)',
  })),
];

export function findExemption(sql: string, violation: TenantFilterViolation): Exemption | undefined {
  return EXEMPTIONS.find(
    (exemption) =>
      exemption.table === violation.table &&
      exemption.kinds.includes(violation.kind) &&
      exemption.sql.test(sql),
  );
}
