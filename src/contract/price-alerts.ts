import { z } from 'zod';
import { emailSchema, languageSchema } from './common.ts';
import { priceCalendarQuerySchema } from './price-calendar.ts';

/**
 * Price alerts (issue 21): "Track price" on a search. The traveller gives an e-mail, confirms it by the
 * mailed link, and a daily job mails when the route's cheapest total falls by the alert's drop (5 % of
 * the price when it was made, at least US$ 10) under that price; every mail has a one-click unsubscribe.
 */

/** Codes the app translates. */
export const priceAlertErrorCodes = {
  /** Nothing is sold on that route and those dates: there is no price to follow. */
  notSold: 'PRICE_ALERT_NOT_SOLD',
  /** A confirm or unsubscribe link that is not one of ours, or whose alert is gone. */
  invalidLink: 'PRICE_ALERT_LINK_INVALID',
} as const;

/** A drop is mailed when the cheapest total falls this share under the price the alert was made at … */
export const PRICE_ALERT_DROP_SHARE = 0.05;
/** … and at least this much (US$). */
export const PRICE_ALERT_MIN_DROP = 10;
/** How much under the baseline a price must fall to be mailed. */
export const priceAlertDrop = (baseline: number) => Math.max(PRICE_ALERT_MIN_DROP, Math.round(baseline * PRICE_ALERT_DROP_SHARE * 100) / 100);

/** POST /api/price-alerts: the search's route, dates, passengers and cabin, the e-mail and the page's language. */
export const createPriceAlertRequestSchema = priceCalendarQuerySchema.safeExtend({ email: emailSchema.pipe(z.string().max(254)), language: languageSchema });
export type CreatePriceAlertRequest = z.input<typeof createPriceAlertRequestSchema>;

export const priceAlertRouteSchema = z.object({
  origin: z.string(),
  destination: z.string(),
  departureDate: z.iso.date(),
  returnDate: z.iso.date().nullable(),
  /** The cheapest total when the alert was made, and the fall under it that is mailed. */
  baselineTotal: z.number().nonnegative(),
  dropAmount: z.number().positive(),
});
export type PriceAlertRoute = z.infer<typeof priceAlertRouteSchema>;

export const createPriceAlertResponseSchema = z.object({
  status: z.literal(200),
  data: priceAlertRouteSchema.extend({
    /**
     * confirmationSent: the address has not confirmed yet; a confirmation mail is (or was already, at most one
     * a day) on its way. alreadyTracking: the address is confirmed and follows this search (from now on, when
     * it is a new one: no further confirmation is asked, issue 36).
     */
    state: z.enum(['confirmationSent', 'alreadyTracking']),
  }),
});
export type CreatePriceAlertResponse = z.infer<typeof createPriceAlertResponseSchema>;

/** The links' tokens: 32 random bytes, base64url. */
export const priceAlertTokenSchema = z.string().regex(/^[\w-]{43}$/, 'Not a price alert link');
export const priceAlertLinkParamsSchema = z.object({ token: priceAlertTokenSchema });

export const priceAlertLinkResponseSchema = z.object({
  status: z.literal(200),
  data: priceAlertRouteSchema.extend({ state: z.enum(['confirmed', 'unsubscribed']) }),
});
export type PriceAlertLinkResponse = z.infer<typeof priceAlertLinkResponseSchema>;

/** The app's pages the mails link to (they call the API). */
export const priceAlertConfirmPath = (token: string) => `/vuelos/price-alerts/confirm/${token}`;
export const priceAlertUnsubscribePath = (token: string) => `/vuelos/price-alerts/unsubscribe/${token}`;
/** The one-click unsubscribe of the List-Unsubscribe header (RFC 8058: the mail client POSTs to it). */
export const priceAlertUnsubscribeApiPath = (token: string) => `/api/price-alerts/unsubscribe/${token}`;
