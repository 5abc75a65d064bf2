import { z } from 'zod';
import { airlineCodeSchema, DEFAULT_TERMINAL_ID, terminalIdSchema, textTranslationsSchema } from './common.ts';
import { fareInclusionsSchema } from './fare-inclusions.ts';

/** Trip types of spec 1 §9: round trip, one way, multi-city. */
export const flightTypeSchema = z.enum(['RT', 'OW', 'MC']);
export type FlightType = z.infer<typeof flightTypeSchema>;

/** Cabin codes of spec 1 §9; I (Indistinto) means any, priced as economy. */
export const cabinCodeSchema = z.enum(['I', 'Y', 'W', 'C', 'F']);
export type CabinCode = z.infer<typeof cabinCodeSchema>;

export const MAX_SEATED_PASSENGERS = 9;
/** Infants travel on an adult's lap; a booking holds at most four. */
export const MAX_INFANTS = 4;
export const MAX_RECOMMENDATIONS = 250;
export const FLEXIBLE_WINDOW_DAYS = 3;

/** Airport or city code (NYC, BUE …) as the search sends it. */
export const locationCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'Expected a 3-letter airport or city code')
  .transform((code) => code.toUpperCase());

/** The spec's request carries dates as YYYYMMDD; YYYY-MM-DD (the URL form) is accepted too. */
export const searchDateSchema = z
  .string()
  .regex(/^\d{4}-?\d{2}-?\d{2}$/, 'Expected a date as YYYYMMDD or YYYY-MM-DD')
  .transform((text) => {
    const digits = text.replaceAll('-', '');
    return `${digits.slice(0, 4)}-${digits.slice(4, 6)}-${digits.slice(6, 8)}`;
  })
  .refine((iso) => {
    const parsed = new Date(`${iso}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso);
  }, 'The date does not exist');

export const passengersSchema = z
  .object({
    adults: z.number().int().min(1, 'At least one adult travels').max(MAX_SEATED_PASSENGERS),
    children: z.number().int().min(0).max(MAX_SEATED_PASSENGERS - 1).default(0),
    infants: z.number().int().min(0).max(MAX_INFANTS).default(0),
  })
  .superRefine((passengers, context) => {
    if (passengers.adults + passengers.children > MAX_SEATED_PASSENGERS) {
      context.addIssue({ code: 'custom', path: ['children'], message: `At most ${MAX_SEATED_PASSENGERS} seated passengers (adults and children) per booking` });
    }
    if (passengers.infants > passengers.adults) {
      context.addIssue({ code: 'custom', path: ['infants'], message: 'Each infant travels on the lap of an adult: no more infants than adults' });
    }
  });
export type Passengers = z.infer<typeof passengersSchema>;

export const searchLegSchema = z
  .object({ origin: locationCodeSchema, destination: locationCodeSchema, date: searchDateSchema })
  .refine((leg) => leg.origin !== leg.destination, { path: ['destination'], message: 'Origin and destination must differ' });
export type SearchLeg = z.infer<typeof searchLegSchema>;

/**
 * POST /api/flights/search (spec 1 §3 "Search request"). Round trips send two legs (outbound and
 * return), multi-city 2–5. `token` is the agency search token (required for agency terminals
 * except 0604596344). Fields of the spec the server does not need (startDate, endDate, cond …)
 * may be sent and are ignored.
 */
export const searchRequestSchema = z
  .object({
    flightType: flightTypeSchema,
    terminalId: terminalIdSchema.default(DEFAULT_TERMINAL_ID),
    itinerary: z.array(searchLegSchema).min(1).max(5),
    passengers: passengersSchema,
    airline: z.object({ code: airlineCodeSchema }).nullish(),
    corporateCode: z
      .string()
      .regex(/^[A-Za-z0-9]{2,20}$/, 'A corporate code is 2–20 letters or digits')
      .transform((code) => code.toUpperCase())
      .nullish(),
    cabinType: z.object({ code: cabinCodeSchema }).default({ code: 'I' }),
    flexible: z.boolean().default(false),
    token: z.string().max(2048).nullish(),
  })
  .superRefine((request, context) => {
    const legs = request.itinerary.length;
    const expected = { OW: [1, 1], RT: [2, 2], MC: [2, 5] } as const;
    const [min, max] = expected[request.flightType];
    if (legs < min || legs > max) {
      const wanted = min === max ? `${min}` : `${min} to ${max}`;
      context.addIssue({ code: 'custom', path: ['itinerary'], message: `A ${request.flightType} search has ${wanted} legs, not ${legs}` });
    }
    for (let index = 1; index < legs; index++) {
      const previous = request.itinerary[index - 1];
      const leg = request.itinerary[index];
      if (previous && leg && leg.date < previous.date) {
        context.addIssue({ code: 'custom', path: ['itinerary', index, 'date'], message: 'Each leg must leave on or after the date of the leg before it' });
      }
    }
    if (request.flexible && request.flightType === 'MC') {
      context.addIssue({ code: 'custom', path: ['flexible'], message: 'Flexible dates are offered for one-way and round trips only' });
    }
  });
export type SearchRequest = z.infer<typeof searchRequestSchema>;

export const airportRefSchema = z.object({ code: z.string(), description: z.string() });
export const airlineRefSchema = z.object({ code: z.string(), name: z.string() });
export const baggageSchema = z.object({ pieces: z.number().int().min(0), weight: z.number().nullable() });
export type BaggageAllowance = z.infer<typeof baggageSchema>;

/** Local time at the airport with its UTC offset, e.g. 2026-12-01T07:35:00-05:00. */
export const localDateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
/** Durations as HHMM text (spec 1 §3). */
export const hhmmSchema = z.string().regex(/^\d{2,3}[0-5]\d$/);

export const segmentSchema = z.object({
  departureAirport: airportRefSchema,
  arrivalAirport: airportRefSchema,
  departureDateTime: localDateTimeSchema,
  arrivalDateTime: localDateTimeSchema,
  elapsedTime: hhmmSchema,
  /** 1–4 digits; the airline code is `marketingAirline.code`. */
  flightNumber: z.string().regex(/^\d{1,4}$/),
  marketingAirline: airlineRefSchema,
  /** The company flying it: an airline, or a train or bus operator (see equipment). */
  operatingAirline: z.object({ code: z.string().nullable(), name: z.string() }),
  bookingClass: z.object({ code: z.string().length(1) }),
  cabin: cabinCodeSchema,
  /** TRN train, BUS bus, anything else an aircraft type. */
  equipment: z.array(z.object({ airEquipType: z.string() })),
  /** Technical stops; codeContext holds the ground time as HHMM. */
  stopLocation: z.array(z.object({ locationCode: z.string(), codeContext: hhmmSchema })),
});
export type Segment = z.infer<typeof segmentSchema>;

export const flightSchema = z.object({
  /** Opaque flight id (its segments); send it back to price or upsell that choice. */
  id: z.string(),
  /** Index of the itinerary leg this flight belongs to. */
  itineraryReference: z.number().int().min(0),
  departureDateTime: localDateTimeSchema,
  arrivalDateTime: localDateTimeSchema,
  /** Door-to-door time of the leg, first departure to last arrival. */
  elapsedTime: hhmmSchema,
  stops: z.number().int().min(0),
  marketingAirline: airlineRefSchema,
  operatingAirline: z.object({ name: z.string() }),
  segments: z.array(segmentSchema).min(1),
  handBaggage: baggageSchema,
  baggage: baggageSchema,
  /** What the flight's fare includes (bags with spec 1 §5's carry-on rule applied, seat, changes…); handBaggage and baggage repeat its bag counts. */
  inclusions: fareInclusionsSchema.optional(),
  /** nameTranslations: the brand's name per language where the airline words it so (JetSMART's 'Tarifa base'). */
  brandedFare: z.object({ brandID: z.string(), name: z.string(), nameTranslations: textTranslationsSchema.optional() }).nullable(),
  /** Separate tickets joined by the seller (a self-transfer): the traveller re-checks bags and no airline protects the connection. No supplier sends it yet. */
  selfTransfer: z.boolean().optional(),
});
export type Flight = z.infer<typeof flightSchema>;

export const itineraryLegSchema = z.object({
  origin: airportRefSchema,
  destination: airportRefSchema,
  date: z.string(),
  flights: z.array(flightSchema).min(1),
});

export const passengerTypePriceSchema = z.object({
  quantity: z.number().int().min(1),
  /** Per passenger of this type. */
  base: z.number(),
  taxes: z.number(),
  total: z.number(),
});

export const feeSchema = z.object({ amount: z.number(), description: z.enum(['PAX', 'CUSTOM']) });
export type Fee = z.infer<typeof feeSchema>;

export const discountSchema = z.object({
  id: z.string(),
  description: z.string(),
  amount: z.number(),
  apply: z.boolean(),
  promotionalCode: z.string().nullable(),
  value: z.number(),
  percentage: z.boolean(),
  appliesToBase: z.boolean(),
  perBooking: z.boolean(),
  passengers: z.array(z.string()),
  paymentCode: z.number().int().nullable(),
});

export const providerGroupSchema = z.enum(['GDS', 'NDC']);

export const pricingSchema = z.object({
  /** What the traveller pays: base + taxes + fees. */
  total: z.number(),
  /** The airline's amount: base + taxes, without the agency fees. */
  totalAmount: z.number(),
  base: z.number(),
  taxes: z.number(),
  fareQualifier: z.enum(['PUBLISHED', 'CORPORATE']),
  source: providerGroupSchema,
  validatingAirline: z.string(),
  recommendedByAirline: z.boolean(),
  /** Kiu fares are not guaranteed and are repriced before issue. */
  repriceRequired: z.boolean(),
  /** Upsell brands the provider returned with the offer; null when it returns none. */
  upsellData: z.object({ brands: z.array(z.string()) }).nullable(),
  /** Agency commission in USD; null on consumer terminals (agency-only data). */
  commission: z.number().nullable(),
  fees: z.array(feeSchema),
  passengers: z.object({
    adults: passengerTypePriceSchema,
    children: passengerTypePriceSchema.nullable(),
    infants: passengerTypePriceSchema.nullable(),
  }),
  discounts: z.array(discountSchema),
});
export type Pricing = z.infer<typeof pricingSchema>;

/**
 * What one more bag costs on an offer's fare, per traveller, for one leg of its itinerary (issue 21: bag-inclusive
 * prices). carryOn: one carry-on where the fare sells it; checked: one checked bag; twoChecked: two checked bags
 * together. A price is absent where the supplier does not tell it or the fare does not sell that bag.
 */
export const legBaggagePricesSchema = z.object({
  carryOn: z.number().min(0).optional(),
  checked: z.number().min(0).optional(),
  twoChecked: z.number().min(0).optional(),
});
export type LegBaggagePrices = z.infer<typeof legBaggagePricesSchema>;

/** The bags each traveller takes, as chosen on the results (issue 21): a carry-on or not, none to two checked bags. */
export const bagChoiceSchema = z.object({ carryOn: z.union([z.literal(0), z.literal(1)]), checked: z.union([z.literal(0), z.literal(1), z.literal(2)]) });
export type BagChoice = z.infer<typeof bagChoiceSchema>;

export const recommendationSchema = z.object({
  /** Opaque offer id: family fares, commission, markups and extras take it back. */
  id: z.string(),
  pos: z.object({ systemProviderCode: z.number().int(), providerName: z.string(), group: providerGroupSchema }),
  itinerary: z.array(itineraryLegSchema).min(1),
  pricing: pricingSchema,
  /** Brand codes of the priced fare, one per leg. */
  brandedFares: z.array(z.string()),
  /** More than one brand is sold for this offer: the fare families modal has something to show. */
  hasMultipleFareFamilies: z.boolean(),
  /** One per itinerary leg, in order: the extra bags' prices (absent when the supplier does not say, as Duffel's search). */
  baggagePrices: z.array(legBaggagePricesSchema).optional(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

/** Flexible dates, one way: the cheapest total per departure day, start date ± 3. */
export const flexibleOneWaySchema = z.object({
  type: z.literal('OW'),
  days: z.array(z.object({ date: z.string(), total: z.number().nullable() })).length(7),
});
/** Flexible dates, round trip: a 7×7 grid of outbound ± 3 by return ± 3 (null: no trip or return not after outbound). */
export const flexibleRoundTripSchema = z.object({
  type: z.literal('RT'),
  cells: z.array(z.object({ departureDate: z.string(), returnDate: z.string(), total: z.number().nullable() })).length(49),
});
export const flexibleDatesSchema = z.discriminatedUnion('type', [flexibleOneWaySchema, flexibleRoundTripSchema]);
export type FlexibleDates = z.infer<typeof flexibleDatesSchema>;

/**
 * The search answer. No results is HTTP 200 with `status: 204` and an empty list, so a client
 * parses one shape and shows 'Lo sentimos, no hay resultados' from the status (spec 1 §8).
 */
/**
 * A supplier the search asked that did not answer (issue 17: several suppliers, each with its own deadline):
 * the offers are the others'. `supplier` is its code (sandbox, duffel), `reason` timeout or error; the client
 * words them in the reader's language.
 */
export const unavailableSupplierSchema = z.object({ supplier: z.string(), reason: z.enum(['timeout', 'error']) });
export type UnavailableSupplier = z.infer<typeof unavailableSupplierSchema>;

export const searchResponseSchema = z.object({
  status: z.union([z.literal(200), z.literal(204)]),
  data: z.array(recommendationSchema).max(MAX_RECOMMENDATIONS),
  flexible: flexibleDatesSchema.nullable(),
  /** Only when some supplier did not answer; absent otherwise (older clients read the same answer). */
  unavailableSuppliers: z.array(unavailableSupplierSchema).optional(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

/**
 * The search answer as it goes over the wire (issue #15): offers share most of their flights (250 round
 * trips are made of some tens of outbound and return flights, each repeated with its segments in every
 * offer) and all their leg headings, so each distinct flight and leg heading is sent once, in `flights`
 * and `legs`, and the offers name them by their place there. unpackSearchResponse gives back exactly the
 * SearchResponse the server packed.
 */
const legHeadingSchema = itineraryLegSchema.omit({ flights: true });
type LegHeading = z.infer<typeof legHeadingSchema>;
const packedLegSchema = z.object({
  leg: z.number().int().min(0),
  flights: z.array(z.number().int().min(0)).min(1),
});
const packedRecommendationSchema = recommendationSchema.extend({
  itinerary: z.array(packedLegSchema).min(1),
});
const packedSearchFrame = {
  status: searchResponseSchema.shape.status,
  legs: z.array(legHeadingSchema),
  flights: z.array(flightSchema),
  flexible: flexibleDatesSchema.nullable(),
  unavailableSuppliers: searchResponseSchema.shape.unavailableSuppliers,
};
type PackedFrame = { legs: readonly unknown[]; flights: readonly unknown[]; data: ReadonlyArray<{ itinerary: ReadonlyArray<z.infer<typeof packedLegSchema>> }> };
const namesOnlyListedParts = <T extends PackedFrame>(answer: T) =>
  answer.data.every((offer) => offer.itinerary.every((leg) => leg.leg < answer.legs.length && leg.flights.every((index) => index < answer.flights.length)));
const NAMES_UNLISTED_PART = { message: 'An offer names a flight or leg the answer does not list' };

export const packedSearchResponseSchema = z
  .object({ ...packedSearchFrame, data: z.array(packedRecommendationSchema).max(MAX_RECOMMENDATIONS) })
  .refine(namesOnlyListedParts, NAMES_UNLISTED_PART);
export type PackedSearchResponse = z.infer<typeof packedSearchResponseSchema>;

/** A list of distinct values, each value's place in it and its JSON text: one JSON text, one place. */
function distinctList<T extends object>() {
  const list: T[] = [];
  const texts: string[] = [];
  const places = new Map<string, number>();
  // A supplier hands the same flight object to every offer it is part of: those need no JSON text.
  const placesOfObjects = new Map<T, number>();
  const placeOf = (value: T) => {
    let place = placesOfObjects.get(value);
    if (place !== undefined) return place;
    const key = JSON.stringify(value);
    place = places.get(key);
    if (place === undefined) {
      place = list.push(value) - 1;
      texts.push(key);
      places.set(key, place);
    }
    placesOfObjects.set(value, place);
    return place;
  };
  return { list, texts, placeOf };
}

function packWithTexts(response: SearchResponse) {
  const legs = distinctList<LegHeading>();
  // The whole flight is the key: one flight id may carry other fares (brand, bags) in other offers.
  const flights = distinctList<Flight>();
  const data = response.data.map((offer) => ({
    ...offer,
    itinerary: offer.itinerary.map(({ flights: legFlights, ...heading }) => ({
      leg: legs.placeOf(heading),
      flights: legFlights.map(flights.placeOf),
    })),
  }));
  const packed: PackedSearchResponse = {
    status: response.status,
    legs: legs.list,
    flights: flights.list,
    data,
    flexible: response.flexible,
    ...(response.unavailableSuppliers ? { unavailableSuppliers: response.unavailableSuppliers } : {}),
  };
  return { packed, texts: { legs: legs.texts, flights: flights.texts } };
}

export function packSearchResponse(response: SearchResponse): PackedSearchResponse {
  return packWithTexts(response).packed;
}

/**
 * JSON.stringify(packSearchResponse(response)), byte for byte, without writing the distinct flights' and legs'
 * JSON twice: packing wrote each one's text to find its twins (issue 15: a third to a half of a big answer).
 */
export function serializeSearchResponse(response: SearchResponse): string {
  const { packed, texts } = packWithTexts(response);
  const fields: string[] = [];
  for (const [name, value] of Object.entries(packed)) {
    const listed = name === 'legs' || name === 'flights' ? `[${texts[name].join(',')}]` : (JSON.stringify(value) as string | undefined);
    // As JSON.stringify leaves out a field whose value has no JSON.
    if (listed !== undefined) fields.push(`${JSON.stringify(name)}:${listed}`);
  }
  return `{${fields.join(',')}}`;
}

/** The answer as the screens read it; offers that shared a flight on the wire share one Flight object. */
export function unpackSearchResponse(packed: PackedSearchResponse): SearchResponse {
  const data = packed.data.map((offer) => ({
    ...offer,
    itinerary: offer.itinerary.map((leg) => ({
      ...packed.legs[leg.leg]!,
      flights: leg.flights.map((index) => packed.flights[index]!),
    })),
  }));
  return { status: packed.status, data, flexible: packed.flexible, ...(packed.unavailableSuppliers ? { unavailableSuppliers: packed.unavailableSuppliers } : {}) };
}

/**
 * What a client reads from POST /flights/search: the packed answer, checked, then unpacked. The server
 * builds each offer from checked types, so the browser checks the answer's frame, every shared flight and
 * leg heading in full and every reference, but each of up to 250 offers only in its outline (issue 15: the
 * full check was a third of the results page's longest task on a phone). No schema of an offer's part has a
 * default or transform, so the lighter check reads the same data.
 */
const offerOutlineSchema = z.looseObject({
  id: z.string(),
  pos: z.looseObject({ systemProviderCode: z.number().int() }),
  itinerary: z.array(packedLegSchema).min(1),
  pricing: z.looseObject({ total: z.number(), passengers: z.looseObject({}) }),
  brandedFares: z.array(z.string()),
  hasMultipleFareFamilies: z.boolean(),
});
export const searchResponseFromWireSchema = z
  .object({ ...packedSearchFrame, data: z.array(offerOutlineSchema).max(MAX_RECOMMENDATIONS) })
  .refine(namesOnlyListedParts, NAMES_UNLISTED_PART)
  .transform((answer) => unpackSearchResponse(answer as PackedSearchResponse));
