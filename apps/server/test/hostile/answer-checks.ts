import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';

/** Keys an error body may carry (ARCHITECTURE.md, "Errors everywhere"). */
const ERROR_BODY_KEYS = new Set(['message', 'errors']);

/** Asserts the one error shape: JSON `{ message, errors? }`, nothing else. */
export function expectErrorBody(body: string, contentType: string | undefined, label: string): void {
  expect(contentType ?? '', `content type of an error (${label})`).toMatch(/^application\/json/);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    expect.fail(`error body is not JSON (${label}): ${body.slice(0, 200)}`);
  }
  expect(parsed, `error body is an object (${label})`).toBeTypeOf('object');
  const record = parsed as Record<string, unknown>;
  const extraKeys = Object.keys(record).filter((key) => !ERROR_BODY_KEYS.has(key));
  expect(extraKeys, `keys beyond {message, errors} (${label}): ${body.slice(0, 200)}`).toEqual([]);
  expect(record.message, `message (${label})`).toBeTypeOf('string');
  expect((record.message as string).length, `message is not empty (${label})`).toBeGreaterThan(0);
  if ('errors' in record) {
    for (const [path, messages] of Object.entries(record.errors as Record<string, unknown>)) {
      expect(Array.isArray(messages), `errors.${path} is a list (${label})`).toBe(true);
      for (const message of messages as unknown[])
        expect(message, `errors.${path} (${label})`).toBeTypeOf('string');
    }
  }
}

/**
 * The contract of every public API answer: never 5xx; an error is `{ message, errors? }`; a success
 * matches the endpoint's wire schema (when one is given).
 */
export function expectApiAnswer(
  response: LightMyRequestResponse,
  label: string,
  successSchema?: z.ZodType,
): void {
  expect(response.statusCode, `status (${label})`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    expectErrorBody(response.body, response.headers['content-type'] as string | undefined, label);
    if (response.statusCode === 429 || response.statusCode === 503) {
      expect(response.headers['retry-after'], `Retry-After (${label})`).toMatch(/^\d+$/);
    }
    return;
  }
  if (successSchema && response.statusCode < 300) {
    const parsed = successSchema.safeParse(response.json());
    expect(parsed.success, `success body matches its schema (${label}): ${response.body.slice(0, 200)}`).toBe(
      true,
    );
  }
}

/**
 * `app.inject`, failing with the request's label if no answer comes in time: a request left hanging
 * is a bug of its own (and would otherwise end as a test timeout without a counterexample).
 */
export async function injectWithDeadline(
  app: FastifyInstance,
  options: InjectOptions,
  label: string,
  deadlineMs = 10_000,
): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${deadlineMs} ms: ${label}`)), deadlineMs);
  });
  try {
    return await Promise.race([app.inject(options), hang]);
  } finally {
    clearTimeout(timer);
  }
}
