import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  FastifySchema,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

/** The body field that turns a POST into a PUT (spec §4, §7.2: updates travel as POST + `_method=PUT`). */
export const METHOD_OVERRIDE_FIELD = '_method';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** On a POST route: it only answers requests whose body says `_method` = this method. */
    methodOverride?: 'PUT';
  }
}

function readOverride(request: FastifyRequest): unknown {
  const body = request.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  return (body as Record<string, unknown>)[METHOD_OVERRIDE_FIELD];
}

/**
 * preValidation check (installed app-wide by methodOverride, after CSRF): a POST route with
 * `config.methodOverride` refuses requests whose body does not carry `_method` = that method with 404,
 * as if there were no POST route. JSON and urlencoded bodies are checked here; a multipart body is
 * not parsed yet at this point, so its handler reads (and ignores) the `_method` part itself.
 */
export function checkMethodOverride(request: FastifyRequest): void {
  const expected = request.routeOptions.config.methodOverride;
  if (!expected || request.method !== 'POST' || request.isMultipart()) return;
  const override = readOverride(request);
  if (typeof override !== 'string' || override.toUpperCase() !== expected) throw new AppError('not_found');
  // Body schemas should not have to know about the override field.
  delete (request.body as Record<string, unknown>)[METHOD_OVERRIDE_FIELD];
}

type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * Registers an update route twice: as PUT, and as POST carrying `_method=PUT`, which is how the HR
 * app's API client sends every update. Fastify routes by method before the body is read, so the
 * override cannot be one global rewrite; register updates with this instead of `app.put`. (The POST
 * twin means the same URL cannot also have a POST route of its own.)
 */
export function registerPutRoute<
  RouteGeneric extends RouteGenericInterface = RouteGenericInterface,
  const SchemaCompiler extends FastifySchema = FastifySchema,
>(
  app: ZodApp,
  path: string,
  opts: RouteShorthandOptions<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGeneric,
    ContextConfigDefault,
    SchemaCompiler,
    ZodTypeProvider
  >,
  handler: RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGeneric,
    ContextConfigDefault,
    SchemaCompiler,
    ZodTypeProvider
  >,
): void {
  app.put(path, opts, handler);
  app.post(path, { ...opts, config: { ...opts.config, methodOverride: 'PUT' } }, handler);
}

/** Installs checkMethodOverride on every request; register after CSRF, so a forged update hears 419 first. */
export const methodOverride = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', (request, _reply, done) => {
      try {
        checkMethodOverride(request);
        done();
      } catch (error) {
        done(error as Error);
      }
    });
  },
  { name: 'kadry-method-override', dependencies: ['kadry-csrf'] },
);
