import type { Fee, Recommendation } from '../src/contract/search.ts';
import { displayedTotal, type AppliedMarkup } from './selection.ts';

/** Amounts in whole cents, so the lines add up exactly to the total (no float drift). */
export type Cents = number;

export const toCents = (amount: number): Cents => Math.round(amount * 100);
export const fromCents = (cents: Cents): number => cents / 100;

export type PassengerTypeCode = 'ADT' | 'CHD' | 'INF';

/** One passenger type: what one of them pays (fare, taxes, fees) × how many = the line's amount. */
export interface PassengerTypeLine {
  type: PassengerTypeCode;
  quantity: number;
  base: Cents;
  taxes: Cents;
  /** The offer's service fees (PAX) shared evenly among the seated passengers; infants pay none. */
  fees: Cents;
  /** base + taxes + fees for one passenger. */
  unit: Cents;
  /** unit × quantity. */
  amount: Cents;
}

/** Amounts charged once for the booking, not per passenger. */
export type BookingLineKind = 'serviceFees' | 'markups' | 'extraCharge' | 'adjustment';
export interface BookingLine {
  kind: BookingLineKind;
  amount: Cents;
}

export interface PriceBreakdown {
  lines: PassengerTypeLine[];
  bookingLines: BookingLine[];
  /** What the card shows as total (displayedTotal), in cents: lines + booking lines add up to it. */
  total: Cents;
  passengerCount: number;
}

const CUSTOM = 'CUSTOM';

/**
 * The card's price for the whole party, per passenger type (issue 20). The offer prices each type per
 * person (base, taxes); the service fees are per seated passenger (adults and children), so they are
 * shared among them when they divide evenly and shown once for the booking otherwise. Agency markups
 * and the extra charge are booking amounts. Anything the supplier's total holds beyond these parts is
 * an explicit adjustment line, so the lines always add up to the total to the cent.
 */
export function priceBreakdown(recommendation: Recommendation, fees: Fee[], markups: AppliedMarkup[]): PriceBreakdown {
  const { adults, children, infants } = recommendation.pricing.passengers;
  const types = [
    { type: 'ADT' as const, price: adults },
    { type: 'CHD' as const, price: children },
    { type: 'INF' as const, price: infants },
  ].flatMap(({ type, price }) => (price && price.quantity > 0 ? [{ type, price }] : []));
  const seated = types.filter(({ type }) => type !== 'INF').reduce((count, { price }) => count + price.quantity, 0);
  const serviceFees = fees.filter((fee) => fee.description !== CUSTOM).reduce((sum, fee) => sum + toCents(fee.amount), 0);
  const feesShared = seated > 0 && serviceFees % seated === 0;
  const feePerSeat = feesShared ? serviceFees / seated : 0;

  const lines = types.map(({ type, price }): PassengerTypeLine => {
    const base = toCents(price.base);
    const taxes = toCents(price.taxes);
    const feesEach = type === 'INF' ? 0 : feePerSeat;
    const unit = base + taxes + feesEach;
    return { type, quantity: price.quantity, base, taxes, fees: feesEach, unit, amount: unit * price.quantity };
  });

  const bookingLines: BookingLine[] = [];
  if (!feesShared && serviceFees !== 0) bookingLines.push({ kind: 'serviceFees', amount: serviceFees });
  const markupTotal = markups.reduce((sum, markup) => sum + toCents(markup.amount), 0);
  if (markupTotal !== 0) bookingLines.push({ kind: 'markups', amount: markupTotal });
  const extraCharge = fees.filter((fee) => fee.description === CUSTOM).reduce((sum, fee) => sum + toCents(fee.amount), 0);
  if (extraCharge !== 0) bookingLines.push({ kind: 'extraCharge', amount: extraCharge });

  const total = toCents(displayedTotal(recommendation, fees, markups));
  const counted = [...lines, ...bookingLines].reduce((sum, line) => sum + line.amount, 0);
  if (counted !== total) bookingLines.push({ kind: 'adjustment', amount: total - counted });

  return { lines, bookingLines, total, passengerCount: types.reduce((count, { price }) => count + price.quantity, 0) };
}

/** The consumer's view: service fees are part of the taxes (spec 1 §6). */
export const taxesWithFees = (line: PassengerTypeLine): Cents => line.taxes + line.fees;
