import { z } from 'zod';
import { sessionIdSchema } from './common.ts';
import { engineSchema } from './engine.ts';
import { feeSchema, discountSchema, flightSchema, recommendationSchema, searchRequestSchema } from './search.ts';
import { fareSchema } from './fares.ts';
import { bookFormSchema, bookingResultSchema, checkoutSeatsSchema, selectedExtrasSchema } from './checkout.ts';
import { bookSeatsRequestSchema, bookSeatsResponseSchema, orderAncillariesResultSchema, orderTransactionSchema } from './postsale.ts';

export { sessionIdSchema };
export const SESSION_IDLE_MINUTES = 30;

/**
 * What a session carries through the flow (spec 1 §7, spec 2 §3, spec 3 §3). Each part is written
 * by one step: search params by the search, the selection payload by the results page, booking and
 * bookForm by checkout, seats and ancillaries after booking. Saves merge parts into what is stored.
 */
export const sessionDataSchema = z.object({
  searchParams: searchRequestSchema.optional(),
  engine: engineSchema.optional(),
  flights: z.array(flightSchema).optional(),
  recommendation: recommendationSchema.optional(),
  selectedFare: fareSchema.nullable().optional(),
  originalFee: z.array(feeSchema).optional(),
  originalDiscounts: z.array(discountSchema).optional(),
  booking: bookingResultSchema.optional(),
  bookForm: bookFormSchema.optional(),
  paymentWasProcessed: z.boolean().optional(),
  seats: checkoutSeatsSchema.optional(),
  /** The extra baggage bought at checkout (spec 2 §3 "Selected extras"), saved with the booking. */
  selectedExtras: selectedExtrasSchema.optional(),
  ancilliaries: orderAncillariesResultSchema.optional(),
  bookSeatsRQ: bookSeatsRequestSchema.optional(),
  bookSeatsRS: bookSeatsResponseSchema.optional(),
  transaction: orderTransactionSchema.optional(),
});
export type SessionData = z.infer<typeof sessionDataSchema>;

export const saveSessionQuerySchema = z.object({ id: sessionIdSchema.optional() });
export const getSessionQuerySchema = z.object({ id: sessionIdSchema });

export const saveSessionResponseSchema = z.object({ status: z.literal(200), sessionID: sessionIdSchema });

export const sessionSchema = sessionDataSchema.extend({
  sessionID: sessionIdSchema,
  createdAt: z.iso.datetime(),
  lastActivityAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type Session = z.infer<typeof sessionSchema>;

export const getSessionResponseSchema = z.object({ status: z.literal(200), data: sessionSchema });
