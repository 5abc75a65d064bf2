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

/** Why the server refused to search (HTTP 400), as far as the page can say it in the reader's words. */
export type SearchRefusal = { kind: 'unknownAirport'; code: string } | { kind: 'sameAirport' } | { kind: 'pastDate' } | { kind: 'other' };

/**
 * The first reason a 400 answer names (`errors[].code` with the path of the leg's field, e.g.
 * body.itinerary.0.origin), with the airport code read from the request it refused; null for other failures.
 */
export function refusalOf(error: unknown, itinerary: ReadonlyArray<{ origin: string; destination: string }>): SearchRefusal | null {
  if (statusOfFailure(error) !== 400) return null;
  const body = (error as { body?: { errors?: Array<{ code?: unknown; path?: unknown }> } }).body;
  const [first] = body?.errors ?? [];
  const place = /itinerary\.(\d+)\.(origin|destination)$/.exec(String(first?.path ?? ''));
  if (first?.code === 'unknown_airport' && place) {
    const leg = itinerary[Number(place[1])];
    if (leg) return { kind: 'unknownAirport', code: leg[place[2] as 'origin' | 'destination'] };
  }
  if (first?.code === 'same_airport') return { kind: 'sameAirport' };
  if (first?.code === 'past_date') return { kind: 'pastDate' };
  return { kind: 'other' };
}
