import { describe, expect, it } from 'vitest';
import { buildScalingRows, readProcessCpuTicks, type ScalingStep } from './scaling';

function step(processes: number, applicationsPerSec: number, staffListPerSec: number): ScalingStep {
  const cpu = { machinePercent: 90, serversPercent: 60, databasePercent: 20 };
  return {
    processes,
    applicationsPerSec,
    applicationP50Ms: 300,
    applicationP99Ms: 900,
    applicationFailures: 0,
    applicationFirstFailure: null,
    staffListPerSec,
    staffListP50Ms: 40,
    staffListP99Ms: 120,
    staffListFailures: processes === 4 ? 3 : 0,
    applicationsCpu: cpu,
    staffListCpu: cpu,
    cores: 2,
  };
}

describe('buildScalingRows', () => {
  it('gives each process count its throughput against one process, with the CPU it took', () => {
    const rows = buildScalingRows([step(1, 20, 200), step(4, 30, 150)], 'nginx');
    expect(rows.map((row) => [row.key, row.value, row.baseline, row.ratio])).toEqual([
      ['scaling.applications.1', '20.0/s', undefined, undefined],
      ['scaling.staffList.1', '200/s', undefined, undefined],
      ['scaling.applications.4', '30.0/s', '1 process: 20.0/s', '1.50×'],
      ['scaling.staffList.4', '150/s', '1 process: 200/s', '0.75×'],
    ]);
    expect(rows[2]?.figure).toContain('4 processes (nginx)');
    expect(rows[2]?.figure).toContain('servers 60%, PostgreSQL 20%, machine 90%');
    // 60% of 2 cores for 30 requests a second: 40 ms of server CPU each; PostgreSQL 20%: 13.3 ms.
    expect(rows[2]?.figure).toContain('per request 40.0 ms in the servers, 13.3 ms in PostgreSQL');
    expect(rows[3]?.targets).toEqual([{ label: 'no failed call', isMet: false }]);
  });
});

describe('readProcessCpuTicks', () => {
  it('reads a live process’s CPU time and answers 0 for one that is gone', () => {
    const before = readProcessCpuTicks(process.pid);
    const until = Date.now() + 60;
    let spin = 0;
    while (Date.now() < until) spin += 1;
    expect(spin).toBeGreaterThan(0);
    expect(readProcessCpuTicks(process.pid)).toBeGreaterThanOrEqual(before);
    expect(readProcessCpuTicks(process.pid)).toBeGreaterThan(0);
    expect(readProcessCpuTicks(2 ** 30)).toBe(0);
  });
});
