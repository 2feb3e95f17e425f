/** Error codes the API answers with; each maps to one HTTP status and one translated message. */
export const ERROR_CODES = {
  invalid_request: { status: 400, key: 'errors.invalid_request' },
  unauthenticated: { status: 401, key: 'errors.unauthenticated' },
  forbidden: { status: 403, key: 'errors.forbidden' },
  not_found: { status: 404, key: 'errors.not_found' },
  vacancy_not_found: { status: 404, key: 'errors.vacancy_not_found' },
  conflict: { status: 409, key: 'errors.conflict' },
  file_too_large: { status: 413, key: 'errors.file_too_large' },
  /** A body over its limit (JSON, a form, a multipart body's text); the message names the limit. */
  body_too_large: { status: 413, key: 'errors.body_too_large' },
  unsupported_media_type: { status: 415, key: 'errors.invalid_request' },
  request_timeout: { status: 408, key: 'errors.upload_too_slow' },
  /** A JSON or form body that did not arrive within its receive timeout. */
  body_timeout: { status: 408, key: 'errors.body_too_slow' },
  csrf: { status: 419, key: 'errors.csrf' },
  validation: { status: 422, key: 'public.fill_fields' },
  cv_unsupported: { status: 422, key: 'candidate.cv.supported_formats' },
  captcha_failed: { status: 422, key: 'errors.captcha_failed' },
  too_many_requests: { status: 429, key: 'errors.too_many_requests' },
  server: { status: 500, key: 'errors.server' },
  service_unavailable: { status: 503, key: 'errors.service_unavailable' },
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
