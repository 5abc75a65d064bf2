import { createRoute } from '@hono/zod-openapi';
import { guard, jsonField } from '../access/policy.ts';
import {
  bookingLinkParamsSchema,
  bookingLinkResponseSchema,
  bookingCancelRequestSchema,
  bookingLookupRequestSchema,
  type ManageBookingView,
  manageBookingResponseSchema,
  sessionLinkParamsSchema,
} from '../../contract/manage-booking.ts';
import { createRouter, errorResponse } from '../http.ts';
import type { BookingGrant } from '../../contract/access.ts';
import { bookingByLink, bookingLinkOfSession, cancelBookingHold, lookUpBooking } from '../services/manage-booking.ts';

const found = (description: string) => ({ description, content: { 'application/json': { schema: manageBookingResponseSchema } } });
const lookupBody = { required: true, content: { 'application/json': { schema: bookingLookupRequestSchema } } };

const lookupRoute = createRoute({
  method: 'post',
  path: '/bookings/lookup',
  middleware: guard({ kind: 'public', reason: 'the proof is the PNR with a traveller’s last name; failures limited per client and per booking' }),
  tags: ['manage booking'],
  summary: 'Find a made booking by its PNR and the last name of any traveller: the booking with personal data',
  request: { body: lookupBody },
  responses: {
    200: found('The booking'),
    400: errorResponse('Malformed PNR or last name'),
    404: errorResponse('No booking has this PNR and last name (BOOKING_NOT_FOUND; which part is wrong is not said)'),
    429: errorResponse('Too many tries from this client or for this PNR (Retry-After)'),
  },
});

const cancelRoute = createRoute({
  method: 'post',
  path: '/bookings/cancel',
  middleware: guard({ kind: 'booking', level: 'traveller', booking: (input) => { const orderId = jsonField(input, 'orderId'); return orderId ? { orderId } : null; } }),
  tags: ['manage booking'],
  summary: 'Cancel an unpaid hold: the order becomes POC. Only its browser (X-Session-Key) or a grant from PNR + last name (X-Booking-Grant)',
  request: { body: { required: true, content: { 'application/json': { schema: bookingCancelRequestSchema } } } },
  responses: {
    200: found('The cancelled booking'),
    400: errorResponse('Malformed order id'),
    401: errorResponse('No proof sent (BOOKING_ACCESS_REQUIRED) or the grant expired (BOOKING_GRANT_EXPIRED)'),
    403: errorResponse('A grant of the mailed link, which may not cancel: open the booking with PNR + last name'),
    404: errorResponse('No order this caller may see has this id (ORDER_NOT_FOUND)'),
    409: errorResponse('The booking is paid, closed or past its deadline (BOOKING_NOT_CANCELLABLE)'),
    429: errorResponse('Too many tries (Retry-After)'),
  },
});

const linkRoute = createRoute({
  method: 'get',
  path: '/bookings/link/{token}',
  middleware: guard({ kind: 'signedLink', what: 'the manage link mailed and shown at booking' }),
  tags: ['manage booking'],
  summary: 'The booking of a signed manage link: documents, phone and e-mail masked',
  request: { params: bookingLinkParamsSchema },
  responses: {
    200: found('The booking, personal data masked'),
    403: errorResponse('The token is not one this server signed (BOOKING_LINK_INVALID)'),
    404: errorResponse('The booking no longer exists'),
  },
});

const sessionLinkRoute = createRoute({
  method: 'get',
  path: '/bookings/session/{sessionId}/link',
  middleware: guard({ kind: 'sessionOwner', session: (input) => input.param.sessionId ?? null }),
  tags: ['manage booking'],
  summary: 'The signed manage link of the booking made in a session',
  request: { params: sessionLinkParamsSchema },
  responses: {
    200: { description: 'The link', content: { 'application/json': { schema: bookingLinkResponseSchema } } },
    400: errorResponse('Malformed session id'),
    404: errorResponse('No booking was made in this session'),
  },
});

const foundAnswer = ({ view, grant }: { view: ManageBookingView; grant: BookingGrant }) => ({ status: 200 as const, data: view, grant });

export const manageBookingRoutes = createRouter()
  .openapi(lookupRoute, async (c) => c.json(foundAnswer(await lookUpBooking(c.var.deps, c.req.valid('json'))), 200))
  .openapi(cancelRoute, async (c) => c.json(foundAnswer(await cancelBookingHold(c.var.deps, c.var.access!.booking)), 200))
  .openapi(linkRoute, async (c) => c.json(foundAnswer(await bookingByLink(c.var.deps, c.req.valid('param').token)), 200))
  .openapi(sessionLinkRoute, async (c) => {
    const { link, grant } = await bookingLinkOfSession(c.var.deps, c.req.valid('param').sessionId);
    return c.json({ status: 200 as const, data: link, grant }, 200);
  });
