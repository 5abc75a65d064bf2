import { DEFAULT_TERMINAL_ID } from '../../contract/common.ts';
import type { FlightType } from '../../contract/search.ts';

/** The terminal whose searches report a redirect conversion (spec 1 §6). */
export const REDIRECT_CONVERSION_TERMINAL_ID = '7759278';

export type SearchTag =
  | { event: 'vuelos.retargeting'; terminalId: string; route: string }
  | { event: 'vuelos.redirectConversion'; terminalId: string; redirectId: string | null };

/**
 * Spec 1 §6: a retargeting tag for the default terminal on searches that are not multi-city, and a
 * redirect-conversion tag for terminal 7759278 or whenever the search came with a redirectId.
 */
export function searchTags(search: { terminalId: string; flightType: FlightType; route: string; redirectId: string | null }): SearchTag[] {
  const tags: SearchTag[] = [];
  if (search.terminalId === DEFAULT_TERMINAL_ID && search.flightType !== 'MC') {
    tags.push({ event: 'vuelos.retargeting', terminalId: search.terminalId, route: search.route });
  }
  if (search.terminalId === REDIRECT_CONVERSION_TERMINAL_ID || search.redirectId) {
    tags.push({ event: 'vuelos.redirectConversion', terminalId: search.terminalId, redirectId: search.redirectId });
  }
  return tags;
}

declare global {
  interface Window {
    dataLayer?: object[];
  }
}

/** Tags go to the page's data layer; the channel's tag manager, when it has one, picks them up. */
export function pushTags(tags: SearchTag[]) {
  if (tags.length === 0 || typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(...tags);
}
