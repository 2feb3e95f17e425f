/**
 * Pure rewrites of the generated OpenAPI 3.0 document, so that the tools that read it (Redocly,
 * Spectral, openapi-typescript, Ajv-based validators) accept it and read it as the server means it.
 * Zod's JSON Schema for OpenAPI 3.0 leaves a few shapes that 3.0 cannot say as written.
 */

/** A JSON Schema object as it appears in the document (loosely typed: it is generated data). */
export type JsonSchema = { [keyword: string]: unknown };

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The schema of `null` and nothing else in OpenAPI 3.0, which has no null type: `nullable` adds null
 * to the type it stands beside, and the enum leaves only null.
 */
const nullOnlySchema = (): JsonSchema => ({ type: 'object', nullable: true, enum: [null] });

/**
 * `nullable: true` only means something beside `type` (OpenAPI 3.0.3; Ajv refuses the schema
 * otherwise). Zod writes it beside a type-less `anyOf` (`z.union([...]).nullable()`) and beside a
 * `$ref` (a named schema made nullable). Null moves into the union instead: onto its first member
 * that has a type, else as a member of its own.
 */
function moveTypelessNullable(schema: JsonSchema): JsonSchema {
  if (schema.nullable !== true || schema.type !== undefined) return schema;
  const { nullable: _nullable, ...rest } = schema;
  const union = Array.isArray(rest.anyOf) ? 'anyOf' : Array.isArray(rest.oneOf) ? 'oneOf' : null;
  if (union) {
    const members = (rest[union] as unknown[]).filter(isObject);
    const typed = members.find((member) => member.type !== undefined && member.$ref === undefined);
    return {
      ...rest,
      [union]: typed
        ? members.map((member) => (member === typed ? { ...member, nullable: true } : member))
        : [...members, nullOnlySchema()],
    };
  }
  if (rest.$ref !== undefined || rest.allOf !== undefined) {
    // A $ref takes no siblings in 3.0: the named schema becomes one member of a union with null.
    // (Zod wraps it as `allOf: [{ $ref }]`; a lone member stands for itself.)
    const { description, title, ...target } = rest;
    const only = Array.isArray(target.allOf) && target.allOf.length === 1 ? target.allOf[0] : undefined;
    const isLone = only !== undefined && Object.keys(target).length === 1;
    return {
      ...(description === undefined ? {} : { description }),
      ...(title === undefined ? {} : { title }),
      anyOf: [isLone ? only : target, nullOnlySchema()],
    };
  }
  // No type at all (`z.unknown().nullable()`): any value, null included.
  return rest;
}

/**
 * A record with enumerated keys (`z.record(z.enum(ENTITIES), …)`) has every key, and only those:
 * zod lists them under `required` but not under `properties`, which is invalid. Each key becomes a
 * property with the value schema.
 */
function spellOutEnumeratedRecord(schema: JsonSchema): JsonSchema {
  const required = schema.required;
  const valueSchema = schema.additionalProperties;
  if (!Array.isArray(required) || !isObject(valueSchema)) return schema;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const missing = required.filter((key): key is string => typeof key === 'string' && !(key in properties));
  if (missing.length === 0) return schema;
  return {
    ...schema,
    properties: { ...properties, ...Object.fromEntries(missing.map((key) => [key, valueSchema])) },
    additionalProperties: false,
  };
}

/** Rewrites a schema and every schema inside it, innermost first. */
export function fixSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const fixed: JsonSchema = { ...schema };
  if (isObject(fixed.properties)) {
    fixed.properties = Object.fromEntries(
      Object.entries(fixed.properties).map(([name, property]) => [name, fixSchema(property)]),
    );
  }
  for (const keyword of ['items', 'additionalProperties', 'not'] as const) {
    if (isObject(fixed[keyword])) fixed[keyword] = fixSchema(fixed[keyword]);
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const members = fixed[keyword];
    if (Array.isArray(members)) fixed[keyword] = members.map(fixSchema);
  }
  return moveTypelessNullable(spellOutEnumeratedRecord(fixed));
}

/** What a status means, for responses the routes left undescribed. */
const STATUS_DESCRIPTIONS: Record<string, string> = {
  200: 'OK',
  201: 'Created',
  204: 'Done; no content',
  302: 'Redirect (see Location)',
  401: 'Not signed in',
  403: 'Not allowed for this user, role or plan',
  404: 'Not found',
  409: 'In conflict with the current state (the message says why)',
  413: 'Too large',
  415: 'Unsupported file type',
  419: 'Missing or wrong CSRF token (the page is stale: reload it)',
  422: 'Invalid input; `errors` names each field',
  429: 'Too many requests (see Retry-After)',
  503: 'Unavailable for a moment (see Retry-After)',
};

const BINARY = { type: 'string', format: 'binary' };

type Document = {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown> } & Record<string, unknown>;
} & Record<string, unknown>;

function fixContent(content: unknown): unknown {
  if (!isObject(content)) return content;
  const entries = Object.entries(content).map(([mediaType, media]) => {
    if (!isObject(media)) return [mediaType, media] as const;
    const schema = fixSchema(media.schema);
    // Files are sent as bytes with their own Content-Type, never as JSON.
    if (mediaType === 'application/json' && isObject(schema) && schema.format === 'binary') {
      return ['application/octet-stream', { ...media, schema: BINARY }] as const;
    }
    return [mediaType, { ...media, schema }] as const;
  });
  return Object.fromEntries(entries);
}

function fixResponses(responses: unknown): unknown {
  if (!isObject(responses)) return responses;
  return Object.fromEntries(
    Object.entries(responses).map(([status, response]) => {
      if (!isObject(response)) return [status, response];
      const fixed: JsonSchema = { ...response };
      if (fixed.description === 'Default Response' || fixed.description === undefined) {
        fixed.description = STATUS_DESCRIPTIONS[status] ?? 'Answer';
      }
      // 204 and 3xx answers carry no body: zod's `z.null()` would otherwise describe one.
      if (status === '204' || status.startsWith('3')) delete fixed.content;
      else if (fixed.content !== undefined) fixed.content = fixContent(fixed.content);
      return [status, fixed];
    }),
  );
}

/**
 * Set by the route transform on an operation whose body may be left out (a nullish body schema);
 * @fastify/swagger marks every body required, and passes on only `x-` keys.
 */
export const OPTIONAL_BODY = 'x-kadry-optional-body';

function fixOperation(operation: unknown): unknown {
  if (!isObject(operation)) return operation;
  const { [OPTIONAL_BODY]: isBodyOptional, ...fixed }: JsonSchema = { ...operation };
  if (Array.isArray(fixed.parameters)) {
    fixed.parameters = fixed.parameters.map((parameter) =>
      isObject(parameter) ? { ...parameter, schema: fixSchema(parameter.schema) } : parameter,
    );
  }
  if (isObject(fixed.requestBody)) {
    fixed.requestBody = {
      ...fixed.requestBody,
      ...(isBodyOptional ? { required: false } : {}),
      content: fixContent(fixed.requestBody.content),
    };
  }
  fixed.responses = fixResponses(fixed.responses);
  return fixed;
}

const COMPONENT_REF = '#/components/schemas/';

/** The component names a value refers to, directly. */
function collectRefs(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectRefs(item, into);
  } else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && child.startsWith(COMPONENT_REF)) {
        into.add(child.slice(COMPONENT_REF.length));
      } else collectRefs(child, into);
    }
  }
}

/**
 * Keeps the components some operation reaches, sorted by name. Every named schema comes out in an
 * input and an output variant; most are only ever used one way.
 */
function keepReachableComponents(schemas: Record<string, unknown>, paths: unknown): Record<string, unknown> {
  const reached = new Set<string>();
  collectRefs(paths, reached);
  const queue = [...reached];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const found = new Set<string>();
    collectRefs(schemas[name], found);
    for (const next of found) {
      if (!reached.has(next)) {
        reached.add(next);
        queue.push(next);
      }
    }
  }
  return Object.fromEntries(
    Object.keys(schemas)
      .filter((name) => reached.has(name))
      .sort()
      .map((name) => [name, fixSchema(schemas[name])]),
  );
}

/** The whole document, rewritten (see fixSchema, fixResponses, keepReachableComponents). */
export function finalizeDocument<T extends object>(input: T): T {
  const document = input as Document;
  const paths = Object.fromEntries(
    Object.entries(document.paths ?? {}).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => [method, fixOperation(operation)]),
      ),
    ]),
  );
  return {
    ...document,
    paths,
    components: {
      ...document.components,
      schemas: keepReachableComponents(document.components?.schemas ?? {}, paths),
    },
  } as T;
}
