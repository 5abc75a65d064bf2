import type { BookingFailure } from '../src/contract/checkout.ts';
import { apiErrorSchema } from '../src/contract/common.ts';

// Apart from booking-failures.ts: the results page's fare families machine reads it, and must not load the
// checkout contract (its phone and card checks, ~40 KB compressed) for it (issue 15).

/** The spec's 1001 (spec 2 §8): the airline sells the offer's segments no more. */
export const SEGMENTS_UNAVAILABLE_CODE = 1001;

/**
 * A checkout call other than the booking (seats, extras …) that met an offer the airline sells no more: the
 * server answers 409 with code 1001. It reads as the booking's 1001, so the checkout opens the same dialog.
 * `error` is what the call threw (the web's ApiRequestError carries the answer as `body`); null otherwise.
 */
export function segmentsUnavailableFailure(error: unknown): BookingFailure | null {
  const body = apiErrorSchema.safeParse((error as { body?: unknown } | null)?.body);
  if (!body.success || body.data.status !== 409 || String(body.data.code) !== String(SEGMENTS_UNAVAILABLE_CODE)) return null;
  return { statusCode: SEGMENTS_UNAVAILABLE_CODE, error: body.data };
}
