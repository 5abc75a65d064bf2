import type { FareFamilies } from '../../../contract/fares.ts';
import type { Baggage, Brand, ServiceIndicator } from './brands.ts';

type MatrixRow = FareFamilies['matrix'][number];
type Element = MatrixRow['elements'][number];

const element = (value: string, indicator: ServiceIndicator): Element => ({ value, indicator, showText: indicator !== 'NOF', includes: indicator === 'INC' });

const pieces = (baggage: Baggage, what: string) => `${baggage.pieces} x ${what}${baggage.weight ? ` ${baggage.weight} kg` : ''}`;

const rows: ReadonlyArray<{ code: string; title: string; cell: (brand: Brand) => Element }> = [
  { code: 'PERSONAL_ITEM', title: 'Personal item', cell: () => element('Personal item under the seat', 'INC') },
  {
    code: 'CARRY_ON',
    title: 'Carry-on bag',
    cell: (brand) => (brand.handBaggage.pieces > 0 ? element(pieces(brand.handBaggage, 'carry-on'), 'INC') : element('Carry-on for a fee', 'CHA')),
  },
  {
    code: 'CHECKED_BAG',
    title: 'Checked bag',
    cell: (brand) => (brand.checkedBaggage.pieces > 0 ? element(pieces(brand.checkedBaggage, 'checked bag'), 'INC') : element('Checked bag for a fee', 'CHA')),
  },
  { code: 'SEAT', title: 'Seat selection', cell: (brand) => element({ INC: 'Standard seat included', CHA: 'Seat for a fee', NOF: 'Seat at check-in' }[brand.seat], brand.seat) },
  { code: 'CHANGES', title: 'Changes', cell: (brand) => element({ INC: 'Free changes (fare difference)', CHA: 'Changes with a fee', NOF: 'No changes' }[brand.changes], brand.changes) },
  { code: 'REFUND', title: 'Refund', cell: (brand) => element({ INC: 'Refundable', CHA: 'Refund with a penalty', NOF: 'Non-refundable' }[brand.refund], brand.refund) },
  { code: 'MILES', title: 'Miles', cell: (brand) => element(brand.miles === 'NOF' ? 'No miles' : 'Earns miles', brand.miles) },
];

/** The comparison matrix of fare families: one row per service, one element per brand (INC/NOF/CHA). */
export function describeMatrix(brands: readonly Brand[]): MatrixRow[] {
  return rows.map((row) => ({ title: row.title, code: row.code, elements: brands.map(row.cell) }));
}

