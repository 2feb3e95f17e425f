import { ERROR_CODES, type ErrorCode } from '@kadry/shared/errors';
import type { ValidationIssue } from '@kadry/shared/validation/rules';

/**
 * A failure the client should hear about. The error handler turns it into `{ message, errors? }`
 * with the status of its code, translating message keys into the request's language.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** Field path → issues, for 422 answers. */
  readonly issues: Record<string, ValidationIssue[]> | undefined;
  /** Seconds, for 429 and 503. */
  readonly retryAfter: number | undefined;
  /** Message key override (defaults to the code's key). */
  readonly key: string;
  readonly params: Record<string, string | number> | undefined;

  /** Fastify and its plugins read `statusCode` from thrown errors. */
  get statusCode(): number {
    return this.status;
  }

  constructor(
    code: ErrorCode,
    opts: {
      issues?: Record<string, ValidationIssue[]>;
      retryAfter?: number;
      key?: string;
      params?: Record<string, string | number>;
      cause?: unknown;
    } = {},
  ) {
    super(code, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.issues = opts.issues;
    this.retryAfter = opts.retryAfter;
    this.key = opts.key ?? ERROR_CODES[code].key;
    this.params = opts.params;
  }
}
