/** Search error statuses of spec 1 §8; other statuses show an empty title and text. */
export type SearchErrorStatus = 204 | 401 | 402 | 500 | 504 | number;

/**
 * The status a failed call stands for: the API's typed status when it answered, 504 when the
 * request was aborted or timed out (the spec maps ECONNABORTED to 504), 500 otherwise.
 */
export function statusOfFailure(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    const status = (error as { status?: unknown }).status;
    if (typeof status === 'number') return status;
    const name = (error as { name?: unknown }).name;
    if (name === 'AbortError' || name === 'TimeoutError') return 504;
  }
  return 500;
}
