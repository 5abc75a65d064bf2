import { DEFAULT_TERMINAL_ID } from '../../../../contract/common.ts';
import type { Engine } from '../../../../contract/engine.ts';

/** How a card shows prices to whoever is looking (spec 1 §6). */
export interface CardAudience {
  /** An agency in B2B mode (/b/ address): commission, charges, extra charge, per-passenger breakdown, 'select'. */
  isAgencyView: boolean;
  /** US agencies in B2B mode see the commission (spec 1 §4). */
  showsCommission: boolean;
  /** Provider badges are hidden on the default terminal and for agencies outside B2B mode. */
  showsProvider: boolean;
  /** The taxes line reads 'taxes and charges' for one profile, except on its terminal 7479928 (spec 1 §6). */
  taxesAndCharges: boolean;
}

/**
 * The profile of spec 1 §6 whose channels say 'taxes and charges'; the spec does not print the id, so
 * the sandbox gives it to the Andes Travel profile. Its terminal 7479928 keeps 'taxes'.
 */
export const TAXES_AND_CHARGES_PROFILE_ID = 'AG-ANDES';
export const TAXES_ONLY_TERMINAL_ID = '7479928';

/** Campaign discounts carry their providers as the first part of the id; 'ALL' is no campaign (spec 1 §9). */
export function hasCampaignDiscount(discounts: Array<{ id: string; apply: boolean }>): boolean {
  return discounts.some((discount) => discount.apply && (discount.id.split('-')[0] ?? '').toUpperCase() !== 'ALL');
}

export function cardAudience(engine: Engine, business: boolean): CardAudience {
  const isAgencyView = engine.isAgency && business;
  return {
    isAgencyView,
    showsCommission: isAgencyView && engine.profile.countryCode === 'US',
    showsProvider: engine.id !== DEFAULT_TERMINAL_ID && (isAgencyView || !engine.isAgency),
    taxesAndCharges: engine.profile.id === TAXES_AND_CHARGES_PROFILE_ID && engine.id !== TAXES_ONLY_TERMINAL_ID,
  };
}
