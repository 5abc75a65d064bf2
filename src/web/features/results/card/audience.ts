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
}

export function cardAudience(engine: Engine, business: boolean): CardAudience {
  const isAgencyView = engine.isAgency && business;
  return {
    isAgencyView,
    showsCommission: isAgencyView && engine.profile.countryCode === 'US',
    showsProvider: engine.id !== DEFAULT_TERMINAL_ID && (isAgencyView || !engine.isAgency),
  };
}
