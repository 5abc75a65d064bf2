/**
 * What this browser holds to act on a booking after it was made (issue 36): the grants the server answered
 * (manage booking by PNR + last name, the mailed link, the confirmation page) and the agency's search token
 * from the sales platform's link. Each call on a booking sends what proves a right to that booking only.
 */
import { AGENCY_TOKEN_HEADER, BOOKING_GRANT_HEADER, type BookingGrant } from '../../contract/access.ts';

const GRANT_PREFIX = 'vuelos.bookingGrant.';
const AGENCY_TOKEN_NAME = 'vuelos.agencyToken';
const grantsOfThisPage = new Map<string, BookingGrant>();

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const live = (grant: BookingGrant | null | undefined): grant is BookingGrant => Boolean(grant) && Date.parse(grant!.expiresAt) > Date.now();

/** Keeps a grant under each name the pages know its booking by: order id, record locator and session. */
export function rememberGrant(grant: BookingGrant) {
  const names = [grant.orderId, grant.pnr, grant.sessionId];
  for (const name of names) grantsOfThisPage.set(name, grant);
  const store = storage();
  if (!store) return;
  try {
    for (const name of names) store.setItem(`${GRANT_PREFIX}${name}`, JSON.stringify(grant));
  } catch {
    // A full or refused storage: the grant still serves this page.
  }
}

function grantOf(name: string): BookingGrant | null {
  const here = grantsOfThisPage.get(name);
  if (live(here)) return here;
  try {
    const kept = JSON.parse(storage()?.getItem(`${GRANT_PREFIX}${name}`) ?? 'null') as BookingGrant | null;
    return live(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** The X-Booking-Grant header for the booking an order id, record locator or session id names, when one is held. */
export function grantHeaders(name: string): Record<string, string> {
  const grant = grantOf(name);
  return grant ? { [BOOKING_GRANT_HEADER]: grant.token } : {};
}

/** Keeps the agency's search token of the sales platform's link (`?token=` on the agency's pages). */
export function rememberAgencyToken(token: string) {
  try {
    window.sessionStorage.setItem(AGENCY_TOKEN_NAME, token);
  } catch {
    // Refused storage: the token stays in the page's address.
  }
}

/** The X-Agency-Token header of this tab's agent, when it came through the sales platform's link. */
export function agencyHeaders(): Record<string, string> {
  let token: string | null = null;
  try {
    token = window.sessionStorage.getItem(AGENCY_TOKEN_NAME);
  } catch {
    token = null;
  }
  return token ? { [AGENCY_TOKEN_HEADER]: token } : {};
}
