import { PLANNED_ROUTES, type RouteName, routePattern, SERVED_ROUTES } from '@kadry/shared/routes';
import { CSRF_HEADER } from '@kadry/shared/schemas/auth';
import { staffVacancySchema } from '@kadry/shared/schemas/recruiting';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalRegistry } from 'zod/v4/core';
import { createTestApp, type TestApp } from '../../test/app';
import { OPENAPI_TAGS, SECURITY_SCHEMES } from './openapi';
import { isStaffApiPath, SESSION_COOKIE } from './session';

type Schema = { [keyword: string]: unknown };
type Media = { schema?: Schema };
type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
};
type Document = {
  tags: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, Schema> };
};

let t: TestApp;
let doc: Document;
const operations: Array<{ path: string; method: string; operation: Operation }> = [];

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  doc = response.json<Document>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) operations.push({ path, method, operation });
  }
});

afterAll(async () => {
  await t?.close();
});

/** `{id}` placeholders to Fastify's `:id`, as route names are looked up. */
const toFastifyPattern = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
const jsonSchemaOf = (operation: Operation, status: string) =>
  operation.responses[status]?.content?.['application/json']?.schema;

describe('the OpenAPI document', () => {
  it('describes the routes at all', () => {
    expect(operations.length).toBeGreaterThan(50);
  });

  it('names every operation `<route name>.<method>`, each once', () => {
    const names = new Map(
      (Object.keys(SERVED_ROUTES) as RouteName[]).map((name) => [routePattern(name), name] as const),
    );
    for (const { path, method, operation } of operations) {
      const name = names.get(toFastifyPattern(path));
      expect(name, `${method} ${path} has no name in the route table`).toBeDefined();
      expect(operation.operationId, `${method} ${path}`).toBe(`${name}.${method}`);
    }
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every operation a summary and only declared tags, and declares no tag it does not use', () => {
    const declared = OPENAPI_TAGS.map((tag) => tag.name);
    expect(doc.tags.map((tag) => tag.name)).toEqual(declared);
    const used = new Set<string>();
    for (const { path, method, operation } of operations) {
      expect(operation.summary?.trim(), `${method} ${path} summary`).toBeTruthy();
      expect(operation.tags?.length, `${method} ${path} tags`).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) {
        expect(declared, `${method} ${path}: tag ${tag} is not in OPENAPI_TAGS`).toContain(tag);
        used.add(tag);
      }
    }
    expect([...used].sort()).toEqual([...declared].sort());
  });

  it('describes what every operation answers on success: content, or a 204 or a redirect', () => {
    for (const { path, method, operation } of operations) {
      const statuses = Object.keys(operation.responses);
      const answers = statuses.filter((status) => /^2\d\d$/.test(status) && status !== '204');
      const hasBody = answers.some((status) => {
        const content = operation.responses[status]?.content ?? {};
        return Object.values(content).some((media) => media.schema !== undefined);
      });
      const isBodiless = statuses.some((status) => status === '204' || /^3\d\d$/.test(status));
      expect(hasBody || isBodiless, `${method} ${path}: ${statuses.join(', ')}`).toBe(true);
      if (statuses.includes('204')) expect(operation.responses['204']?.content).toBeUndefined();
    }
  });

  it('gives every JSON API operation its error answers in the one error shape', () => {
    const errorRef = { $ref: '#/components/schemas/Error' };
    for (const { path, method, operation } of operations) {
      if (!path.startsWith('/api/') && !path.startsWith('/vue-global/')) continue;
      const errors = Object.keys(operation.responses).filter((status) => /^4\d\d$/.test(status));
      expect(errors.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const status of errors)
        expect(jsonSchemaOf(operation, status), `${method} ${path} ${status}`).toEqual(errorRef);
    }
  });

  it('requires the session cookie of staff operations, and the CSRF header of those that change something', () => {
    expect(doc.components.securitySchemes[SECURITY_SCHEMES.session]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
    });
    expect(doc.components.securitySchemes[SECURITY_SCHEMES.csrf]).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: CSRF_HEADER,
    });
    for (const { path, method, operation } of operations) {
      const label = `${method} ${path}`;
      if (!isStaffApiPath(toFastifyPattern(path))) {
        expect(operation.security, label).toEqual([]);
      } else if (method === 'get') {
        expect(operation.security, label).toEqual([{ [SECURITY_SCHEMES.session]: [] }]);
      } else {
        expect(operation.security, label).toEqual([
          { [SECURITY_SCHEMES.session]: [], [SECURITY_SCHEMES.csrf]: [] },
        ]);
      }
    }
    // The public careers API and the careers pages need neither.
    expect(doc.paths['/api/v1/public-vacancies/{id}/response']?.post?.security).toEqual([]);
    expect(doc.paths['/api/v1/vacancies']?.post?.security).toHaveLength(1);
  });

  it('refers to the shared wire schemas by name', () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const op = (path: string, method: string) => doc.paths[path]?.[method] as Operation;
    expect(jsonSchemaOf(op('/api/v1/vacancies', 'get'), '200')).toEqual(ref('VacancyList'));
    expect(jsonSchemaOf(op('/api/v1/vacancies/{id}', 'get'), '200')).toEqual(ref('VacancyResponse'));
    expect(jsonSchemaOf(op('/api/v1/applications/{id}', 'get'), '200')).toEqual(ref('ApplicationResponse'));
    expect(jsonSchemaOf(op('/api/v1/forms/{id}', 'get'), '200')).toEqual(ref('FormResponse'));
    expect(jsonSchemaOf(op('/vue-global/permissions', 'get'), '200')).toEqual(ref('PermissionsResponse'));
    expect(jsonSchemaOf(op('/api/v1/public-vacancies', 'get'), '200')).toEqual(ref('PublicVacancyList'));
    expect(doc.components.schemas.VacancyResponse).toMatchObject({ properties: { data: ref('Vacancy') } });
    expect(doc.components.schemas.Role).toMatchObject({ properties: { permissions: ref('PermissionsMap') } });
  });

  it("names components without touching zod's global registry, keeping its metadata", () => {
    expect(globalRegistry.get(staffVacancySchema)?.id).toBeUndefined();
    // fileResponseSchema's `.meta({ type: 'string', format: 'binary' })` lives in the global registry.
    expect(doc.paths['/api/v1/files/{id}/download']?.get?.responses['200']?.content).toEqual({
      'application/octet-stream': { schema: { type: 'string', format: 'binary' } },
    });
  });

  it('lists only components some operation reaches', () => {
    const text = JSON.stringify(doc.paths) + JSON.stringify(doc.components.schemas);
    for (const name of Object.keys(doc.components.schemas)) {
      expect(text, name).toContain(`"#/components/schemas/${name}"`);
    }
  });

  it('writes no schema OpenAPI 3.0 cannot read: nullable only beside a type, every required key a property', () => {
    const problems: string[] = [];
    const visit = (value: unknown, where: string): void => {
      if (Array.isArray(value)) {
        for (const [index, item] of value.entries()) visit(item, `${where}/${index}`);
        return;
      }
      if (typeof value !== 'object' || value === null) return;
      const schema = value as Schema;
      if (schema.nullable === true && schema.type === undefined)
        problems.push(`${where}: nullable without type`);
      if (Array.isArray(schema.required) && schema.type === 'object') {
        const properties = (schema.properties ?? {}) as Schema;
        for (const key of schema.required as string[]) {
          if (!(key in properties)) problems.push(`${where}: required ${key} is not a property`);
        }
      }
      if (typeof schema.$ref === 'string' && Object.keys(schema).length > 1)
        problems.push(`${where}: $ref with siblings`);
      for (const [key, child] of Object.entries(schema)) visit(child, `${where}/${key}`);
    };
    visit(doc, '#');
    expect(problems).toEqual([]);
  });

  it('spells out the permissions map: every entity a property', () => {
    const map = doc.components.schemas.PermissionsMap as { properties: Schema; required: string[] };
    expect(Object.keys(map.properties).sort()).toEqual([...map.required].sort());
    expect(map).toMatchObject({ additionalProperties: false });
  });

  it("documents an update's POST twin with the `_method` field it needs", () => {
    const twin = doc.paths['/api/v1/vacancies/{id}']?.post;
    expect(twin?.operationId).toBe('recruiting.vacancies.one.post');
    expect(JSON.stringify(twin?.requestBody)).toContain('"_method"');
    expect(JSON.stringify(doc.paths['/api/v1/vacancies/{id}']?.put?.requestBody)).not.toContain('"_method"');
  });
});

describe('the route table', () => {
  const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
  const isHandled = (name: RouteName) =>
    METHODS.some((method) => t.app.hasRoute({ method, url: routePattern(name) }));

  it('has a handler for every served route name', () => {
    const unhandled = (Object.keys(SERVED_ROUTES) as RouteName[]).filter((name) => !isHandled(name));
    expect(unhandled, 'served names nothing answers: remove them or move them to PLANNED_ROUTES').toEqual([]);
  });

  it('has no handler yet for a planned one', () => {
    const handled = (Object.keys(PLANNED_ROUTES) as RouteName[]).filter(isHandled);
    expect(handled, 'planned names now served: move them to SERVED_ROUTES').toEqual([]);
  });
});
