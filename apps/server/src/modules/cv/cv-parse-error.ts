/** Why a CV could not be parsed: the route maps each to an answer (all but `timeout` are the candidate's file). */
export type CvParseFailure = 'unsupported' | 'unreadable' | 'timeout' | 'too_large';

/** The file is not a CV we can read (format, damage, size when inflated, or it took too long). */
export class CvParseError extends Error {
  override name = 'CvParseError';
  constructor(
    readonly reason: CvParseFailure,
    message: string = reason,
  ) {
    super(message);
  }
}

/** Every parser worker is busy and the queue is full: answer 503 with Retry-After. */
export class CvParserBusyError extends Error {
  override name = 'CvParserBusyError';
  constructor() {
    super('CV parser is busy');
  }
}
