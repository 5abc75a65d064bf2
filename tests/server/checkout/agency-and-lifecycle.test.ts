import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingFailure, BookingRequestInput, BookingSuccess } from '../../../src/contract/checkout.ts';
import * as fx from '../../../src/contract/fixtures/checkout.ts';
import type { Recommendation } from '../../../src/contract/search.ts';
import { devAgencyApiKeys } from '../../../src/server/db/seed/search.ts';
import { bookings, paymentOrders, sessions } from '../../../src/server/db/schema/index.ts';
import { expireOverduePaymentOrders, transitionBooking, transitionPaymentOrder } from '../../../src/server/services/order-lifecycle.ts';
import type { ApiFailure } from '../../../src/server/errors.ts';
import { startTestApi } from '../../support/server.ts';
import { book, bookingFor, familySearch, newSession, searchOffers, withLeadLastName, type ApiErrorBody, type TestApi } from './support.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('agency bookings (B2B)', () => {
  const terminalId = '2113855';
  let search: typeof familySearch & { token: string };
  let offer: Recommendation;
  let base: BookingRequestInput;

  beforeAll(async () => {
    const issued = await api.request('/api/agency/tokens', {
      method: 'POST',
      body: JSON.stringify({ terminalId }),
      headers: { 'content-type': 'application/json', 'x-api-key': devAgencyApiKeys[terminalId]! },
    });
    const { data } = (await issued.json()) as { data: { token: string } };
    search = { ...familySearch, terminalId, token: data.token };
    offer = (await searchOffers(api, search)).find((candidate) => candidate.pos.systemProviderCode === 107)!;
    const request = await bookingFor(api, offer, {}, search);
    const { contact: _contact, ...form } = request.bookForm;
    base = {
      ...request,
      engine: { id: terminalId },
      flightRules: { ...request.flightRules, authorizePersonalData: true },
      bookForm: { ...form, payment: 103, agencyInformation: fx.agencyForm, insurance: { passengersQuantity: 4, productSelected: 'none' } },
    };
  });

  const withCustomFee = (request: BookingRequestInput, amount: number): BookingRequestInput => ({
    ...request,
    idempotencyKey: crypto.randomUUID(),
    recommendation: { ...offer, pricing: { ...offer.pricing, fees: [...offer.pricing.fees, { description: 'CUSTOM', amount }] } },
  });

  it('books with the agency form, no payment step and the agent’s CUSTOM markup added to the total', async () => {
    const { status, result } = await book(api, withCustomFee(base, 25.5));
    expect(status).toBe(200);
    const booked = result as BookingSuccess;
    expect(booked.statusCode).toBe(1);
    expect(booked.paymentDetails).toMatchObject({ providerCode: 103, url: null, totalAmount: Math.round((offer.pricing.total + 25.5) * 100) / 100 });
    const [row] = await api.deps.db.select().from(bookings).where(eq(bookings.pnr, booked.pnr));
    expect(row).toMatchObject({ isAgency: true, contactEmail: fx.agencyForm.email, totals: { customFee: 25.5, paymentDiscount: 0, insurance: 0 } });
  });

  it('a fare change shows the agent totals with the markup, the agent changes the markup before accepting, and the charge is the dialog’s new total (issue 37)', async () => {
    const changing = withLeadLastName({ ...base, sessionID: await newSession(api) }, 'Farechange');
    const first = await book(api, withCustomFee(changing, 15));
    const before = (first.result as BookingFailure).error.fareChange!;
    expect(first.result.statusCode).toBe(1002);
    expect(before.oldTotal).toBe(Math.round((offer.pricing.total + 15) * 100) / 100);
    // Back on the form (the dialog closed, nothing lost), the agent raises the markup and books again.
    const again = withCustomFee(changing, 20);
    const second = await book(api, again);
    const after = (second.result as BookingFailure).error.fareChange!;
    expect(after.oldTotal).toBe(Math.round((offer.pricing.total + 20) * 100) / 100);
    expect(after.newTotal).toBe(Math.round((before.newTotal + 5) * 100) / 100);
    const accepted = await book(api, { ...again, idempotencyKey: crypto.randomUUID(), repricing: true });
    const booked = accepted.result as BookingSuccess;
    expect(booked.statusCode).toBe(1);
    expect(booked.paymentDetails.totalAmount).toBe(after.newTotal);
  });

  it('refuses a negative markup or one with more than 2 decimals', async () => {
    for (const amount of [-5, 12.345]) {
      const response = await book(api, withCustomFee(withLeadLastName(base, 'Markup'), amount));
      expect(response.status).toBe(400);
      expect((response.body as ApiErrorBody).errors[0]).toMatchObject({ path: 'json.recommendation.pricing.fees.1.amount' });
    }
  });

  it('requires the agency form and, for this agency, the personal-data authorisation', async () => {
    const { agencyInformation: _agency, ...withoutAgency } = base.bookForm;
    const noAgency = await book(api, { ...base, bookForm: { ...withoutAgency, contact: fx.contactForm } });
    expect((noAgency.body as ApiErrorBody).errors.map((error) => error.path)).toContain('json.bookForm.agencyInformation');
    const noAuthorisation = await book(api, { ...base, flightRules: { generalAcceptance: true, privacyPolicies: true, termsAndConditions: true } });
    expect((noAuthorisation.body as ApiErrorBody).errors[0]).toMatchObject({ path: 'json.flightRules', value: 'checkout.terms.validation_authorize_personal_data' });
  });

  it('takes an invoice request from this agency but not from the listed agency profiles (AG-PACIFICO)', async () => {
    const invoice = { invoice: true, isInvoiceChecked: true, ruc: '20123456789', companyName: 'Viajes del Sur SAC', companyAddress: 'Av. Larco 101, Miraflores' };
    const withInvoice = (request: BookingRequestInput): BookingRequestInput => ({
      ...request,
      idempotencyKey: crypto.randomUUID(),
      bookForm: { ...request.bookForm, agencyInformation: { ...fx.agencyForm, ...invoice } },
    });
    // A checkout of its own: the first test's session is booked, and a booked checkout is closed.
    const andes = await book(api, withInvoice(withLeadLastName({ ...base, sessionID: await newSession(api) }, 'Factura')));
    expect(andes.status).toBe(200);
    expect((andes.result as BookingSuccess).statusCode).toBe(1);

    // 0604596344 is AG-PACIFICO's token-exempt terminal.
    const pacificoSearch = { ...familySearch, terminalId: '0604596344' };
    const pacificoOffer = (await searchOffers(api, pacificoSearch))[0]!;
    const request = await bookingFor(api, pacificoOffer, {}, pacificoSearch);
    const { contact: _contact, ...form } = request.bookForm;
    const pacifico = await book(
      api,
      withInvoice({
        ...request,
        engine: { id: '0604596344' },
        bookForm: { ...form, payment: 103, agencyInformation: fx.agencyForm, insurance: { passengersQuantity: 4, productSelected: 'none' } },
      }),
    );
    expect(pacifico.status).toBe(400);
    expect((pacifico.body as ApiErrorBody).errors.map((error) => error.path)).toContain('json.bookForm.agencyInformation.invoice');
  });

  it('needs the agency’s search token (402 without, 401 forged)', async () => {
    expect((await book(api, { ...base, searchParams: { ...search, token: undefined } })).status).toBe(402);
    expect((await book(api, { ...base, searchParams: { ...search, token: `${search.token}x` } })).status).toBe(401);
  });
});

describe('after booking, the lifecycles refuse illegal moves', () => {
  const refusal = async (call: Promise<unknown>) => {
    const error = (await call.then(() => null, (failure: unknown) => failure)) as ApiFailure | null;
    return error ? { status: error.status, code: error.code } : null;
  };

  it('expires an unpaid cash order after 6 hours, frees the passengers to book again, and never pays an expired order', async () => {
    const offer = (await searchOffers(api)).find((candidate) => candidate.pos.systemProviderCode === 102)!;
    const first = (await book(api, withLeadLastName(await bookingFor(api, offer), 'Expira'))).result as BookingSuccess;
    expect(await expireOverduePaymentOrders(api.deps)).toEqual([]);
    api.clock.advanceMinutes(6 * 60);
    // The agency's pay-later (103) order above expires with it: both are cash-type orders.
    expect(await expireOverduePaymentOrders(api.deps)).toContain(first.paymentDetails.orderNumber);
    const [expired] = await api.deps.db.select().from(bookings).where(eq(bookings.pnr, first.pnr));
    expect(expired?.status).toBe(7);
    const [order] = await api.deps.db.select().from(paymentOrders).where(eq(paymentOrders.number, first.paymentDetails.orderNumber));
    expect(order?.status).toBe('EPO');
    // The session's copy of the booking follows (read from the table: the session itself idled out).
    const [session] = await api.deps.db.select().from(sessions).where(eq(sessions.id, expired!.sessionId));
    expect(session?.data.booking?.paymentDetails?.status).toBe(7);
    expect(session?.data.paymentWasProcessed).toBe(false);
    expect(await refusal(transitionPaymentOrder(api.deps, first.paymentDetails.orderNumber, 'order.pay'))).toEqual({ status: 409, code: 'ILLEGAL_TRANSITION' });

    // Same passengers, route and dates: no longer a duplicate once the first booking expired.
    const second = (await book(api, withLeadLastName(await bookingFor(api, offer), 'Expira'))).result as BookingSuccess;
    expect(second.statusCode).toBe(1);
    expect(second.attemps).toBe(2);
    expect(await transitionPaymentOrder(api.deps, second.paymentDetails.orderNumber, 'order.pay')).toEqual({ order: 'CPO', booking: 3 });
    expect(await refusal(transitionPaymentOrder(api.deps, second.paymentDetails.orderNumber, 'order.cancel'))).toEqual({ status: 409, code: 'ILLEGAL_TRANSITION' });
    const [paid] = await api.deps.db.select().from(bookings).where(eq(bookings.paymentOrderNumber, second.paymentDetails.orderNumber));
    expect(await transitionBooking(api.deps, paid!.id, 'ticketing.start')).toBe(6);
    expect(await refusal(transitionBooking(api.deps, paid!.id, 'booking.cancel'))).toEqual({ status: 409, code: 'ILLEGAL_TRANSITION' });
    expect(await transitionBooking(api.deps, paid!.id, 'ticketing.process')).toBe(15);
  });
});
