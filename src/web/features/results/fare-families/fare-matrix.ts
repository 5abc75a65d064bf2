import type { FareFamilies } from '../../../../contract/fares.ts';
import type { BaggageAllowance } from '../../../../contract/search.ts';
import { forcesOneCarryOn } from '../../../../../machines/fare-families.rules.ts';

type MatrixElement = FareFamilies['matrix'][number]['elements'][number];
export type MatrixIndicator = MatrixElement['indicator'];

/** One cell of the comparison: what the fare gives for a row, as supplier text or as carry-on pieces. */
export interface MatrixCell {
  indicator: MatrixIndicator;
  text: string | null;
  carryOn?: BaggageAllowance;
}

export interface MatrixRow {
  code: string;
  /** The supplier's title; null for the carry-on row when the supplier sent none (the view names it). */
  title: string | null;
  cells: MatrixCell[];
}

/** Spec 1 §9: fare cell text is cut at 28 characters; the whole text goes in a tooltip. */
export const CELL_TEXT_LIMIT = 28;

export const truncateCellText = (text: string) => (text.length > CELL_TEXT_LIMIT ? `${text.slice(0, CELL_TEXT_LIMIT - 1)}…` : text);

const CARRY_ON_ROW = 'CARRY_ON';

const cellOf = (element: MatrixElement): MatrixCell => ({ indicator: element.indicator, text: element.showText ? element.value : null });

/**
 * The carry-on row always comes first: every family carries one cabin bag except the basic fares of
 * spec 1 §5, whatever the supplier's matrix says; without a supplier row the fare's own allowance shows.
 */
function carryOnRow(families: FareFamilies, airlineCode: string): MatrixRow {
  const supplied = families.matrix.find((row) => row.code === CARRY_ON_ROW);
  const cells = families.fares.map((fare, index): MatrixCell => {
    const element = supplied?.elements[index];
    if (element?.indicator === 'INC') return cellOf(element);
    if (forcesOneCarryOn(airlineCode, fare.code)) {
      return { indicator: 'INC', text: null, carryOn: { pieces: Math.max(1, fare.handBaggage.pieces), weight: fare.handBaggage.weight } };
    }
    if (element) return cellOf(element);
    return fare.handBaggage.pieces > 0 ? { indicator: 'INC', text: null, carryOn: fare.handBaggage } : { indicator: 'NOF', text: null };
  });
  return { code: CARRY_ON_ROW, title: supplied?.title ?? null, cells };
}

/** The rows of the comparison, one cell per fare in the order of `fares`. */
export function matrixRows(families: FareFamilies, airlineCode: string): MatrixRow[] {
  const others = families.matrix
    .filter((row) => row.code !== CARRY_ON_ROW)
    .map((row) => ({ code: row.code, title: row.title, cells: row.elements.map(cellOf) }));
  return [carryOnRow(families, airlineCode), ...others];
}
