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
  /** The scaling section's private PostgreSQL cluster (npm run bench starts it: tooling/run-bench.ts). */
  KADRY_SCALING_DATABASE_URL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** nginx for the scaling section (found by tooling/run-bench.ts); without it, a round robin in the client. */
  KADRY_NGINX: z.preprocess((value) => (value === '' ? undefined : value), z.string().optional()),
});

export type BenchOptions = {
  durationSec: number;
  warmupSec: number;
  rounds: number;
  connections: number;
  databaseUrl: string | undefined;
  /** Scaling: the private cluster's database, and nginx (null: round robin in the client). */
  scalingDatabaseUrl: string | undefined;
  nginxBin: string | null;
  /** The sections to run (`--only a,b` on the command line); all of them by default. */
  sections: readonly BenchSection[];
};

/** The bench's parts, in the order they run; `--only` picks some of them. */
export const BENCH_SECTIONS = [
  'api',
  'uploads',
  'submissions',
  'pages',
  'lighthouse',
  'people',
  'absences',
  'candidate-search',
  'bulk-move',
  'statistics',
  'dashboard',
  'scaling',
] as const;
export type BenchSection = (typeof BENCH_SECTIONS)[number];
/**
 * What runs without `--only`: all but `scaling` (several servers on a PostgreSQL cluster of its own,
 * minutes long; `npm run bench -- --only scaling`, docs/scaling.md).
 */
export const DEFAULT_BENCH_SECTIONS: readonly BenchSection[] = BENCH_SECTIONS.filter(
  (section) => section !== 'scaling',
);

/**
 * The sections named by `--only <a,b>` or `--only=<a,b>` (repeatable) among the arguments, or every
 * section when there is none; an unknown name fails naming the known ones.
 */
export function readBenchSections(argv: readonly string[]): BenchSection[] {
  const named: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '--only') {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error('--only needs a section name');
      named.push(...value.split(','));
      i += 1;
    } else if (arg.startsWith('--only=')) {
      named.push(...arg.slice('--only='.length).split(','));
    } else {
      throw new Error(`Unknown bench argument ${arg} (known: --only <${BENCH_SECTIONS.join('|')}>[,…])`);
    }
  }
  const names = named.map((name) => name.trim()).filter(Boolean);
  if (named.length > 0 && names.length === 0) throw new Error('--only needs a section name');
  if (names.length === 0) return [...DEFAULT_BENCH_SECTIONS];
  const unknown = names.filter((name) => !(BENCH_SECTIONS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new Error(`Unknown bench section ${unknown.join(', ')} (known: ${BENCH_SECTIONS.join(', ')})`);
  }
  return BENCH_SECTIONS.filter((section) => names.includes(section));
}

/** The bench's settings from the environment, failing with every bad variable named. */
export function readBenchOptions(
  env: Record<string, string | undefined>,
  argv: readonly string[] = [],
): BenchOptions {
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
    scalingDatabaseUrl: result.data.KADRY_SCALING_DATABASE_URL,
    nginxBin: result.data.KADRY_NGINX ?? null,
    sections: readBenchSections(argv),
  };
}
