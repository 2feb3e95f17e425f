import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { seedCompany } from '../test/db';
import { type AuthTestApp, createAuthTestApp } from './modules/auth/auth-test-support';
import { type StaffMember, seedStaff } from './modules/permissions/permissions-test-support';

// Out-of-range numbers in an address answered 500 (`?status=99999999999`: PostgreSQL refused the
// integer). Every route of the API is walked here, found from the app itself, so a route added later
// is covered without being listed: each numeric querystring key of its schema must be bounded within
// PostgreSQL's integer and answer 422 to anything else; each id in a path answers 404 (decision 008).

/** PostgreSQL's `integer`, the type of every id and small-number column we filter by. */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const PROBE_HEADER = 'x-test-probe-schema';

type JsonSchema = { type?: string | string[]; minimum?: number; maximum?: number; anyOf?: JsonSchema[] };

let t: AuthTestApp;
let owner: StaffMember;
/** Route schemas by `METHOD url-pattern`, recorded by the probe hook. */
const schemas = new Map<string, FastifySchema | undefined>();

/** Routes of `printRoutes({ commonPrefix: false })`'s tree: full path and methods (as in csrf.test.ts). */
function listRoutes(tree: string): { path: string; methods: string[] }[] {
  const stack: string[] = [];
  const routes: { path: string; methods: string[] }[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[└├]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    const path = `${stack.at(-1) ?? ''}${match[2] ?? ''}`;
    stack.push(path);
    if (match[3]) routes.push({ path, methods: match[3].split(', ') });
  }
  return routes;
}

/** The JSON Schema of a route's querystring, whether declared with zod or as JSON Schema. */
function toJsonSchema(schema: unknown): { properties?: Record<string, JsonSchema> } {
  if (schema && typeof schema === 'object' && '_zod' in schema) {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, JsonSchema>;
    };
  }
  return (schema ?? {}) as { properties?: Record<string, JsonSchema> };
}

function isNumeric(schema: JsonSchema): boolean {
  const types = [schema.type, ...(schema.anyOf ?? []).map((option) => option.type)].flat();
  return types.includes('integer') || types.includes('number');
}

/** The bounds of the numeric form of a value (a filter may also take a list: `anyOf` number or array). */
function numericBounds(schema: JsonSchema): { minimum?: number; maximum?: number } {
  const hasNumericType = (candidate: JsonSchema) =>
    [candidate.type].flat().some((type) => type === 'integer' || type === 'number');
  const option = [schema, ...(schema.anyOf ?? [])].find(hasNumericType) ?? schema;
  return { minimum: option.minimum, maximum: option.maximum };
}

/** A path with every `:param` filled in; ids are the params named id / *_id / *Id. */
function fillPath(path: string, id: string): string {
  return path.replace(/:(\w+)/g, (_, name: string) => (/(^|_)id$|Id$/.test(name) ? id : 'x'));
}

function hasIdParam(path: string): boolean {
  return [...path.matchAll(/:(\w+)/g)].some(([, name]) => /(^|_)id$|Id$/.test(name ?? ''));
}

beforeAll(async () => {
  t = await createAuthTestApp({
    beforeReady(app) {
      // Hooks added here reach every route at ready(): a probe request answers at once, before any
      // handler, and leaves its route's schema behind.
      app.addHook('onRequest', async (request, reply) => {
        if (!request.headers[PROBE_HEADER]) return;
        schemas.set(`${request.method} ${request.routeOptions.url}`, request.routeOptions.schema);
        return reply.code(204).send();
      });
    },
  });
  const company = await seedCompany(t.database.db);
  owner = await seedStaff(t, company, 'owner');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

function call(method: string, url: string, extraHeaders: Record<string, string> = {}) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...owner.headers, accept: 'application/json', ...extraHeaders },
  });
}

describe('numbers in the address', () => {
  it('out-of-range, negative, non-numeric and huge numeric query filters answer 422 on every list route, never 5xx', async () => {
    const routes = listRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.path.startsWith('/api/') && route.methods.includes('GET'),
    );
    const targets: { path: string; key: string; schema: JsonSchema }[] = [];
    for (const route of routes) {
      const probe = await call('GET', fillPath(route.path, '1'), { [PROBE_HEADER]: '1' });
      expect(probe.statusCode, `probe of GET ${route.path}`).toBe(204);
      const querystring = toJsonSchema(schemas.get(`GET ${route.path}`)?.querystring);
      for (const [key, schema] of Object.entries(querystring.properties ?? {})) {
        if (isNumeric(schema)) targets.push({ path: route.path, key, schema });
      }
    }
    // The walk finds the lists with numeric filters (a listing that found nothing would pass anything).
    const found = targets.map((target) => `${target.path}?${target.key}`);
    expect(found).toEqual(
      expect.arrayContaining([
        '/api/v1/vacancies?status',
        '/api/v1/vacancies?team_id',
        '/api/v1/vacancies?per_page',
        '/api/v1/applications?vacancy_id',
        '/api/v1/applications?stage_id',
        '/api/v1/applications?page',
        '/api/v1/applications/export?vacancy_id',
        '/api/v1/admin/users?role_id',
        '/api/v1/admin/users?team_id',
        '/api/v1/public-vacancies?per_page',
      ]),
    );

    const failures: string[] = [];
    for (const { path, key, schema } of targets) {
      const { minimum, maximum } = numericBounds(schema);
      // Bounded on both sides, within the integer columns these values reach.
      const isBounded =
        minimum !== undefined && minimum >= INT_MIN && maximum !== undefined && maximum <= INT_MAX;
      if (!isBounded) failures.push(`${path}?${key} is bounded by [${minimum}, ${maximum}]`);
      const values = [
        ...(isBounded ? [String(maximum + 1), String(minimum - 1)] : []),
        ...(minimum === undefined || minimum > -1 ? ['-1'] : []),
        '99999999999',
        '-99999999999',
        '9'.repeat(400),
        '1e400',
        'abc',
        'NaN',
        '0x7fffffff1',
      ];
      for (const value of values) {
        const url = `${fillPath(path, '1')}?${key}=${encodeURIComponent(value)}`;
        const response = await call('GET', url);
        if (response.statusCode !== 422) failures.push(`GET ${url} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('ids in a path that name no possible object answer 404 on every route, never 5xx', async () => {
    const routes = listRoutes(t.app.printRoutes({ commonPrefix: false })).filter(
      (route) => route.path.startsWith('/api/') && hasIdParam(route.path),
    );
    expect(routes.map((route) => route.path)).toEqual(
      expect.arrayContaining([
        '/api/v1/applications/:id',
        '/api/v1/applications/:id/comments',
        '/api/v1/files/:id/download',
        '/api/v1/vacancies/:id/stages',
        '/api/v1/org/teams/:id',
        '/api/v1/roles/:id',
        '/api/v1/admin/users/:id',
      ]),
    );
    const failures: string[] = [];
    for (const route of routes) {
      for (const method of route.methods.filter((m) => m !== 'HEAD' && m !== 'OPTIONS')) {
        for (const id of ['99999999999', String(INT_MAX + 1), '-1', '0', 'abc', '1e3', '9'.repeat(40)]) {
          const url = fillPath(route.path, encodeURIComponent(id));
          const response = await call(method, url);
          if (response.statusCode !== 404) failures.push(`${method} ${url} → ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
