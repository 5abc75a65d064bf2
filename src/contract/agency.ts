import { z } from 'zod';
import { airlineBannerSchema } from './engine.ts';
import { DEFAULT_TERMINAL_ID, terminalIdSchema, textTranslationsSchema } from './common.ts';
import { locationCodeSchema } from './search.ts';

/** POST /api/agency/tokens (header x-api-key): a signed, expiring search token for one agency terminal. */
export const issueTokenRequestSchema = z.object({
  terminalId: terminalIdSchema,
  /** Lifetime in minutes, 5 to 1440 (one day); 60 by default. */
  ttlMinutes: z.number().int().min(5).max(1440).default(60),
});
export const issuedTokenSchema = z.object({ token: z.string(), terminalId: terminalIdSchema, expiresAt: z.iso.datetime() });
export const issueTokenResponseSchema = z.object({ status: z.literal(200), data: issuedTokenSchema });

/** A markup rule an agency keeps per terminal (spec 1 §3 "Markup"). */
export const markupRuleSchema = z.object({
  id: z.string(),
  name: z.string(),
  nameTranslations: textTranslationsSchema.optional(),
  /** Payment method online code it applies to; null for every method. */
  paymentMethod: z.number().int().nullable(),
  engineCode: terminalIdSchema,
  amount: z.object({
    value: z.number().nonnegative(),
    perBooking: z.boolean(),
    percentage: z.boolean(),
    appliesToBase: z.boolean(),
    passengersType: z.array(z.enum(['ADT', 'CHD', 'INF'])).min(1),
  }),
  /** Validating airline it is limited to; null for all. */
  airlineCode: z.string().nullable(),
});
export type MarkupRule = z.infer<typeof markupRuleSchema>;

/** POST /api/flights/markups/apply: the markups of an agency's rules on one offer. */
export const markupRequestSchema = z.object({
  engineCode: terminalIdSchema,
  profileId: z.string().max(64).optional(),
  recommendationId: z.string().min(1).max(4096),
  flightIds: z.array(z.string().max(512)).min(1).max(5).optional(),
  /** The payment method chosen so far (online code); rules for other methods do not apply. */
  paymentMethod: z.number().int().nullish(),
  token: z.string().max(2048).nullish(),
});
export const appliedMarkupSchema = z.object({
  id: z.string(),
  amount: z.number(),
  description: z.enum(['PAX', 'CUSTOM']),
  rph: z.number().int(),
  name: z.string(),
  nameTranslations: textTranslationsSchema.optional(),
  brandedFares: z.array(z.string()),
});
export const markupResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({
    recommendationId: z.string(),
    markups: z.array(appliedMarkupSchema),
    /** Shown in the markup tooltip; set when no rule applies ('Esta recomendación no aplica markups'). */
    error: z.string().nullable(),
  }),
});

/** POST /api/flights/commission: the agency commission of one offer. */
export const commissionRequestSchema = z.object({
  id: z.string().min(1).max(4096),
  flightIds: z.array(z.string().max(512)).min(1).max(5).optional(),
  terminalId: terminalIdSchema.default(DEFAULT_TERMINAL_ID),
  token: z.string().max(2048).nullish(),
});
export const commissionResponseSchema = z.object({
  status: z.literal(200),
  data: z.object({ recommendationId: z.string(), details: z.object({ isApplied: z.boolean(), amount: z.number() }) }),
});

/** POST /api/engines/banners: the airline banners of a terminal that fit a route. */
export const bannersRequestSchema = z.object({
  engineCode: terminalIdSchema,
  profileId: z.string().max(64).optional(),
  origin: locationCodeSchema,
  destination: locationCodeSchema,
});
export const bannersResponseSchema = z.object({ status: z.literal(200), data: z.array(airlineBannerSchema) });
