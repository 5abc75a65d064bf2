import { z } from 'zod';

/**
 * How a service comes with a fare (spec 1 §3's matrix indicators): INC included in the price, CHA
 * offered for a fee, NOF not offered with this fare.
 */
export const inclusionStateSchema = z.enum(['INC', 'CHA', 'NOF']);
export type InclusionState = z.infer<typeof inclusionStateSchema>;

/** A kind of bag with its quantity: pieces per passenger and leg, weight in kg when the airline gives one. */
export const bagInclusionSchema = z.object({
  state: inclusionStateSchema,
  pieces: z.number().int().min(0),
  weight: z.number().nullable(),
});
export type BagInclusion = z.infer<typeof bagInclusionSchema>;

export const serviceInclusionSchema = z.object({ state: inclusionStateSchema });

/**
 * What a fare includes, as codes and quantities (never words: the page words them in its language).
 * The server computes it once per fare, with spec 1 §5's carry-on rule already applied, and the result
 * card, the fare comparison and the checkout all read this same object.
 */
export const fareInclusionsSchema = z.object({
  personalItem: bagInclusionSchema,
  carryOn: bagInclusionSchema,
  checkedBag: bagInclusionSchema,
  seat: serviceInclusionSchema,
  changes: serviceInclusionSchema,
  refund: serviceInclusionSchema,
  miles: serviceInclusionSchema,
});
export type FareInclusions = z.infer<typeof fareInclusionsSchema>;

/** The rows of the fare comparison, in the order they are shown. */
export const INCLUSION_ROWS = ['carryOn', 'personalItem', 'checkedBag', 'seat', 'changes', 'refund', 'miles'] as const;
export type InclusionRow = (typeof INCLUSION_ROWS)[number];

/** The matrix row code (supplier vocabulary) of each inclusion. */
export const INCLUSION_ROW_CODES: Record<InclusionRow, string> = {
  carryOn: 'CARRY_ON',
  personalItem: 'PERSONAL_ITEM',
  checkedBag: 'CHECKED_BAG',
  seat: 'SEAT',
  changes: 'CHANGES',
  refund: 'REFUND',
  miles: 'MILES',
};

interface BagCounts {
  pieces: number;
  weight: number | null;
}

/**
 * Inclusions of a flight that predates the field (stored sessions, older answers): its bag counts,
 * every other service unknown as a fee. Flights from this server always carry `inclusions`.
 */
export function inclusionsOfFlight(flight: { inclusions?: FareInclusions | undefined; handBaggage: BagCounts; baggage: BagCounts }): FareInclusions {
  if (flight.inclusions) return flight.inclusions;
  const bag = ({ pieces, weight }: BagCounts): BagInclusion => ({ state: pieces > 0 ? 'INC' : 'CHA', pieces, weight });
  return {
    personalItem: { state: 'INC', pieces: 1, weight: null },
    carryOn: bag(flight.handBaggage),
    checkedBag: bag(flight.baggage),
    seat: { state: 'CHA' },
    changes: { state: 'CHA' },
    refund: { state: 'NOF' },
    miles: { state: 'INC' },
  };
}
