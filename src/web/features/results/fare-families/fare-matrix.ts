import type { Fare, FareFamilies } from '../../../../contract/fares.ts';
import { forcesOneCarryOn } from '../../../../../machines/fare-families.rules.ts';

export type MatrixIndicator = FareFamilies['matrix'][number]['elements'][number]['indicator'];

/** One cell of the comparison: what the fare gives for a row, and whether to print the supplier's text. */
export interface MatrixCell {
  indicator: MatrixIndicator;
  text: string | null;
}

export interface MatrixRow {
  code: string;
  title: string;
  cells: MatrixCell[];
}

/** Spec 1 §9: fare cell text is cut at 28 characters; the whole text goes in a tooltip. */
export const CELL_TEXT_LIMIT = 28;

export const truncateCellText = (text: string) => (text.length > CELL_TEXT_LIMIT ? `${text.slice(0, CELL_TEXT_LIMIT - 1)}…` : text);

/** Carry-on pieces a fare really gives: one at least, except the basic fares of spec 1 §5. */
export function carryOnPieces(airlineCode: string, fare: Fare): number {
  return forcesOneCarryOn(airlineCode, fare.code) ? Math.max(1, fare.handBaggage.pieces) : fare.handBaggage.pieces;
}

export const CARRY_ON_ROW = 'CARRY_ON';

/**
 * The rows of the comparison. The supplier's carry-on row is replaced by the forced carry-on rule
 * (spec 1 §5), written by the view from `carryOnPieces`; the other rows are the supplier's matrix.
 */
export function matrixRows(families: FareFamilies): MatrixRow[] {
  return families.matrix
    .filter((row) => row.code !== CARRY_ON_ROW)
    .map((row) => ({
      code: row.code,
      title: row.title,
      cells: row.elements.map((element) => ({ indicator: element.indicator, text: element.showText ? element.value : null })),
    }));
}
