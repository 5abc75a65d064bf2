import { z } from 'zod';
import { sessionIdSchema } from './common.ts';
import { engineSchema } from './engine.ts';
import { bagChoiceSchema, feeSchema, discountSchema, flightSchema, recommendationSchema, searchRequestSchema } from './search.ts';
import { fareSchema } from './fares.ts';
import { agencyFormSchema, bookFormSchema, bookingResultSchema, checkoutSeatsSchema, contactDetailsSchema, passengerSchema, selectedExtrasSchema } from './checkout.ts';
import { bookSeatsRequestSchema, bookSeatsResponseSchema, orderAncillariesResultSchema, orderTransactionSchema, summaryEntrySchema } from './postsale.ts';
import { SESSION_KEY_HEADER } from './session-save.ts';

export { sessionIdSchema };
export const SESSION_IDLE_MINUTES = 30;

export { DEFAULT_SESSION_LIFETIME_HOURS, SESSION_KEY_HEADER, saveSessionResponseSchema } from './session-save.ts';

/**
 * What a session carries through the flow (spec 1 §7, spec 2 §3, spec 3 §3). Each part is written
 * by one step: search params by the search, the selection payload by the results page, booking and
 * bookForm by checkout, seats and ancillaries after booking. Saves merge parts into what is stored.
 *
 * As a session is read (sessionSchema). What is stored and what a save may send are these parts strict all the
 * way down (session-store.ts): the browser reads sessions and never builds that strict copy, a deep clone of
 * every schema in them (issue 38: ~50 ms of the checkout's first task on a phone).
 */
export const sessionDataShape = {
  searchParams: searchRequestSchema.optional(),
  engine: engineSchema.optional(),
  flights: z.array(flightSchema).optional(),
  recommendation: recommendationSchema.optional(),
  selectedFare: fareSchema.nullable().optional(),
  originalFee: z.array(feeSchema).optional(),
  originalDiscounts: z.array(discountSchema).optional(),
  /** The bags chosen on the results with the offer (issue 37): the checkout starts with them added. */
  chosenBags: bagChoiceSchema.optional(),
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
  /** Seats and bags bought after booking for this session's booking (post-sale purchases that issued something), oldest first. */
  extrasAfterBooking: z.array(summaryEntrySchema).optional(),
};
export type SessionData = z.infer<z.ZodObject<typeof sessionDataShape>>;

/**
 * The parts the browser decides before booking (the search, then the offer chosen on results) and so
 * may save. Every other part (booking result, booked form, payment state, seats and extras sold,
 * post-sale answers) is written only by the server's booking and payment services.
 */
export const CLIENT_SESSION_PARTS = ['searchParams', 'engine', 'flights', 'recommendation', 'selectedFare', 'originalFee', 'originalDiscounts', 'chosenBags'] as const;
export type ClientSessionPart = (typeof CLIENT_SESSION_PARTS)[number];
export type ServerSessionPart = Exclude<keyof SessionData, ClientSessionPart>;

export const saveSessionQuerySchema = z.object({ id: sessionIdSchema.optional() });
export const getSessionQuerySchema = z.object({ id: sessionIdSchema });

/**
 * The header that proves the browser that created a session: it carries the owner key the creating
 * save answered. A header, not a cookie: the agency embed runs in third-party frames, where SameSite
 * cookies are not sent.
 */
export const sessionKeyHeadersSchema = z.object({ [SESSION_KEY_HEADER]: z.string().max(100).optional() });

/**
 * The book form as a session read shows it. Read without the owner key, documents, phones, e-mails
 * and frequent-flyer numbers are masked ("••••••78", "a•••@example.com") and birthdates left out, so
 * those fields are plain text here rather than the form's checked values.
 */
const shownBookFormSchema = z.object({
  ...bookFormSchema.shape,
  passengers: z.array(
    z.object({
      ...passengerSchema.shape,
      birthdate: passengerSchema.shape.birthdate.optional(),
      documentNumber: z.string().optional(),
      email: z.string().optional(),
      phoneNumber: z.string().optional(),
      frequentFlyer: z.string().optional(),
    }),
  ),
  contact: z.object({ ...contactDetailsSchema.shape, email: z.string(), phoneNumber: z.string() }).optional(),
  agencyInformation: z.object({ ...agencyFormSchema.shape, email: z.string() }).optional(),
});

export const sessionSchema = z.object(sessionDataShape).extend({
  bookForm: shownBookFormSchema.optional(),
  sessionID: sessionIdSchema,
  createdAt: z.iso.datetime(),
  lastActivityAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** A booking of this session is being made right now (the server's claim, unanswered): a reloaded checkout waits for it. */
  bookingInProgress: z.boolean().optional(),
});
export type Session = z.infer<typeof sessionSchema>;

/** A session read: `personalData` says whether the caller proved the owner key (full) or not (masked). */
export const getSessionResponseSchema = z.object({ status: z.literal(200), personalData: z.enum(['full', 'masked']), data: sessionSchema });
export type GetSessionResponse = z.infer<typeof getSessionResponseSchema>;
