import { describe, expect, it } from 'vitest';
import { needsStoredCard } from '../../../src/contract/checkout-policy.ts';
import { engineResponseSchema } from '../../../src/contract/engine.ts';
import { book, bookingFor, useLatamNdcOffer, withLeadLastName, type ApiErrorBody } from './support.ts';

/**
 * A deployment without a card gateway (production with no real gateway's credentials: the sandbox's
 * is off) offers no card payment rather than a fake one (issue 19).
 */
describe('without a card gateway', () => {
  const world = useLatamNdcOffer({ sandboxPaymentSecret: undefined });

  it('the sales channel offers only methods that need no card, and the card vault and sandbox pages do not exist', async () => {
    const { data } = engineResponseSchema.parse(await (await world.api.request('/api/engines/9132868')).json());
    const codes = data.paymentMethods.map((method) => method.onlineCode);
    // Every other method of the channel needs a gateway or a provider's configuration (PagoEfectivo too): only booking without payment stays.
    expect(codes).toEqual([103]);
    expect(codes.filter(needsStoredCard)).toEqual([]);
    const vault = await world.api.json('/api/payments/sandbox/tokens', { cardNumber: '4111111111111111', expirationMonth: '12', expirationYear: '2030', cvv: '123' });
    expect(vault.status).toBe(404);
    expect((await world.api.request('/sandbox/payme/1002345678')).status).toBe(404);
  });

  it('refuses a card booking: the method is not offered', async () => {
    const request = withLeadLastName(await bookingFor(world.api, world.offer), 'Singateway');
    const card = { token: 'tok_sbx_forged', brand: 'visa', last4: '1111' };
    const { status, body } = await book(world.api, { ...request, bookForm: { ...request.bookForm, payment: 120, paymentCreditCard: card } });
    expect(status).toBe(400);
    expect((body as ApiErrorBody).errors.map((error) => error.path)).toContain('json.bookForm.payment');
    const later = withLeadLastName(await bookingFor(world.api, world.offer), 'Efectivo');
    const unpaid = await book(world.api, { ...later, bookForm: { ...later.bookForm, payment: 103 } });
    expect(unpaid.result.statusCode).toBe(1);
  });
});
