import type { Database } from './db/client.ts';
import type { NiubizConfig } from './payments/niubiz-api.ts';
import type { PayPalConfig } from './payments/paypal-api.ts';
import type { PagoEfectivoConfig } from './payments/pagoefectivo-api.ts';
import type { Supplier } from './supply/port.ts';

/** Everything a request handler may touch from outside, injected so tests control it. */
export interface AppDeps {
  db: Database;
  /** The current instant; tests move it to prove expiry. */
  now: () => Date;
  /** Who sells the flights: the sandbox by default (supply/sandbox). */
  supplier: Supplier;
  /** HMAC secret of agency search tokens (env SEARCH_TOKEN_SECRET; see secrets.ts). */
  searchTokenSecret: string;
  /** HMAC secret of the bookings' manage links (env BOOKING_LINK_SECRET; see secrets.ts). */
  bookingLinkSecret: string;
  /**
   * HMAC secret of the sandbox payment pages (env SANDBOX_PAYMENT_SECRET). Set: the sandbox gateway
   * is the configured one and its pages are mounted; unset, they do not exist.
   */
  sandboxPaymentSecret?: string | undefined;
  /** Niubiz's API (env NIUBIZ_*, niubiz-api.ts): set, the card checkout (104, 123) runs through it rather than the sandbox's. */
  niubiz?: NiubizConfig | undefined;
  /** PayPal's Orders v2 API (env PAYPAL_*, paypal-api.ts): set, PayPal (139) runs through it rather than the sandbox's. */
  payPal?: PayPalConfig | undefined;
  /** PagoEfectivo's CIP API (env PAGOEFECTIVO_*, pagoefectivo-api.ts): set, PagoEfectivo (102) runs through it rather than the sandbox's. */
  pagoEfectivo?: PagoEfectivoConfig | undefined;
  /** Key of operator calls such as PUT /api/engines/payment/rates/{date}; env ADMIN_API_KEY when unset. */
  adminApiKey?: string | undefined;
  /**
   * How many proxies in front of the server append to X-Forwarded-For (env TRUST_PROXY; 0 or unset: none,
   * the socket's address is the client). With N, the client is the Nth entry from the right: the
   * entries to its left are the client's own writing (rate-limit.ts `clientOf`).
   */
  trustProxy?: number;
  /** How long the supplier's book call may take before the booking answers 1303/504 (default 30 s). */
  supplierDeadlineMs?: number;
  /** How long the supplier's search may take before the search answers 504 (default 20 s). */
  supplierSearchDeadlineMs?: number;
  /** The sandbox card acquirer's answer time (env SANDBOX_CARD_DELAY_MS; none by default), as a real one takes a moment. */
  sandboxCardDelayMs?: number;
  /** The window in which same-route attempts count towards the 1007 limit (default 24 h). */
  bookingAttemptWindowHours?: number;
  /**
   * How long a session lives from its creation, whatever its activity (env SESSION_LIFETIME_HOURS;
   * default 24): past it the session answers 410 like an idle one, and the retention job may remove it.
   */
  sessionLifetimeHours?: number;
  /** The per-client and per-target request limits (rate-limit.ts); tests switch them off unless they test them. */
  rateLimits?: 'on' | 'off';
  /**
   * Bounds of the answers built from many supplier questions (Explora, calendar, nearby; services/costly-answers.ts):
   * how long a request waits for one not cached (default 5 s, then 503 + Retry-After) and how long its computation
   * may ask the supplier (default 10 s, then what is ready, or 504). Tests shorten them.
   */
  costlyAnswers?: { waitMs?: number; workMs?: number };
}
