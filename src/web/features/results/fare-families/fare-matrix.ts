import { INCLUSION_ROWS, type InclusionRow, type InclusionState } from '../../../../contract/fare-inclusions.ts';
import type { FareFamilies } from '../../../../contract/fares.ts';

export type MatrixIndicator = InclusionState;

/** One cell of the comparison: how the fare gives a row's service, and the inclusion it comes from. */
export interface MatrixCell {
  indicator: MatrixIndicator;
  row: InclusionRow;
  fareIndex: number;
}

export interface MatrixRow {
  row: InclusionRow;
  cells: MatrixCell[];
}

/** Spec 1 §9: fare cell text is cut at 28 characters; the whole text goes in a tooltip. */
export const CELL_TEXT_LIMIT = 28;

export const truncateCellText = (text: string) => (text.length > CELL_TEXT_LIMIT ? `${text.slice(0, CELL_TEXT_LIMIT - 1)}…` : text);

const stateOf = (inclusions: FareFamilies['fares'][number]['inclusions'], row: InclusionRow): InclusionState => inclusions[row].state;

/**
 * The rows of the comparison (carry-on first), one cell per fare in the order of `fares`, read from each
 * fare's inclusions: the server has applied spec 1 §5's carry-on rule, so the card and checkout, which
 * read the same inclusions, say the same.
 */
export function matrixRows(families: FareFamilies): MatrixRow[] {
  return INCLUSION_ROWS.map((row) => ({
    row,
    cells: families.fares.map((fare, fareIndex) => ({ indicator: stateOf(fare.inclusions, row), row, fareIndex })),
  }));
}
