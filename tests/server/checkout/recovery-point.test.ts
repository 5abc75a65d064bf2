import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRequestSchema } from '../../../src/contract/booking-request.ts';
import { type BookingFailure, type BookingRequestInput, type BookingSuccess } from '../../../src/contract/checkout.ts';
import { bookFlights } from '../../../src/server/services/booking.ts';
import { bookingAttempts, bookings, couponRedemptions, coupons } from '../../../src/server/db/schema/index.ts';
import type { Supplier } from '../../../src/server/supply/port.ts';
import { sandboxSupplier } from '../../support/server.ts';
import { book, bookingFor, familySearch, flightsOf, searchOffers, useLatamNdcOffer, withLeadLastName, withPassengers, type ApiErrorBody } from './support.ts';

/**
 * The supplier is called outside database transactions, with a deadline (issue 19): a claim in one
 * short transaction, the supplier's call, its answer recorded in a second one.
 */

/** The sandbox, but every book call waits until the test opens the gate (or the deadline aborts it). */
function gatedSupplier() {
  const sandbox = sandboxSupplier();
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let calls = 0;
  const supplier: Supplier = {
    ...sandbox,
    book: async (request, signal) => {
      calls++;
      await new Promise<void>((resolve, reject) => {
        void gate.then(resolve);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      return sandbox.book(request, signal);
    },
  };
  return { supplier, open: () => open(), calls: () => calls };
}

const asFailure = (result: unknown) => result as BookingFailure;
const asSuccess = (result: unknown) => result as BookingSuccess;

describe('a supplier that takes its time', () => {
  const gated = gatedSupplier();
  const world = useLatamNdcOffer({ supplier: gated.supplier });

  it('holds no database lock: with ten bookings at the supplier, sessions are saved and read, then each booking finishes once', async () => {
    const names = ['Alarcon', 'Benavides', 'Cardenas', 'Delgado', 'Espinoza', 'Flores', 'Guerrero', 'Huaman', 'Iglesias', 'Jimenez'];
    const requests = await Promise.all(names.map(async (name) => withLeadLastName(await bookingFor(world.api, world.offer), name)));
    const inFlight = requests.map((request) => book(world.api, request));
    await expect.poll(gated.calls).toBe(10);

    // Everything else goes on while the supplier has not answered (the gate is still closed).
    const saved = await world.api.json('/api/sessions/save', {});
    expect(saved.status).toBe(200);
    const { sessionID } = (await saved.json()) as { sessionID: string };
    expect((await world.api.request(`/api/sessions?id=${sessionID}`)).status).toBe(200);
    expect(await world.api.deps.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.status, 1))).toHaveLength(10);

    gated.open();
    const answers = await Promise.all(inFlight);
    expect(answers.map((answer) => answer.result.statusCode)).toEqual(Array(10).fill(1));
    expect(await world.api.deps.db.select({ id: bookings.id }).from(bookings)).toHaveLength(10);
  });
});

describe('the supplier’s deadline', () => {
  const hung = gatedSupplier();
  const world = useLatamNdcOffer({ supplier: hung.supplier, supplierDeadlineMs: 300 });

  it('answers the provider error (1303, HTTP status 504 in the body) when the supplier does not answer in time, keeps no booking and counts the attempt', async () => {
    const request = withLeadLastName(await bookingFor(world.api, world.offer), 'Tardanza');
    const { status, result } = await book(world.api, request);
    expect(status).toBe(200);
    expect(asFailure(result)).toMatchObject({ statusCode: 1303, error: { code: 1303, status: 504 } });
    expect(await world.api.deps.db.select().from(bookings).where(eq(bookings.sessionId, request.sessionID))).toEqual([]);
    const attempts = await world.api.deps.db.select().from(bookingAttempts);
    expect(attempts.map((row) => [row.attempts, row.lastStatusCode])).toEqual([[1, 1303]]);
  });
});

describe('a process that dies between the claim and the record', () => {
  const hung = gatedSupplier();
  const world = useLatamNdcOffer({ supplier: hung.supplier, supplierDeadlineMs: 60_000 });

  it('leaves a claim that a retry with the same key takes over once stale, booking once', async () => {
    const request = withLeadLastName(await bookingFor(world.api, world.offer), 'Recupero');
    // The first call never hears back from the supplier: as if its process had been killed there.
    void book(world.api, request);
    await expect.poll(hung.calls).toBe(1);
    const [claim] = await world.api.deps.db.select().from(bookings).where(eq(bookings.sessionId, request.sessionID));
    expect(claim).toMatchObject({ status: 1, result: null, pnr: null });

    // The claim's owner is presumed dead once the deadline and a margin have passed.
    world.api.clock.advanceMinutes(2);
    const working = { ...world.api.deps, supplier: sandboxSupplier() };
    const retried = await bookFlights(working, bookingRequestSchema.parse(request));
    expect(retried.statusCode).toBe(1);
    const rows = await world.api.deps.db.select().from(bookings).where(eq(bookings.sessionId, request.sessionID));
    expect(rows.map((row) => [row.id, row.pnr])).toEqual([[claim!.id, asSuccess(retried).pnr]]);
  });
});

describe('fair attempt limits and one booking per checkout', () => {
  const world = useLatamNdcOffer();

  it('does not count the server’s own fare check: three 1002s, then the booking at the new fare is attempt 1', async () => {
    const search = { ...familySearch, corporateCode: 'SBXFARECHANGE' };
    const [changing] = (await searchOffers(world.api, search)).filter((candidate) => candidate.pos.systemProviderCode === 107);
    const request = withLeadLastName(await bookingFor(world.api, changing!, {}, search), 'Tresveces');
    for (let round = 0; round < 3; round++) {
      const { result } = await book(world.api, { ...request, idempotencyKey: crypto.randomUUID() });
      expect(result.statusCode).toBe(1002);
    }
    const accepted = await book(world.api, { ...request, idempotencyKey: crypto.randomUUID(), repricing: true });
    expect(asSuccess(accepted.result)).toMatchObject({ statusCode: 1, attemps: 1 });
  });

  it('counts supplier refusals within a window: 1007 after three, a new chance after the window', async () => {
    const request = withLeadLastName(await bookingFor(world.api, world.offer), 'Unavailable');
    for (let round = 0; round < 3; round++) expect((await book(world.api, { ...request, idempotencyKey: crypto.randomUUID() })).result.statusCode).toBe(1001);
    expect((await book(world.api, { ...request, idempotencyKey: crypto.randomUUID() })).result.statusCode).toBe(1007);
    world.api.clock.advanceMinutes(24 * 60 + 1);
    // The same travellers a day later, in a checkout of that day.
    const { result } = await book(world.api, withLeadLastName(await bookingFor(world.api, world.offer), 'Unavailable'));
    expect(result.statusCode).toBe(1001);
    const [counted] = await world.api.deps.db.select().from(bookingAttempts).where(eq(bookingAttempts.lastStatusCode, 1001));
    expect(counted?.attempts).toBe(1);
  });

  it('answers a second book call on a booked checkout with 409 and the booking it already has', async () => {
    const request = withLeadLastName(await bookingFor(world.api, world.offer), 'Unavez');
    const first = asSuccess((await book(world.api, request)).result);
    expect(first.statusCode).toBe(1);
    const other = withLeadLastName({ ...request, idempotencyKey: crypto.randomUUID() }, 'Otravez');
    const second = await book(world.api, other);
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'ALREADY_BOOKED', booking: { pnr: first.pnr, orderID: first.orderID } });
    expect(await world.api.deps.db.select().from(bookings).where(eq(bookings.sessionId, request.sessionID))).toHaveLength(1);
  });

  it('scopes idempotency keys to their session: the same key in another checkout makes that checkout’s own booking', async () => {
    const first = withLeadLastName(await bookingFor(world.api, world.offer), 'Primera');
    const second = withLeadLastName(await bookingFor(world.api, world.offer, { idempotencyKey: first.idempotencyKey }), 'Segunda');
    const one = asSuccess((await book(world.api, first)).result);
    const two = asSuccess((await book(world.api, second)).result);
    expect(two.statusCode).toBe(1);
    expect(two.pnr).not.toBe(one.pnr);
  });
});

describe('coupon use limits', () => {
  const world = useLatamNdcOffer();
  beforeAll(async () => {
    const limited = { description: 'Una sola vez', amount: 10, percentage: false, perBooking: true, rph: '', brandedFares: [], paymentType: null, apply: true };
    await world.api.deps.db.insert(coupons).values([
      { ...limited, code: 'UNAVEZ', maxUses: 1 },
      { ...limited, code: 'PORPERSONA', maxUsesPerTraveller: 1 },
    ]);
  });

  const withCoupon = async (code: string, lastName: string): Promise<BookingRequestInput> => {
    const request = withLeadLastName(await bookingFor(world.api, world.offer), lastName);
    const coupon = { description: 'Una sola vez', amount: 10, apply: true, promotionalCode: code, paymentType: 102, appliedAt: '2026-11-21T10:00:00-05:00' };
    return { ...request, bookForm: { ...request.bookForm, coupon } };
  };

  it('gives a one-use coupon to exactly one of two concurrent bookings; the other is told it is used up', async () => {
    const answers = await Promise.all([book(world.api, await withCoupon('UNAVEZ', 'Cupona')), book(world.api, await withCoupon('UNAVEZ', 'Cuponb'))]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const refused = answers.find((answer) => answer.status === 400)!.body as ApiErrorBody;
    expect(refused.errors[0]).toMatchObject({ path: 'json.bookForm.coupon.promotionalCode', code: 'COUPON_USED_UP' });
    expect(await world.api.deps.db.selectDistinct({ booking: couponRedemptions.bookingId }).from(couponRedemptions).where(eq(couponRedemptions.code, 'UNAVEZ'))).toHaveLength(1);
    // The coupon box says so too, before any booking.
    const box = await world.api.json('/api/engines/coupon', {
      promotionalCode: 'UNAVEZ',
      engineCode: '9132868',
      profileId: 'P9132868',
      paymentType: 102,
      markupRQ: { engineCode: '9132868', recommendationId: world.offer.id, flightIds: flightsOf(world.offer).map((flight) => flight.id) },
    });
    expect(((await box.json()) as { data: { refusal?: string } }).data.refusal).toBe('COUPON_USED_UP');
  });

  it('limits a coupon per traveller, and a failed booking gives its use back', async () => {
    const failedTry = await book(world.api, await withCoupon('PORPERSONA', 'Unavailable'));
    expect(failedTry.result.statusCode).toBe(1001);
    expect(await world.api.deps.db.select().from(couponRedemptions).where(eq(couponRedemptions.code, 'PORPERSONA'))).toEqual([]);
    expect((await book(world.api, await withCoupon('PORPERSONA', 'Viajera'))).result.statusCode).toBe(1);
    // The same lead traveller with other companions: not a duplicate booking, but her coupon is used.
    const again = withPassengers(await withCoupon('PORPERSONA', 'Viajera'), ([lead, second, ...rest]) => [lead!, { ...second!, lastName: 'Companera' }, ...rest]);
    const refused = await book(world.api, again);
    expect(refused.status).toBe(400);
    expect((refused.body as ApiErrorBody).errors[0]).toMatchObject({ code: 'COUPON_USED_UP' });
  });
});
