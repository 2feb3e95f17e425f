/**
 * Leases that stay short because their holder renews them (docs/decisions/020-job-queue.md): a job, an
 * outbox delivery or an idempotency claim is held for a few seconds at a time and renewed while the
 * work goes on, so work of any length keeps its lease, and the lease of a process that died (SIGKILL,
 * OOM kill, a lost machine) runs out within seconds and another process takes the work over.
 */

/** How long a lease lasts without renewal. */
export const LEASE_MS = 15_000;

/** How often a holder renews: three chances before its lease would run out. */
export function renewalIntervalOf(leaseMs: number): number {
  return Math.max(10, Math.floor(leaseMs / 3));
}

/**
 * Calls `renew` every `everyMs` until the answered function is called; never two renewals at once. A
 * failed renewal goes to `onError` and is tried again at the next tick (the lease may still hold). The
 * timer never keeps a process alive.
 */
export function keepRenewing(
  renew: () => Promise<unknown>,
  everyMs: number,
  onError: (error: unknown) => void = () => undefined,
): () => void {
  let isRenewing = false;
  let isStopped = false;
  const timer = setInterval(() => {
    if (isRenewing || isStopped) return;
    isRenewing = true;
    renew()
      .catch(onError)
      .finally(() => {
        isRenewing = false;
      });
  }, everyMs);
  timer.unref();
  return () => {
    isStopped = true;
    clearInterval(timer);
  };
}
