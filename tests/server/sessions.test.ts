import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiErrorSchema } from '../../src/contract/common.ts';
import { getSessionResponseSchema, saveSessionResponseSchema, type ServerSessionPart } from '../../src/contract/session.ts';
import { SERVER_OWNED_PART_MESSAGE, SERVER_SESSION_PARTS, sessionDataSchema } from '../../src/contract/session-store.ts';
import { searchRequestSchema } from '../../src/contract/search.ts';
import { bookings, sessions } from '../../src/server/db/schema/index.ts';
import { bookingResult, limCuzFlights, limCuzRecommendation, limCuzSearchParams } from '../../src/contract/fixtures/checkout.ts';
import { airBook, orderAncillaries, orderTransaction } from '../../src/contract/fixtures/postsale.ts';
import { ApiFailure, UNKNOWN_FIELD_MESSAGE } from '../../src/server/errors.ts';
import { updateSession } from '../../src/server/services/sessions.ts';
import { positiveNumberSetting } from '../../src/server/settings.ts';
import { startTestApi } from '../support/server.ts';
import { newSession, ownerKeyOf, saveToSession } from './checkout/support.ts';

let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

/** The search as the browser saves it: the request the contract parsed (the spec's extra fields dropped). */
const searchParams = searchRequestSchema.parse(limCuzSearchParams);

const createSession = (body: unknown = { searchParams }) => newSession(api, body);

async function readSession(id: string) {
  return api.request(`/api/sessions?id=${id}`);
}

describe('POST /api/sessions/save', () => {
  it('creates a session whose search parameters are stored in the database', async () => {
    const id = await createSession();
    const [row] = await api.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.data.searchParams?.itinerary.map((leg) => `${leg.origin}-${leg.destination}`)).toEqual(
      searchParams.itinerary.map((leg) => `${leg.origin}-${leg.destination}`),
    );
  });

  it('merges a later save into the session without losing earlier parts', async () => {
    const id = await createSession();
    const selection = { recommendation: limCuzRecommendation, flights: limCuzFlights, originalFee: limCuzRecommendation.pricing.fees, originalDiscounts: [] };
    const saved = await saveToSession(api, id, selection);
    expect(saveSessionResponseSchema.parse(await saved.json()).sessionID).toBe(id);
    const { data } = getSessionResponseSchema.parse(await (await readSession(id)).json());
    expect(data.searchParams?.flightType).toBe(searchParams.flightType);
    expect(data.recommendation?.id).toBe(limCuzRecommendation.id);
    expect(data.flights?.map((flight) => flight.id)).toEqual(limCuzFlights.map((flight) => flight.id));
    expect(data.sessionID).toBe(id);
  });

  it('keeps both parts when two saves of the same session race', async () => {
    const id = await createSession();
    const saves = await Promise.all([
      saveToSession(api, id, { recommendation: limCuzRecommendation, flights: limCuzFlights }),
      saveToSession(api, id, { originalFee: limCuzRecommendation.pricing.fees }),
    ]);
    expect(saves.map((response) => response.status)).toEqual([200, 200]);
    const { data } = getSessionResponseSchema.parse(await (await readSession(id)).json());
    expect(data.recommendation?.id).toBe(limCuzRecommendation.id);
    expect(data.originalFee).toEqual(limCuzRecommendation.pricing.fees);
  });

  // The browser proposes; the server decides: booking results, payment state, seats and extras sold and
  // post-sale answers are written by the server's services only, never by a save.
  const serverParts: Record<ServerSessionPart, unknown> = {
    booking: bookingResult,
    bookForm: {},
    paymentWasProcessed: true,
    seats: { selected: [] },
    selectedExtras: {},
    ancilliaries: {},
    bookSeatsRQ: {},
    bookSeatsRS: {},
    transaction: {},
    extrasAfterBooking: [],
  };
  it.each(Object.entries(serverParts))('refuses the server-owned part %s with a 400 naming it, on a new or a live session, and stores nothing', async (part, value) => {
    const before = (await api.database.db.select().from(sessions)).length;
    const created = await api.json('/api/sessions/save', { searchParams, [part]: value });
    expect(created.status).toBe(400);
    expect(apiErrorSchema.parse(await created.json()).errors).toContainEqual(expect.objectContaining({ path: `json.${part}`, value: SERVER_OWNED_PART_MESSAGE }));
    expect((await api.database.db.select().from(sessions)).length).toBe(before);
    const id = await createSession();
    const merged = await saveToSession(api, id, { [part]: value });
    expect(merged.status).toBe(400);
    const { data } = getSessionResponseSchema.parse(await (await readSession(id)).json());
    expect(data[part as keyof typeof data]).toBeUndefined();
  });

  it('lists every part of the session as either the browser’s or the server’s', () => {
    expect(Object.keys(serverParts).sort()).toEqual([...SERVER_SESSION_PARTS].sort());
  });

  it('answers 400 naming the field when a part does not follow the contract', async () => {
    const response = await api.json('/api/sessions/save', { searchParams: { ...searchParams, passengers: { adults: 0, children: 0, infants: 0 } } });
    expect(response.status).toBe(400);
    const paths = apiErrorSchema.parse(await response.json()).errors.map((error) => error.path);
    expect(paths).toContain('json.searchParams.passengers.adults');
  });

  it('answers 400 for a body with unknown fields and stores nothing', async () => {
    const before = (await api.database.db.select().from(sessions)).length;
    const response = await api.json('/api/sessions/save', { searchParams, cardNumber: '4111111111111111' });
    expect(response.status).toBe(400);
    const body = apiErrorSchema.parse(await response.json());
    expect(body.code).toBe('BAD_REQUEST');
    expect(JSON.stringify(body)).not.toContain('4111111111111111');
    expect((await api.database.db.select().from(sessions)).length).toBe(before);
  });

  it('answers 400 naming the field for an unknown key deep inside a part, and stores nothing', async () => {
    const id = await createSession();
    const withExtra = { ...limCuzRecommendation, pricing: { ...limCuzRecommendation.pricing, cardNumber: '4111111111111111' } };
    const response = await saveToSession(api, id, { recommendation: withExtra, flights: limCuzFlights });
    expect(response.status).toBe(400);
    const body = apiErrorSchema.parse(await response.json());
    expect(body.errors).toContainEqual({ path: 'json.recommendation.pricing.cardNumber', code: 'unrecognized_keys', value: UNKNOWN_FIELD_MESSAGE });
    expect(JSON.stringify(body)).not.toContain('4111111111111111');
    const [row] = await api.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.data.recommendation).toBeUndefined();
    expect(JSON.stringify(row?.data)).not.toContain('4111111111111111');
  });

  it('refuses the spec’s search fields the contract does not keep (startDate) instead of storing them', async () => {
    const response = await api.json('/api/sessions/save', { searchParams: { ...searchParams, startDate: '2026-12-18' } });
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).errors.map((error) => error.path)).toEqual(['json.searchParams.startDate']);
  });

  it('does not name a key that is not a field name (it may be card data itself)', async () => {
    const response = await api.json('/api/sessions/save', { searchParams: { ...searchParams, '4111 1111 1111 1111': true } });
    expect(response.status).toBe(400);
    const body = apiErrorSchema.parse(await response.json());
    expect(body.errors.map((error) => error.path)).toEqual(['json.searchParams.*']);
    expect(JSON.stringify(body)).not.toContain('4111');
  });

  it('refuses a transaction carrying a card number (400), and stores nothing of it, through the API or a server writer', async () => {
    const cardInTransaction = { ...orderTransaction, airBook: { ...airBook, pos: { ...airBook.pos, cardNumber: '4111111111111111', cvv: '123' } } };
    const before = (await api.database.db.select().from(sessions)).length;
    const created = await api.json('/api/sessions/save', { searchParams, transaction: cardInTransaction });
    expect(created.status).toBe(400);
    expect(apiErrorSchema.parse(await created.json()).errors).toContainEqual(expect.objectContaining({ path: 'json.transaction' }));
    expect((await api.database.db.select().from(sessions)).length).toBe(before);

    // A server writer (post-sale answers) goes through the same strict parts: 400 naming the field, nothing stored.
    const id = await createSession();
    const write = updateSession(api.deps, id, { transaction: cardInTransaction as never }, ownerKeyOf(id));
    await expect(write).rejects.toBeInstanceOf(ApiFailure);
    const failure = (await write.catch((error: unknown) => error)) as ApiFailure;
    expect(failure.status).toBe(400);
    expect(failure.errors.map((error) => error.path).sort()).toEqual(['session.transaction.airBook.pos.cardNumber', 'session.transaction.airBook.pos.cvv']);
    const [row] = await api.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row?.data.transaction).toBeUndefined();
    expect(JSON.stringify(row?.data)).not.toContain('4111111111111111');

    // The exact shape is stored as it is.
    await updateSession(api.deps, id, { transaction: orderTransaction }, ownerKeyOf(id));
    const [kept] = await api.database.db.select().from(sessions).where(eq(sessions.id, id));
    expect(kept?.data.transaction).toEqual(orderTransaction);
  });

  it('has a strict shape for every stored part: the post-sale airBook takes no extra field, wherever it is', () => {
    expect(sessionDataSchema.safeParse({ transaction: orderTransaction, ancilliaries: orderAncillaries }).success).toBe(true);
    const extra = { ...airBook, supplierBlob: { anything: true } };
    const issues = (data: unknown) => sessionDataSchema.safeParse(data).error?.issues.map((issue) => ({ path: issue.path.join('.'), code: issue.code }));
    expect(issues({ transaction: { ...orderTransaction, airBook: extra } })).toEqual([{ path: 'transaction.airBook', code: 'unrecognized_keys' }]);
    expect(issues({ ancilliaries: { ...orderAncillaries, airBook: extra } })).toEqual([{ path: 'ancilliaries.airBook', code: 'unrecognized_keys' }]);
    expect(issues({ ancilliaries: { ...orderAncillaries, airBook: { ...airBook, pos: { ...airBook.pos, requestorID: { id: '1', card: '4111' } } } } })).toEqual([
      { path: 'ancilliaries.airBook.pos.requestorID', code: 'unrecognized_keys' },
    ]);
  });

  it('answers 400 for malformed JSON', async () => {
    const response = await api.request('/api/sessions/save', { method: 'POST', body: '{"searchParams":', headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).status).toBe(400);
  });

  it('answers 400 for an id that is not a session id', async () => {
    const response = await api.json('/api/sessions/save?id=not-a-uuid', { searchParams });
    expect(response.status).toBe(400);
    expect(apiErrorSchema.parse(await response.json()).errors[0]?.path).toBe('query.id');
  });

  it('answers 404 when saving into a session that never existed', async () => {
    const response = await api.json(`/api/sessions/save?id=${crypto.randomUUID()}`, { searchParams });
    expect(response.status).toBe(404);
    expect(apiErrorSchema.parse(await response.json()).code).toBe('SESSION_NOT_FOUND');
  });
});

describe('GET /api/sessions', () => {
  it('returns the session with its idle expiry 30 minutes after the last activity', async () => {
    const id = await createSession();
    const { data } = getSessionResponseSchema.parse(await (await readSession(id)).json());
    expect(new Date(data.expiresAt).getTime() - new Date(data.lastActivityAt).getTime()).toBe(30 * 60_000);
  });

  it('reads as expired after 30 idle minutes, for reads and for saves', async () => {
    const id = await createSession();
    api.clock.advanceMinutes(31);
    const read = await readSession(id);
    expect(read.status).toBe(410);
    expect(apiErrorSchema.parse(await read.json()).code).toBe('SESSION_EXPIRED');
    const save = await saveToSession(api, id, { searchParams });
    expect(save.status).toBe(410);
  });

  it('stays alive while the traveller keeps using it', async () => {
    const id = await createSession();
    for (let step = 0; step < 3; step += 1) {
      api.clock.advanceMinutes(20);
      expect((await readSession(id)).status).toBe(200);
    }
  });

  it('stays alive with a read every 20 minutes only until its absolute lifetime (24 h from creation), then reads and saves are 410', async () => {
    const id = await createSession();
    const created = api.deps.now().getTime();
    for (let minutes = 20; minutes <= 24 * 60; minutes += 20) {
      api.clock.advanceMinutes(20);
      const read = await readSession(id);
      expect(read.status, `read at ${minutes} minutes`).toBe(200);
      // The expiry told is the earlier of the idle limit and the lifetime.
      const { data } = getSessionResponseSchema.parse(await read.json());
      expect(new Date(data.expiresAt).getTime()).toBe(Math.min(api.deps.now().getTime() + 30 * 60_000, created + 24 * 3_600_000));
    }
    api.clock.advanceMinutes(20);
    const read = await readSession(id);
    expect(read.status).toBe(410);
    expect(apiErrorSchema.parse(await read.json()).code).toBe('SESSION_EXPIRED');
    expect((await saveToSession(api, id, { searchParams })).status).toBe(410);
  });

  it('takes its lifetime from the configuration (sessionLifetimeHours; env SESSION_LIFETIME_HOURS)', async () => {
    const short = await startTestApi({ sessionLifetimeHours: 1 });
    try {
      const saved = await short.json('/api/sessions/save', { searchParams });
      const id = saveSessionResponseSchema.parse(await saved.json()).sessionID;
      for (let step = 0; step < 3; step += 1) {
        short.clock.advanceMinutes(20);
        expect((await short.request(`/api/sessions?id=${id}`)).status).toBe(200);
      }
      short.clock.advanceMinutes(1);
      expect((await short.request(`/api/sessions?id=${id}`)).status).toBe(410);
    } finally {
      await short.close();
    }
    const lifetime = (value: string | undefined) => positiveNumberSetting({ SESSION_LIFETIME_HOURS: value }, 'SESSION_LIFETIME_HOURS');
    expect(lifetime(undefined)).toBeUndefined();
    expect(lifetime('')).toBeUndefined();
    expect(lifetime('12')).toBe(12);
    expect(lifetime('0.5')).toBe(0.5);
    for (const wrong of ['0', '-1', 'abc', 'Infinity']) expect(() => lifetime(wrong)).toThrow(/SESSION_LIFETIME_HOURS/);
  });

  it('answers 404 for an unknown id and 400 for a missing one', async () => {
    expect((await readSession(crypto.randomUUID())).status).toBe(404);
    const missing = await api.request('/api/sessions');
    expect(missing.status).toBe(400);
    expect(apiErrorSchema.parse(await missing.json()).errors[0]?.path).toBe('query.id');
  });
});

describe('a session whose booking is being made (issue 37)', () => {
  const claim = (sessionId: string, updatedAt: Date, result: typeof bookingResult | null = null) =>
    api.database.db.insert(bookings).values({
      id: crypto.randomUUID(),
      sessionId,
      terminalId: '9132868',
      idempotencyKey: crypto.randomUUID(),
      requestHash: 'hash',
      fingerprint: `fingerprint-${crypto.randomUUID()}`,
      route: 'LIM-CUZ',
      status: 0,
      systemProviderCode: 107,
      paymentProviderCode: 102,
      passengers: [],
      contactEmail: '',
      isAgency: false,
      createdAt: updatedAt,
      updatedAt,
      ...(result ? { result: result as never } : {}),
    });
  const inProgress = async (id: string) => getSessionResponseSchema.parse(await (await readSession(id)).json()).data.bookingInProgress ?? false;

  it('reads bookingInProgress while the server’s claim is fresh and unanswered, and not once answered or stale', async () => {
    const fresh = await createSession();
    const now = api.deps.now();
    await claim(fresh, now);
    expect(await inProgress(fresh)).toBe(true);
    const answered = await createSession();
    await claim(answered, now, bookingResult);
    expect(await inProgress(answered)).toBe(false);
    // A claim older than the supplier's deadline belongs to a process that died: nothing is being made.
    const stale = await createSession();
    await claim(stale, new Date(now.getTime() - 10 * 60_000));
    expect(await inProgress(stale)).toBe(false);
    expect(await inProgress(await createSession())).toBe(false);
  });
});
