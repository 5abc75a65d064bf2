/**
 * A refusal for too many requests (429 RATE_LIMITED, issue 36), read from whatever a call threw: the
 * web's ApiRequestError carries the answer's status, its typed body and its Retry-After. One reading
 * for every page and machine, so each says the same thing with the server's own seconds.
 */
export interface RateLimited {
  /** When the server lets the caller in again, in seconds (Retry-After, else the body's); null when it said not. */
  retryAfterSeconds: number | null;
}

const positiveSeconds = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.ceil(value) : null);

/** The refusal `error` stands for when it is a 429, else null. */
export function rateLimitOf(error: unknown): RateLimited | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, retryAfterSeconds, body } = error as { status?: unknown; retryAfterSeconds?: unknown; body?: { retryAfterSeconds?: unknown } | null };
  if (status !== 429) return null;
  return { retryAfterSeconds: positiveSeconds(retryAfterSeconds) ?? positiveSeconds(body?.retryAfterSeconds) };
}
