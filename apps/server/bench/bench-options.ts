import { z } from 'zod';

const optionsSchema = z.object({
  /** Seconds per throughput measurement. */
  BENCH_DURATION: z.coerce.number().positive().max(600).default(8),
  /** Seconds of discarded load before each measurement. */
  BENCH_WARMUP: z.coerce.number().min(0).max(60).default(1),
  /** Each measurement is split into this many rounds, alternating endpoint and baseline. */
  BENCH_ROUNDS: z.coerce.number().int().min(1).max(100).default(4),
  BENCH_CONNECTIONS: z.coerce.number().int().min(1).max(1_000).default(50),
  /** Set: the run uses this PostgreSQL database (demo data seeded if it is empty) instead of PGlite. */
  DATABASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
});

export type BenchOptions = {
  durationSec: number;
  warmupSec: number;
  rounds: number;
  connections: number;
  databaseUrl: string | undefined;
};

/** The bench's settings from the environment, failing with every bad variable named. */
export function readBenchOptions(env: Record<string, string | undefined>): BenchOptions {
  const result = optionsSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid bench settings:\n${lines.join('\n')}`);
  }
  return {
    durationSec: result.data.BENCH_DURATION,
    warmupSec: result.data.BENCH_WARMUP,
    rounds: result.data.BENCH_ROUNDS,
    connections: result.data.BENCH_CONNECTIONS,
    databaseUrl: result.data.DATABASE_URL,
  };
}
