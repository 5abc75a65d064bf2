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
  ) {
    super(message);
  }

  toBody(): ApiError {
    return { status: this.status, code: this.code, message: this.message, errors: this.errors };
  }
}

/** Zod issues as error lines: the path and the rule, never the submitted value (it may be card data). */
export function validationFailure(error: ZodError, where: string): ApiFailure {
  const errors = error.issues.map((issue) => ({
    path: [where, ...issue.path.map(String)].join('.'),
    code: issue.code,
    value: issue.message,
  }));
  return new ApiFailure(400, errorCodes.badRequest, 'The request is not valid.', errors);
}
