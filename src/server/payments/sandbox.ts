import { createHmac, timingSafeEqual } from 'node:crypto';
import { PaymentProvider, PROCESS_PAGE_PROVIDER_CODE, REDIRECT_PROVIDER_CODES } from '../../contract/checkout.ts';
import { NIUBIZ_CARD_PROVIDER_CODES } from '../../contract/niubiz.ts';

/** PayMe's payment-processing page, as the sandbox serves it (payme-sandbox.ts). */
export const PAYME_SANDBOX_PATH = '/sandbox/payme';

/**
 * Where the traveller pays a booking's order, for providers that pay on their own page (spec 3 §9
 * redirect group: PagoEfectivo CIP, SafetyPay, Cuotealo). Card and pay-later methods have no page:
 * cards are charged through the card checkout, pay-later orders at a counter or bank. PayMe (119) is
 * paid on its payment-processing page, which the sandbox serves itself (payme-sandbox.ts).
 */
export function sandboxPaymentUrl(providerCode: number, orderNumber: string): string | null {
  if (providerCode === PROCESS_PAGE_PROVIDER_CODE) return PAYME_SANDBOX_PATH;
  if (!(REDIRECT_PROVIDER_CODES as readonly number[]).includes(providerCode)) return null;
  if (providerCode === 102) return `https://pagoefectivo.sandbox.vuelos.example/cip/${orderNumber}`;
  return `https://checkout.sandbox.vuelos.example/${providerCode}/${orderNumber}`;
}

/**
 * The per-order token of the sandbox's provider pages (PayMe's page, PayPal's calls and approval): only
 * the booking's own answer (and so the traveller's pages) knows it; order numbers are sequential, so the
 * number alone opens nothing.
 */
export const paymentPageToken = (secret: string, orderNumber: string) => createHmac('sha256', secret).update(`order-page:${orderNumber}`).digest('base64url');

/** Whether a given signature (or token) is the expected one, compared in constant time. */
export function sameSignature(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const isPaymentPageToken = (secret: string, orderNumber: string, token: unknown): boolean => sameSignature(paymentPageToken(secret, orderNumber), token);

/** A provider's HMAC-SHA256 (base64url) of a raw notification body, under the gateway's secret and the provider's own purpose. */
export const signProviderReport = (secret: string, provider: string, rawBody: string) => createHmac('sha256', secret).update(`${provider}:${rawBody}`).digest('base64url');

/** Providers whose orders go through the sandbox's pages: PayMe (119), PayPal (139), the card checkout (104, 123), the sandbox bank (130), Cuotéalo (137) and ACuotaz (125). */
const PAGE_PROVIDER_CODES: readonly number[] = [PROCESS_PAGE_PROVIDER_CODE, PaymentProvider.payPal, ...NIUBIZ_CARD_PROVIDER_CODES, PaymentProvider.bankTransfer, PaymentProvider.instalmentBank, PaymentProvider.aCuotaz];

/** The booking answer's token for the order's pages, where the sandbox gateway is the configured one. */
export function sandboxPageToken(secret: string | undefined, providerCode: number, orderNumber: string): { pageToken?: string } {
  return PAGE_PROVIDER_CODES.includes(providerCode) && secret ? { pageToken: paymentPageToken(secret, orderNumber) } : {};
}
