import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../../src/contract/common.ts';
import { SCOTIABANK_CANNOT_RESERVE, scotiabankLookupResponseSchema } from '../../../src/contract/scotiabank.ts';
import { bookings } from '../../../src/server/db/schema/index.ts';
import { startTestApi } from '../../support/server.ts';
import { book, bookingFor, familySearch, flightsOf, newSession, ownerHeaders, sandboxCard, searchOffers, type TestApi } from './support.ts';

/** The Scotiabank card's lookup (123, spec 2 §7) and the booking's own check of it; the test clock reads 2026-11-21 15:00 UTC. */
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const oneWay = (origin: string, destination: string, date: string) => ({ ...familySearch, flightType: 'OW' as const, itinerary: [{ origin, destination, date }] });

/** A session of the search's first offer, as the results page leaves it, and the lookup its owner asks. */
async function lookupFor(search: typeof familySearch | ReturnType<typeof oneWay>) {
  const [offer] = await searchOffers(api, search);
  const sessionID = await newSession(api, { searchParams: search, flights: flightsOf(offer!), recommendation: offer });
  const response = await api.app.request(`/api/checkout/scotiabank?sessionID=${sessionID}`, { headers: ownerHeaders(sessionID) });
  return { offer: offer!, sessionID, response };
}

async function bookWithScotiabank(search: typeof familySearch | ReturnType<typeof oneWay>) {
  const [offer] = await searchOffers(api, search);
  const request = await bookingFor(api, offer!, {}, search as typeof familySearch);
  const card = await sandboxCard(api);
  return book(api, { ...request, bookForm: { ...request.bookForm, contact: { ...request.bookForm.contact, invoice: false }, payment: 123, paymentCreditCard: card } });
}

describe('the Scotiabank card lookup (123)', () => {
  it('lets the card reserve a trip from Lima that leaves in four weeks, and answers no one but the session’s owner', async () => {
    const { sessionID, response } = await lookupFor(familySearch);
    expect(response.status).toBe(200);
    expect(scotiabankLookupResponseSchema.parse(await response.json()).data).toEqual({ reservable: true, refusal: null });
    const stranger = await api.app.request(`/api/checkout/scotiabank?sessionID=${sessionID}`);
    expect(stranger.status).toBe(403);
    const unknown = await api.app.request(`/api/checkout/scotiabank?sessionID=${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
  });

  it('cannot reserve a trip leaving in under 48 hours: the lookup says so and the booking with 123 is refused, nothing booked', async () => {
    const search = oneWay('LIM', 'CUZ', '2026-11-22');
    const { response } = await lookupFor(search);
    expect(scotiabankLookupResponseSchema.parse(await response.json()).data).toEqual({ reservable: false, refusal: 'DEPARTURE_TOO_SOON' });
    const before = (await api.deps.db.select({ id: bookings.id }).from(bookings)).length;
    const refused = await bookWithScotiabank(search);
    expect(refused.status).toBe(400);
    expect(apiErrorSchema.parse(refused.body).errors.map((issue) => issue.code)).toContain(SCOTIABANK_CANNOT_RESERVE);
    expect((await api.deps.db.select({ id: bookings.id }).from(bookings)).length).toBe(before);
  });

  it('cannot reserve a trip that starts outside Peru (Miami–Lima)', async () => {
    const search = oneWay('MIA', 'LIM', '2026-12-18');
    const { response } = await lookupFor(search);
    expect(scotiabankLookupResponseSchema.parse(await response.json()).data).toEqual({ reservable: false, refusal: 'ORIGIN_OUTSIDE_PERU' });
    const refused = await bookWithScotiabank(search);
    expect(refused.status).toBe(400);
    expect(apiErrorSchema.parse(refused.body).errors.map((issue) => issue.code)).toContain(SCOTIABANK_CANNOT_RESERVE);
  });

  it('books the trip the lookup accepted with the same card', async () => {
    const { status, result } = await bookWithScotiabank(familySearch);
    expect(status).toBe(200);
    expect(result.statusCode).toBe(1);
  });
});
