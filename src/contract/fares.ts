import { z } from 'zod';
import { DEFAULT_TERMINAL_ID, terminalIdSchema, textTranslationsSchema } from './common.ts';
import { fareInclusionsSchema } from './fare-inclusions.ts';
import { baggageSchema, legBaggagePricesSchema, pricingSchema } from './search.ts';

/** GET /api/flights/branded_fares: the branded fare catalogue per airline (spec 1 §3). */
export const brandedFareCatalogueSchema = z.object({
  airlineCode: z.string(),
  brandedFares: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      nameTranslations: textTranslationsSchema.optional(),
      color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
      /** Copa's own brand code; null for other airlines. */
      copaCode: z.string().nullable(),
    }),
  ),
});
export type BrandedFareCatalogue = z.infer<typeof brandedFareCatalogueSchema>;
export const brandedFaresResponseSchema = z.object({ status: z.literal(200), data: z.array(brandedFareCatalogueSchema) });

/**
 * Every call about one offer names it by the recommendation id, the chosen flight per leg
 * (defaults to the first flight of each leg) and the terminal with its agency token.
 */
export const offerRequestSchema = z.object({
  id: z.string().min(1).max(4096),
  flightIds: z.array(z.string().max(512)).min(1).max(5).optional(),
  terminalId: terminalIdSchema.default(DEFAULT_TERMINAL_ID),
  token: z.string().max(2048).nullish(),
});
export type OfferRequest = z.infer<typeof offerRequestSchema>;

export const matrixIndicatorSchema = z.enum(['INC', 'NOF', 'CHA']);

/** One fare family of an offer, priced for the whole party. */
export const fareSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** The family's name per language, where the airline words it (see Flight.brandedFare). */
  nameTranslations: textTranslationsSchema.optional(),
  color: z.string(),
  /** Send this id (with the same flightIds) to checkout to buy this family. */
  offerId: z.string(),
  pricing: pricingSchema,
  /** Booking class per segment, leg by leg. */
  segments: z.array(z.object({ flightNumber: z.string(), bookingClass: z.string() })),
  flights: z.array(z.string()),
  /** Names of the services bundled with the family. */
  bundle: z.array(z.string()),
  /** `includes` when a checked bag is included; value is the pieces per leg joined by '/'. */
  baggage: z.object({ includes: z.boolean(), value: z.string() }),
  handBaggage: baggageSchema,
  /**
   * What the family includes, as codes and quantities (spec 1 §5's carry-on rule applied): the fare
   * comparison, the card and checkout word this in the page's language. handBaggage repeats its carry-on.
   * Always sent by family_fares; optional only so sessions saved before it existed still read.
   */
  inclusions: fareInclusionsSchema.optional(),
  /**
   * One per itinerary leg: what one more bag costs per traveller on this family (issue 21), as the search's
   * `baggagePrices`; absent when the supplier does not say.
   */
  baggagePrices: z.array(legBaggagePricesSchema).optional(),
});
export type Fare = z.infer<typeof fareSchema>;
/** A fare as family_fares sends it: always with its inclusions. */
export const comparedFareSchema = fareSchema.extend({ inclusions: fareInclusionsSchema });
export type ComparedFare = z.infer<typeof comparedFareSchema>;

/** The supplier-style comparison in English words, kept for older API clients; it says what `fares[].inclusions` say. */
export const matrixRowSchema = z.object({
  title: z.string(),
  code: z.string(),
  /** One element per fare, in the order of `fares`. */
  elements: z.array(z.object({ value: z.string(), indicator: matrixIndicatorSchema, showText: z.boolean(), includes: z.boolean() })),
});

export const fareFamiliesSchema = z.object({
  id: z.string(),
  fares: z.array(comparedFareSchema),
  matrix: z.array(matrixRowSchema),
  fareFamiliesWithDescriptions: z.array(
    z.object({
      id: z.string(),
      familyFare: z.object({ name: z.string(), baggage: baggageSchema }),
      descriptions: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
  hasMultipleFareFamilies: z.boolean(),
});
export type FareFamilies = z.infer<typeof fareFamiliesSchema>;
export const fareFamiliesResponseSchema = z.object({ status: z.literal(200), data: fareFamiliesSchema });

/** POST /api/flights/extras: what can be added to the offer after booking or at checkout. */
export const extrasSchema = z.object({
  id: z.string(),
  baggage: z.array(
    z.object({ code: z.string(), description: z.string(), legIndex: z.number().int(), pieces: z.number().int(), weight: z.number(), price: z.number() }),
  ),
  seats: z.array(z.object({ legIndex: z.number().int(), kind: z.enum(['standard', 'extra-legroom']), priceFrom: z.number() })),
});
export type Extras = z.infer<typeof extrasSchema>;
export const extrasResponseSchema = z.object({ status: z.literal(200), data: extrasSchema });
