import { createHmac, timingSafeEqual } from 'node:crypto';
import { PaymentProvider, PROCESS_PAGE_PROVIDER_CODE } from '../../contract/checkout.ts';
import { REDIRECT_PAGE_PROVIDER_CODES, REDIRECT_SANDBOX_PATH } from '../../contract/redirect-payment.ts';
import { NIUBIZ_CARD_PROVIDER_CODES } from '../../contract/niubiz.ts';
import { ApiFailure } from '../errors.ts';

/** PayMe's payment-processing page, as the sandbox serves it (payme-sandbox.ts). */
export const PAYME_SANDBOX_PATH = '/sandbox/payme';

/**
 * Where the traveller pays a booking's order, for providers paid on a page the waiting page
 * (/payment/process) posts the order to: PayMe (119) and the redirect providers SafetyPay (105, 106) and
 * Cuotéalo BCP's redirect (124), whose pages the sandbox serves itself (payme-sandbox.ts,
 * redirect-sandbox.ts). PagoEfectivo's (102) page is its CIP's, made when the payment tab asks for it
 * (pagoefectivo.ts). Card and pay-later methods have no page.
 */
export function sandboxPaymentUrl(providerCode: number, _orderNumber: string): string | null {
  if (providerCode === PROCESS_PAGE_PROVIDER_CODE) return PAYME_SANDBOX_PATH;
  if ((REDIRECT_PAGE_PROVIDER_CODES as readonly number[]).includes(providerCode)) return `${REDIRECT_SANDBOX_PATH}/${providerCode}`;
  return null;
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

/** A provider's notification is taken only when signed (signProviderReport) under the gateway's secret: otherwise 403, naming who should have signed it. */
export function requireProviderSignature(secret: string | undefined, provider: string, rawBody: string, given: string | null, signer: string): asserts secret is string {
  if (!secret || !sameSignature(signProviderReport(secret, provider, rawBody), given)) {
    throw new ApiFailure(403, 'NOTIFICATION_SIGNATURE_INVALID', `The notification is not signed by ${signer}.`);
  }
}

/** The provider's notification, parsed from its raw body; 400 when it is not one (`what` names it). */
export function readProviderReport<T>(schema: { parse: (value: unknown) => T }, rawBody: string, what: string): T {
  try {
    return schema.parse(JSON.parse(rawBody));
  } catch {
    throw new ApiFailure(400, 'BAD_REQUEST', `The notification is not ${what}.`);
  }
}

/** Whether two amounts are the same to the cent. */
export const sameCents = (a: number, b: number) => Math.round(a * 100) === Math.round(b * 100);

/**
 * A sandbox page reports as the provider does: the notification's JSON body, signed (under the gateway's
 * secret) in the provider's signature header, through the same path (take) a real provider's takes.
 */
export function postSignedReport<Deps extends { sandboxPaymentSecret: string }, T>(
  deps: Deps,
  notification: unknown,
  header: string,
  sign: (secret: string, rawBody: string) => string,
  take: (deps: Deps, headers: Headers, rawBody: string) => Promise<T>,
): Promise<T> {
  const body = JSON.stringify(notification);
  return take(deps, new Headers({ [header]: sign(deps.sandboxPaymentSecret, body) }), body);
}

/** Providers whose orders go through the sandbox's pages: PayMe (119), PayPal (139), the card checkout (104, 123), the sandbox bank (130), Cuotéalo (137), ACuotaz (125), PagoEfectivo (102) and the redirect providers (105, 106, 124). */
const PAGE_PROVIDER_CODES: readonly number[] = [PROCESS_PAGE_PROVIDER_CODE, PaymentProvider.payPal, ...NIUBIZ_CARD_PROVIDER_CODES, PaymentProvider.bankTransfer, PaymentProvider.instalmentBank, PaymentProvider.aCuotaz, PaymentProvider.pagoEfectivo, ...REDIRECT_PAGE_PROVIDER_CODES];

/** The booking answer's token for the order's pages, where the sandbox gateway is the configured one. */
export function sandboxPageToken(secret: string | undefined, providerCode: number, orderNumber: string): { pageToken?: string } {
  return PAGE_PROVIDER_CODES.includes(providerCode) && secret ? { pageToken: paymentPageToken(secret, orderNumber) } : {};
}
