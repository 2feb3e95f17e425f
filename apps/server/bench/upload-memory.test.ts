import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { parseVmRssBytes, readRssBytes, startRssSampler } from './upload-memory';

describe('parseVmRssBytes', () => {
  it('reads VmRSS in bytes from a /proc status text', () => {
    const status = 'Name:\tnode\nVmPeak:\t  999 kB\nVmRSS:\t  123456 kB\nRssAnon:\t 1 kB\n';
    expect(parseVmRssBytes(status)).toBe(123_456 * 1024);
    expect(parseVmRssBytes('Name:\tnode\n')).toBeNull();
  });
});

describe('startRssSampler', () => {
  it('catches a short-lived 80 MB allocation in another process', async () => {
    const child = spawn(process.execPath, [
      '-e',
      'setTimeout(() => { const b = Buffer.alloc(80e6, 1); setTimeout(() => process.exit(b.length > 0 ? 0 : 1), 300); }, 400)',
    ]);
    await sleep(150);
    const sampler = startRssSampler(child.pid ?? -1, 20);
    await once(child, 'exit');
    const { peakBytes, samples } = sampler.stop();
    expect(samples.length).toBeGreaterThan(10);
    expect(peakBytes - (samples[0] ?? 0)).toBeGreaterThan(70e6);
  });

  it('reads this process too', () => {
    expect(readRssBytes(process.pid)).toBeGreaterThan(10e6);
  });
});
