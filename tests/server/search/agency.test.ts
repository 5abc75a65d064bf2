import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commissionResponseSchema, issueTokenResponseSchema, markupResponseSchema } from '../../../src/contract/agency.ts';
import { apiErrorSchema, TOKEN_EXEMPT_TERMINAL_ID } from '../../../src/contract/common.ts';
import { searchResponseFromWireSchema, type Recommendation } from '../../../src/contract/search.ts';
import { devAgencyApiKeys } from '../../../src/server/db/seed/search.ts';
import { agencyApiKeys, markupRules } from '../../../src/server/db/schema/index.ts';
import { issueSearchToken } from '../../../src/server/domain/search-token.ts';
import { eq } from 'drizzle-orm';
import { startTestApi } from '../../support/server.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const andes = '2113855';
const miamiSur = '7200983';
const consumer = '9132868';
const searchBody = (terminalId: string, token?: string) => ({
  flightType: 'OW',
  terminalId,
  token,
  itinerary: [{ origin: 'LIM', destination: 'CUZ', date: '2026-12-10' }],
  passengers: { adults: 2, children: 1, infants: 1 },
});

async function tokenFor(terminalId: string, ttlMinutes = 60, apiKey = devAgencyApiKeys[terminalId]) {
  const response = await api.app.request('/api/agency/tokens', {
    method: 'POST',
    body: JSON.stringify({ terminalId, ttlMinutes }),
    headers: { 'content-type': 'application/json', ...(apiKey ? { 'x-api-key': apiKey } : {}) },
  });
  return response;
}

async function issuedToken(terminalId: string, ttlMinutes = 60): Promise<string> {
  const response = await tokenFor(terminalId, ttlMinutes);
  expect(response.status).toBe(200);
  return issueTokenResponseSchema.parse(await response.json()).data.token;
}

async function searchAs(terminalId: string, token?: string) {
  const response = await api.json('/api/flights/search', searchBody(terminalId, token));
  return { status: response.status, body: (await response.json()) as unknown };
}

async function firstOffer(terminalId: string, token?: string): Promise<Recommendation> {
  const { status, body } = await searchAs(terminalId, token);
  expect(status).toBe(200);
  return searchResponseFromWireSchema.parse(body).data[0] as Recommendation;
}

describe('agency search tokens', () => {
  it('issues a token for the agency key and lets that agency search', async () => {
    const response = await tokenFor(andes, 30);
    const { data } = issueTokenResponseSchema.parse(await response.json());
    expect(data.terminalId).toBe(andes);
    expect(data.expiresAt).toBe(new Date(api.deps.now().getTime() + 30 * 60_000).toISOString());
    expect((await searchAs(andes, data.token)).status).toBe(200);
  });

  it('refuses to issue tokens without the right key', async () => {
    expect((await tokenFor(andes, 60, 'not-a-key')).status).toBe(401);
    expect((await tokenFor(andes, 60, devAgencyApiKeys[miamiSur])).status).toBe(401);
    const missing = await tokenFor(andes, 60, '');
    expect(apiErrorSchema.parse(await missing.json()).code).toBe('INVALID_API_KEY');
  });

  it('answers 402 Token inexistente when an agency terminal sends no token', async () => {
    const { status, body } = await searchAs(andes);
    expect(status).toBe(402);
    expect(apiErrorSchema.parse(body)).toMatchObject({ status: 402, code: 402 });
  });

  it('answers 401 Token inválido for forged, expired and other agencies’ tokens', async () => {
    const genuine = await issuedToken(andes, 5);
    const forged = `${genuine.slice(0, -3)}AAA`;
    const otherAgency = await issuedToken(miamiSur);
    const [andesKey] = await api.deps.db.select().from(agencyApiKeys).where(eq(agencyApiKeys.terminalId, andes));
    const grant = { terminalId: andes, keyId: andesKey!.id };
    // Signed with another secret, or with the development default this repository once committed.
    const wrongSecret = issueSearchToken(grant, api.deps.now(), 60, 'another-secret').token;
    const committedSecret = issueSearchToken(grant, api.deps.now(), 60 * 24 * 365 * 70, 'vuelos-dev-search-token-secret').token;
    for (const token of [forged, otherAgency, wrongSecret, committedSecret, 'garbage']) {
      const { status, body } = await searchAs(andes, token);
      expect(status).toBe(401);
      expect(apiErrorSchema.parse(body).message).toContain('Token inválido');
    }
    api.clock.advanceMinutes(6);
    const expired = await searchAs(andes, genuine);
    expect(expired.status).toBe(401);
    expect(apiErrorSchema.parse(expired.body).errors[0]?.code).toBe('expired');
  });

  it('stops accepting the tokens of a revoked API key', async () => {
    const token = await issuedToken(andes);
    expect((await searchAs(andes, token)).status).toBe(200);
    await api.deps.db.update(agencyApiKeys).set({ revokedAt: api.deps.now() }).where(eq(agencyApiKeys.terminalId, andes));
    const revoked = await searchAs(andes, token);
    expect(revoked.status).toBe(401);
    expect(apiErrorSchema.parse(revoked.body).errors[0]?.code).toBe('revoked-key');
    expect((await tokenFor(andes)).status).toBe(401);
    await api.deps.db.update(agencyApiKeys).set({ revokedAt: null }).where(eq(agencyApiKeys.terminalId, andes));
  });

  it('lets the exempt agency 0604596344 and consumer terminals search without a token', async () => {
    expect((await searchAs(TOKEN_EXEMPT_TERMINAL_ID)).status).toBe(200);
    expect((await searchAs(consumer)).status).toBe(200);
    expect((await searchAs('9132869', 'ignored-for-consumers')).status).toBe(200);
  });
});

describe('B2C/B2B split', () => {
  it('shows commission to agencies and never to consumers', async () => {
    const agencyOffer = await firstOffer(TOKEN_EXEMPT_TERMINAL_ID);
    expect(typeof agencyOffer.pricing.commission).toBe('number');
    const consumerOffer = await firstOffer(consumer);
    expect(consumerOffer.pricing.commission).toBeNull();
  });

  it('refuses commission and markups to consumer terminals', async () => {
    const offer = await firstOffer(consumer);
    const commission = await api.json('/api/flights/commission', { id: offer.id, terminalId: consumer });
    expect(commission.status).toBe(403);
    expect(apiErrorSchema.parse(await commission.json()).code).toBe('AGENCY_ONLY');
    const markups = await api.json('/api/flights/markups/apply', { engineCode: consumer, recommendationId: offer.id });
    expect(markups.status).toBe(403);
  });

  it('needs the agency token for commission and markups too', async () => {
    const offer = await firstOffer(consumer);
    expect((await api.json('/api/flights/commission', { id: offer.id, terminalId: miamiSur })).status).toBe(402);
    expect((await api.json('/api/flights/markups/apply', { engineCode: andes, recommendationId: offer.id, token: 'bad' })).status).toBe(401);
  });

  it('gives the US agency the commission of a LATAM offer', async () => {
    const token = await issuedToken(miamiSur);
    const { body } = await searchAs(miamiSur, token);
    const offer = searchResponseFromWireSchema.parse(body).data.find((candidate) => candidate.pricing.validatingAirline === 'LA') as Recommendation;
    const response = await api.json('/api/flights/commission', { id: offer.id, terminalId: miamiSur, token });
    const { data } = commissionResponseSchema.parse(await response.json());
    expect(data).toEqual({ recommendationId: offer.id, details: { isApplied: true, amount: Math.round(offer.pricing.base * 0.01 * 100) / 100 } });
  });
});

describe('markups stored per agency terminal', () => {
  it('applies each active rule of the terminal by its kind', async () => {
    const token = await issuedToken(andes);
    const offer = (await firstOffer(andes, token)) as Recommendation;
    const { adults, children } = offer.pricing.passengers;
    const response = await api.json('/api/flights/markups/apply', { engineCode: andes, recommendationId: offer.id, token });
    const { data } = markupResponseSchema.parse(await response.json());
    const byId = Object.fromEntries(data.markups.map((markup) => [markup.id, markup]));
    // Fixed 15 per adult and child.
    expect(byId['MK-ANDES-SERVICE']).toMatchObject({ amount: 45, description: 'PAX', name: 'Cargo por servicio', nameTranslations: { en: 'Service charge' } });
    // 4% of the base of every passenger, per booking.
    expect(byId['MK-ANDES-PROFIT']?.amount).toBeCloseTo(offer.pricing.base * 0.04, 2);
    expect(byId['MK-ANDES-PROFIT']?.description).toBe('CUSTOM');
    // Cash-only and LATAM-only rules wait for their payment method or airline; the inactive one never applies.
    expect(byId['MK-ANDES-CASH']).toBeUndefined();
    expect(byId['MK-ANDES-OLD']).toBeUndefined();
    // 2% of the adults' total, only when LATAM validates.
    const latamShare = offer.pricing.validatingAirline === 'LA' ? Math.round(adults.total * 2 * 0.02 * 100) / 100 : undefined;
    expect(byId['MK-ANDES-LA']?.amount).toBe(latamShare);
    expect(data.markups.map((markup) => markup.rph)).toEqual(data.markups.map((_, index) => index + 1));
    expect(children?.quantity).toBe(1);

    const cash = await api.json('/api/flights/markups/apply', { engineCode: andes, recommendationId: offer.id, token, paymentMethod: 102 });
    const withCash = markupResponseSchema.parse(await cash.json()).data.markups;
    expect(withCash.find((markup) => markup.id === 'MK-ANDES-CASH')).toMatchObject({ amount: 10, description: 'CUSTOM' });
  });

  it('reads the rules from the database, so a changed rule changes the markup', async () => {
    const offer = await firstOffer(TOKEN_EXEMPT_TERMINAL_ID);
    await api.database.db.update(markupRules).set({ value: 35 }).where(eq(markupRules.id, 'MK-PACIFICO-FEE'));
    const response = await api.json('/api/flights/markups/apply', { engineCode: TOKEN_EXEMPT_TERMINAL_ID, recommendationId: offer.id });
    expect(markupResponseSchema.parse(await response.json()).data.markups).toEqual([
      { id: 'MK-PACIFICO-FEE', name: 'Fee de emisión', nameTranslations: { en: 'Issuing fee' }, amount: 35, description: 'CUSTOM', rph: 1, brandedFares: offer.brandedFares },
    ]);
    await api.database.db.update(markupRules).set({ active: false }).where(eq(markupRules.id, 'MK-PACIFICO-FEE'));
    const none = await api.json('/api/flights/markups/apply', { engineCode: TOKEN_EXEMPT_TERMINAL_ID, recommendationId: offer.id });
    expect(markupResponseSchema.parse(await none.json()).data).toMatchObject({ markups: [], error: 'Esta recomendación no aplica markups' });
  });

  it('answers 400 for an offer id it never issued', async () => {
    const response = await api.json('/api/flights/markups/apply', { engineCode: TOKEN_EXEMPT_TERMINAL_ID, recommendationId: 'sbx.bm9wZQ' });
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).code).toBe('UNKNOWN_OFFER');
  });
});


