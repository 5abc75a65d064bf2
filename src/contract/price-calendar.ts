import { z } from 'zod';
import { DEFAULT_TERMINAL_ID, terminalIdSchema } from './common.ts';
import { addDaysToIsoDate } from './iso-date.ts';
import { cabinCodeSchema, locationCodeSchema, MAX_INFANTS, MAX_SEATED_PASSENGERS, searchDateSchema } from './search.ts';

/** Issue 21: the calendar spans the chosen date ± 30 days (61 departure days). */
export const PRICE_CALENDAR_WINDOW_DAYS = 30;
export const PRICE_CALENDAR_DAYS = PRICE_CALENDAR_WINDOW_DAYS * 2 + 1;
/** Round trips: departures in weeks of 7 days centred on the chosen one, each by the 7 returns a stay later. */
export const PRICE_CALENDAR_WEEK_DAYS = 7;

const count = (max: number, fallback: number) => z.coerce.number().int().min(0).max(max).default(fallback);

/**
 * GET /api/flights/calendar: the cheapest price per departure day (one way, `return` absent) or per
 * departure/return pair (round trip) around the chosen dates. Query strings, so numbers are coerced.
 */
export const priceCalendarQuerySchema = z
  .object({
    terminalId: terminalIdSchema.default(DEFAULT_TERMINAL_ID),
    origin: locationCodeSchema,
    destination: locationCodeSchema,
    date: searchDateSchema,
    return: searchDateSchema.optional(),
    adults: count(MAX_SEATED_PASSENGERS, 1).pipe(z.number().min(1, 'At least one adult travels')),
    children: count(MAX_SEATED_PASSENGERS - 1, 0),
    infants: count(MAX_INFANTS, 0),
    cabin: cabinCodeSchema.default('I'),
    token: z.string().max(2048).optional(),
  })
  .superRefine((query, context) => {
    if (query.origin === query.destination) context.addIssue({ code: 'custom', path: ['destination'], message: 'Origin and destination must differ' });
    if (query.return !== undefined && query.return < query.date) context.addIssue({ code: 'custom', path: ['return'], message: 'The return must be on or after the departure' });
    if (query.adults + query.children > MAX_SEATED_PASSENGERS) context.addIssue({ code: 'custom', path: ['children'], message: `At most ${MAX_SEATED_PASSENGERS} seated passengers` });
    if (query.infants > query.adults) context.addIssue({ code: 'custom', path: ['infants'], message: 'No more infants than adults' });
  });
export type PriceCalendarQuery = z.infer<typeof priceCalendarQuerySchema>;

/** Where a day's price sits among the calendar's prices: the cheapest third, the middle, the dearest third. */
export const priceBandSchema = z.enum(['cheap', 'typical', 'expensive']);
export type PriceBand = z.infer<typeof priceBandSchema>;

/** A price in the engine's currency, as `pricing.total` of an offer (decimal, whole party); null: nothing sold that day. */
const pricedSchema = { total: z.number().nonnegative().nullable(), band: priceBandSchema.nullable() };

export const priceCalendarDaySchema = z.object({ date: z.iso.date(), ...pricedSchema });
export type PriceCalendarDay = z.infer<typeof priceCalendarDaySchema>;
export const priceCalendarPairSchema = z.object({ departureDate: z.iso.date(), returnDate: z.iso.date(), ...pricedSchema });
export type PriceCalendarPair = z.infer<typeof priceCalendarPairSchema>;

export const priceCalendarSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('OW'), days: z.array(priceCalendarDaySchema).length(PRICE_CALENDAR_DAYS) }),
  z.object({
    type: z.literal('RT'),
    /** Nights between the chosen departure and return. */
    stayNights: z.number().int().min(0),
    /** The 61 departure days in weeks of 7 (fewer at the edges); each week's grid is its departures × returns a stay later. */
    weeks: z.array(z.object({ departures: z.array(z.iso.date()).min(1), returns: z.array(z.iso.date()).min(1), pairs: z.array(priceCalendarPairSchema) })).min(1),
  }),
]);
export type PriceCalendar = z.infer<typeof priceCalendarSchema>;

export const priceCalendarResponseSchema = z.object({
  status: z.union([z.literal(200), z.literal(204)]),
  /** The chosen dates the window is centred on. */
  date: z.iso.date(),
  returnDate: z.iso.date().nullable(),
  data: priceCalendarSchema,
});
export type PriceCalendarResponse = z.infer<typeof priceCalendarResponseSchema>;

/**
 * The bounds of the price bands over some prices: the lower third's price, the upper third's, and whether
 * the prices differ enough to band at all (3 or more, not all equal). Null without any price.
 */
export interface PriceBandBounds {
  lower: number;
  upper: number;
  bands: boolean;
}

export function bandBoundsOf(totals: readonly (number | null)[]): PriceBandBounds | null {
  const sorted = totals.filter((total) => total !== null).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const spread = (sorted[sorted.length - 1] as number) - (sorted[0] as number);
  return {
    lower: sorted[Math.floor((sorted.length - 1) / 3)] as number,
    upper: sorted[Math.ceil(((sorted.length - 1) * 2) / 3)] as number,
    bands: sorted.length >= 3 && spread > 0,
  };
}

/**
 * The one rule every price band follows (issue 37: the calendar said "Caro" where the cards said "Buen
 * precio"): at or under the lower third's price is cheap, at or over the upper third's is expensive, the
 * rest typical. The calendar bands its days by it; the results cards band their totals by the same bounds.
 */
export function bandOf(total: number, bounds: PriceBandBounds): PriceBand {
  if (!bounds.bands) return 'typical';
  if (total <= bounds.lower) return 'cheap';
  if (total >= bounds.upper) return 'expensive';
  return 'typical';
}

/** Bands by thirds of the priced entries (`bandOf`); fewer than 3 prices, or all equal: every price is typical. */
export function bandsOf(totals: readonly (number | null)[]): (PriceBand | null)[] {
  const bounds = bandBoundsOf(totals);
  return totals.map((total) => (total === null || bounds === null ? null : bandOf(total, bounds)));
}

/** The departure weeks of a round-trip calendar: 7-day blocks centred on the chosen date, clipped to ± 30 days. */
export function calendarWeeks(date: string, stayNights: number) {
  const addDays = addDaysToIsoDate;
  const half = Math.floor(PRICE_CALENDAR_WEEK_DAYS / 2);
  const reach = Math.ceil((PRICE_CALENDAR_WINDOW_DAYS - half) / PRICE_CALENDAR_WEEK_DAYS);
  return Array.from({ length: reach * 2 + 1 }, (_, index) => {
    const centre = (index - reach) * PRICE_CALENDAR_WEEK_DAYS;
    const shifts = Array.from({ length: PRICE_CALENDAR_WEEK_DAYS }, (__, day) => centre + day - half).filter((shift) => Math.abs(shift) <= PRICE_CALENDAR_WINDOW_DAYS);
    const departures = shifts.map((shift) => addDays(date, shift));
    return { departures, returns: departures.map((departure) => addDays(departure, stayNights)) };
  });
}
