import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ROUTES, type RouteName, routePattern } from '@kadry/shared/routes';
import { CSRF_HEADER } from '@kadry/shared/schemas/auth';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';
import { createComponentRegistry } from './openapi-components';
import { finalizeDocument, fixSchema, type JsonSchema, OPTIONAL_BODY } from './openapi-document';
import { isStaffApiPath, SESSION_COOKIE } from './session';

/** Every tag a route may use, with what it groups. A route with any other tag fails the OpenAPI tests. */
export const OPENAPI_TAGS = [
  {
    name: 'careers',
    description:
      "Public careers API: open vacancies, application forms, applications, CV parsing, the company's logo",
  },
  {
    name: 'careers-pages',
    description: 'The careers site as HTML pages, with its sitemap and robots.txt',
  },
  { name: 'system', description: 'Liveness and readiness' },
  { name: 'hr', description: "The HR app's texts, staff accounts and one's own account" },
  { name: 'roles', description: "Roles with their permissions, and the signed-in user's permissions" },
  { name: 'vacancies', description: "Vacancies as staff see them, their pipelines and the editor's pickers" },
  { name: 'forms', description: "Application forms and the form builder's preview" },
  { name: 'careers-settings', description: "The careers site's settings and logo" },
  {
    name: 'applications',
    description:
      'Applications: the list, the candidate card, stages, comments, files, export, mail to candidates, rejection, history',
  },
  {
    name: 'mail-templates',
    description: 'Candidate mail templates and the automatic acknowledgement of applications',
  },
  {
    name: 'tags',
    description: "The company's recruiting tags (Vacancy.Tag), put on applications and filtered by",
  },
  { name: 'notifications', description: "The signed-in user's notifications" },
  { name: 'teams', description: 'Teams and their members' },
  {
    name: 'dictionaries',
    description:
      "Dictionaries in the reader's language, countries and cities, and the company's edits of them",
  },
  { name: 'employees', description: 'Employee records, their history, salaries, files and custom fields' },
  { name: 'absences', description: 'Absence types, requests with their approvals, and balances' },
  {
    name: 'dashboard',
    description:
      'The dashboard: per-user layouts of widgets and their parameters, company info, birthdays, work anniversaries, the user’s candidates',
  },
  {
    name: 'action-templates',
    description:
      'HR action templates (the event template dictionary) and the actions they produce for the dashboard, made tasks once',
  },
  { name: 'corp-events', description: 'Corporate events: the company calendar for everyone or chosen teams' },
  {
    name: 'questions',
    description: 'Questions to HR, optionally anonymous (decision 025): asked, answered and closed',
  },
  {
    name: 'integrations',
    description: 'API tokens (`Authorization: Bearer`) and signed webhooks with their delivery log (owners)',
  },
  {
    name: 'statistics',
    description: 'Children statistics: counts by age and gender, the list and its export',
  },
  {
    name: 'saved-views',
    description: 'Saved filters (“views”) of the candidate list and board, per user',
  },
  {
    name: 'pipeline-templates',
    description: 'Pipeline templates: the stages a new vacancy starts with',
  },
  {
    name: 'analytics',
    description: 'Product analytics events (no personal data) and the owners’ usage counts',
  },
] as const;

/** Names of the security schemes staff operations require. */
export const SECURITY_SCHEMES = { session: 'staffSession', csrf: 'csrfToken' } as const;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Route names by their Fastify pattern (`/api/v1/vacancies/:id`), to name operations. */
const NAME_BY_PATTERN = new Map<string, RouteName>(
  (Object.keys(ROUTES) as RouteName[]).map((name) => [routePattern(name), name]),
);

/**
 * The operation id of a route: `<route name>.<method>` (the rule is in routes.ts). Undefined for a
 * path the route table does not name, which the OpenAPI tests refuse.
 */
function operationIdOf(url: string, method: string): string | undefined {
  const name = NAME_BY_PATTERN.get(url);
  return name && `${name}.${method.toLowerCase()}`;
}

/** Staff operations need the session cookie, and the CSRF header unless the method is safe. */
function securityOf(url: string, method: string): Array<Record<string, string[]>> {
  if (!isStaffApiPath(url)) return [];
  return SAFE_METHODS.has(method)
    ? [{ [SECURITY_SCHEMES.session]: [] }]
    : [{ [SECURITY_SCHEMES.session]: [], [SECURITY_SCHEMES.csrf]: [] }];
}

/** A body schema that also demands `_method: "PUT"` (the POST twin of an update, method-override.ts). */
function withMethodOverrideField(body: unknown, method: string): JsonSchema {
  const field = {
    type: 'object',
    properties: { _method: { type: 'string', enum: [method] } },
    required: ['_method'],
  };
  return { allOf: [body ?? { type: 'object' }, field] };
}

/** Applies fixSchema to a converted response: a schema, or `{ content: { <type>: { schema } } }`. */
function fixResponse(response: unknown): unknown {
  if (typeof response !== 'object' || response === null || !('content' in response))
    return fixSchema(response);
  const { content } = response as { content: Record<string, { schema?: unknown }> };
  return {
    ...response,
    content: Object.fromEntries(
      Object.entries(content).map(([type, media]) => [type, { ...media, schema: fixSchema(media.schema) }]),
    ),
  };
}

type TransformInput = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];

/**
 * The per-route transform: zod schemas to JSON Schema (fastify-type-provider-zod), then what the
 * document needs beyond the route's own schema — its operation id, its security requirement, the
 * `_method` field of an update's POST twin — and the 3.0 fixes, before @fastify/swagger drops
 * anything written beside a `$ref`.
 */
function createRouteTransform(zodTransform: ReturnType<typeof createJsonSchemaTransform>) {
  return (input: TransformInput) => {
    const converted = zodTransform(input);
    const schema: JsonSchema = { ...(converted.schema as JsonSchema | undefined) };
    if (schema.hide) return { ...converted, schema };
    const route = input.route as RouteOptions;
    if (Array.isArray(route.method))
      throw new Error(`${input.url}: one route per method, so each gets an operationId`);
    const method = route.method.toUpperCase();

    const operationId = operationIdOf(input.url, method);
    if (operationId) schema.operationId = operationId;
    schema.security = securityOf(input.url, method);
    const zodBody = (input.schema as { body?: unknown } | undefined)?.body;
    if (zodBody instanceof $ZodType && safeParse(zodBody, undefined).success) schema[OPTIONAL_BODY] = true;
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
      if (schema[part] !== undefined) schema[part] = fixSchema(schema[part]);
    }
    if (typeof schema.response === 'object' && schema.response !== null) {
      schema.response = Object.fromEntries(
        Object.entries(schema.response).map(([status, response]) => [status, fixResponse(response)]),
      );
    }
    const override = route.config?.methodOverride;
    if (override) {
      schema.description = [
        `The ${override} of this path sent as POST with \`_method=${override}\` in the body, as the HR app sends updates (a multipart body cannot travel in a real PUT).`,
        schema.description,
      ]
        .filter(Boolean)
        .join(' ');
      if (schema.body !== undefined) schema.body = withMethodOverrideField(schema.body, override);
    }
    return { ...converted, schema };
  };
}

/**
 * The OpenAPI document, generated from the routes' zod schemas, served at /api/docs (JSON at
 * /api/docs/json). Named wire schemas are components (openapi-components.ts); the result is checked
 * by the OpenAPI tests and by `npm test -- api` (Redocly, openapi-typescript).
 */
export const openapi = fp(async (app: FastifyInstance) => {
  const schemaRegistry = createComponentRegistry();
  const toComponents = createJsonSchemaTransformObject({ schemaRegistry });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Kadry API',
        description: [
          "Kadry's public careers API (no sign-in) and the staff API the HR app calls.",
          'Staff operations need the session cookie of a signed-in user and, unless they only read, the',
          "session's CSRF token in the X-CSRF-TOKEN header. Errors are always `{ message, errors? }`.",
          'Updates are PUT; each also answers POST with `_method=PUT` in the body.',
        ].join(' '),
        version: '1.0.0',
        license: { name: 'AGPL-3.0-or-later', url: 'https://www.gnu.org/licenses/agpl-3.0.html' },
      },
      servers: [{ url: '/', description: "A company's own host: each company answers on its host name" }],
      tags: OPENAPI_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          [SECURITY_SCHEMES.session]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The staff session, set by signing in at /app/sign-in.',
          },
          [SECURITY_SCHEMES.csrf]: {
            type: 'apiKey',
            in: 'header',
            name: CSRF_HEADER,
            description:
              'The session\'s CSRF token, from the HR page\'s `<meta name="csrf-token">`; needed on every request that changes something (a form may send it as the `_token` field instead).',
          },
        },
      },
    },
    transform: createRouteTransform(createJsonSchemaTransform({ schemaRegistry })),
    transformObject: (documentObject) => finalizeDocument(toComponents(documentObject)),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
