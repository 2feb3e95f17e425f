import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Connections of a PostgreSQL pool right now (pg.Pool's own counters). */
export type PoolStats = { total: number; idle: number; waiting: number };

/**
 * The server's Prometheus series (docs/operations.md lists them). One registry per process (or per test
 * app), never prom-client's global one, so two apps in one test process do not share counters.
 * Queue depth and failures come with the job queue; no series is registered before it is real.
 */
export type Metrics = {
  registry: Registry;
  /** One answered HTTP request: `route` is the route's URL pattern (never the raw URL). */
  observeRequest(labels: { method: string; route: string; status: number }, seconds: number): void;
  /** One database round trip (a statement, or one step of a transaction). */
  observeQuery(seconds: number, isOk: boolean): void;
  /** A request refused by load shedding; `reason` is what was over its limit. */
  countShed(reason: string): void;
  /** Where the pool gauges read from (PostgreSQL only; the embedded database has no pool). */
  watchPool(read: () => PoolStats): void;
};

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

export function createMetrics(): Metrics {
  const registry = new Registry();
  // Process and Node.js series: memory (resident, heap), event-loop delay, GC, handles.
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'kadry_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: 'kadry_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'kadry_db_query_duration_seconds',
    help: 'Database round trips, by outcome (ok or error)',
    labelNames: ['outcome'] as const,
    buckets: QUERY_BUCKETS,
    registers: [registry],
  });
  const shed = new Counter({
    name: 'kadry_http_shed_requests_total',
    help: 'Requests refused with 503 by load shedding, by the limit that was exceeded',
    labelNames: ['reason'] as const,
    registers: [registry],
  });

  let readPool: (() => PoolStats) | null = null;
  // Registered only once a pool is watched, so the embedded database shows no always-zero pool series.
  const registerPoolGauges = () => {
    new Gauge({
      name: 'kadry_db_pool_connections',
      help: 'PostgreSQL pool connections, by state (busy or idle)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = readPool?.();
        if (!stats) return;
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'busy' }, stats.total - stats.idle);
      },
    });
    new Gauge({
      name: 'kadry_db_pool_waiting_requests',
      help: 'Queries waiting for a free PostgreSQL pool connection',
      registers: [registry],
      collect() {
        const stats = readPool?.();
        if (stats) this.set(stats.waiting);
      },
    });
  };

  return {
    registry,
    observeRequest(labels, seconds) {
      const values = { method: labels.method, route: labels.route, status: String(labels.status) };
      requests.inc(values);
      requestDuration.observe(values, seconds);
    },
    observeQuery(seconds, isOk) {
      queryDuration.observe({ outcome: isOk ? 'ok' : 'error' }, seconds);
    },
    countShed(reason) {
      shed.inc({ reason });
    },
    watchPool(read) {
      if (!readPool) registerPoolGauges();
      readPool = read;
    },
  };
}
