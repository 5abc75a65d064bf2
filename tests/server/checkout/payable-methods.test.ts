import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { BookingRequestInput } from '../../../src/contract/checkout.ts';
import { checkoutPaymentMethodsResponseSchema } from '../../../src/contract/checkout-policy.ts';
import { engineResponseSchema } from '../../../src/contract/engine.ts';
import { engineFixtures } from '../../../src/contract/fixtures/engines.ts';
import * as fx from '../../../src/contract/fixtures/checkout.ts';
import { devAgencyApiKeys } from '../../../src/server/db/seed/search.ts';
import { bookings } from '../../../src/server/db/schema/index.ts';
import { paymentFlowOf, type ConfiguredGateway } from '../../../src/server/payments/registry.ts';
import { book, bookingFor, familySearch, searchOffers, useLatamNdcOffer, withLeadLastName, type ApiErrorBody, type TestApi } from './support.ts';

/** Every consumer terminal and the codes its seeded configuration carries. */
const consumerTerminals = engineFixtures.filter((engine) => !engine.isAgency).map((engine) => ({ id: engine.id, codes: engine.paymentMethods.map((method) => method.onlineCode) }));

async function listedCodes(api: TestApi, terminalId: string) {
  const engine = engineResponseSchema.parse(await (await api.request(`/api/engines/${terminalId}`)).json()).data;
  const query = 'providerCode=100&validatingAirline=LA&startDate=2026-12-18&total=400';
  const checkout = checkoutPaymentMethodsResponseSchema.parse(await (await api.request(`/api/engines/${terminalId}/payment_methods/checkout?${query}`)).json()).data;
  return { engine: engine.paymentMethods.map((method) => method.onlineCode), checkout: checkout.methods.map((method) => method.onlineCode) };
}

/** The paths of a refused booking's errors, and whether anything was stored for its session. */
async function refusedBooking(api: TestApi, request: BookingRequestInput) {
  const { status, body } = await book(api, request);
  const stored = await api.deps.db.select().from(bookings).where(eq(bookings.sessionId, request.sessionID));
  return { status, paths: (body as ApiErrorBody).errors.map((error) => error.path), stored: stored.length };
}

/**
 * Issue #13: a method the grid offers must be payable, or not offered. The registry (payments/registry.ts)
 * names the flow per provider code; the sales channel lists exactly the codes that have one, and the
 * booking refuses the others at json.bookForm.payment.
 */
describe.each<[string, ConfiguredGateway]>([
  ['with the sandbox gateway', { sandboxPaymentSecret: 'x'.repeat(48) }],
  ['without a card gateway', { sandboxPaymentSecret: undefined }],
])('payable methods %s', (_, gateway) => {
  const world = useLatamNdcOffer(gateway);

  it.each(consumerTerminals)('terminal $id lists exactly its methods that have a flow, in the channel and the checkout listing', async ({ id, codes }) => {
    const listed = await listedCodes(world.api, id);
    const payable = codes.filter((code) => paymentFlowOf(gateway, code) !== null);
    expect(listed.engine).toEqual(payable);
    expect([...listed.checkout].sort()).toEqual([...payable].sort());
  });

  it('refuses a booking with each method of the Peruvian channel that has no flow, naming json.bookForm.payment, and stores nothing', async () => {
    const unpayable = consumerTerminals.find((terminal) => terminal.id === '9132868')!.codes.filter((code) => paymentFlowOf(gateway, code) === null);
    // With the sandbox gateway every method the channel carries has a flow (ACuotaz, 125, too); the second PayMe code 126 has none.
    const withSandbox = gateway.sandboxPaymentSecret !== undefined;
    expect({ none: unpayable.length === 0, acuotaz: unpayable.includes(125) }).toEqual({ none: withSandbox, acuotaz: !withSandbox });
    for (const payment of [...unpayable, 126]) {
      const request = withLeadLastName(await bookingFor(world.api, world.offer), 'Sinflujo');
      const refused = await refusedBooking(world.api, { ...request, bookForm: { ...request.bookForm, payment } });
      expect({ payment, ...refused }).toEqual({ payment, status: 400, paths: expect.arrayContaining(['json.bookForm.payment']), stored: 0 });
    }
  });

  it('books with a listed method', async () => {
    const payment = consumerTerminals.find((terminal) => terminal.id === '9132868')!.codes.find((code) => paymentFlowOf(gateway, code) !== null)!;
    const request = withLeadLastName(await bookingFor(world.api, world.offer), 'Efectivo');
    const { status, result } = await book(world.api, { ...request, bookForm: { ...request.bookForm, payment } });
    expect(status).toBe(200);
    expect(result.statusCode === 1 && result.paymentDetails!.providerCode).toBe(payment);
  });
});

describe('agency bookings, which skip the method list', () => {
  const world = useLatamNdcOffer();

  it('refuse a method that has no flow (the second PayMe code, 126) at json.bookForm.payment', async () => {
    const terminalId = '2113855';
    const issued = await world.api.request('/api/agency/tokens', {
      method: 'POST',
      body: JSON.stringify({ terminalId }),
      headers: { 'content-type': 'application/json', 'x-api-key': devAgencyApiKeys[terminalId]! },
    });
    const { data } = (await issued.json()) as { data: { token: string } };
    const search = { ...familySearch, terminalId, token: data.token };
    const offer = (await searchOffers(world.api, search)).find((candidate) => candidate.pos.systemProviderCode === 107)!;
    const request = await bookingFor(world.api, offer, {}, search);
    const { contact: _contact, ...form } = request.bookForm;
    const agencyBooking = (payment: number): BookingRequestInput => ({
      ...request,
      idempotencyKey: crypto.randomUUID(),
      engine: { id: terminalId },
      flightRules: { ...request.flightRules, authorizePersonalData: true },
      bookForm: { ...form, payment, agencyInformation: fx.agencyForm, insurance: { passengersQuantity: 4, productSelected: 'none' } },
    });
    expect(await refusedBooking(world.api, agencyBooking(126))).toEqual({ status: 400, paths: ['json.bookForm.payment'], stored: 0 });
    expect((await book(world.api, agencyBooking(103))).status).toBe(200);
  });
});
