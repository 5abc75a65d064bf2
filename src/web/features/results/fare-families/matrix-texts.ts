import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { FareFamilies } from '../../../../contract/fares.ts';
import type { BaggageAllowance } from '../../../../contract/search.ts';
import type { MatrixCell, MatrixIndicator, MatrixRow } from './fare-matrix.ts';

/**
 * The comparison in the reader's language. Suppliers word the matrix in one language (the sandbox in
 * English); the rows they share a code for (PERSONAL_ITEM, CARRY_ON, CHECKED_BAG, SEAT, CHANGES, REFUND,
 * MILES) are named here, and their cells by indicator and the fare's own allowance. Rows of other codes
 * keep the supplier's words.
 */
export function useMatrixTexts() {
  const { t } = useLingui();
  // Switches, not tables: the modal is on every card, and nothing is translated until a matrix shows.
  const titleOf = (code: string): string | null => {
    switch (code) {
      case 'PERSONAL_ITEM':
        return t`Personal item`;
      case 'CARRY_ON':
        return t`Carry-on bag`;
      case 'CHECKED_BAG':
        return t`Checked bag`;
      case 'SEAT':
        return t`Seat selection`;
      case 'CHANGES':
        return t`Changes`;
      case 'REFUND':
        return t`Refund`;
      case 'MILES':
        return t`Miles`;
      default:
        return null;
    }
  };
  const wordsOf = (code: string, indicator: MatrixIndicator): string | null => {
    switch (`${code}:${indicator}`) {
      case 'PERSONAL_ITEM:INC':
        return t`Personal item under the seat`;
      case 'CARRY_ON:CHA':
        return t`Carry-on for a fee`;
      case 'CHECKED_BAG:CHA':
        return t`Checked bag for a fee`;
      case 'SEAT:INC':
        return t`Standard seat included`;
      case 'SEAT:CHA':
        return t`Seat for a fee`;
      case 'SEAT:NOF':
        return t`Seat at check-in`;
      case 'CHANGES:INC':
        return t`Free changes (fare difference)`;
      case 'CHANGES:CHA':
        return t`Changes with a fee`;
      case 'CHANGES:NOF':
        return t`No changes`;
      case 'REFUND:INC':
        return t`Refundable`;
      case 'REFUND:CHA':
        return t`Refund with a penalty`;
      case 'REFUND:NOF':
        return t`Non-refundable`;
      case 'MILES:INC':
      case 'MILES:CHA':
        return t`Earns miles`;
      case 'MILES:NOF':
        return t`No miles`;
      default:
        return null;
    }
  };
  const allowanceText = (kind: 'CARRY_ON' | 'CHECKED_BAG', { pieces, weight }: BaggageAllowance) => {
    const kg = weight ?? 0;
    if (kind === 'CARRY_ON') {
      return weight === null
        ? t`${plural(pieces, { one: '# carry-on', other: '# carry-ons' })}`
        : t`${plural(pieces, { one: `# carry-on of ${kg} kg`, other: `# carry-ons of ${kg} kg` })}`;
    }
    return weight === null
      ? t`${plural(pieces, { one: '# checked bag', other: '# checked bags' })}`
      : t`${plural(pieces, { one: `# checked bag of ${kg} kg`, other: `# checked bags of ${kg} kg` })}`;
  };
  return {
    title: (row: MatrixRow) => titleOf(row.code) ?? row.title ?? t`Carry-on`,
    /** The cell's words for the fare at `index`: null where the supplier shows none. */
    text: (families: FareFamilies, row: MatrixRow, cell: MatrixCell, index: number): string | null => {
      if (cell.text === null) return null;
      const fare = families.fares[index];
      if (cell.indicator === 'INC' && fare && row.code === 'CARRY_ON' && fare.handBaggage.pieces > 0) return allowanceText('CARRY_ON', fare.handBaggage);
      if (cell.indicator === 'INC' && fare && row.code === 'CHECKED_BAG') {
        const checked = families.fareFamiliesWithDescriptions.find((family) => family.id === fare.code)?.familyFare.baggage;
        if (checked && checked.pieces > 0) return allowanceText('CHECKED_BAG', checked);
      }
      return wordsOf(row.code, cell.indicator) ?? cell.text;
    },
  };
}
