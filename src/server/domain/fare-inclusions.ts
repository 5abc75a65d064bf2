import type { BagInclusion, FareInclusions, InclusionState } from '../../contract/fare-inclusions.ts';

/**
 * Spec 1 §5: baggage is forced to 1 carry-on piece except for these airline and fare combinations,
 * whose basic fares really carry no cabin bag (it is sold apart).
 */
const NO_CARRY_ON_FARES = new Set(['H2:ZERO', 'LA:QP', 'UA:ECOBASIC', 'B6:DN', 'AV:XS', 'JA:G3', 'JZ:G3', 'DM:COMFORT']);

export function forcesOneCarryOn(airlineCode: string, fareCode: string): boolean {
  return !NO_CARRY_ON_FARES.has(`${airlineCode.toUpperCase()}:${fareCode.toUpperCase()}`);
}

/** What a supplier says a fare family carries, before the spec's rules. */
export interface FareFacts {
  /** The airline selling the fare (its validating carrier) and the fare family's code. */
  airlineCode: string;
  fareCode: string;
  handBaggage: { pieces: number; weight: number | null };
  checkedBaggage: { pieces: number; weight: number | null };
  seat: InclusionState;
  changes: InclusionState;
  refund: InclusionState;
  miles: InclusionState;
}

const bag = (pieces: number, weight: number | null): BagInclusion => ({ state: pieces > 0 ? 'INC' : 'CHA', pieces, weight: pieces > 0 ? weight : null });

/**
 * The one place the server decides what a fare includes: every answer that shows bags (search
 * results, the fare comparison, the fare sent to checkout) is built from this, so they cannot disagree.
 */
export function fareInclusions(facts: FareFacts): FareInclusions {
  const carryOnPieces = forcesOneCarryOn(facts.airlineCode, facts.fareCode) ? Math.max(1, facts.handBaggage.pieces) : facts.handBaggage.pieces;
  return {
    personalItem: { state: 'INC', pieces: 1, weight: null },
    carryOn: bag(carryOnPieces, facts.handBaggage.weight),
    checkedBag: bag(facts.checkedBaggage.pieces, facts.checkedBaggage.weight),
    seat: { state: facts.seat },
    changes: { state: facts.changes },
    refund: { state: facts.refund },
    miles: { state: facts.miles },
  };
}

/** The legacy bag counts (flight.handBaggage, flight.baggage, fare.handBaggage) of the same inclusions. */
export const bagCounts = ({ pieces, weight }: BagInclusion) => ({ pieces, weight });
