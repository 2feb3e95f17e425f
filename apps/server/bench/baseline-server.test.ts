import { describe, expect, it } from 'vitest';
import { startBaselineServer } from './baseline-server';
import { getRaw } from './http-get';

describe('startBaselineServer', () => {
  it('answers every path with the prebuilt body, byte for byte, from its own process', async () => {
    const body = Buffer.from(
      JSON.stringify({ data: [{ id: 1, name: 'Ünïcode ✓' }], meta: { last_page: 3 } }),
    );
    const baseline = await startBaselineServer(body);
    try {
      expect(baseline.pid).not.toBe(process.pid);
      const answer = await getRaw(`${baseline.origin}/api/v1/public-vacancies?page=2`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(answer.body.equals(body)).toBe(true);
    } finally {
      await baseline.stop();
    }
    expect(baseline.child.exitCode !== null || baseline.child.signalCode !== null).toBe(true);
  });
});
