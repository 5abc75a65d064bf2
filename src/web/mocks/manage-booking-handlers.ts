/**
 * Manage my booking as stories and UI tests see it, answered through the contract's schemas: the
 * fixture booking by its PNR and any traveller's last name (accents and case ignored, as the server
 * does), its signed link, its cancel, and the refusals: not found, a forged link, too many tries
 * (PNR MANYTR) and a broken service (PNR BROKEN); the CIP of its PagoEfectivo order; the expired hold
 * with a refund due (PNR RFND36, same travellers).
 */
import { http, HttpResponse } from 'msw';
import { apiErrorSchema, errorCodes } from '../../contract/common.ts';
import { confirmationSessionIds } from '../../contract/fixtures/confirmation.ts';
import { cancelledBooking, expiredWithRefundDue, foundBooking, grantOfBooking, linkedBooking, MANAGED_LINK_TOKEN, managedCip } from '../../contract/fixtures/manage-booking.ts';
import { accessErrorCodes, BOOKING_GRANT_HEADER } from '../../contract/access.ts';
import { cipRequestSchema, cipResponseSchema, PAGOEFECTIVO_CIP_PATH } from '../../contract/pagoefectivo.ts';
import {
  bookingLinkPath,
  bookingCancelRequestSchema,
  bookingLinkResponseSchema,
  bookingLookupRequestSchema,
  manageBookingErrorCodes,
  manageBookingResponseSchema,
  normaliseLastName,
  type ManageBookingView,
} from '../../contract/manage-booking.ts';

export const RATE_LIMITED_PNR = 'MANYTR';
export const BROKEN_SERVICE_PNR = 'BROKEN';

const failure = (status: number, code: string, message: string, headers: Record<string, string> = {}, extra: { retryAfterSeconds?: number } = {}) =>
  HttpResponse.json(apiErrorSchema.parse({ status, code, message, errors: [], ...extra }), { status, headers });
const answer = (booking: ManageBookingView) => HttpResponse.json(manageBookingResponseSchema.parse({ status: 200, data: booking, grant: grantOfBooking(booking) }));

/** The refusal a lookup body gets, or the fixture booking it names (by PNR and a traveller's last name). */
async function lookupOf(request: Request): Promise<{ refusal: Response } | { booking: ManageBookingView }> {
  const parsed = bookingLookupRequestSchema.safeParse(await request.json());
  if (!parsed.success) return { refusal: failure(400, errorCodes.badRequest, 'The request is not valid.') };
  if (parsed.data.pnr === RATE_LIMITED_PNR) return { refusal: failure(429, errorCodes.rateLimited, 'Too many failed attempts: try again in 1800 s.', { 'Retry-After': '1800' }, { retryAfterSeconds: 1800 }) };
  if (parsed.data.pnr === BROKEN_SERVICE_PNR) return { refusal: failure(503, errorCodes.unavailable, 'The service is briefly unavailable.') };
  const booking = [foundBooking, expiredWithRefundDue].find(
    (candidate) => parsed.data.pnr === candidate.pnr && candidate.travellers.some((traveller) => normaliseLastName(traveller.lastName) === normaliseLastName(parsed.data.lastName)),
  );
  return booking ? { booking } : { refusal: failure(404, manageBookingErrorCodes.notFound, 'No booking has this record locator and last name.') };
}

export const manageBookingHandlers = [
  http.post('/api/bookings/lookup', async ({ request }) => {
    const found = await lookupOf(request);
    return 'refusal' in found ? found.refusal : answer(found.booking);
  }),
  // The cancel takes the order the lookup found, with the grant the lookup answered.
  http.post('/api/bookings/cancel', async ({ request }) => {
    const parsed = bookingCancelRequestSchema.safeParse(await request.json());
    const granted = request.headers.get(BOOKING_GRANT_HEADER) === grantOfBooking(foundBooking).token;
    if (!parsed.success || parsed.data.orderId !== foundBooking.orderId) return failure(404, 'ORDER_NOT_FOUND', 'No order you may see has this id.');
    return granted ? answer(cancelledBooking) : failure(401, accessErrorCodes.bookingAccessRequired, 'Open the booking with its PNR and last name.');
  }),
  http.get('/api/bookings/link/:token', ({ params }) =>
    params.token === MANAGED_LINK_TOKEN ? answer(linkedBooking) : failure(403, manageBookingErrorCodes.invalidLink, 'This booking link is not valid.'),
  ),
  // The fixture's PagoEfectivo order has its CIP; another order or token is refused as the server does.
  http.post(`/api${PAGOEFECTIVO_CIP_PATH}`, async ({ request }) => {
    const parsed = cipRequestSchema.safeParse(await request.json());
    const access = foundBooking.pagoEfectivo!;
    return parsed.success && parsed.data.orderNumber === access.orderNumber && parsed.data.token === access.token
      ? HttpResponse.json(cipResponseSchema.parse({ status: 200, data: managedCip }))
      : failure(403, 'PAYMENT_TOKEN_INVALID', 'This payment link is not valid.');
  }),
  // Every confirmation fixture's booking shares the fixture link.
  http.get('/api/bookings/session/:sessionId/link', ({ params }) =>
    (Object.values(confirmationSessionIds) as string[]).includes(String(params.sessionId))
      ? HttpResponse.json(
          bookingLinkResponseSchema.parse({ status: 200, data: { token: MANAGED_LINK_TOKEN, path: bookingLinkPath(MANAGED_LINK_TOKEN) }, grant: grantOfBooking(foundBooking, String(params.sessionId)) }),
        )
      : failure(404, manageBookingErrorCodes.notFound, 'No booking was made in this session.'),
  ),
];
