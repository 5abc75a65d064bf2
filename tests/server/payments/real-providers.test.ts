/**
 * The real providers switched on by their variables alone (README "Real payment providers"): with
 * complete NIUBIZ_* and PAYPAL_* and no sandbox secret, the sales channel offers Interbank and Scotiabank
 * (104, 123: the card checkout) and PayPal (139), and no method that needs the sandbox.
 */
import { describe, expect, it } from 'vitest';
import { engineResponseSchema } from '../../../src/contract/engine.ts';
import { niubizConfigOf } from '../../../src/server/payments/niubiz-api.ts';
import { payPalConfigOf } from '../../../src/server/payments/paypal-api.ts';
import { useLatamNdcOffer } from '../checkout/support.ts';

const env = {
  NIUBIZ_USER: 'integraciones@niubiz.com.pe',
  NIUBIZ_PASSWORD: 'a-password',
  NIUBIZ_MERCHANT_ID: '456879852',
  NIUBIZ_ENV: 'production',
  PAYPAL_CLIENT_ID: 'client-id',
  PAYPAL_CLIENT_SECRET: 'client-secret',
  PAYPAL_WEBHOOK_ID: '1JE4291016473214C',
  PAYPAL_ENV: 'live',
};

const offeredCodes = async (world: ReturnType<typeof useLatamNdcOffer>) =>
  engineResponseSchema.parse(await (await world.api.request('/api/engines/9132868')).json()).data.paymentMethods.map((method) => method.onlineCode);

describe('with the real providers’ variables and no sandbox secret', () => {
  const world = useLatamNdcOffer({ sandboxPaymentSecret: undefined, niubiz: niubizConfigOf(env), payPal: payPalConfigOf(env) });

  it('offers the card checkout (104, 123) and PayPal (139), and none of the sandbox-only methods; no card vault takes the checkout’s card', async () => {
    const codes = await offeredCodes(world);
    expect(engineResponseSchema.parse(await (await world.api.request('/api/engines/9132868')).json()).data.cardVault).toBe(false);
    expect(codes).toEqual(expect.arrayContaining([104, 123, 139]));
    // PayMe, the card at checkout, the bank transfer and Cuotéalo still need the sandbox.
    expect(codes.filter((code) => [119, 120, 122, 130, 137].includes(code))).toEqual([]);
  });

  it('lets pages load Niubiz’s checkout.js and the form it frames (content policy), where Niubiz is configured only', async () => {
    const policy = (await world.api.request('/api/health')).headers.get('content-security-policy') ?? '';
    expect(policy).toMatch(/script-src 'self' https:\/\/\*\.vnforapps\.com https:\/\/\*\.vnforappstest\.com/);
    expect(policy).toMatch(/frame-src 'self' https:\/\/\*\.vnforapps\.com/);
  });
});

describe('with only some of the variables', () => {
  const partial = { ...env, NIUBIZ_PASSWORD: '', PAYPAL_WEBHOOK_ID: undefined };
  const world = useLatamNdcOffer({ sandboxPaymentSecret: undefined, niubiz: niubizConfigOf(partial), payPal: payPalConfigOf(partial) });

  it('keeps them off: no 104, 123 or 139, and no Niubiz host in the content policy', async () => {
    expect(niubizConfigOf(partial)).toBeUndefined();
    expect((await offeredCodes(world)).filter((code) => [104, 123, 139].includes(code))).toEqual([]);
    expect((await world.api.request('/api/health')).headers.get('content-security-policy')).not.toContain('vnforapps');
  });

  it('refuses an environment that is neither of the provider’s', () => {
    expect(() => niubizConfigOf({ ...env, NIUBIZ_ENV: 'qa' })).toThrow('NIUBIZ_ENV must be sandbox or production');
    expect(() => payPalConfigOf({ ...env, PAYPAL_ENV: 'production' })).toThrow('PAYPAL_ENV must be sandbox or live');
  });
});
