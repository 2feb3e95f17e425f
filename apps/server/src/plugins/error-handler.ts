import { getCatalog, type Translate } from '@kadry/shared/i18n/translate';
import type { ErrorBody } from '@kadry/shared/schemas/error';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import { closeAfterEarlyAnswer } from '../lib/early-answer';
import { bodyTooLargeError, isPartLimitError, tooManyPartsError } from '../lib/multipart-body';
import { translatorFor, translatorForLocale } from '../lib/request-locale';
import { isAppPagePath, isStaffApiPath, routePathOf, staffLocaleOf } from './session';

type MaybeFastifyError = Partial<FastifyError> & { statusCode?: number };

/** Fastify and plugin error codes that are the client's fault, mapped onto our codes. */
const CLIENT_ERROR_CODES: Record<string, AppError['code']> = {
  FST_REQ_FILE_TOO_LARGE: 'file_too_large',
  FST_PROTO_VIOLATION: 'invalid_request',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_request',
  FST_ERR_CTP_INVALID_JSON_BODY: 'invalid_request',
  FST_ERR_BAD_URL: 'invalid_request',
  // No route has a parameter that long: nothing lives at such an address.
  FST_ERR_MAX_PARAM_LENGTH: 'not_found',
};

/**
 * The multipart parser (busboy) reports a truncated or malformed body with plain errors, no code:
 * these messages are the client's fault, not ours.
 */
const MULTIPART_CLIENT_ERRORS = [
  'Unexpected end of multipart data',
  'Unexpected end of form',
  'Unexpected end of file',
  'Multipart: Boundary not found',
  'Malformed part header',
  'Part terminated early due to unexpected end of multipart data',
];

/**
 * Errors speak the language of whoever reads them: staff in the HR app read them in their own
 * language (the page's), candidates in the careers site's.
 */
function errorTranslatorFor(request: FastifyRequest): Translate {
  const path = routePathOf(request);
  return isStaffApiPath(path) || isAppPagePath(path)
    ? translatorForLocale(staffLocaleOf(request))
    : translatorFor(request);
}

/** Sends `error` as `{ message, errors? }` with its status, translated; 5xx messages are only logged. */
async function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const t = errorTranslatorFor(request);
  const appError = toAppError(error, { bodyLimit: request.routeOptions.bodyLimit });
  if (appError.status === 503) {
    request.log.warn({ err: error }, 'service unavailable');
  } else if (appError.status >= 500) {
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ code: appError.code, err: appError.cause ?? undefined }, 'request rejected');
  }
  const body: ErrorBody = { message: t(appError.key, appError.params) };
  if (appError.issues) {
    body.errors = Object.fromEntries(
      Object.entries(appError.issues).map(([path, issues]) => [
        path,
        issues.map((issue) => t(issue.key, issue.params)),
      ]),
    );
  }
  if (appError.retryAfter !== undefined) reply.header('retry-after', String(appError.retryAfter));
  // A request whose body was not read completely leaves the socket in an unknown state; and a body
  // refused before it was read (401, 419, 413 …) must not be read after the answer either (on a
  // kept-alive connection Node would read it to the end to reach the next request).
  if (appError.status === 413 || appError.status === 408 || request.raw.complete === false) {
    reply.header('connection', 'close');
    if (request.raw.complete === false) closeAfterEarlyAnswer(request.raw);
  }
  return reply.status(appError.status).send(body);
}

/**
 * The one error handler: every failure leaves as `{ message, errors? }`. Messages of 5xx errors are
 * never sent (they may carry internals); they are logged with the request id instead.
 */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler(sendError);

  app.setNotFoundHandler(async (request, reply) => {
    const t = errorTranslatorFor(request);
    return reply.status(404).send({ message: t('errors.not_found') } satisfies ErrorBody);
  });
});

/**
 * For Fastify's `frameworkErrors` option. Without it Fastify answers a URL it cannot decode (`%zz`,
 * invalid UTF-8) and an over-long route parameter itself, before any hook, with a body of its own
 * shape (`{error, code, message, statusCode}`) that echoes the path back.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  void sendError(error, request, reply);
}

function hasMessageKey(key: string): boolean {
  return Object.hasOwn(getCatalog('en'), key);
}

type SchemaIssueMessage = { key: string; params?: Record<string, string | number> };
type SchemaIssue = { keyword?: string; message?: string; params?: Record<string, unknown> };

function numberParam(value: unknown): number | string {
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

/**
 * A schema validation issue (a zod issue, as fastify-type-provider-zod passes it: `keyword` is the
 * issue code, `params` the rest) as a message key of our catalogs, so people read "Maximum length:
 * 200 characters" in their language rather than zod's English. The raw issue stays in the log.
 */
function describeSchemaIssue(item: SchemaIssue): SchemaIssueMessage {
  const params = item.params ?? {};
  const origin = params.origin;
  switch (item.keyword) {
    case 'invalid_type':
      return /received undefined$/.test(item.message ?? '')
        ? { key: 'errors.required' }
        : { key: 'errors.invalid_value' };
    case 'too_small': {
      const min = numberParam(params.minimum);
      if (origin === 'string') {
        return min === 1
          ? { key: 'errors.required' }
          : { key: 'career_page.application_form.error_length_min', params: { min } };
      }
      if (origin === 'array' || origin === 'set') return { key: 'errors.too_few_items', params: { min } };
      if (origin === 'number' || origin === 'int' || origin === 'bigint') {
        return { key: 'errors.number_min', params: { min } };
      }
      return { key: 'errors.invalid_value' };
    }
    case 'too_big': {
      const max = numberParam(params.maximum);
      if (origin === 'string') return { key: 'career_page.application_form.error_length', params: { max } };
      if (origin === 'array' || origin === 'set') return { key: 'errors.too_many_items', params: { max } };
      if (origin === 'number' || origin === 'int' || origin === 'bigint') {
        return { key: 'errors.number_max', params: { max } };
      }
      return { key: 'errors.invalid_value' };
    }
    case 'invalid_format':
      return params.format === 'email'
        ? { key: 'career_page.application_form.error_email' }
        : { key: 'errors.invalid_value' };
    case 'invalid_value':
      return { key: 'errors.invalid_choice' };
    case 'custom':
      // Our own refinements name a catalog key as their message.
      return item.message && hasMessageKey(item.message)
        ? { key: item.message }
        : { key: 'errors.invalid_value' };
    default:
      return { key: 'errors.invalid_value' };
  }
}

/**
 * The AppError for any error. `bodyLimit` (the route's, in bytes) lets a too-large body's 413 name the
 * limit that applied.
 */
export function toAppError(error: unknown, context: { bodyLimit?: number } = {}): AppError {
  if (error instanceof AppError) return error;
  const e = (typeof error === 'object' && error !== null ? error : {}) as MaybeFastifyError & {
    validation?: (SchemaIssue & { instancePath?: string })[];
    validationContext?: string;
  };
  if (Array.isArray(e.validation)) {
    // A path that fails its parameter schema (`/vacancies/abc`, an id beyond any id) names no object.
    if (e.validationContext === 'params') return new AppError('not_found', { cause: error });
    const issues: Record<string, SchemaIssueMessage[]> = {};
    for (const item of e.validation) {
      const path = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'request';
      const list = issues[path] ?? [];
      list.push(describeSchemaIssue(item));
      issues[path] = list;
    }
    return new AppError('validation', { key: 'errors.invalid_request', issues, cause: error });
  }
  if (isDatabaseUnavailable(error))
    return new AppError('service_unavailable', { retryAfter: 5, cause: error });
  if (!e.code && typeof e.message === 'string' && MULTIPART_CLIENT_ERRORS.includes(e.message)) {
    return new AppError('invalid_request', { cause: error });
  }
  // Fastify's own default limit when the route's is not known.
  if (e.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return bodyTooLargeError(context.bodyLimit ?? 1_048_576, error);
  if (isPartLimitError(error)) return tooManyPartsError(error);
  const mapped = e.code ? CLIENT_ERROR_CODES[e.code] : undefined;
  if (mapped) return new AppError(mapped, { cause: error });
  if (e.statusCode === 429) {
    const retryAfter = Number((e as { retryAfter?: unknown }).retryAfter);
    return new AppError('too_many_requests', {
      retryAfter: Number.isFinite(retryAfter) ? Math.ceil(retryAfter) : 60,
      cause: error,
    });
  }
  if (e.statusCode === 503) return new AppError('service_unavailable', { retryAfter: 5, cause: error });
  if (e.statusCode === 415) return new AppError('unsupported_media_type', { cause: error });
  if (e.statusCode === 413) return new AppError('file_too_large', { cause: error });
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return new AppError(e.statusCode === 404 ? 'not_found' : 'invalid_request', { cause: error });
  }
  return new AppError('server', { cause: error });
}
