import { eq } from 'drizzle-orm';
import { BOOKING_GRANT_HEADER } from '../../src/contract/access.ts';
import { describe, expect, it } from 'vitest';
import type { BookingSuccess } from '../../src/contract/checkout.ts';
import { apiErrorSchema } from '../../src/contract/common.ts';
import { bookingLinkResponseSchema, manageBookingResponseSchema } from '../../src/contract/manage-booking.ts';
import { PAGOEFECTIVO_CIP_PATH, cipResponseSchema } from '../../src/contract/pagoefectivo.ts';
import { bookings, paymentOrders } from '../../src/server/db/schema/index.ts';
import { startTestApi } from '../support/server.ts';
import { book, bookingFor, flightsOf, saveToSession, useLatamNdcOffer, withLeadLastName, type TestApi } from './checkout/support.ts';
import type { Recommendation } from '../../src/contract/search.ts';

const world = useLatamNdcOffer();

/** A PagoEfectivo (102) booking of the family offer whose lead adult is `lastName`, chosen on results as a browser does. */
async function madeBooking(api: TestApi, offer: Recommendation, lastName: string) {
  const request = withLeadLastName(await bookingFor(api, offer), lastName);
  await saveToSession(api, request.sessionID, { flights: flightsOf(offer), recommendation: offer, searchParams: request.searchParams });
  const booked = await book(api, request);
  expect(booked.result.statusCode).toBe(1);
  return { sessionId: request.sessionID, booking: booked.result as BookingSuccess };
}

const lookup = (api: TestApi, body: unknown, client = '203.0.113.1') =>
  api.app.request('/api/bookings/lookup', { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': client }, body: JSON.stringify(body) });

async function linkOf(api: TestApi, sessionId: string) {
  const response = await api.request(`/api/bookings/session/${sessionId}/link`);
  expect(response.status).toBe(200);
  return bookingLinkResponseSchema.parse(await response.json()).data;
}

describe('manage my booking: PNR + last name', () => {
  it('finds the booking by PNR and any traveller’s last name, whatever its case and accents, with personal data', async () => {
    const { booking } = await madeBooking(world.api, world.offer, 'Valdivieso');
    for (const lastName of ['VALDIVIESO', '  valdivieso ', 'Huaman Torres', 'huamán quispe']) {
      const response = await lookup(world.api, { pnr: booking.pnr.toLowerCase(), lastName });
      expect(response.status).toBe(200);
      const view = manageBookingResponseSchema.parse(await response.json()).data;
      expect(view).toMatchObject({ pnr: booking.pnr, orderId: booking.orderID.id, masked: false, status: { booking: 2, paymentOrder: 'PP' }, payNow: true, cancellable: true });
      expect(view.travellers.map((traveller) => traveller.lastName)).toEqual(['Valdivieso', 'Huamán Torres', 'Huamán Quispe', 'Huamán Quispe']);
      expect(view.travellers[0]?.documentNumber).toBe('45871236');
      expect(view.contact).toEqual({ email: 'lucia.quispe@correo.pe', phone: '+51 987654321' });
      expect(view.itinerary.map((flight) => flight.id)).toEqual(flightsOf(world.offer).map((flight) => flight.id));
      expect(Date.parse(view.paymentDeadline!)).toBe(Date.parse(booking.ticketingTimeLimit));
      expect(view.payment).toMatchObject({ providerCode: 102, kind: 'bankOrder', orderNumber: booking.paymentDetails.orderNumber });
      expect(view.totals?.total).toBe(view.totalAmount);
    }
  });

  it('gives a pending PagoEfectivo (102) order its CIP panel, by PNR + last name and by link, with the order’s page token the CIP call takes; none past the deadline', async () => {
    const { sessionId, booking } = await madeBooking(world.api, world.offer, 'Cipriano');
    const byName = manageBookingResponseSchema.parse(await (await lookup(world.api, { pnr: booking.pnr, lastName: 'Cipriano' })).json()).data;
    const byLink = manageBookingResponseSchema.parse(await (await world.api.request(`/api/bookings/link/${(await linkOf(world.api, sessionId)).token}`)).json()).data;
    expect(byName.pagoEfectivo).toEqual({ orderNumber: booking.paymentDetails.orderNumber, token: booking.paymentDetails.pageToken });
    expect(byLink.pagoEfectivo).toEqual(byName.pagoEfectivo);
    const cip = await world.api.json(`/api${PAGOEFECTIVO_CIP_PATH}`, { ...byLink.pagoEfectivo, language: 'es' });
    expect(cip.status).toBe(200);
    expect(cipResponseSchema.parse(await cip.json()).data.amount).toBe(booking.paymentDetails.totalAmount);
    world.api.clock.advanceMinutes(24 * 60);
    const late = manageBookingResponseSchema.parse(await (await lookup(world.api, { pnr: booking.pnr, lastName: 'Cipriano' })).json()).data;
    expect(late).toMatchObject({ payNow: false, pagoEfectivo: null });
  });

  it('answers one typed 404 for a wrong last name and for a wrong PNR, saying not which', async () => {
    const { booking } = await madeBooking(world.api, world.offer, 'Ccori');
    const wrongName = await lookup(world.api, { pnr: booking.pnr, lastName: 'Quispe' });
    const wrongPnr = await lookup(world.api, { pnr: 'ZZZZZ9', lastName: 'Ccori' });
    expect([wrongName.status, wrongPnr.status]).toEqual([404, 404]);
    const [nameBody, pnrBody] = [apiErrorSchema.parse(await wrongName.json()), apiErrorSchema.parse(await wrongPnr.json())];
    expect(nameBody).toEqual(pnrBody);
    expect(nameBody.code).toBe('BOOKING_NOT_FOUND');
    expect((await lookup(world.api, { pnr: 'AB', lastName: 'Ccori' })).status).toBe(400);
  });

  it('still finds the booking after the checkout session’s 30 idle minutes, by PNR and by link', async () => {
    const { sessionId, booking } = await madeBooking(world.api, world.offer, 'Tupayachi');
    const link = await linkOf(world.api, sessionId);
    world.api.clock.advanceMinutes(31);
    expect((await world.api.request(`/api/sessions?id=${sessionId}`)).status).toBe(410);
    const found = manageBookingResponseSchema.parse(await (await lookup(world.api, { pnr: booking.pnr, lastName: 'tupayachi' })).json()).data;
    expect(found.itinerary).toHaveLength(2);
    const linked = await world.api.request(`/api/bookings/link/${link.token}`);
    expect(linked.status).toBe(200);
    expect(manageBookingResponseSchema.parse(await linked.json()).data.pnr).toBe(booking.pnr);
  });
});

describe('manage my booking: the signed link', () => {
  it('shows the booking with document numbers, phone and e-mail masked', async () => {
    const { sessionId, booking } = await madeBooking(world.api, world.offer, 'Condori');
    const link = await linkOf(world.api, sessionId);
    expect(link.path).toBe(`/vuelos/bookings/link/${link.token}`);
    const view = manageBookingResponseSchema.parse(await (await world.api.request(`/api/bookings/link/${link.token}`)).json()).data;
    expect(view).toMatchObject({ pnr: booking.pnr, masked: true, payNow: true, payNowSessionId: null, cancellable: false });
    expect(view.travellers.map((traveller) => traveller.documentNumber)).toEqual(['••••••36', '••••••98', '••••••12', '••••••78']);
    expect(view.contact).toEqual({ email: 'l•••@correo.pe', phone: '+51 •••••••21' });
    expect(JSON.stringify(view)).not.toContain('45871236');
    expect(JSON.stringify(view)).not.toContain('lucia.quispe');
  });

  it('refuses a forged or altered token with a typed 403, and another server’s token too', async () => {
    const { sessionId } = await madeBooking(world.api, world.offer, 'Apaza');
    const { token } = await linkOf(world.api, sessionId);
    const [bookingId, signature] = token.split('.') as [string, string];
    const otherBooking = crypto.randomUUID();
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const forged of [`${bookingId}.${flipped}`, `${otherBooking}.${signature}`, bookingId, 'not-a-token']) {
      const response = await world.api.request(`/api/bookings/link/${forged}`);
      expect(response.status).toBe(403);
      expect(apiErrorSchema.parse(await response.json()).code).toBe('BOOKING_LINK_INVALID');
    }
    const otherServer = await startTestApi();
    try {
      expect((await otherServer.request(`/api/bookings/link/${token}`)).status).toBe(403);
    } finally {
      await otherServer.close();
    }
  });

  it('has no link for a session without a booking', async () => {
    const response = await world.api.request(`/api/bookings/session/${crypto.randomUUID()}/link`);
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json()).code).toBe('BOOKING_NOT_FOUND');
  });
});

/** The grant the PNR + last name check answers. */
async function grantOf(api: TestApi, pnr: string, lastName: string): Promise<string> {
  return manageBookingResponseSchema.parse(await (await lookup(api, { pnr, lastName })).json()).grant.token;
}

/** POST /api/bookings/cancel as a browser holding `grant` (or nothing). */
const cancelWithGrant = (api: TestApi, orderId: string, grant: string | null) =>
  api.app.request('/api/bookings/cancel', { method: 'POST', body: JSON.stringify({ orderId }), headers: { 'content-type': 'application/json', ...(grant ? { [BOOKING_GRANT_HEADER]: grant } : {}) } });

describe('manage my booking: cancelling an unpaid hold', () => {
  it('cancels the pending order with the grant of the PNR + last name check: the order is POC and the booking cancelled (5)', async () => {
    const { booking } = await madeBooking(world.api, world.offer, 'Mamani Ccama');
    const wrong = await lookup(world.api, { pnr: booking.pnr, lastName: 'Other' });
    expect(wrong.status).toBe(404);
    const stranger = await cancelWithGrant(world.api, booking.orderID.id, null);
    expect(stranger.status).toBe(401);
    const [untouched] = await world.api.deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, booking.paymentDetails.orderNumber));
    expect(untouched?.status).toBe('PP');

    const grant = await grantOf(world.api, booking.pnr, 'mamani ccama');
    const cancelled = await cancelWithGrant(world.api, booking.orderID.id, grant);
    expect(cancelled.status).toBe(200);
    expect(manageBookingResponseSchema.parse(await cancelled.json()).data).toMatchObject({ status: { booking: 5, paymentOrder: 'POC' }, payNow: false, cancellable: false });
    const [order] = await world.api.deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, booking.paymentDetails.orderNumber));
    const [row] = await world.api.deps.db.select().from(bookings).where(eq(bookings.pnr, booking.pnr));
    expect([order?.status, row?.status]).toEqual(['POC', 5]);

    const again = await cancelWithGrant(world.api, booking.orderID.id, grant);
    expect(again.status).toBe(409);
    expect(apiErrorSchema.parse(await again.json()).code).toBe('BOOKING_NOT_CANCELLABLE');
  });
});

describe('manage my booking: a hold past its deadline', () => {
  it('is neither payable nor cancellable once the payment deadline has passed: 409, the order untouched', async () => {
    const { booking } = await madeBooking(world.api, world.offer, 'Yupanqui');
    world.api.clock.advanceMinutes(24 * 60);
    const late = await cancelWithGrant(world.api, booking.orderID.id, await grantOf(world.api, booking.pnr, 'Yupanqui'));
    expect(late.status).toBe(409);
    expect(apiErrorSchema.parse(await late.json()).code).toBe('BOOKING_NOT_CANCELLABLE');
    const [order] = await world.api.deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, booking.paymentDetails.orderNumber));
    expect(order?.status).toBe('PP');
    const view = manageBookingResponseSchema.parse(await (await lookup(world.api, { pnr: booking.pnr, lastName: 'Yupanqui' })).json()).data;
    expect(view).toMatchObject({ payNow: false, cancellable: false, status: { paymentOrder: 'PP' } });
  });
});

// Limited tries (failed look-ups counted per client, per PNR and client, per PNR): tests/server/request-limits.test.ts.
