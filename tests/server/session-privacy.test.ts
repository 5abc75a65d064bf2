import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema, errorCodes } from '../../src/contract/common.ts';
import { BOOKING_GRANT_HEADER } from '../../src/contract/access.ts';
import { adultPassenger, contactForm, limCuzFlights, limCuzRecommendation, secondAdultPassenger } from '../../src/contract/fixtures/checkout.ts';
import { getSessionResponseSchema, SESSION_KEY_HEADER } from '../../src/contract/session.ts';
import { sessions } from '../../src/server/db/schema/index.ts';
import { book, bookingFor, familySearch, flightsOf, newSession, ownerKeyOf, readOwnSession, saveToSession, useLatamNdcOffer, withLeadLastName, type TestApi } from './checkout/support.ts';

/**
 * Issue 16: a session's id travels in confirmation addresses, so only its owner key (answered to the
 * browser that created it, sent back as X-Session-Key) shows the travellers' personal data or changes it.
 */
const world = useLatamNdcOffer();

/** A made booking (the checkout fixtures' family, contact and cash payment), chosen on results as a browser does. */
async function bookedSession(api: TestApi, lastName: string): Promise<string> {
  const request = withLeadLastName(await bookingFor(api, world.offer), lastName);
  expect((await saveToSession(api, request.sessionID, { flights: flightsOf(world.offer), recommendation: world.offer, searchParams: request.searchParams })).status).toBe(200);
  expect((await book(api, request)).result.statusCode).toBe(1);
  return request.sessionID;
}

const readLinkAsOwner = (api: TestApi, sessionId: string) => api.app.request(`/api/bookings/session/${sessionId}/link`, { headers: { [SESSION_KEY_HEADER]: ownerKeyOf(sessionId) } });

async function storedRow(api: TestApi, sessionId: string) {
  const [row] = await api.deps.db.select().from(sessions).where(eq(sessions.id, sessionId));
  return row!;
}

describe('reading a session: personal data only with its owner key', () => {
  it('shows the owner (its key) every traveller’s document, birthdate, e-mail and phone as stored, without caching', async () => {
    const { api } = world;
    const sessionId = await bookedSession(api, 'Privado');
    const response = await readOwnSession(api, sessionId);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const answer = getSessionResponseSchema.parse(await response.json());
    expect(answer.personalData).toBe('full');
    const [lead, second] = answer.data.bookForm?.passengers ?? [];
    expect(lead).toMatchObject({
      lastName: 'Privado',
      documentNumber: adultPassenger.documentNumber,
      birthdate: adultPassenger.birthdate,
      email: adultPassenger.email,
      phoneNumber: adultPassenger.phoneNumber,
    });
    expect(second).toMatchObject({ documentNumber: secondAdultPassenger.documentNumber, frequentFlyer: secondAdultPassenger.frequentFlyer });
    expect(answer.data.bookForm?.contact).toMatchObject({ email: contactForm.email, phoneNumber: contactForm.phoneNumber });
    expect(answer.data.bookForm?.passengers.map((passenger) => passenger.documentNumber)).toEqual((await storedRow(api, sessionId)).data.bookForm?.passengers.map((passenger) => passenger.documentNumber));
  });

  it.each([
    { caller: 'no key', lastName: 'Anonimo', headersOf: () => ({}) },
    { caller: 'a wrong key', lastName: 'Equivocado', headersOf: () => ({ [SESSION_KEY_HEADER]: 'not-the-owner-key' }) },
    { caller: 'another session’s key', lastName: 'Ajeno', headersOf: (other: string) => ({ [SESSION_KEY_HEADER]: ownerKeyOf(other) }) },
  ])('with $caller, answers 403 SESSION_KEY_REQUIRED and nothing of the session: no booking, no names, no personal data', async ({ lastName, headersOf }) => {
    const { api } = world;
    const sessionId = await bookedSession(api, lastName);
    const other = await newSession(api);
    const response = await api.app.request(`/api/sessions?id=${sessionId}`, { headers: headersOf(other) });
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(apiErrorSchema.parse(JSON.parse(text))).toMatchObject({ status: 403, code: errorCodes.sessionKeyRequired });
    const owner = getSessionResponseSchema.parse(await (await readOwnSession(api, sessionId)).json());
    for (const secret of [lastName, owner.data.booking!.pnr!, '45871236', 'lucia.quispe']) expect(text).not.toContain(secret);
  });

  it('with a grant of its booking (the mailed link’s), masks documents, phones, e-mails and frequent-flyer numbers and leaves out birthdates; booking, selection and payment read as the owner’s', async () => {
    const { api } = world;
    const sessionId = await bookedSession(api, 'Enlazado');
    const link = (await (await api.request(`/api/bookings/session/${sessionId}/link`)).json()) as { data: { token: string } };
    const opened = (await (await api.app.request(`/api/bookings/link/${link.data.token}`)).json()) as { grant: { token: string; level: string } };
    expect(opened.grant.level).toBe('link');
    const response = await api.app.request(`/api/sessions?id=${sessionId}`, { headers: { [BOOKING_GRANT_HEADER]: opened.grant.token } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const masked = getSessionResponseSchema.parse(JSON.parse(text));
    const owner = getSessionResponseSchema.parse(await (await readOwnSession(api, sessionId)).json());
    expect(masked.personalData).toBe('masked');

    const [lead, second, child, infant] = masked.data.bookForm?.passengers ?? [];
    expect(lead).toMatchObject({ firstName: adultPassenger.firstName, documentNumber: '••••••36', email: 'l•••@correo.pe', phoneNumber: '•••••••21' });
    expect(second).toMatchObject({ documentNumber: '••••••98', frequentFlyer: '••••••••78' });
    expect(child?.documentNumber).toBe('••••••12');
    expect(infant?.documentNumber).toBe('••••••78');
    expect(masked.data.bookForm?.passengers.map((passenger) => passenger.birthdate)).toEqual([undefined, undefined, undefined, undefined]);
    expect(masked.data.bookForm?.contact).toMatchObject({ firstName: contactForm.firstName, email: 'l•••@correo.pe', phoneNumber: '•••••••21' });
    for (const secret of ['45871236', '41236598', '78945612', '92345678', '987654321', 'lucia.quispe', 'LA12345678']) expect(text).not.toContain(secret);

    // What the payment page needs besides personal data is the owner's.
    expect(masked.data.booking).toEqual(owner.data.booking);
    expect(masked.data.recommendation).toEqual(owner.data.recommendation);
    expect(masked.data.bookForm?.payment).toBe(owner.data.bookForm?.payment);

    // A grant opens only its own booking's session.
    const otherSession = await bookedSession(api, 'Otrasesion');
    expect((await api.app.request(`/api/sessions?id=${otherSession}`, { headers: { [BOOKING_GRANT_HEADER]: opened.grant.token } })).status).toBe(403);
  });

  it('answers the manage link of a session’s booking only to the session’s owner: a stranger gets 403', async () => {
    const { api } = world;
    const sessionId = await bookedSession(api, 'Enlace');
    const stranger = await api.app.request(`/api/bookings/session/${sessionId}/link`);
    expect(stranger.status).toBe(403);
    expect(apiErrorSchema.parse(await stranger.json()).code).toBe(errorCodes.sessionKeyRequired);
    const link = await readLinkAsOwner(api, sessionId);
    expect(link.status).toBe(200);
    const { data } = (await link.json()) as { data: { token: string } };
    const view = (await (await api.app.request(`/api/bookings/link/${data.token}`)).json()) as { data: { masked: boolean; travellers: { documentNumber: string | null }[] } };
    expect(view.data.masked).toBe(true);
    expect(view.data.travellers[0]?.documentNumber).toBe('••••••36');
  });
});

describe('saving into a session: only with its owner key', () => {
  it.each([
    ['no key', {}],
    ['a wrong key', { [SESSION_KEY_HEADER]: 'not-the-owner-key' }],
  ])('refuses a save with %s: 403 SESSION_KEY_REQUIRED with the typed error body, and the stored parts stay as they were', async (_, headers) => {
    const { api } = world;
    const sessionId = await newSession(api, { searchParams: familySearch });
    const before = await storedRow(api, sessionId);
    const response = await api.app.request(`/api/sessions/save?id=${sessionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ recommendation: limCuzRecommendation, flights: limCuzFlights }),
    });
    expect(response.status).toBe(403);
    const body = apiErrorSchema.parse(await response.json());
    expect(body).toMatchObject({ status: 403, code: errorCodes.sessionKeyRequired });
    const after = await storedRow(api, sessionId);
    expect(after.data).toEqual(before.data);
    expect(after.lastActivityAt).toEqual(before.lastActivityAt);

    // The owner's save of the same parts is taken.
    expect((await saveToSession(api, sessionId, { recommendation: limCuzRecommendation, flights: limCuzFlights })).status).toBe(200);
    expect((await storedRow(api, sessionId)).data.recommendation?.id).toBe(limCuzRecommendation.id);
  });

  it('stores only the SHA-256 of the owner key, never the key itself', async () => {
    const { api } = world;
    const sessionId = await newSession(api);
    const key = ownerKeyOf(sessionId);
    expect(key.length).toBeGreaterThanOrEqual(43);
    const row = await storedRow(api, sessionId);
    expect(row.ownerKeyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(key);
  });

  it('a session made before owner keys (no stored hash) is nobody’s to read or change: 403 to every caller', async () => {
    const { api } = world;
    const sessionId = await bookedSession(api, 'Anterior');
    await api.deps.db.update(sessions).set({ ownerKeyHash: null }).where(eq(sessions.id, sessionId));
    expect((await readOwnSession(api, sessionId)).status).toBe(403);
    const save = await api.json(`/api/sessions/save?id=${sessionId}`, { flights: flightsOf(world.offer) });
    expect(save.status).toBe(403);
  });
});
