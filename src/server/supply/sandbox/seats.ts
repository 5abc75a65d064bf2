import type { SupplierSeat, SupplierSeatMapSegment } from '../port.ts';
import type { Aircraft, CabinCode } from './carriers.ts';
import { seededRandom } from './random.ts';
import { SOLD_OUT_SEAT } from './scenarios.ts';
import type { DatedFlight } from './timetable.ts';

/**
 * Seat maps of the sandbox fleet (airline-facts.md §2 "Cabin layouts"): 6-abreast narrowbody economy
 * ABC DEF, 2-2 narrowbody business AC DF, 2-2 on the E190, 2-4-2 on the A330, 3-3-3 economy on the
 * A350 and 787 with 2-3-2 or 2-4-2 premium economy and 2-2-2 / 1-2-1 business. Rows are numbered from
 * the nose, premium cabins first, without a row 13.
 */
interface CabinPlan {
  rows: number;
  /** Seat letters per block between aisles. */
  blocks: readonly string[];
  /** Economy rows this cabin takes up when the aircraft has it (its seats are wider apart). */
  takes?: number;
}

interface AircraftPlan {
  F?: CabinPlan;
  C?: CabinPlan;
  W?: CabinPlan;
  /** Economy of the all-economy version; premium cabins the aircraft flies take rows from it. */
  Y: CabinPlan;
  /** Rows at overwing or door exits, by their number: extra legroom. */
  exitRows: readonly number[];
}

const sixAbreast = ['ABC', 'DEF'] as const;
const narrowBusiness = { rows: 3, blocks: ['AC', 'DF'], takes: 4 } as const;
const nineAbreast = ['ABC', 'DEF', 'HJK'] as const;

/**
 * By equipment code. First and business cabins never pass row 6, so every economy map has a row 7
 * (the sandbox's sold-out seat 7C, docs/sandbox.md).
 */
export const aircraftPlans: Readonly<Record<string, AircraftPlan>> = {
  '319': { C: narrowBusiness, Y: { rows: 24, blocks: sixAbreast }, exitRows: [10] },
  // LATAM's retrofitted A320: 24 premium economy + 156 economy (airline-facts.md §2).
  '320': { C: narrowBusiness, W: { rows: 4, blocks: sixAbreast, takes: 4 }, Y: { rows: 30, blocks: sixAbreast }, exitRows: [11, 12] },
  '32N': { Y: { rows: 31, blocks: sixAbreast }, exitRows: [11, 12] },
  '321': { C: { ...narrowBusiness, rows: 4, takes: 5 }, W: { rows: 5, blocks: sixAbreast, takes: 5 }, Y: { rows: 37, blocks: sixAbreast }, exitRows: [10, 26] },
  '32Q': { C: { rows: 4, blocks: ['AC', 'DF'], takes: 16 }, Y: { rows: 40, blocks: sixAbreast }, exitRows: [10, 27] },
  '32T': { F: { rows: 2, blocks: ['A', 'F'], takes: 4 }, C: { rows: 4, blocks: ['AC', 'DF'], takes: 6 }, Y: { rows: 28, blocks: sixAbreast }, exitRows: [10] },
  '738': { C: { ...narrowBusiness, rows: 4, takes: 5 }, Y: { rows: 29, blocks: sixAbreast }, exitRows: [14, 15] },
  '7M8': { C: { ...narrowBusiness, rows: 4, takes: 5 }, Y: { rows: 31, blocks: sixAbreast }, exitRows: [14, 15] },
  '7M9': { C: { ...narrowBusiness, rows: 4, takes: 5 }, Y: { rows: 32, blocks: sixAbreast }, exitRows: [16, 17] },
  E90: { C: { rows: 3, blocks: ['AC', 'DF'], takes: 3 }, Y: { rows: 26, blocks: ['AC', 'DF'] }, exitRows: [12] },
  '332': { C: { rows: 6, blocks: ['AC', 'DG', 'HK'], takes: 10 }, Y: { rows: 40, blocks: ['AC', 'DEFG', 'HK'] }, exitRows: [21, 33] },
  '359': {
    C: { rows: 6, blocks: ['A', 'DG', 'K'], takes: 12 },
    W: { rows: 3, blocks: ['AC', 'DEFG', 'HK'], takes: 4 },
    Y: { rows: 44, blocks: nineAbreast },
    exitRows: [24, 36],
  },
  '788': {
    C: { rows: 5, blocks: ['AC', 'DF', 'HK'], takes: 8 },
    W: { rows: 3, blocks: ['AC', 'DEF', 'HK'], takes: 3 },
    Y: { rows: 37, blocks: nineAbreast },
    exitRows: [20, 31],
  },
  // LATAM's 787-9: 30 business, 57 premium economy ("LATAM+"), 216 economy (airline-facts.md §2).
  '789': {
    C: { rows: 5, blocks: ['AC', 'DF', 'HK'], takes: 8 },
    W: { rows: 8, blocks: ['AC', 'DEF', 'HK'], takes: 8 },
    Y: { rows: 40, blocks: nineAbreast },
    exitRows: [23, 35],
  },
};

/** The first rows of the economy map sell as extra legroom ("LATAM+" front rows), like its exit rows. */
const FRONT_EXTRA_LEGROOM_ROWS = 3;
const SKIPPED_ROW = 13;

export interface SeatPrices {
  standard: number;
  extraLegroom: number;
}

interface PlannedRow {
  rowNumber: number;
  cabin: CabinCode;
  blocks: readonly string[];
}

/** Every row of the aircraft from the nose: its cabins in order, premium ones only where it flies them. */
function rowsOf(aircraft: Aircraft, plan: AircraftPlan): PlannedRow[] {
  const cabins = (['F', 'C', 'W'] as const).filter((cabin) => plan[cabin] && aircraft.cabins.includes(cabin));
  const economyRows = plan.Y.rows - cabins.reduce((sum, cabin) => sum + (plan[cabin]?.takes ?? 0), 0);
  const sections = [...cabins.map((cabin) => ({ cabin, plan: plan[cabin] as CabinPlan })), { cabin: 'Y' as const, plan: { ...plan.Y, rows: economyRows } }];
  const rows: PlannedRow[] = [];
  let rowNumber = 1;
  for (const section of sections) {
    for (let index = 0; index < section.plan.rows; index++) {
      if (rowNumber === SKIPPED_ROW) rowNumber++;
      rows.push({ rowNumber, cabin: section.cabin, blocks: section.plan.blocks });
      rowNumber++;
    }
  }
  return rows;
}

/** The cabins one booked cabin sits in: economy and premium economy passengers share a map (premium rows sell as extra legroom). */
function mapCabins(booked: CabinCode): readonly CabinCode[] {
  return booked === 'Y' || booked === 'W' ? ['W', 'Y'] : [booked];
}

/**
 * The seat map of one flight for the booked cabin: about a third to three quarters of it already taken,
 * decided by the flight's key (the same flight always shows the same map), seat 7C always free.
 */
export function seatMapFor(flight: DatedFlight, booked: CabinCode, prices: SeatPrices): SupplierSeatMapSegment {
  const aircraft = flight.route.aircraft;
  const plan = aircraftPlans[aircraft.code];
  const segment = { origin: flight.route.origin.code, destination: flight.route.destination.code, aircraft: aircraft.code };
  if (!plan) return { ...segment, rows: [] };
  const random = seededRandom(`${flight.key}|seats`);
  const load = 0.3 + random.next() * 0.45;
  const cabins = mapCabins(booked);
  const rows = rowsOf(aircraft, plan).filter((row) => cabins.includes(row.cabin));
  const premium = booked === 'C' || booked === 'F';
  return {
    ...segment,
    rows: rows.map((row, index) => {
      const extraLegroom = row.cabin === 'W' || index < FRONT_EXTRA_LEGROOM_ROWS || plan.exitRows.includes(row.rowNumber);
      const price = premium ? 0 : extraLegroom ? prices.extraLegroom : prices.standard;
      const seats: SupplierSeat[] = row.blocks.flatMap((block, blockIndex) => {
        const letters = [...block].map((letter, position): SupplierSeat => {
          // Windows and aisles go first; middle seats are the last to fill.
          const edge = position === 0 || position === block.length - 1;
          const taken = random.next() < load * (edge ? 1.15 : 0.7) && `${row.rowNumber}${letter}` !== SOLD_OUT_SEAT;
          return { letter, status: taken ? 'T' : 'A', price };
        });
        return blockIndex === 0 ? letters : [{ letter: '', status: 'S', price: 0 }, ...letters];
      });
      return { rowNumber: row.rowNumber, seats };
    }),
  };
}
