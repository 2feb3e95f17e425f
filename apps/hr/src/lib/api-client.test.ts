import { getRequestErrorMessage } from '@kadry/ui/request-error-message';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { type ApiClientEnvironment, ApiError, createApiClient, REQUEST_ERROR_EVENT } from './api-client';

type Call = { url: string; init: RequestInit & { headers: Record<string, string> } };

function jsonResponse(status: number, body: unknown, statusText = ''): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });
}

function setUp(respond: (call: Call) => Response | Promise<Response> = () => jsonResponse(200, { data: 1 })) {
  const calls: Call[] = [];
  const events: Event[] = [];
  const env: ApiClientEnvironment = {
    fetch: vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = { url: String(input), init: init as Call['init'] };
      calls.push(call);
      return respond(call);
    }),
    document,
    reload: vi.fn(),
    dispatchEvent: (event) => {
      events.push(event);
      return true;
    },
    logError: vi.fn(),
  };
  return { client: createApiClient(env), calls, events, env };
}

beforeEach(() => {
  document.head.innerHTML = '<meta name="csrf-token" content="token-123">';
});

afterEach(() => {
  document.head.innerHTML = '';
});

describe('api client requests', () => {
  it('sends JSON accept, X-Requested-With and the CSRF token of the meta tag', async () => {
    const { client, calls } = setUp();
    const response = await client.get('/vue-global/translations', { params: { keys: 'a,b' } });
    expect(response).toMatchObject({ data: { data: 1 }, status: 200 });
    expect(calls[0]?.url).toBe('/vue-global/translations?keys=a%2Cb');
    expect(calls[0]?.init).toMatchObject({
      method: 'GET',
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        'X-CSRF-TOKEN': 'token-123',
      },
    });
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('sends a JSON body with a JSON content type', async () => {
    const { client, calls } = setUp();
    await client.post('/api/v1/dashboard/widgets/params', { widget_name: 'myTasks', params: '{}' });
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ widget_name: 'myTasks', params: '{}' });
  });

  it('sends FormData as multipart, leaving the content type to the browser', async () => {
    const { client, calls } = setUp();
    const form = new FormData();
    form.append('name', 'Call Ada');
    await client.post('/api/v1/dashboard/my-tasks', form);
    expect(calls[0]?.init.body).toBe(form);
    expect(calls[0]?.init.headers['Content-Type']).toBeUndefined();
  });

  it('sends put as a POST carrying _method=PUT, for JSON and for FormData', async () => {
    const { client, calls } = setUp();
    await client.put('/api/v1/profile/events/5', { name: 'x' });
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ name: 'x', _method: 'PUT' });
    const form = new FormData();
    await client.put('/api/v1/profile/events/5', form);
    expect(calls[1]?.init.method).toBe('POST');
    expect(form.get('_method')).toBe('PUT');
    expect(calls[1]?.init.body).toBe(form);
  });

  it('sends delete as DELETE', async () => {
    const { client, calls } = setUp(() => new Response(null, { status: 204 }));
    const response = await client.delete('/api/v1/profile/events/5');
    expect(calls[0]?.init.method).toBe('DELETE');
    expect(response.data).toBeNull();
  });

  it('drops null and undefined parameters and repeats arrays', async () => {
    const { client, calls } = setUp();
    await client.get('/api/v1/dashboard/actions/template', {
      params: { custom_period_start: null, team_ids: [1, 2], page: 1, search: undefined },
    });
    expect(calls[0]?.url).toBe('/api/v1/dashboard/actions/template?team_ids=1&team_ids=2&page=1');
  });

  it('parses the answer with a schema when given one', async () => {
    const { client } = setUp(() => jsonResponse(200, { data: { cache_id: 'abc' } }));
    const response = await client.get('/x', {
      schema: z.object({ data: z.object({ cache_id: z.string() }) }),
    });
    expect(response.data.data.cache_id).toBe('abc');
    const strict = setUp(() => jsonResponse(200, { data: 'nope' }));
    await expect(strict.client.get('/x', { schema: z.object({ data: z.number() }) })).rejects.toThrow();
  });

  it('gives a text answer as text and a download as a blob', async () => {
    const text = setUp(
      () => new Response('{"a":1}', { status: 200, headers: { 'content-type': 'text/plain' } }),
    );
    expect((await text.client.get('/api/v1/dashboard/widgets')).data).toBe('{"a":1}');
    const file = setUp(
      () => new Response('a,b\n1,2', { status: 200, headers: { filename: 'children.csv' } }),
    );
    const response = await file.client.get<Blob>('/api/statistics/children/export', { responseType: 'blob' });
    expect(await response.data.text()).toBe('a,b\n1,2');
    expect(response.headers.get('filename')).toBe('children.csv');
  });

  it('logs a console error when the page has no CSRF meta tag, and still sends', async () => {
    document.head.innerHTML = '';
    const { client, calls, env } = setUp();
    await client.post('/api/v1/x', {});
    await client.post('/api/v1/x', {});
    expect(env.logError).toHaveBeenCalledTimes(1);
    expect(String(vi.mocked(env.logError).mock.calls[0]?.[0])).toMatch(/CSRF token not found/);
    expect(calls[0]?.init.headers['X-CSRF-TOKEN']).toBeUndefined();
  });
});

describe('api client errors', () => {
  it.each([401, 419])(
    'reloads the page on %i and rejects with the response, without broadcasting',
    async (status) => {
      const { client, env, events } = setUp(() => jsonResponse(status, { message: 'Session expired' }));
      const error = await client.get('/api/v1/x').catch((caught: unknown) => caught);
      expect(env.reload).toHaveBeenCalledTimes(1);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(status);
      expect((error as ApiError).response?.status).toBe(status);
      expect(events).toEqual([]);
    },
  );

  it('broadcasts other failures as a request-error event and rethrows them', async () => {
    const body = { message: 'The given data was invalid', errors: { name: ['Name is required'] } };
    const { client, env, events } = setUp(() => jsonResponse(422, body, 'Unprocessable Content'));
    const error = await client.post('/api/v1/x', {}).catch((caught: unknown) => caught);
    expect(env.reload).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ApiError);
    expect(events).toHaveLength(1);
    expect(events[0]?.type).toBe(REQUEST_ERROR_EVENT);
    expect((events[0] as CustomEvent).detail).toBe(error);
    expect((error as ApiError).body).toEqual(body);
  });

  it('broadcasts a network failure as "Network Error"', async () => {
    const { client, events } = setUp(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await client.get('/api/v1/x').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(getRequestErrorMessage(error)).toBe('Network Error');
    expect(events).toHaveLength(1);
  });

  it('does not broadcast a call the caller aborted', async () => {
    const { client, events } = setUp(() => {
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(client.get('/api/v1/x')).rejects.toThrow('aborted');
    expect(events).toEqual([]);
  });
});
