import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchJson, RequestError } from './request';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fetchJson', () => {
  it('answers the JSON of a 2xx answer', async () => {
    vi.stubGlobal('fetch', async () => new Response('{"data":[]}', { status: 200 }));
    await expect(fetchJson('/api/x')).resolves.toEqual({ data: [] });
  });

  it('turns any other answer into a RequestError carrying its status text and body', async () => {
    vi.stubGlobal(
      'fetch',
      async () => new Response('{"message":"Oops"}', { status: 500, statusText: 'Internal Server Error' }),
    );
    const error = await fetchJson('/api/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({
      status: 500,
      statusText: 'Internal Server Error',
      body: { message: 'Oops' },
    });
  });

  it('turns a network failure into a RequestError without a status', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    await expect(fetchJson('/api/x')).rejects.toMatchObject({ status: null, statusText: '', body: null });
  });
});
