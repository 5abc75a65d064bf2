import type { ZodError } from 'zod';
import type { ApiError } from '../contract/common.ts';
import { errorCodes } from '../contract/common.ts';

/** A failure the API reports to the caller with a contract-typed body. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiError['code'],
    message: string,
    readonly errors: ApiError['errors'] = [],
    /** A rate limit's wait, carried in the body as well as in `Retry-After` (429 only). */
    readonly bodyRetryAfterSeconds?: number,
  ) {
    super(message);
  }

  toBody(): ApiError {
    const body: ApiError = { status: this.status, code: this.code, message: this.message, errors: this.errors };
    if (this.bodyRetryAfterSeconds !== undefined) body.retryAfterSeconds = this.bodyRetryAfterSeconds;
    return body;
  }
}

/** A refusal the client should send again, unchanged, after `Retry-After` seconds (a request still running). */
export class RetryLater extends ApiFailure {
  constructor(
    status: number,
    code: ApiError['code'],
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, code, message);
  }
}

/** A key named in an error line only when it looks like a field name (a key may itself be card data). */
const FIELD_NAME = /^[A-Za-z_$][\w$-]{0,63}$/;
export const UNKNOWN_FIELD_MESSAGE = 'Unknown field: not part of the contract';

/**
 * Zod issues as error lines: the path and the rule, never the submitted value (it may be card data).
 * An unknown key is named in the path (`json.transaction.airBook.cardNumber`), one line per key.
 */
export function validationFailure(error: ZodError, where: string): ApiFailure {
  const errors = error.issues.flatMap((issue): ApiError['errors'] => {
    const path = [where, ...issue.path.map(String)];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, FIELD_NAME.test(key) ? key : '*'].join('.'), code: issue.code, value: UNKNOWN_FIELD_MESSAGE }));
    }
    return [{ path: path.join('.'), code: issue.code, value: issue.message }];
  });
  return new ApiFailure(400, errorCodes.badRequest, 'The request is not valid.', errors);
}

/** PostgreSQL's answers when it ends or refuses a connection (class 08, and 57P01–57P03). */
const CONNECTION_LOST_CODES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006']);
const CONNECTION_LOST_MESSAGES = /Connection terminated|terminating connection|connection error|Client was closed|timeout exceeded when trying to connect|ECONNREFUSED|ECONNRESET/i;

/**
 * Whether an error (or any error it wraps: Drizzle wraps the driver's) is the database connection
 * going away rather than a fault of the request: the caller gets 503 and may retry with the same key.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_LOST_CODES.has(code)) return true;
    if (CONNECTION_LOST_MESSAGES.test(current.message)) return true;
  }
  return false;
}

export const databaseUnavailable = () =>
  new ApiFailure(503, errorCodes.unavailable, 'The service is briefly unavailable: please try again in a moment.');
