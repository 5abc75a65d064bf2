import type { FareFamilies } from '../../../contract/fares.ts';
import { INCLUSION_ROW_CODES, type BagInclusion, type InclusionState } from '../../../contract/fare-inclusions.ts';
import type { Brand } from './brands.ts';

type MatrixRow = FareFamilies['matrix'][number];
type Element = MatrixRow['elements'][number];

const element = (value: string, indicator: InclusionState): Element => ({ value, indicator, showText: indicator !== 'NOF', includes: indicator === 'INC' });

const pieces = (baggage: BagInclusion, what: string) => `${baggage.pieces} x ${what}${baggage.weight ? ` ${baggage.weight} kg` : ''}`;

/**
 * The supplier-style matrix (English words, for API clients that predate `fares[].inclusions`), built
 * from the brands' inclusions so it always says what they say. The web app words `inclusions` itself.
 */
const titles = { personalItem: 'Personal item', carryOn: 'Carry-on bag', checkedBag: 'Checked bag', seat: 'Seat selection', changes: 'Changes', refund: 'Refund', miles: 'Miles' } as const;

const cell = {
  personalItem: () => element('Personal item under the seat', 'INC'),
  carryOn: ({ inclusions: { carryOn } }: Brand) => (carryOn.state === 'INC' ? element(pieces(carryOn, 'carry-on'), 'INC') : element('Carry-on for a fee', carryOn.state)),
  checkedBag: ({ inclusions: { checkedBag } }: Brand) =>
    checkedBag.state === 'INC' ? element(pieces(checkedBag, 'checked bag'), 'INC') : element('Checked bag for a fee', checkedBag.state),
  seat: ({ inclusions: { seat } }: Brand) => element({ INC: 'Standard seat included', CHA: 'Seat for a fee', NOF: 'Seat at check-in' }[seat.state], seat.state),
  changes: ({ inclusions: { changes } }: Brand) => element({ INC: 'Free changes (fare difference)', CHA: 'Changes with a fee', NOF: 'No changes' }[changes.state], changes.state),
  refund: ({ inclusions: { refund } }: Brand) => element({ INC: 'Refundable', CHA: 'Refund with a penalty', NOF: 'Non-refundable' }[refund.state], refund.state),
  miles: ({ inclusions: { miles } }: Brand) => element(miles.state === 'NOF' ? 'No miles' : 'Earns miles', miles.state),
} satisfies Record<keyof typeof titles, (brand: Brand) => Element>;

const SUPPLIER_ORDER = ['personalItem', 'carryOn', 'checkedBag', 'seat', 'changes', 'refund', 'miles'] as const;

/** The comparison matrix of fare families: one row per service, one element per brand (INC/NOF/CHA). */
export function describeMatrix(brands: readonly Brand[]): MatrixRow[] {
  return SUPPLIER_ORDER.map((row) => ({ title: titles[row], code: INCLUSION_ROW_CODES[row], elements: brands.map(cell[row]) }));
}
