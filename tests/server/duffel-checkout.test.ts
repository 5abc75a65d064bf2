/**
 * A Duffel offer through the normal checkout (issue 17): with DUFFEL_ACCESS_TOKEN's configuration (the sandbox and
 * Duffel answering as recorded, MSW in node), POST /api/flights/book orders the offer from Duffel with each
 * passenger's birth date, gender, e-mail and E.164 phone from the book form, and stores Duffel's booking reference;
 * an offer Duffel sells no more is the checkout's 1001 at booking and at the checkout's other offer calls.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as fx from '../../src/contract/fixtures/checkout.ts';
import { bookings } from '../../src/server/db/schema/index.ts';
import { book, type ApiErrorBody } from './checkout/support.ts';
import { answer, callsTo, duffelAnswers, duffelBookingRequest, withSearchedDuffelOffer } from './duffel-support.ts';
import offerGone from './duffel-recorded/error-offer-gone.json' with { type: 'json' };
import roundTripOffer from './duffel-recorded/offer-round-trip.json' with { type: 'json' };
import paidOrder from './duffel-recorded/order-hold-paid.json' with { type: 'json' };

const OFFER_ID = `duf.${roundTripOffer.data.id}.103220`;
const { apiOf, offer } = withSearchedDuffelOffer();
const duffelBooking = (lead: Partial<typeof fx.adultPassenger> = {}) => duffelBookingRequest(apiOf(), offer(), lead);

describe('booking a Duffel offer through the checkout', () => {
  it('orders it from Duffel with the passenger’s birth date, gender, e-mail and E.164 phone, and stores Duffel’s booking reference', async () => {
    expect(offer().pos.providerName).toBe('Duffel');
    duffelAnswers('get', `/air/offers/${roundTripOffer.data.id}`, answer(roundTripOffer));
    duffelAnswers('post', '/air/orders', answer(paidOrder, 201));

    const { status, result } = await book(apiOf(), await duffelBooking());
    expect(status).toBe(200);
    expect(result).toMatchObject({ statusCode: 1, pnr: 'RZPNX8' });

    const ordered = callsTo('POST', '/air/orders');
    expect(ordered).toHaveLength(1);
    expect(ordered[0]?.body?.data).toMatchObject({
      type: 'instant',
      selected_offers: [roundTripOffer.data.id],
      payments: [{ type: 'balance', amount: '1032.20', currency: 'USD' }],
      passengers: [
        { id: 'pas_0000AUde3KY1SptM6ABSfU', title: 'ms', gender: 'f', given_name: 'Lucía', family_name: 'Quispe Mamani', born_on: '1988-04-12', email: 'lucia.quispe@correo.pe', phone_number: '+51987654321' },
      ],
    });
    const [stored] = await apiOf().deps.db.select().from(bookings).where(eq(bookings.pnr, 'RZPNX8'));
    expect(stored).toMatchObject({ pnr: 'RZPNX8', status: expect.any(Number) });
    expect(stored?.orderId).toMatch(/^ORD-\d{8}-\d{6,}$/);
    expect((stored?.result as { pnr?: string } | null)?.pnr).toBe('RZPNX8');
  });

  it('an adult without their own contact data books with the contact form’s e-mail and phone, in E.164', async () => {
    duffelAnswers('get', `/air/offers/${roundTripOffer.data.id}`, answer(roundTripOffer));
    duffelAnswers('post', '/air/orders', answer(paidOrder, 201));
    const { status, result } = await book(apiOf(), await duffelBooking({ firstName: 'Rosa', email: undefined, phoneNumber: undefined, acceptsContactInfo: false }));
    expect(status).toBe(200);
    expect(result.statusCode).toBe(1);
    expect(callsTo('POST', '/air/orders')[0]?.body?.data?.passengers).toMatchObject([{ given_name: 'Rosa', email: fx.contactForm.email, phone_number: '+51987654321' }]);
  });

  it('an offer Duffel sells no more (422 offer_no_longer_available when read again) answers the checkout’s 1001, nothing ordered', async () => {
    duffelAnswers('get', `/air/offers/${roundTripOffer.data.id}`, answer(offerGone, 422));
    duffelAnswers('post', '/air/orders', answer(paidOrder, 201));
    const before = await apiOf().deps.db.select().from(bookings);
    const { status, result } = await book(apiOf(), await duffelBooking({ firstName: 'Elena' }));
    expect(status).toBe(200);
    expect(result).toMatchObject({ statusCode: 1001, error: { code: 1001, message: 'Segmentos cancelados' } });
    expect(callsTo('POST', '/air/orders')).toHaveLength(0);
    expect(await apiOf().deps.db.select().from(bookings)).toHaveLength(before.length);
  });

  it('the checkout’s other calls on a gone offer (extras, fare families) answer 409 with code 1001, not 400 UNKNOWN_OFFER', async () => {
    duffelAnswers('get', `/air/offers/${roundTripOffer.data.id}`, answer(offerGone, 422));
    for (const path of ['/api/flights/extras', '/api/flights/family_fares']) {
      const response = await apiOf().json(path, { id: OFFER_ID });
      const body = (await response.json()) as ApiErrorBody;
      expect({ path, status: response.status, body }).toMatchObject({ path, status: 409, body: { status: 409, code: 1001, message: 'Segmentos cancelados', errors: [{ path: 'body.id', code: '1001' }] } });
    }
  });
});
