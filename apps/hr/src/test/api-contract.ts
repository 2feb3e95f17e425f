import { STAFF_API_CONTRACT } from '@kadry/shared/api-contract';
import { type RouteName, routePattern } from '@kadry/shared/routes';
import { errorBodySchema } from '@kadry/shared/schemas/error';
import type { ZodType } from 'zod';

// Test support (imported by test files only): what the server answers on each staff API route the HR
// app calls, from the one contract table in packages/shared (the server's response schemas). mockFetch
// checks every fake answer against it, so a fake cannot drift from the server.

type Method = 'GET' | 'POST' | 'DELETE';

/** A success answer's schema; null for routes that answer 204 without a body. */
type Contract = { method: Method; route: RouteName; answer: ZodType | null };

/** Updates travel as POST with `_method=PUT` (spec §7.2), so a PUT route is matched as POST. */
const WIRE_METHOD = { get: 'GET', post: 'POST', put: 'POST', delete: 'DELETE' } as const;

const CONTRACTS: Contract[] = Object.entries(STAFF_API_CONTRACT).flatMap(([route, calls]) =>
  Object.entries(calls).map(([method, call]) => ({
    method: WIRE_METHOD[method as keyof typeof WIRE_METHOD],
    route: route as RouteName,
    answer: call.response,
  })),
);

// Literal paths before patterns: `/api/v1/forms/preview` is the preview route, not form "preview".
const MATCHERS = CONTRACTS.map((contract) => ({
  ...contract,
  placeholders: (routePattern(contract.route).match(/:\w+/g) ?? []).length,
  pattern: new RegExp(`^${routePattern(contract.route).replace(/:\w+/g, '[^/]+')}$`),
})).sort((a, b) => a.placeholders - b.placeholders);

/** Answers of function fakes that broke the contract; setup.ts fails the test that made them. */
const violations: string[] = [];

/**
 * Why `body` is not what the server answers `method path` with `status`, or null when it is. A
 * path no contract names is refused too, so a new route gets its schema here before a test fakes it.
 */
export function findContractViolation(
  method: string,
  path: string,
  status: number,
  body: unknown,
): string | null {
  const contract = MATCHERS.find((item) => item.method === method && item.pattern.test(path));
  if (!contract)
    return `${method} ${path}: no contract in packages/shared/src/api-contract.ts names this route`;
  if (body === undefined || status === 204) return null;
  const schema = status >= 400 ? errorBodySchema : contract.answer;
  if (schema === null) return null;
  const result = schema.safeParse(body);
  if (result.success) return null;
  const issues = result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return `${method} ${path} ${status}: the fake answer is not what ${contract.route} answers — ${issues.join('; ')}`;
}

export function recordContractViolation(message: string): void {
  violations.push(message);
}

/** The violations recorded since the last call, forgotten afterwards. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}
