import type { Language } from '../../../contract/common.ts';
import type { FareInclusions } from '../../../contract/fare-inclusions.ts';
import { fareInclusions } from '../../domain/fare-inclusions.ts';
import type { CabinCode } from './carriers.ts';

/** How a service is sold with a brand: the matrix indicators of spec 1 §3. */
export type ServiceIndicator = 'INC' | 'NOF' | 'CHA';

export interface Baggage {
  pieces: number;
  weight: number | null;
}

export interface Brand {
  code: string;
  name: string;
  /** A name that is a word rather than a brand ('Tarifa base') comes in each language. */
  nameTranslations?: Partial<Record<Language, string>>;
  color: string;
  /** Copa's own brand code (the catalogue's copaCode); null for every other airline. */
  copaCode: string | null;
  cabin: CabinCode;
  /** Multiplier over the cabin's entry brand. */
  priceFactor: number;
  handBaggage: Baggage;
  checkedBaggage: Baggage;
  seat: ServiceIndicator;
  changes: ServiceIndicator;
  refund: ServiceIndicator;
  miles: ServiceIndicator;
  /**
   * What the brand includes once spec 1 §5's rules apply (computed once, with the catalogue): results,
   * the fare comparison and checkout read this, never handBaggage directly.
   */
  inclusions: FareInclusions;
}

const personalOnly: Baggage = { pieces: 0, weight: null };
const carryOn = (weight: number): Baggage => ({ pieces: 1, weight });
const noBag: Baggage = { pieces: 0, weight: null };
const bags = (pieces: number, weight: number): Baggage => ({ pieces, weight });

type BrandInput = Omit<Brand, 'copaCode' | 'cabin' | 'refund' | 'miles' | 'inclusions'> &
  Partial<Pick<Brand, 'copaCode' | 'cabin' | 'refund' | 'miles'>>;
type BrandFacts = Omit<Brand, 'inclusions'>;

const brand = (input: BrandInput): BrandFacts => ({ copaCode: null, cabin: 'Y', refund: 'NOF', miles: 'INC', ...input });

/**
 * Branded fare families per airline (airline-facts.md §1), entry brand first in each cabin. Brand
 * codes follow the spec where it names one (H2 ZERO, LA QP, UA ECOBASIC, B6 DN, AV XS, JA/JZ G3,
 * DM COMFORT); the others are readable stand-ins because public brand-code tables were not found.
 */
const catalogue: Readonly<Record<string, readonly BrandFacts[]>> = {
  LA: [
    brand({ code: 'QP', name: 'Basic', color: '#9aa5b1', priceFactor: 1, handBaggage: personalOnly, checkedBaggage: noBag, seat: 'CHA', changes: 'CHA', miles: 'NOF' }),
    brand({ code: 'SL', name: 'Light', color: '#5c7cfa', priceFactor: 1.14, handBaggage: carryOn(10), checkedBaggage: noBag, seat: 'CHA', changes: 'CHA' }),
    brand({ code: 'SE', name: 'Standard', color: '#1c3faa', priceFactor: 1.32, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'CHA', refund: 'CHA' }),
    brand({ code: 'SF', name: 'Full', color: '#e8114b', priceFactor: 1.75, handBaggage: carryOn(10), checkedBaggage: bags(2, 23), seat: 'INC', changes: 'INC', refund: 'INC' }),
    brand({ code: 'RA', name: 'Premium Economy', color: '#6b2c91', cabin: 'W', priceFactor: 1, handBaggage: carryOn(16), checkedBaggage: bags(2, 23), seat: 'INC', changes: 'CHA', refund: 'CHA' }),
    brand({ code: 'EV', name: 'Premium Business', color: '#2d0a3e', cabin: 'C', priceFactor: 1, handBaggage: carryOn(16), checkedBaggage: bags(3, 23), seat: 'INC', changes: 'INC', refund: 'INC' }),
  ],
  H2: [
    brand({ code: 'ZERO', name: 'Zero', color: '#7fc8f8', priceFactor: 1, handBaggage: personalOnly, checkedBaggage: noBag, seat: 'CHA', changes: 'CHA', miles: 'NOF' }),
    brand({ code: 'LIGHT', name: 'Light', color: '#2a9df4', priceFactor: 1.16, handBaggage: carryOn(12), checkedBaggage: noBag, seat: 'CHA', changes: 'CHA', miles: 'NOF' }),
    brand({ code: 'PLUS', name: 'Plus', color: '#0b3c8c', priceFactor: 1.42, handBaggage: carryOn(12), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'CHA', miles: 'NOF' }),
  ],
  ...Object.fromEntries(
    ['JA', 'JZ'].map((code) => [
      code,
      [
        brand({ code: 'G3', name: 'Tarifa base', nameTranslations: { es: 'Tarifa base', en: 'Basic fare' }, color: '#a3b1c6', priceFactor: 1, handBaggage: personalOnly, checkedBaggage: noBag, seat: 'CHA', changes: 'CHA', miles: 'NOF' }),
        brand({ code: 'SMART', name: 'Pack SMART', color: '#1b4fd8', priceFactor: 1.55, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'INC', miles: 'NOF' }),
        brand({ code: 'FULL', name: 'Pack FULL', color: '#e30613', priceFactor: 1.68, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'INC', miles: 'NOF' }),
      ],
    ]),
  ),
  AV: [
    brand({ code: 'XS', name: 'Basic', color: '#c9c9c9', priceFactor: 1, handBaggage: personalOnly, checkedBaggage: noBag, seat: 'CHA', changes: 'CHA' }),
    brand({ code: 'S', name: 'Light', color: '#f27e7e', priceFactor: 1.12, handBaggage: carryOn(10), checkedBaggage: noBag, seat: 'CHA', changes: 'CHA' }),
    brand({ code: 'M', name: 'Classic', color: '#e2231a', priceFactor: 1.3, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'CHA' }),
    brand({ code: 'L', name: 'Flex', color: '#8a0f0a', priceFactor: 1.65, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'INC', refund: 'INC' }),
    brand({ code: 'XL', name: 'Business', color: '#1d1d1b', cabin: 'C', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: bags(2, 32), seat: 'INC', changes: 'CHA' }),
  ],
  CM: [
    brand({ code: 'EB', name: 'Economy Basic', copaCode: 'BASIC', color: '#9fb4c7', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: noBag, seat: 'CHA', changes: 'NOF' }),
    brand({ code: 'EC', name: 'Economy Classic', copaCode: 'CLASSIC', color: '#0032a0', priceFactor: 1.18, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'CHA' }),
    brand({ code: 'EF', name: 'Economy Full', copaCode: 'FULL', color: '#001e60', priceFactor: 1.5, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'INC', refund: 'INC' }),
    brand({ code: 'BF', name: 'Business Full', copaCode: 'BUSINESSFULL', color: '#b08d57', cabin: 'C', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: bags(2, 32), seat: 'INC', changes: 'INC', refund: 'INC' }),
  ],
  AR: [
    brand({ code: 'PROMO', name: 'Promo', color: '#9cc3e6', priceFactor: 1, handBaggage: personalOnly, checkedBaggage: noBag, seat: 'CHA', changes: 'NOF' }),
    brand({ code: 'BASE', name: 'Base', color: '#5a9bd5', priceFactor: 1.1, handBaggage: carryOn(8), checkedBaggage: noBag, seat: 'CHA', changes: 'CHA' }),
    brand({ code: 'PLUS', name: 'Plus', color: '#1f5fa8', priceFactor: 1.25, handBaggage: carryOn(8), checkedBaggage: bags(1, 15), seat: 'CHA', changes: 'CHA' }),
    brand({ code: 'FLEX', name: 'Flex', color: '#0a2f66', priceFactor: 1.55, handBaggage: carryOn(8), checkedBaggage: bags(1, 15), seat: 'INC', changes: 'INC', refund: 'INC' }),
    brand({ code: 'CLUB', name: 'Club Cóndor', color: '#7a5c1e', cabin: 'C', priceFactor: 1, handBaggage: carryOn(8), checkedBaggage: bags(2, 32), seat: 'INC', changes: 'INC' }),
  ],
  UX: [
    brand({ code: 'LITE', name: 'Lite', color: '#8ab4d8', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: noBag, seat: 'CHA', changes: 'CHA' }),
    brand({ code: 'STANDARD', name: 'Standard', color: '#1a61a8', priceFactor: 1.2, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'CHA' }),
    brand({ code: 'FLEX', name: 'Flex', color: '#0b2f5b', priceFactor: 1.6, handBaggage: carryOn(10), checkedBaggage: bags(2, 23), seat: 'INC', changes: 'INC', refund: 'INC' }),
    brand({ code: 'BUSINESS', name: 'Business', color: '#c49a3a', cabin: 'C', priceFactor: 1, handBaggage: carryOn(14), checkedBaggage: bags(2, 32), seat: 'INC', changes: 'CHA' }),
  ],
  DM: [
    brand({ code: 'BASIC', name: 'Basic', color: '#b3a1d6', priceFactor: 1, handBaggage: personalOnly, checkedBaggage: noBag, seat: 'CHA', changes: 'NOF', miles: 'NOF' }),
    brand({ code: 'CLASSIC', name: 'Classic', color: '#7b5bb5', priceFactor: 1.15, handBaggage: carryOn(12), checkedBaggage: noBag, seat: 'INC', changes: 'CHA', miles: 'NOF' }),
    brand({ code: 'COMFORT', name: 'Comfort', color: '#4a2c8a', priceFactor: 1.3, handBaggage: personalOnly, checkedBaggage: bags(1, 23), seat: 'INC', changes: 'CHA', miles: 'NOF' }),
    brand({ code: 'EXTRA', name: 'Extra', color: '#22104f', priceFactor: 1.55, handBaggage: carryOn(12), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'INC', miles: 'NOF' }),
  ],
  UA: [
    brand({ code: 'ECOBASIC', name: 'Basic Economy', color: '#8c9bab', priceFactor: 1, handBaggage: personalOnly, checkedBaggage: noBag, seat: 'NOF', changes: 'NOF' }),
    brand({ code: 'ECONOMY', name: 'Economy', color: '#0033a0', priceFactor: 1.2, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'CHA' }),
    brand({ code: 'ECOFLEX', name: 'Economy Flexible', color: '#001b5e', priceFactor: 1.6, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'INC', refund: 'INC' }),
    brand({ code: 'PREMPLUS', name: 'Premium Plus', color: '#5b6770', cabin: 'W', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: bags(2, 23), seat: 'INC', changes: 'CHA' }),
    brand({ code: 'POLARIS', name: 'Polaris Business', color: '#0c2340', cabin: 'C', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: bags(2, 32), seat: 'INC', changes: 'INC' }),
  ],
  B6: [
    brand({ code: 'DN', name: 'Blue Basic', color: '#7ab8e8', priceFactor: 1, handBaggage: personalOnly, checkedBaggage: noBag, seat: 'CHA', changes: 'CHA' }),
    brand({ code: 'BLUE', name: 'Blue', color: '#0033a0', priceFactor: 1.12, handBaggage: carryOn(10), checkedBaggage: noBag, seat: 'INC', changes: 'INC' }),
    brand({ code: 'BLUEEXTRA', name: 'Blue Extra', color: '#00205b', priceFactor: 1.35, handBaggage: carryOn(10), checkedBaggage: noBag, seat: 'INC', changes: 'INC', refund: 'INC' }),
    brand({ code: 'BLUEPLUS', name: 'Blue Plus', color: '#3e5c9a', priceFactor: 1.28, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'INC' }),
    brand({ code: 'MINT', name: 'Mint', color: '#00a79d', cabin: 'C', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: bags(2, 32), seat: 'INC', changes: 'INC', refund: 'INC' }),
  ],
  AA: [
    brand({ code: 'BASIC', name: 'Basic Economy', color: '#9da6ab', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: noBag, seat: 'CHA', changes: 'NOF' }),
    brand({ code: 'MAIN', name: 'Main Cabin', color: '#0078d2', priceFactor: 1.18, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'INC' }),
    brand({ code: 'MAINFLEX', name: 'Main Cabin Flexible', color: '#36495a', priceFactor: 1.6, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'INC', refund: 'INC' }),
    brand({ code: 'PREMECO', name: 'Premium Economy', color: '#627a88', cabin: 'W', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: bags(2, 23), seat: 'INC', changes: 'INC' }),
    brand({ code: 'BUSINESS', name: 'Business', color: '#c30019', cabin: 'C', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: bags(2, 32), seat: 'INC', changes: 'INC' }),
    brand({ code: 'FIRST', name: 'Flagship First', color: '#0b1f2a', cabin: 'F', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: bags(3, 32), seat: 'INC', changes: 'INC', refund: 'INC' }),
  ],
  IB: [
    brand({ code: 'BASIC', name: 'Basic', color: '#f4a9a8', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: noBag, seat: 'CHA', changes: 'CHA' }),
    brand({ code: 'OPTIMA', name: 'Optima', color: '#d7192d', priceFactor: 1.2, handBaggage: carryOn(10), checkedBaggage: bags(1, 23), seat: 'INC', changes: 'CHA' }),
    brand({ code: 'COMFORT', name: 'Comfort', color: '#8b0d1c', priceFactor: 1.5, handBaggage: carryOn(10), checkedBaggage: bags(2, 23), seat: 'INC', changes: 'INC', refund: 'CHA' }),
    brand({ code: 'PREMIUM', name: 'Turista Premium', color: '#f2b705', cabin: 'W', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: bags(2, 23), seat: 'INC', changes: 'CHA' }),
    brand({ code: 'BUSINESS', name: 'Business', color: '#2b2b2b', cabin: 'C', priceFactor: 1, handBaggage: carryOn(14), checkedBaggage: bags(2, 32), seat: 'INC', changes: 'INC' }),
  ],
  AM: [
    brand({ code: 'BASIC', name: 'Basic', color: '#a1b3c7', priceFactor: 1, handBaggage: personalOnly, checkedBaggage: noBag, seat: 'NOF', changes: 'NOF' }),
    brand({ code: 'CLASSIC', name: 'Classic', color: '#0b2343', priceFactor: 1.2, handBaggage: carryOn(10), checkedBaggage: bags(1, 25), seat: 'INC', changes: 'CHA' }),
    brand({ code: 'AMPLUS', name: 'AM Plus', color: '#2d6cc0', priceFactor: 1.45, handBaggage: carryOn(10), checkedBaggage: bags(1, 25), seat: 'INC', changes: 'CHA' }),
    brand({ code: 'PREMIER', name: 'Premier', color: '#8c6d2c', cabin: 'C', priceFactor: 1, handBaggage: carryOn(10), checkedBaggage: bags(2, 32), seat: 'INC', changes: 'INC' }),
  ],
};

export const brandsByAirline: Readonly<Record<string, readonly Brand[]>> = Object.fromEntries(
  Object.entries(catalogue).map(([airlineCode, brands]) => [
    airlineCode,
    brands.map((facts): Brand => ({ ...facts, inclusions: fareInclusions({ airlineCode, fareCode: facts.code, ...facts }) })),
  ]),
);

/** The brands an airline sells in a cabin, entry brand first. */
export function brandsFor(airline: string, cabin: CabinCode): readonly Brand[] {
  return (brandsByAirline[airline] ?? []).filter((candidate) => candidate.cabin === cabin);
}
