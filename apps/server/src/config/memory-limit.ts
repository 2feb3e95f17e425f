import { totalmem } from 'node:os';

const MIB = 1024 * 1024;

/** The share of the memory limit above which the server sheds load by default. */
const SHED_RSS_SHARE = 0.5;
/**
 * The lowest default: the embedded database's steady state (~450 MiB idle, ~560 MiB under load, ~900
 * MiB right after seeding an empty database) plus room for a burst, since RSS does not fall straight
 * back afterwards (test/reliability/overload.test.ts).
 */
export const SHED_RSS_FLOOR_MB = 1_536;

/**
 * The memory this process may use: the cgroup limit when a container sets one (Node reads it), else
 * the machine's memory.
 */
export function readMemoryLimitBytes(): number {
  const machine = totalmem();
  // 0 when unknown; an unlimited cgroup reports a number far above the machine's memory.
  const constrained = process.constrainedMemory?.() ?? 0;
  return constrained > 0 ? Math.min(constrained, machine) : machine;
}

/** SHED_RSS_MB's default for a memory limit: a share of it, never below the floor. */
export function deriveShedRssMb(limitBytes: number): number {
  return Math.max(SHED_RSS_FLOOR_MB, Math.floor((limitBytes * SHED_RSS_SHARE) / MIB));
}
