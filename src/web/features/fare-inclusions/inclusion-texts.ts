import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { BagInclusion, FareInclusions, InclusionRow, InclusionState } from '../../../contract/fare-inclusions.ts';

/**
 * What a fare includes, worded in the page's language from the server's codes and quantities
 * (contract/fare-inclusions.ts). The result card, the fare comparison and checkout all word bags
 * here, so one fare reads the same in all three.
 */
export function useInclusionTexts() {
  const { t } = useLingui();
  // Switches, not tables: nothing is translated until a text is asked for.
  const title = (row: InclusionRow): string => {
    switch (row) {
      case 'carryOn':
        return t`Carry-on bag`;
      case 'personalItem':
        return t`Personal item`;
      case 'checkedBag':
        return t`Checked bag`;
      case 'seat':
        return t`Seat selection`;
      case 'changes':
        return t`Changes`;
      case 'refund':
        return t`Refund`;
      case 'miles':
        return t`Miles`;
    }
  };
  /** Spec 1 §9: 'piece' or 'pieces' plus the weight in Kg when there is one; otherwise how to get it. */
  const bag = ({ state, pieces, weight }: BagInclusion): string => {
    if (state === 'CHA') return t`For a fee`;
    if (state === 'NOF' || pieces === 0) return t`Not included`;
    const quantity = t`${plural(pieces, { one: '# piece', other: '# pieces' })}`;
    return weight === null ? quantity : `${quantity} ${weight} Kg`;
  };
  const service = (row: 'seat' | 'changes' | 'refund' | 'miles', state: InclusionState): string => {
    switch (`${row}:${state}`) {
      case 'seat:INC':
        return t`Standard seat included`;
      case 'seat:CHA':
        return t`Seat for a fee`;
      case 'seat:NOF':
        return t`Seat at check-in`;
      case 'changes:INC':
        return t`Free changes (fare difference)`;
      case 'changes:CHA':
        return t`Changes with a fee`;
      case 'changes:NOF':
        return t`No changes`;
      case 'refund:INC':
        return t`Refundable`;
      case 'refund:CHA':
        return t`Refund with a penalty`;
      case 'refund:NOF':
        return t`Non-refundable`;
      case 'miles:NOF':
        return t`No miles`;
      default:
        return t`Earns miles`;
    }
  };
  return {
    title,
    bag,
    /** The kind of bag as the card and checkout name it before its quantity. */
    bagKind: (row: 'carryOn' | 'checkedBag') => (row === 'carryOn' ? t`Carry-on` : t`Checked baggage`),
    /** The words of one comparison cell. */
    cell: (row: InclusionRow, inclusions: FareInclusions): string => {
      switch (row) {
        case 'carryOn':
        case 'checkedBag':
          return bag(inclusions[row]);
        case 'personalItem':
          return inclusions.personalItem.state === 'INC' ? t`Personal item under the seat` : bag(inclusions.personalItem);
        default:
          return service(row, inclusions[row].state);
      }
    },
  };
}
