import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponResponseSchema, discountAmount, type BookingRequestInput, type BookingSuccess, type CouponLine, type CouponRequestInput } from '../../../src/contract/checkout.ts';
import { fareFamiliesResponseSchema, type Fare } from '../../../src/contract/fares.ts';
import type { Recommendation } from '../../../src/contract/search.ts';
import { bookings } from '../../../src/server/db/schema/index.ts';
import { startTestApi } from '../../support/server.ts';
import { book, bookingFor, flightsOf, searchOffers, withLeadLastName, type ApiErrorBody, type TestApi } from './support.ts';

/**
 * The coupon box (POST /engines/coupon) and the booking (POST /flights/book) apply one rule to the same
 * offer: a code the box refuses is refused by the booking with the same code, and a code it accepts
 * takes the same discount off the booked total.
 */
let api: TestApi;
let latamBasic: Recommendation;
let latamStandard: Fare;
let jetsmart: Recommendation;
beforeAll(async () => {
  api = await startTestApi();
  const offers = await searchOffers(api);
  latamBasic = offers.find((offer) => offer.pos.systemProviderCode === 107)!;
  jetsmart = offers.find((offer) => offer.pos.systemProviderCode === 112)!;
  const families = await api.json('/api/flights/family_fares', { id: latamBasic.id, flightIds: flightsOf(latamBasic).map((flight) => flight.id), terminalId: '9132868' });
  latamStandard = fareFamiliesResponseSchema.parse(await families.json()).data.fares.find((fare) => fare.code === 'SE')!;
});
afterAll(() => api.close());

interface Choice {
  name: string;
  offer: () => Recommendation;
  fare: () => Fare | null;
}
const choices: Choice[] = [
  { name: 'LATAM NDC Basic', offer: () => latamBasic, fare: () => null },
  { name: 'LATAM NDC Standard (fare family SE)', offer: () => latamBasic, fare: () => latamStandard },
  { name: 'JetSMART', offer: () => jetsmart, fare: () => null },
];

/** What the checkout sends: the session's offer (the chosen family's offer id) and chosen flights. */
async function preview(choice: Choice, code: string, paymentType = 102): Promise<CouponLine> {
  const offer = choice.offer();
  const body: CouponRequestInput = {
    promotionalCode: code,
    engineCode: '9132868',
    profileId: 'P9132868',
    paymentType,
    markupRQ: { engineCode: '9132868', recommendationId: choice.fare()?.offerId ?? offer.id, flightIds: flightsOf(offer).map((flight) => flight.id) },
  };
  const response = await api.json('/api/engines/coupon', body);
  expect(response.status).toBe(200);
  return couponResponseSchema.parse(await response.json()).data;
}

let names = 0;
/** A fresh lead surname per booking (letters only), so no booking is another's duplicate. */
const surname = () => {
  let n = names++;
  let letters = '';
  do {
    letters = String.fromCharCode(97 + (n % 26)) + letters;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `Cupon${letters}`;
};

async function bookWithCoupon(choice: Choice, coupon: NonNullable<BookingRequestInput['bookForm']['coupon']>) {
  const fare = choice.fare();
  const request = withLeadLastName(await bookingFor(api, choice.offer(), { selectedFare: fare }), surname());
  return book(api, { ...request, bookForm: { ...request.bookForm, coupon } });
}

const asApplied = (line: CouponLine, paymentType = 102) => ({ ...line, apply: true, paymentType, appliedAt: '2026-11-21T10:00:00-05:00' });

describe('the coupon box and the booking agree', () => {
  it('LATAMPLUS is refused on a LATAM Basic fare in the box, with a code, and the booking refuses it the same way', async () => {
    const basic = choices[0]!;
    const line = await preview(basic, 'latamplus');
    expect(line).toMatchObject({ apply: false, amount: 0, refusal: 'COUPON_NOT_FOR_FARE', paymentType: 102 });
    // A client that sends it anyway (as the old box did after showing "- US$ 14.60").
    const { status, body } = await bookWithCoupon(basic, asApplied({ ...line, amount: 8, percentage: true }));
    expect(status).toBe(400);
    const coupon = (body as ApiErrorBody & { errors: Array<{ code?: string }> }).errors.find((error) => error.path === 'json.bookForm.coupon.promotionalCode');
    expect(coupon).toMatchObject({ code: 'COUPON_NOT_FOR_FARE' });
  });

  it('LATAMPLUS applies on the Standard family, and the booking takes exactly the 8 % the box showed', async () => {
    const standard = choices[1]!;
    const line = await preview(standard, 'LATAMPLUS');
    expect(line).toMatchObject({ apply: true, amount: 8, percentage: true });
    const shown = discountAmount(line, latamStandard.pricing.total);
    expect(shown).toBeGreaterThan(0);
    const { status, result } = await bookWithCoupon(standard, asApplied(line));
    expect(status).toBe(200);
    const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.pnr, (result as BookingSuccess).pnr));
    expect(row?.totals?.fare).toBe(latamStandard.pricing.total);
    expect(row?.totals?.couponDiscount).toBe(shown);
  });

  const codes = ['VERANO25', 'BIENVENIDA10', 'OHDESCUENTO', 'LATAMPLUS', 'NAVIDAD2025', 'PAUSADO', 'NOEXISTE'];
  it.each(choices.flatMap((choice) => codes.map((code) => [code, choice.name, choice] as const)))('%s on %s: the booking accepts what the box accepts, and refuses what it refuses with the same code', async (code, _, choice) => {
    const line = await preview(choice, code);
    const { status, result, body } = await bookWithCoupon(choice, asApplied(line));
    const errors = status === 400 ? (body as { errors: Array<{ path?: string; code?: string }> }).errors : [];
    const booked = status === 200 && result.statusCode === 1 ? (result as BookingSuccess) : null;
    const [row] = booked ? await api.deps.db.select().from(bookings).where(eq(bookings.pnr, booked.pnr)) : [];
    const fare = row?.totals?.fare ?? 0;
    const box = { accepted: line.apply, refusal: line.refusal ?? null, discount: line.apply ? discountAmount(line, fare) : null };
    const booking = {
      accepted: booked !== null,
      refusal: errors.find((error) => error.path === 'json.bookForm.coupon.promotionalCode')?.code ?? null,
      discount: row?.totals?.couponDiscount ?? null,
    };
    expect(booking).toEqual(box);
    // Every answer names its outcome: a refusal carries its code.
    expect(line.apply || line.refusal !== undefined).toBe(true);
  });
});

describe('the coupon box’s call', () => {
  it('reads the route type from the offer and refuses a different one', async () => {
    const body = {
      promotionalCode: 'BIENVENIDA10',
      engineCode: '9132868',
      profileId: 'P9132868',
      paymentType: 102,
      markupRQ: { engineCode: '9132868', recommendationId: latamBasic.id, flightIds: flightsOf(latamBasic).map((flight) => flight.id) },
    };
    expect((await api.json('/api/engines/coupon', { ...body, routeType: 'NATIONAL' })).status).toBe(200);
    const wrong = await api.json('/api/engines/coupon', { ...body, routeType: 'INTERNATIONAL' });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ApiErrorBody).errors[0]?.path).toBe('json.routeType');
  });

  it('needs the offer (markupRQ): without it the code cannot be checked as the booking checks it', async () => {
    const response = await api.json('/api/engines/coupon', { promotionalCode: 'BIENVENIDA10', engineCode: '9132868', profileId: 'P9132868', paymentType: 102 });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiErrorBody).errors.map((error) => error.path)).toContain('json.markupRQ');
  });

  it('names each refusal: expired, switched off, unknown, another payment, a payment the offer lacks, another airline', async () => {
    const [basic, , jetsmartChoice] = choices;
    expect((await preview(basic!, 'NAVIDAD2025')).refusal).toBe('COUPON_EXPIRED');
    expect((await preview(basic!, 'PAUSADO')).refusal).toBe('COUPON_INVALID');
    expect((await preview(basic!, 'NOEXISTE')).refusal).toBe('COUPON_INVALID');
    expect(await preview(basic!, 'OHDESCUENTO')).toMatchObject({ refusal: 'COUPON_OTHER_PAYMENT', paymentType: 122 });
    expect((await preview(jetsmartChoice!, 'VERANO25')).refusal).toBe('COUPON_NOT_FOR_AIRLINE');
    // Banco Ripley (121) is no payment of a LATAM NDC offer (spec 2 §9): the code is refused for it and the payment stays (issue 37).
    expect(await preview(basic!, 'RIPLEY')).toMatchObject({ apply: false, refusal: 'COUPON_PAYMENT_NOT_OFFERED', paymentType: 102 });
    expect(await preview(basic!, 'RIPLEY', 130)).toMatchObject({ apply: false, refusal: 'COUPON_PAYMENT_NOT_OFFERED', paymentType: 130 });
    expect((await preview(basic!, 'BIENVENIDA10')).refusal).toBeUndefined();
  });
});
