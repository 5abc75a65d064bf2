import type { AppDeps } from '../deps.ts';

/**
 * The key of the per-order page tokens (sandbox.ts paymentPageToken): the sandbox's secret where the
 * sandbox gateway is on (its pages check them), else the server's booking-link secret, which every server
 * has, so a real provider's orders (Niubiz's card checkout, PayPal) are opened with the same kind of token.
 */
export const pageTokenSecret = (deps: Pick<AppDeps, 'sandboxPaymentSecret' | 'bookingLinkSecret'>) => deps.sandboxPaymentSecret ?? deps.bookingLinkSecret;
