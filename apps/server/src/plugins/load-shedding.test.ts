import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorHandler } from './error-handler';
import { loadShedding } from './load-shedding';

function blockEventLoop(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // Busy: simulates a server that cannot keep up.
  }
}

describe('loadShedding', () => {
  it('answers 503 with Retry-After while the event loop lags, but keeps answering /health', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorHandler);
    await app.register(loadShedding, { maxEventLoopDelayMs: 100, maxRssBytes: 0 });
    app.get('/api/v1/public-vacancies', async () => ({ data: [] }));
    app.get('/health', async () => ({ status: 'ok' }));
    await app.ready();
    try {
      expect((await app.inject({ url: '/api/v1/public-vacancies' })).statusCode).toBe(200);
      // Sustained lag, as under overload: the loop is blocked again and again.
      for (let i = 0; i < 8; i++) {
        blockEventLoop(200);
        await new Promise((resolve) => setImmediate(resolve));
      }
      const shed = await app.inject({ url: '/api/v1/public-vacancies' });
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('10');
      expect(typeof shed.json().message).toBe('string');
      expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
