import { z } from 'zod';

export const SESSION_IDLE_MINUTES = 30;

export const sessionIdSchema = z.uuid();

/**
 * What a session carries through the flow (spec 1 §7, spec 2 §3, spec 3 §3). Each part is written
 * by one step: search params by the search, the selection payload by the results page, booking and
 * bookForm by checkout, seats and ancillaries after booking. Saves merge parts into what is stored.
 */
export const sessionDataSchema = z.object({
  searchParams: z.looseObject({}).optional(),
  engine: z.looseObject({}).optional(),
  flights: z.array(z.looseObject({})).optional(),
  recommendation: z.looseObject({}).optional(),
  selectedFare: z.looseObject({}).nullable().optional(),
  originalFee: z.array(z.looseObject({})).optional(),
  originalDiscounts: z.array(z.looseObject({})).optional(),
  booking: z.looseObject({}).optional(),
  bookForm: z.looseObject({}).optional(),
  paymentWasProcessed: z.boolean().optional(),
  seats: z.unknown().optional(),
  ancilliaries: z.unknown().optional(),
  bookSeatsRQ: z.unknown().optional(),
  bookSeatsRS: z.unknown().optional(),
  transaction: z.unknown().optional(),
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
